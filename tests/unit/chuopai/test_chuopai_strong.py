"""The `strong` AI: determinized Monte-Carlo search over basic-policy rollouts.

It sees only its own view (the two other hands are hidden; piles, discards and
the current trick are public, CP-4.3), decides reproducibly from (view, legal,
rng), and beats basic seats clearly more often than basic does in the same seats.
"""

from __future__ import annotations

import random

import pytest

from domain.base import random_policy
from domain.chuopai import RULESET
from domain.chuopai.ai import basic_policy, unseen_counts
from domain.chuopai.cards import CODES, COPIES, N_KINDS, to_counts
from domain.chuopai.determinize import determinize, play_of
from domain.chuopai.playout import outcome, rollout
from domain.chuopai.state import ChuoPaiState
from domain.chuopai.strong import (
    candidates,
    strong_policy,
)

strong = RULESET.policy("strong")


def _positions(seeds, every=3):
    """(state, seat) at decision points of seeded games played by random/basic seats."""
    for seed in seeds:
        st = RULESET.new_game(seed, {}, None)
        rng = random.Random(seed)
        step = 0
        while not st.is_finished():
            seat = st.to_act()[0]
            legal = st.legal_actions(seat)
            if step % every == 0:
                yield st, seat
            pol = random_policy if rng.random() < 0.5 else basic_policy
            st.apply(seat, pol(st.view(seat), legal, rng).id)
            step += 1


def test_strong_is_offered_and_is_the_strong_policy():
    assert "strong" in RULESET.ai_levels
    assert strong is strong_policy


def test_from_view_rebuilds_the_state_with_the_true_hands():
    """A determinization holding the true hands equals the real state (CP-2.5, CP-4.1..CP-4.4)."""
    checked = 0
    for st, seat in _positions(range(6)):
        view = st.view(seat)
        re = ChuoPaiState.from_view(view, [list(h) for h in st.hands])
        a, b = st.full_state(), re.full_state()
        for key in ("initial_hands", "moves", "discarded"):
            a.pop(key), b.pop(key)
        assert a == b
        assert sorted(st.discarded) == sorted(re.discarded)
        assert [x.id for x in re.legal_actions(seat)] == [x.id for x in st.legal_actions(seat)]
        checked += 1
    assert checked > 50


def test_determinization_respects_every_public_count():
    """Own hand kept, other hands get exactly their public hand_count, and the deck
    (CP-2.1: 4 of each of 21) is conserved with piles, discards and the trick."""
    for st, seat in _positions(range(4), every=5):
        view = st.view(seat)
        d = determinize(view, seat, random.Random(1))
        assert d.hands[seat] == st.hands[seat]
        for s in range(3):
            assert sum(d.hands[s]) == view["seats"][s]["hand_count"]
        total = [sum(d.hands[s][k] for s in range(3)) for k in range(N_KINDS)]
        public = to_counts(
            [c for s in view["seats"] for c in s["pile"]]
            + view["table"]["discarded"]
            + [c for t in view["table"]["trick"] for c in t["cards"]]
        )
        assert [total[k] + public[k] for k in range(N_KINDS)] == [COPIES] * N_KINDS
        assert sum(unseen_counts(view)) == sum(view["seats"][s]["hand_count"] for s in range(3) if s != seat)


def test_determinization_honours_a_pass_in_the_current_trick():
    """CP-4.2: a seat that passed could not beat the highest play then."""
    mains = [c for c in ("66", "11", "44", "13", "33", "55", "22") for _ in range(COPIES)]
    others = [c for c in CODES if c not in set(mains) for _ in range(COPIES)]
    hand0 = mains[1:] + [others[0]]  # 27 main cards and one other
    hand2 = ["66"] + others[1:28]
    hand1 = others[28:]
    st = RULESET.new_game(1, {"leader": 0}, hand0 + hand1 + hand2)
    while st.phase == "bonus":
        st.apply(st.to_act()[0], "pass")
    st.apply(0, "play:22")  # seat 1 holds no main card: it must pass
    assert [a.id for a in st.legal_actions(1)] == ["pass"]
    st.apply(1, "pass")
    view = st.view(2)
    higher = [k for k in range(N_KINDS) if CODES[k] in set(mains) - {"22"}]  # Bench cannot beat Bench
    for i in range(10):  # a plain random split would almost never leave seat 1 without mains
        d = determinize(view, 2, random.Random(i))
        assert all(d.hands[1][k] == 0 for k in higher)
        assert [d.hands[0][k] for k in higher] == [st.hands[0][k] for k in higher]
    # The pass still binds in the next round (cards only leave a hand): seat 2 won
    # with Heaven and leads; the previous round is public as last_round.
    st.apply(2, "play:66")
    assert st.to_act() == [2] and st.view(2)["table"]["trick"] == []
    view = st.view(2)
    for i in range(10):
        d = determinize(view, 2, random.Random(i))
        assert all(d.hands[1][k] == 0 for k in higher)


