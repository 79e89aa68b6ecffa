"""AI policies: random and basic (they see only their own view and legal actions)."""

from __future__ import annotations

import random

from domain.base import Action
from domain.chuopai import RULESET
from domain.chuopai.ai import basic_policy, can_be_beaten, unseen_counts
from tests.unit.chuopai.helpers import play_out, state_from

basic = RULESET.policy("basic")


def _choose(st, seat):
    return basic(st.view(seat), st.legal_actions(seat), random.Random(0)).id


def test_basic_always_takes_the_opening_bonus():
    """CP-2.5: the basic AI banks Nail + Two Red at once."""
    st = state_from([["12", "24", "22"], ["23"], ["25"]], bonus=True)
    assert _choose(st, 0) == "bonus"


def test_basic_beats_cheaply_when_last_to_act():
    """CP-4.2: the beat is compulsory; the last follower uses its lowest beating play."""
    st = state_from([["22", "23"], ["25", "25"], ["55", "33", "11", "66"]], leader=0)
    st.apply(0, "play:22")
    st.apply(1, "pass")
    assert _choose(st, 2) == "play:55"


def test_basic_follows_with_a_beat_that_cannot_be_beaten_when_others_follow():
    """With a later follower left, prefer the cheapest beat nobody can top."""
    st = state_from([["22", "23"], ["55", "11", "66", "66", "66", "66"], ["33", "25"]], leader=0)
    st.apply(0, "play:22")
    # seat 1 holds every Heaven: a later 11 cannot be topped, a 55 could be.
    assert _choose(st, 1) == "play:11"


def test_basic_leads_an_unbeatable_play_with_the_most_cards():
    """CP-4.1: lead what cannot be beaten given the visible cards, biggest first."""
    st = state_from([["66", "66", "66", "22"], ["23"], ["25"]], leader=0)
    assert _choose(st, 0) == "play:66,66,66"


def test_basic_dumps_a_weak_single_when_it_cannot_win():
    hand = ["22", "56", "56", "13", "14"]
    st = state_from([hand, ["66", "11", "15", "46"], ["45", "34"]], leader=0)
    a = _choose(st, 0)
    assert a == "play:22"  # not the pair part (56), not a combination card (13, 14)


def test_basic_keeps_combinations_unless_they_win():
    st = state_from([["13", "14", "33"], ["66", "45", "11", "26"], ["44", "34", "22"]], leader=0)
    assert _choose(st, 0) != "play:13,14"


def test_unseen_counts_and_can_be_beaten():
    st = state_from([["66", "36"], ["45"], ["11"]], leader=0)
    v = st.view(0)
    u = unseen_counts(v)
    assert u[0] == 3 and sum(u) == 84 - 2
    a = Action("play:66,36", "combo", ("66", "36"), "", {"family": "combo", "combination": "tian_jiu"})
    assert not can_be_beaten(a, u)
    b = Action("play:36", "play", ("36",), "", {"family": "black"})
    assert not can_be_beaten(b, u)
    c = Action("play:26", "play", ("26",), "", {"family": "black"})
    assert can_be_beaten(c, u)


def test_random_policy_picks_a_legal_action():
    st = RULESET.new_game(2)
    pol = RULESET.policy("random")
    rng = random.Random(3)
    while st.phase == "bonus":
        s = st.to_act()[0]
        st.apply(s, pol(st.view(s), st.legal_actions(s), rng).id)
    legal = st.legal_actions(st.to_act()[0])
    assert pol(st.view(st.to_act()[0]), legal, rng) in legal


def test_basic_beats_random_on_average():
    """Deterministic: 60 seeded games, one basic seat (rotating) against two random seats.
    The basic seat's average share of the banked points must exceed a fair third clearly."""
    share = 0.0
    wins = 0
    for g in range(60):
        me = g % 3
        pols = [RULESET.policy("random")] * 3
        pols[me] = basic_policy
        st = RULESET.new_game(20_000 + g)
        play_out(st, pols, random.Random(g))
        r = st.result()
        share += r["scores"][me] / max(1, sum(r["scores"]))
        wins += me in r["winners"]
    assert share / 60 > 0.36
    assert wins / 60 > 0.6
