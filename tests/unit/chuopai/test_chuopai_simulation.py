"""Seeded random-play simulations (random and basic AIs mixed) with invariants
checked after every decision: 84 cards conserved (CP-2.1), only legal plays,
termination (CP-5.2), sane results (CP-5.3) and no leak of concealed cards."""

from __future__ import annotations

import json
import random

import pytest

from domain.chuopai import RULESET
from domain.chuopai.cards import CODES, to_counts
from domain.chuopai.state import ChuoPaiState

LEVELS = ("random", "basic")
MAX_STEPS = 3 + 84 * 3  # bonus answers + at most three actions per card played


def _all_cards(st: ChuoPaiState) -> list[str]:
    fs = st.full_state()
    cards = [c for h in fs["hands"] for c in h]
    cards += [c for p in fs["piles"] for c in p]
    cards += fs["discarded"]
    cards += [c for t in fs["trick"] for c in t["cards"]]
    return cards


def _check_conservation(st: ChuoPaiState) -> None:
    assert sorted(_all_cards(st)) == sorted(c for c in CODES for _ in range(4))


def _reshuffled_hidden(st: ChuoPaiState, viewer: int | None, rng: random.Random) -> ChuoPaiState:
    """The same public position with the concealed cards of the other seats dealt
    differently (same hand sizes). A view must not be able to tell the two apart."""
    other = st.clone()
    hidden = [s for s in range(3) if s != viewer]
    pool = [c for s in hidden for c in other.full_state()["hands"][s]]
    rng.shuffle(pool)
    for s in hidden:
        n = sum(other.hands[s])
        other.hands[s] = to_counts(pool[:n])
        pool = pool[n:]
    return other


def _simulate(n_games: int, leak_every: int, seed0: int) -> list[dict]:
    results = []
    for g in range(n_games):
        seed = seed0 + g
        rng = random.Random(seed * 7 + 1)
        levels = [LEVELS[(seed >> i) & 1] for i in range(3)]
        pols = [RULESET.policy(lv) for lv in levels]
        st = RULESET.new_game(seed)
        _check_conservation(st)
        steps = 0
        while not st.is_finished():
            (seat,) = st.to_act()
            legal = st.legal_actions(seat)
            assert legal and len({a.id for a in legal}) == len(legal)
            for other in range(3):
                if other != seat:
                    assert st.legal_actions(other) == []
            view = st.view(seat)
            action = pols[seat](view, legal, rng) if len(legal) > 1 else legal[0]
            assert action in legal
            pub = st.public_action(seat, action.id)
            assert set(pub.get("cards", [])) <= set(action.cards)
            before = sum(sum(h) for h in st.hands)
            st.apply(seat, action.id)
            assert sum(sum(h) for h in st.hands) == before - len(action.cards)
            _check_conservation(st)
            steps += 1
            assert steps <= MAX_STEPS
            if g % leak_every == 0:
                for viewer in (0, 1, 2, None):
                    twin = _reshuffled_hidden(st, viewer, rng)
                    assert st.view(viewer) == twin.view(viewer)
                    if st.is_finished():
                        break
        r = st.result()
        holding = [s for s in range(3) if st.view(None)["seats"][s]["hand_count"] > 0]
        assert len(holding) <= 1
        assert r["scores"] == [len(p) for p in st.piles]
        assert sum(r["scores"]) + len(st.discarded) + sum(sum(h) for h in st.hands) == 84
        best = max(r["scores"])
        assert r["winners"] == [s for s in range(3) if r["scores"][s] == best]
        assert r["outcome"] == ("win" if len(r["winners"]) == 1 else "draw")
        for p in r["players"]:
            assert sum(b["points"] for b in p["breakdown"]) == p["score"]
        json.dumps(st.view(None))
        results.append(r)
    return results


@pytest.mark.slow
def test_simulation_300_games_invariants():
    """CP-2.1 conservation, CP-4.2 legality, CP-5.2 termination, CP-5.3 results, no leaks."""
    results = _simulate(300, leak_every=10, seed0=10_000)
    assert len(results) == 300
    assert {r["outcome"] for r in results} <= {"win", "draw"}


def test_views_never_leak_concealed_cards():
    """Every view, at every step, is identical for any redeal of the cards it may not see."""
    _simulate(6, leak_every=1, seed0=500)


def test_view_hand_is_own_hand_only():
    st = RULESET.new_game(8)
    for s in range(3):
        v = st.view(s)
        assert v["hand"] == st.full_state()["hands"][s]
        assert all("hand" not in d for d in v["seats"])
        text = json.dumps({k: v[k] for k in ("seats", "table", "to_act", "phase")})
        for code in CODES:
            assert f'"{code}"' not in text  # nothing played yet: no card code is public
