"""Golden legal-action counts for seeded positions (recorded from this implementation)."""

from __future__ import annotations

import random

import pytest

from domain.nantong import RULESET


def _advance(seed: int, steps: int):
    st = RULESET.new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        st.apply(seat, RULESET.policy("random")(st.view(seat), legal, rng).id)
    return st


@pytest.mark.parametrize(
    "seed,steps,phase,seat,count,some_ids",
    [
        (7, 0, "preparation", 1, 1, ["finish"]),
        (7, 5, "claim", 2, 1, ["pass"]),
        (42, 12, "play", 2, 21, ["discard:1m", "discard:RF"]),
        (2026, 40, "claim", 1, 2, ["pong:QN", "pass"]),
    ],
)
def test_golden_legal_action_counts(seed, steps, phase, seat, count, some_ids):
    """Seeded deal + N seeded random steps: the legal-action list is stable (NT-4 … NT-6)."""
    st = _advance(seed, steps)
    assert st.phase == phase and st.to_act()[0] == seat
    legal = [a.id for a in st.legal_actions(seat)]
    assert len(legal) == count
    assert all(i in legal for i in some_ids)


@pytest.mark.parametrize(
    "seed,finishes,seat,legal",
    [
        (0, 1, 2, ["declare_kong:RF", "finish"]),  # NT-4.2
        (1, 1, 1, ["declare_triple:1s", "finish"]),  # NT-4.3
        (44, 0, 1, ["declare_triple:5m", "finish"]),  # NT-4.3
    ],
)
def test_golden_opening_declarations(seed, finishes, seat, legal):
    """NT-4.2/NT-4.3: seeded deals offering opening declarations."""
    st = RULESET.new_game(seed)
    for _ in range(finishes):
        st.apply(st.current, "finish")
    assert st.current == seat and st.phase == "preparation"
    assert [a.id for a in st.legal_actions(seat)] == legal
