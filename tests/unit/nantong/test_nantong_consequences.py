"""What a decision causes that it does not show (`State.consequences`, docs/design.md,
"Consequences"): a draw with its card private to the drawer (NT-5.1, NT-6.5), a replacement
from the back (NT-4.2, NT-6.3), every settled claim public with the seat it came from (NT-6.1
to NT-6.3); replaced at every apply, untouched by a refused one."""

from __future__ import annotations

import random

import pytest

from domain.base import Consequence, IllegalAction
from domain.nantong import RULESET
from tests.unit.nantong.helpers import finish_prep, new, pass_window


def test_an_unclaimed_discard_is_followed_by_the_next_seats_private_draw():
    """NT-6.5: nobody claims, the next seat draws the front card; only it may read the card."""
    st = new(0, {}, "9m9c", front="RF")
    finish_prep(st)
    st.apply(0, st.legal_actions(0)[-1].id)
    assert st.consequences() == []  # the discard opens a window: nothing settled yet
    pass_window(st)
    assert st.consequences() == [Consequence("draw", 1, {"replacement": False}, {"card": "RF"})]
    payload = st.consequences()[0].payload()
    assert payload == {"seat": 1, "public": {"replacement": False}, "card": "RF"}


def test_a_settled_pong_names_the_card_and_the_discarder():
    """NT-6.2: the pong settles when the last answer is in; no draw follows."""
    st = new(0, {0: "5s 9m9m", 1: "5s5s 8m"}, "9c9s")
    finish_prep(st)
    st.apply(0, "discard:5s")
    st.apply(1, "pong:5s")
    assert st.consequences() == []  # one answer of two: the window is still open
    st.apply(2, "pass")
    claim = {"claim": "pong", "card": "5s", "from": 0, "cards": ["5s"] * 3}
    assert st.consequences() == [Consequence("claim_settled", 1, claim)]


def test_an_exposed_kong_is_followed_by_its_replacement():
    """NT-6.3: the kong is public, then the replacement from the back is private."""
    st = new(0, {0: "5s", 1: "5s5s5s"}, "9m9c", back="RF")
    finish_prep(st)
    st.apply(0, "discard:5s")
    st.apply(1, "kong:5s")
    st.apply(2, "pass")
    assert st.consequences() == [
        Consequence("claim_settled", 1, {"claim": "kong", "card": "5s", "from": 0, "cards": ["5s"] * 4}),
        Consequence("draw", 1, {"replacement": True}, {"card": "RF"}),
    ]


def test_an_opening_kong_draws_a_replacement_and_a_refused_action_changes_nothing():
    """NT-4.2: the replacement of an opening kong; an illegal action leaves the last
    consequences as they were."""
    st = new(0, {0: "7m7m7m7m"}, "9m9c", back="QN")
    st.apply(0, "declare_kong:7m")
    drawn = [Consequence("draw", 0, {"replacement": True}, {"card": "QN"})]
    assert st.consequences() == drawn
    with pytest.raises(IllegalAction):
        st.apply(1, "finish")
    assert st.consequences() == drawn
    clone = st.clone()
    st.apply(0, "finish")
    assert st.consequences() == [] and clone.consequences() == drawn


@pytest.mark.parametrize("seed", range(4))
def test_each_deal_of_a_match_but_the_last_ends_with_its_public_settlement(seed):
    """NT-3.3, NT-9.2: a match of three deals: the first two deals' ends are consequences
    (the dealer's deal, its winner or none, the settlement and the running scores); the last
    deal's end is the game's result."""
    st = RULESET.new_game(seed, {"deals": 3}, None)
    rng = random.Random(seed)
    ends = []
    while not st.is_finished():
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        st.apply(seat, legal[rng.randrange(len(legal))].id)
        ends += [c for c in st.consequences() if c.type == "deal_over"]
    deals = st.result()["deals"]
    assert [c.public["deal"] for c in ends] == [1, 2]
    for c, d in zip(ends, deals, strict=False):
        assert c.seat == d["dealer"] and c.private == {}
        assert c.public == {
            "deal": d["deal"],
            "outcome": d["outcome"],
            "winner": d["winner"],
            "settlement": d["settlement"],
            "running": d["running"],
        }
