"""The `strong` search's parts beyond plain determinization: worlds ranked by how well basic
would have made the other seats' plays in them (inference.py), the exact endgame, leads
ranked by cards expected banked — and `reference_policy`, the strong level as first
released, kept unchanged as the head-to-head yardstick (docs/ai.md)."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

from domain.base import random_policy
from domain.chuopai import RULESET
from domain.chuopai import strong as strong_module
from domain.chuopai.ai import basic_policy
from domain.chuopai.determinize import determinize, play_of
from domain.chuopai.inference import ConsistentWorlds, history, mismatches
from domain.chuopai.playout import basic_lead, beatable, endgame_piles, outcome, plays_beating, rollout
from domain.chuopai.strong import (
    ADAPTIVE,
    BONUS_TAKEN,
    CANDIDATE,
    DOUBLED,
    DOUBLED_ALWAYS,
    LEVEL,
    REFERENCE,
    banked_order,
    candidate_policy,
    reference_policy,
    search_policy,
    strong_policy,
    worlds,
)
from tests.unit.chuopai.helpers import decisions_of, state_from

DATA = Path(__file__).resolve().parents[1] / "data" / "chuopai_reference_strong.json"


def test_the_true_hands_explain_every_play_of_basic_seats():
    """Against basic seats the true world has no mismatch at any point: the replica of basic
    rebuilt from the history agrees with basic itself (CP-2.5, CP-4.1, CP-4.2)."""
    checked = 0
    for seed in range(4):
        for st, seat in decisions_of(seed, [basic_policy] * 3, every=5):
            if st.phase != "play":
                continue
            hist = history(st.view(seat), seat, 1000)
            assert mismatches(hist, [list(h) for h in st.hands], 1000) == 0
            checked += 1
    assert checked > 20


def test_a_random_player_is_caught_not_playing_like_basic():
    """A seat playing at random leaves plays basic would not make: the true world then has
    mismatches (so the count is not trivially zero)."""
    found = 0
    for st, seat in decisions_of(7, [basic_policy, random_policy, basic_policy], every=3):
        if st.phase == "play" and seat != 1:
            found += mismatches(history(st.view(seat), seat, 1000), [list(h) for h in st.hands], 1000) > 0
    assert found > 3


def test_worlds_keep_the_best_explaining_draws_and_respect_the_view():
    for st, seat in decisions_of(3, [basic_policy] * 3, every=9):
        if st.phase != "play":
            continue
        view = st.view(seat)
        kept = worlds(view, seat, random.Random(1), 6, CANDIDATE)
        assert len(kept) == 6
        hist = history(view, seat, CANDIDATE.checked_rounds)
        drawn = [determinize(view, seat, random.Random(1)) for _ in range(1)]
        assert drawn[0].hands[seat] == st.hands[seat]
        for w in kept:
            assert w.hands[seat] == st.hands[seat]  # its own hand is never re-dealt
            assert [sum(h) for h in w.hands] == [sum(h) for h in st.hands]
        # The kept worlds are the best of the draws: none dropped explains more.
        rng = random.Random(1)
        every = [determinize(view, seat, rng) for _ in range(6 * CANDIDATE.worlds_per_sample)]
        bad = sorted(mismatches(hist, w.hands, 1 << 30) for w in every)
        assert sorted(mismatches(hist, w.hands, 1 << 30) for w in kept) == bad[:6]


def test_the_endgame_solve_is_never_worse_than_basic_play():
    """Perfect play for one seat against basic elsewhere scores at least what basic play
    scores for it in the same position (basic's own choices are among those searched)."""
    checked = 0
    for seed in range(30):
        for st, seat in decisions_of(seed, [basic_policy] * 3):
            if st.phase != "play" or st.highest is not None or sum(map(sum, st.hands)) > 9:
                continue
            hands = [list(h) for h in st.hands]
            piles = [len(p) for p in st.piles]
            solved = endgame_piles(hands, piles, seat, seat)
            played = rollout(st)
            assert sum(solved) <= sum(piles) + sum(map(sum, hands))
            assert outcome(solved, seat) >= outcome(played, seat)
            checked += 1
            break
    assert checked >= 20


def test_one_memo_for_many_endgames_solves_each_as_alone():
    """A decision's rollouts share one memo of solved endgames (`endgame_piles`'s `memo`): a
    position's answer does not depend on what else was solved before it."""
    shared: dict = {}
    solved = 0
    for seed in range(12):
        for st, _seat in decisions_of(seed, [basic_policy, random_policy, basic_policy]):
            if st.phase != "play" or st.highest is not None or sum(map(sum, st.hands)) > 9:
                continue
            piles = [len(p) for p in st.piles]
            for solver in range(3):  # one memo per solving seat, as in a decision
                memo = shared.setdefault(solver, {})
                alone = endgame_piles([list(h) for h in st.hands], piles, st.to_act()[0], solver)
                assert (
                    endgame_piles([list(h) for h in st.hands], piles, st.to_act()[0], solver, memo) == alone
                )
                solved += 1
    assert solved > 30 and len(shared[0]) > solved // 3


def test_the_count_vector_lead_is_basics_lead():
    """`basic_lead` (rollouts, endgames, world checks) leads what ai.basic_policy leads from
    the view, whose unseen cards are exactly the two other hands (CP-4.1); random seats make
    hands basic would not keep."""
    compared = 0
    for seed in range(40):
        for st, seat in decisions_of(seed, [random_policy, basic_policy, random_policy]):
            if st.phase != "play" or st.highest is not None:
                continue
            view, legal = st.view(seat), st.legal_actions(seat)
            others = [st.hands[(seat + 1) % 3], st.hands[(seat + 2) % 3]]
            expected = basic_policy(view, legal, random.Random(0))
            assert basic_lead(list(st.hands[seat]), *others).id == expected.id
            compared += 1
    assert compared > 300


def test_banked_order_puts_plays_no_single_hand_can_beat_first():
    for st, seat in decisions_of(5, [basic_policy] * 3, every=4):
        if st.phase != "play" or st.highest is not None:
            continue
        view, legal = st.view(seat), st.legal_actions(seat)
        truth = [st.clone()]  # the one world that is the real deal
        order = banked_order(legal, truth, seat)
        others = [st.hands[(seat + 1) % 3], st.hands[(seat + 2) % 3]]
        basic = basic_lead(st.hands[seat], *others)
        pool = [x + y for x, y in zip(*others, strict=True)]
        if not beatable(basic, pool):  # unbeatable by both hands together: by either alone
            assert basic.id in {a.id for a in order}
        for a in order:  # in the true world, every play listed is one neither hand can beat
            assert not any(plays_beating(h, play_of(list(a.cards))) for h in others)
        assert [len(a.cards) for a in order] == sorted((len(a.cards) for a in order), reverse=True)
        assert basic_policy(view, legal, random.Random(0)) in legal


def test_the_candidate_decides_the_same_twice_and_sees_only_its_view():
    for st, seat in decisions_of(2, [basic_policy] * 3, every=7):
        legal = st.legal_actions(seat)
        view = st.view(seat)
        assert all("hand" not in s for s in view["seats"])
        a = candidate_policy(view, legal, random.Random(f"x:{seat}"))
        b = candidate_policy(view, legal, random.Random(f"x:{seat}"))
        assert a == b and a in legal


def test_the_level_is_adaptive_with_twice_the_rollouts_taking_the_bonus():
    """The level (BONUS_TAKEN) changes nothing of ADAPTIVE but the rollouts (twice as many, so
    twice the worlds per candidate, also when the chains ran twice: DOUBLED_ALWAYS; DOUBLED, the
    level before it, kept ADAPTIVE's there) and the opening bonus, always taken (CP-2.5)."""
    assert LEVEL == BONUS_TAKEN == dataclasses.replace(DOUBLED_ALWAYS, take_bonus=True)
    assert DOUBLED_ALWAYS == dataclasses.replace(ADAPTIVE, rollouts=2 * ADAPTIVE.rollouts)
    assert DOUBLED == dataclasses.replace(DOUBLED_ALWAYS, rollouts_when_distrusted=ADAPTIVE.rollouts)
    view_legal = next(
        (st.view(s), st.legal_actions(s))
        for st, s in decisions_of(3, [basic_policy] * 3, every=5)
        if st.phase == "play" and len(st.legal_actions(s)) > 4
    )
    assert strong_policy(*view_legal, random.Random(1)) == search_policy(*view_legal, random.Random(1), LEVEL)


def test_a_decision_is_a_bounded_amount_of_work(monkeypatch):
    """The level's search does a fixed budget of work whatever the position (no clock in
    domain/, and no timing here: docs/ai.md measures the time): per decision at most its
    rollouts (each ending in an exact solve of at most ENDGAME_CARDS cards), and at most two runs
    of the chains (the second when a seat is not read as basic), each CHAINS chains of CHAIN_BURN
    moves and CHAIN_THIN moves per world, with one check of every world for the best of a run.
    Played against basic and against random seats (whom basic does not explain)."""
    assert LEVEL.endgame <= 9  # the exact solve's tree stays small
    most_worlds = LEVEL.rollouts // 2  # samples per candidate, with the fewest candidates searched (2)
    per_run = LEVEL.chains * (1 + LEVEL.chain_burn) + most_worlds * (LEVEL.chain_thin + 1)
    counts = {"rollout": 0, "violations": 0, "chained": 0}

    def counted(name, real):
        def call(*args, **kwargs):
            counts[name] += 1
            return real(*args, **kwargs)

        return call

    monkeypatch.setattr(strong_module, "rollout", counted("rollout", strong_module.rollout))
    monkeypatch.setattr(ConsistentWorlds, "violations", counted("violations", ConsistentWorlds.violations))
    monkeypatch.setattr(ConsistentWorlds, "chained", counted("chained", ConsistentWorlds.chained))
    most = {"rollout": 0, "violations": 0}
    reruns = 0
    for others in (basic_policy, random_policy):
        for st, seat in decisions_of(4, [basic_policy, others, others], every=3):
            legal = st.legal_actions(seat)
            if len(legal) < 2 or seat != 0:
                continue
            counts.update(rollout=0, violations=0, chained=0)
            strong_policy(st.view(seat), legal, random.Random(0))
            assert counts["chained"] <= 2 and counts["violations"] <= counts["chained"] * per_run
            assert counts["rollout"] <= LEVEL.rollouts
            reruns += counts["chained"] == 2
            most = {k: max(most[k], counts[k]) for k in most}
    assert most["rollout"] > 0.8 * LEVEL.rollouts and most["violations"] > 0  # the counts were taken
    assert reruns > 0  # against random seats the chains ran twice


def test_reference_policy_is_strong_as_first_released():
    """`reference_policy` replays the games the strong level played when it was recorded
    (the head-to-head yardstick must not move); so does the level itself, unchanged."""
    view_legal = next(
        (st.view(s), st.legal_actions(s))
        for st, s in decisions_of(1, [basic_policy] * 3, every=11)
        if st.phase == "play" and len(st.legal_actions(s)) > 2
    )
    assert strong_policy(*view_legal, random.Random(3)) == reference_policy(*view_legal, random.Random(3))
    assert REFERENCE.worlds_per_sample == 1 and REFERENCE.endgame == 0 and not REFERENCE.ranked_leads
    recorded = json.loads(DATA.read_text())["games"]
    for key, actions in recorded.items():
        _ruleset, seed, _opts, levels = key.split(":")
        pols = [
            {"strong": reference_policy, "basic": basic_policy, "random": random_policy}[x]
            for x in levels.split(",")
        ]
        st = RULESET.new_game(int(seed), {}, None)
        got = []
        step = 0
        while not st.is_finished():
            s = st.to_act()[0]
            a = pols[s](st.view(s), st.legal_actions(s), random.Random(f"{seed}:{step}"))
            st.apply(s, a.id)
            got.append(a.id)
            step += 1
        assert got == actions


def test_the_level_takes_the_opening_bonus_without_a_search(monkeypatch):
    """CP-2.5: offered the bonus, the level banks its Nails and Two Reds at once, as basic does
    (the search declined it in close calls and won less so: docs/ai.md); DOUBLED_ALWAYS searches
    it."""
    st = state_from([["12", "24", "22", "66", "66"], ["23", "25"], ["25", "33"]], bonus=True)
    view, legal = st.view(0), st.legal_actions(0)
    assert {a.type for a in legal} == {"bonus", "pass"}
    searched = []
    monkeypatch.setattr(strong_module, "worlds", lambda *args: searched.append(args) or [])
    assert strong_policy(view, legal, random.Random(0)).type == "bonus"
    assert not searched
    search_policy(view, legal, random.Random(0), DOUBLED_ALWAYS)
    assert searched  # the level before searched the same decision
