"""Golden legal-action counts for seeded positions (CP-2.4 deal, CP-2.5, CP-4.1, CP-4.2).

Each case deals `seed`, plays `steps` decisions with the seeded random policy
(rng = random.Random(seed)), then checks the legal actions of the seat to act.
The numbers were recorded from this implementation and spot-checked
against the rules by hand; a change means the deal, the action order or a rule changed.
"""

from __future__ import annotations

import random

import pytest

from domain.base import random_policy
from domain.chuopai import RULESET


def advance(seed: int, steps: int):
    st = RULESET.new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        s = st.to_act()[0]
        legal = st.legal_actions(s)
        st.apply(s, random_policy(st.view(s), legal, rng).id)
    return st


@pytest.mark.parametrize(
    "seed,steps,phase,seat,count,first,last",
    [
        (1, 0, "bonus", 1, 1, "pass", "pass"),
        (2, 3, "play", 1, 32, "play:22", "play:13,13,13,23,23,14"),
        (3, 10, "play", 0, 4, "play:25", "play:36"),
        (4, 25, "play", 0, 1, "play:36", "play:36"),
        (5, 40, "play", 0, 1, "pass", "pass"),
        (6, 4, "play", 0, 3, "play:13", "play:11"),
    ],
)
def test_golden_legal_action_counts(seed, steps, phase, seat, count, first, last):
    st = advance(seed, steps)
    assert st.phase == phase
    assert st.to_act() == [seat]
    ids = [a.id for a in st.legal_actions(seat)]
    assert len(ids) == count
    assert ids[0] == first and ids[-1] == last


def test_golden_seed_2_lead_ids():
    """Seed 2 after the CP-2.5 answers: the leader's list holds ordinary plays and He Wu."""
    st = advance(2, 3)
    ids = [a.id for a in st.legal_actions(1)]
    assert ids[:3] == ["play:22", "play:55", "play:13"]
    assert "play:13,13,13,23,23,23" in ids and "pass" not in ids


def test_golden_seed_1_bonus_offer():
    """Seed 1: seat 2 holds a Nail and a Two Red and is offered the CP-2.5 bonus."""
    st = RULESET.new_game(1)
    st.apply(1, "pass")
    assert st.to_act() == [2]
    acts = st.legal_actions(2)
    assert [(a.id, a.cards) for a in acts] == [("bonus", ("12", "24")), ("pass", ())]


def test_golden_seed_6_following():
    """Seed 6 after 4 random steps: seat 0 must beat a main single (CP-4.2)."""
    st = advance(6, 4)
    hi = st.view(0)["table"]["highest"]
    assert hi["family"] == "main" and len(hi["cards"]) == 1
    assert [a.id for a in st.legal_actions(0)] == ["play:13", "play:44", "play:11"]