def test_fast_rollout_equals_the_state_driven_by_basic():
    """The count-vector rollout replicates ai.basic_policy on the real State, candidate first."""
    n = 0
    for st, seat in _positions(range(8), every=7):
        c = st.clone()
        while not c.is_finished():
            s = c.to_act()[0]
            c.apply(s, basic_policy(c.view(s), c.legal_actions(s), random.Random(0)).id)
        assert rollout(st) == [len(p) for p in c.piles]
        if st.phase == "play":
            for a in st.legal_actions(seat)[:4]:
                if a.type in ("play", "combo"):
                    after = st.clone()
                    after.apply(seat, a.id)
                    assert rollout(st, play_of(list(a.cards))) == rollout(after)
        n += 1
    assert n > 20


def test_outcome_values_a_win_then_the_margin():
    """CP-5.3: the largest pile wins; a tie for largest is shared."""
    assert outcome([27, 25, 24], 0) > outcome([26, 26, 24], 0) > outcome([25, 26, 24], 0)
    assert outcome([26, 26, 24], 0) == outcome([26, 26, 24], 1)


def test_candidates_keep_basics_choice_and_legal_order():
    for st, seat in _positions(range(3), every=4):
        legal = st.legal_actions(seat)
        if len(legal) < 2:
            continue
        view = st.view(seat)
        cands = candidates(view, legal, random.Random(0))
        assert basic_policy(view, legal, random.Random(0)) in cands
        ids = [a.id for a in legal]
        assert [ids.index(a.id) for a in cands] == sorted(ids.index(a.id) for a in cands)


def test_strong_decides_the_same_twice():
    """A pure function of (view, legal, rng): same inputs, same action."""
    for st, seat in _positions(range(2), every=8):
        legal = st.legal_actions(seat)
        view = st.view(seat)
        a = strong(view, legal, random.Random(f"x:{seat}"))
        b = strong(view, legal, random.Random(f"x:{seat}"))
        assert a == b and a in legal


def test_strong_never_touches_more_than_the_view():
    """The policy gets a view that holds no other concealed hand (CP-1.1 hidden hands)."""
    st = RULESET.new_game(3, {}, None)
    while st.phase == "bonus":
        s = st.to_act()[0]
        st.apply(s, st.legal_actions(s)[0].id)
    seat = st.to_act()[0]
    view = st.view(seat)
    assert all("hand" not in s for s in view["seats"])
    assert strong(view, st.legal_actions(seat), random.Random(5)) in st.legal_actions(seat)


# --------------------------------------------------------------------- strength
GAMES = 42  # 14 per seat; ~18 s on this machine


def _play(seed: int, strong_seat: int | None) -> dict:
    st = RULESET.new_game(seed, {}, None)
    step = 0
    while not st.is_finished():
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        pol = strong if seat == strong_seat else basic_policy
        action = pol(st.view(seat), legal, random.Random(f"{seed}:{step}")) if len(legal) > 1 else legal[0]
        st.apply(seat, action.id)
        step += 1
    return st.result()


def _win_points(result: dict, seat: int) -> float:
    """CP-5.3: a win 1, an n-way draw for the largest pile 1/n, otherwise 0."""
    return 1 / len(result["winners"]) if seat in result["winners"] else 0.0


@pytest.mark.slow
def test_strong_wins_clearly_more_often_than_basic_in_the_same_seats():
    """One strong seat against two basic seats (rotated over all seats) against the
    all-basic baseline on the same deals (CP-5.3: draws are frequent, so a draw for
    the largest pile among n seats counts 1/n of a win; also the pile margin)."""
    strong_pts = base_pts = 0.0
    strong_margin = base_margin = 0
    for g in range(GAMES):
        seat = g % 3
        r, b = _play(9100 + g, seat), _play(9100 + g, None)
        strong_pts += _win_points(r, seat)
        base_pts += _win_points(b, seat)
        strong_margin += r["scores"][seat] - max(x for s, x in enumerate(r["scores"]) if s != seat)
        base_margin += b["scores"][seat] - max(x for s, x in enumerate(b["scores"]) if s != seat)
    print(
        f"win points: strong {strong_pts:.2f}/{GAMES}, basic in the same seats {base_pts:.2f}/{GAMES}; "
        f"pile margin {strong_margin} vs {base_margin}"
    )
    # Measured: 25.33 vs 11.00 win points, margin 1 vs -50 (the first release: 19.17, margin -25).
    assert strong_pts >= base_pts + 5, (strong_pts, base_pts)
    assert strong_pts >= 1.25 * GAMES / 3, strong_pts
    assert strong_margin >= base_margin + 12, (strong_margin, base_margin)
