"""A match's finished deals in every view (NT-3.3, NT-9): once a deal is over, every seat (and a
spectator) sees its hands, melds, win and score lines in `table.deal_results`, as the end of a
one-deal game shows them; the deal in play stays hidden."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from domain.nantong import RULESET
from domain.nantong.cards import CODES

SEED, DEALER = 3, 0  # the basic AI at every seat: seat 1 wins deal 1 on a discard
VIEWERS = (0, 1, 2, None)


def card_lists(value: Any) -> Iterator[list[str]]:
    """Every list of card codes anywhere in a view."""
    if isinstance(value, dict):
        for item in value.values():
            yield from card_lists(item)
    elif isinstance(value, list):
        if value and all(isinstance(c, str) and c in CODES for c in value):
            yield value
        for item in value:
            yield from card_lists(item)


def test_nt_3_3_a_finished_deal_is_shown_to_everyone_and_the_deal_in_play_to_nobody():
    """NT-3.3, NT-9: during deal 1 no view holds a finished deal, nor another seat's hand; from
    the deal of deal 2 every viewer reads deal 1 in full (hands, melds, win, score lines and
    settlement, as a one-deal game of the same cards shows them at its end), while the hands of
    deal 2 stay each seat's own."""
    match = RULESET.new_game(SEED, {"deals": 2, "dealer": DEALER})
    rng, policy = random.Random(SEED), RULESET.policy("basic")
    deal_one: list[str] = []  # deal 1's decisions
    viewed_in_deal_two = 0
    while match.deal_no == 1 or viewed_in_deal_two < 60:  # deal 1, then deal 2's first decisions
        full = match.full_state()
        for viewer in VIEWERS:
            view = match.view(viewer)
            assert [r["deal"] for r in view["table"]["deal_results"]] == list(range(1, match.deal_no))
            hidden = [Counter(full["hands"][s]) for s in range(3) if s != viewer and full["hands"][s]]
            assert all("hand" not in seat for seat in view["seats"])
            assert not any(Counter(cards) in hidden for cards in card_lists(view)), (viewer, match.deal_no)
        viewed_in_deal_two += match.deal_no == 2
        seat = match.to_act()[0]
        chosen = policy(match.view(seat), match.legal_actions(seat), rng).id
        if match.deal_no == 1:
            deal_one.append(chosen)
        match.apply(seat, chosen)
    assert match.deal_no == 2 and not match.is_finished()

    # The same cards and decisions as a one-deal game: its end reveals deal 1 as the match shows it.
    single = RULESET.new_game(SEED, {"deals": 1, "dealer": DEALER})
    for chosen in deal_one:
        single.apply(single.to_act()[0], chosen)
    end, ended = single.view(None), single.result()
    assert single.is_finished() and ended is not None
    for viewer in VIEWERS:
        shown = match.view(viewer)["table"]["deal_results"][0]
        assert shown["winner"] == 1 and shown["win"] is not None and shown["win"]["by"] == "discard"
        assert [sorted(h) for h in shown["hands"]] == [sorted(s["hand"]) for s in end["seats"]]
        assert shown["win"]["card"] in shown["hands"][1]  # the winner's hand with its winning card
        assert shown["melds"] == [s["melds"] for s in end["seats"]]
        summary = ended["deals"][0]
        for key in ("deal", "dealer", "outcome", "win", "indicators", "totals", "rounded", "settlement"):
            assert shown[key] == summary[key], key
        assert shown["breakdowns"] == summary["breakdowns"]  # NT-7..NT-9: every seat's lines
        # NT-9.2: each seat's lines add up to what it won or paid
        assert [sum(line["points"] for line in lines) for lines in shown["breakdowns"]] == shown["settlement"]
        assert "scores" not in shown  # the calculator's reports stay inside the state
