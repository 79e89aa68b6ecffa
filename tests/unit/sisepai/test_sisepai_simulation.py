"""Seeded random-play simulation (random and basic AIs mixed), checking after
every step: 117 cards conserved (SSP-2.1), every exposed meld legal (SSP-3,
SSP-4.2), hand sizes (SSP-4.3), no General/flower ever discarded (SSP-4.4),
the winner's hand really complete (SSP-1.2), scores (SSP-6.2, SSP-6.3), and
termination within a bound (SSP-1.3)."""

from __future__ import annotations

import os
import random

import pytest

from domain.sisepai import RULESET
from domain.sisepai.cards import INDEX, discardable
from domain.sisepai.melds import best_partition, classify, meld_points
from tests.unit.sisepai.helpers import check_invariants

MIXES = [
    ("random",) * 4,
    ("basic",) * 4,
    ("basic", "random", "basic", "random"),
    ("random", "basic", "random", "basic"),
    ("basic", "basic", "basic", "random"),
]
# 37 draws; per draw at most 2 windows of 4 answers, plus claims/discards bounded by hand sizes
STEP_BOUND = 37 * 8 + 4 * 20 * 5


def run_game(seed: int, levels) -> dict:
    st = RULESET.new_game(seed)
    rng = random.Random(seed ^ 0x5EED)
    pols = [RULESET.policy(lv) for lv in levels]
    steps = 0
    while not st.is_finished():
        to_act = st.to_act()
        assert to_act, "an active game awaits someone"
        seat = to_act[rng.randrange(len(to_act))]  # answer order must not matter (SSP-5.1)
        legal = st.legal_actions(seat)
        assert legal and len({a.id for a in legal}) == len(legal)
        for other in range(4):
            if other not in to_act:
                assert st.legal_actions(other) == []
        a = pols[seat](st.view(seat), legal, rng)
        assert a in legal
        if a.type == "discard":
            assert discardable(INDEX[a.cards[0]]), "SSP-4.4"
        if a.type == "claim":
            assert classify([INDEX[c] for c in a.cards]) == a.extra["meld"]
        st.apply(seat, a.id)
        steps += 1
        assert steps <= STEP_BOUND, "termination"
        check_invariants(st)
    res = st.result()
    assert len(res["scores"]) == 4 and sum(1 for s in res["scores"] if s) <= 1
    if res["outcome"] == "win":
        w = res["winners"][0]
        total = sum(meld_points(k, c) for k, c in st.exposed[w]) + best_partition(tuple(st.hands[w]))[0]
        assert res["scores"][w] == total == sum(m["points"] for m in res["melds"])
        assert sum(len(m["cards"]) for m in res["melds"]) == 21
    else:
        assert res["outcome"] == "draw" and not st.stock and res["scores"] == [0, 0, 0, 0]
    return res


@pytest.mark.slow
def test_simulation_many_seeded_games():
    """Invariants over 800 seeded games of mixed AIs (~12 s CPU)."""
    outcomes = {"win": 0, "draw": 0}
    for seed in range(800):
        outcomes[run_game(seed, MIXES[seed % len(MIXES)])["outcome"]] += 1
    assert outcomes["win"] > 300 and outcomes["draw"] > 80


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SISEPAI_LONG_SIM"), reason="set SISEPAI_LONG_SIM=1 (~1–2 min)")
def test_simulation_long():
    """4,200 more games (slow; opt in with SISEPAI_LONG_SIM=1)."""
    for seed in range(800, 5000):
        run_game(seed, MIXES[seed % len(MIXES)])
