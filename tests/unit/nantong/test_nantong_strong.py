"""The Nantong strong candidate (domain/nantong/strong.py, not offered as a level: docs/ai.md
gives its measurements): it decides from its own seat's view only, reproducibly from (view,
legal actions, rng), always legally, plays as basic except for discards that leave the hand
one card away, and there prefers the wait whose wins score more."""

from __future__ import annotations

import json
import random

import pytest

from domain.base import PASS
from domain.nantong import RULESET
from domain.nantong.ai import _needed, basic_policy, distance
from domain.nantong.cards import INDEX, to_counts
from domain.nantong.strong import strong_policy
from tests.unit.nantong.helpers import finish_prep, new


def decide(st, seat, rng_seed=0):
    """The policy gets a JSON copy of the seat's view and its legal actions, never the state."""
    view = json.loads(json.dumps(st.view(seat)))
    return strong_policy(view, st.legal_actions(seat), random.Random(rng_seed))


def positions(seeds, levels=("strong", "basic", "basic")):
    """(state, seat) at every decision with a choice in seeded games."""
    policies = {"strong": strong_policy, "basic": basic_policy}
    for seed in seeds:
        st = RULESET.new_game(seed, {}, None)
        step = 0
        while not st.is_finished():
            seat = st.to_act()[0]
            legal = st.legal_actions(seat)
            if len(legal) == 1 and legal[0].id == PASS:
                st.apply(seat, PASS)
                continue
            if len(legal) > 1:
                yield st, seat
            action = policies[levels[seat]](st.view(seat), legal, random.Random(step))
            st.apply(seat, action.id)
            step += 1


def test_it_is_not_offered_as_a_level():
    """Measured no better than basic (docs/ai.md), so the ruleset does not offer it."""
    assert "strong" not in RULESET.ai_levels
    with pytest.raises(ValueError):
        RULESET.policy("strong")


def test_every_decision_is_legal_over_seeded_games():
    """Strong in every seat: each choice is one of the legal actions and every game ends."""
    decisions = 0
    for st, seat in positions(range(6), levels=("strong",) * 3):
        legal = st.legal_actions(seat)
        assert decide(st, seat) in legal
        decisions += 1
    assert decisions > 200


def test_the_same_view_and_rng_give_the_same_decision():
    checked = 0
    for st, seat in positions(range(3)):
        if seat == 0:
            assert decide(st, seat, 7).id == decide(st, seat, 7).id
            checked += 1
    assert checked > 30


def _hide_differently(st, seat):
    """A copy of the state that differs only in cards `seat` cannot see: one card moves
    between the other two hands, another between a hand and the undrawn stock."""
    other = st.clone()
    a, b = [s for s in range(3) if s != seat]
    ka = next(k for k in range(len(other.hands[a])) if other.hands[a][k])
    kb = next((k for k in range(len(other.hands[b])) if other.hands[b][k] and k != ka), None)
    if kb is None:
        return None
    other.hands[a][ka] -= 1
    other.hands[a][kb] += 1
    other.hands[b][kb] -= 1
    other.hands[b][ka] += 1
    other.original = [list(h) for h in other.hands]  # NT-4.1 declarations stay hidden too
    stock = list(other.stock)
    if other.back - other.front > 1:
        i = other.back - 1
        k = stock[i]
        j = next((j for j in range(len(other.hands[a])) if other.hands[a][j] and j != k), None)
        if j is not None:
            stock[i] = j
            other.hands[a][j] -= 1
            other.hands[a][k] += 1
    other.stock = stock
    return other


def test_the_decision_depends_only_on_the_own_view():
    """Two states that differ only in hidden cards (the other hands, the stock) give the
    same view and the same decision."""
    compared = 0
    for st, seat in positions(range(4)):
        if seat != 0 or st.phase == "preparation":
            continue
        other = _hide_differently(st, seat)
        if other is None:
            continue
        assert other.hands != st.hands
        assert other.view(seat) == st.view(seat)
        assert decide(other, seat).id == decide(st, seat).id
        compared += 1
    assert compared > 30


def test_of_two_equally_live_waits_it_keeps_the_one_worth_more():
    """Discarding 1c or 4c both leave a wait on the four unseen 3c for a Qing Hu (NT-8.2).
    Keeping 1c2c adds Wenqian (NT-8.3, +20) to the win; basic, blind to value, breaks the
    tie by card order and throws the 1c away."""
    hand = "1m2m3m 4m5m6m 7m8m9m 1s2s3s 4s5s6s 7s8s9s QNQN 1c2c4c"
    st = new(0, {0: hand}, "5m6s")
    finish_prep(st)
    assert decide(st, 0).id == "discard:4c"
    assert basic_policy(st.view(0), st.legal_actions(0), random.Random(0)).id == "discard:1c"


def test_it_plays_as_basic_except_for_a_discard_that_leaves_the_hand_one_card_away():
    """Wins, declarations, claims and kongs are basic's; a discard differs from basic's
    only where it leaves the hand one card from complete (both choices at that distance)."""
    differed = same = 0
    for st, seat in positions(range(40)):
        if seat != 0:
            continue
        view, legal = st.view(seat), st.legal_actions(seat)
        mine, theirs = decide(st, seat), basic_policy(view, legal, random.Random(0))
        if mine.id == theirs.id:
            same += 1
            continue
        assert mine.type == theirs.type == "discard"
        hand = to_counts(view["hand"])
        for action in (mine, theirs):
            k = INDEX[action.cards[0]]
            hand[k] -= 1
            assert distance(tuple(hand), _needed(view)) == 0
            hand[k] += 1
        differed += 1
    assert same > 100 and differed > 0
