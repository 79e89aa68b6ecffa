"""What a decision (or the deal) causes that it does not show (`State.consequences`): every
draw, public with its card (SSP-2.3, SSP-4.1), every untaken card (SSP-5.4) and every card
taken or won (SSP-5.2, SSP-4.2), in the order the table's history records them."""

from __future__ import annotations

import random

import pytest

from domain.base import Consequence
from domain.sisepai import RULESET


def as_history(c: Consequence) -> dict:
    """The table-history entry a consequence corresponds to."""
    p = c.public
    if c.type == "draw":
        return {"event": "draw", "seat": c.seat, "card": p["card"]}
    if c.type == "unclaimed":
        return {"event": "untaken", "seat": c.seat, "card": p["card"], "becomes": p["becomes"]}
    if p["claim"] == "win":
        return {"event": "win", "seat": c.seat, "card": p["card"], "from": p["from"]}
    return {
        "event": "taken",
        "seat": c.seat,
        "card": p["card"],
        "from": p["from"],
        "meld": p["claim"],
        "cards": p["cards"],
    }


def test_the_deal_draws_the_dealers_first_card_publicly():
    """SSP-2.3: the dealer's first act is to draw, publicly (SSP-4.1: no private part)."""
    st = RULESET.new_game(3, {"dealer": 2}, None)
    (draw,) = st.consequences()
    assert draw.type == "draw" and draw.seat == 2 and draw.private == {}
    assert draw.public == {"replacement": False, "card": st.view(None)["table"]["claim"]["card"]}


@pytest.mark.parametrize("seed", range(8))
def test_consequences_are_what_the_history_records_of_each_apply(seed):
    st = RULESET.new_game(seed, {}, None)
    rng = random.Random(seed)
    seen = len(st.view(None)["table"]["history"])
    kinds: set[str] = set()
    while not st.is_finished():
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        st.apply(seat, action.id)
        history = st.view(None)["table"]["history"]
        new = [h for h in history[seen:] if h["event"] not in ("discard", "drawn_deal")]
        seen = len(history)
        assert [as_history(c) for c in st.consequences()] == new
        kinds |= {c.type for c in st.consequences()}
    assert {"draw", "unclaimed"} <= kinds
