"""Property tests (hypothesis) every ruleset's state and count vectors must satisfy.

Games are dealt from a drawn seed and played through the public domain contract only (a random
seat among those awaited decides, by a uniformly random legal action or by an AI policy), so the
same tests cover any ruleset registered in domain.registry.RULESETS.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.base import Outcome, Policy, State, codes_of, count_vector, random_policy
from domain.registry import RULESETS

RULESET_IDS = sorted(RULESETS)
seeds = st.integers(0, 2**63 - 1)


def random_moves(state: State, rng: random.Random, limit: int, policy: Policy = random_policy):
    """Apply up to `limit` decisions of `policy` (uniformly random by default) for a random seat
    among those awaited; the (seat, action id) applied."""
    moves = []
    while len(moves) < limit and not state.is_finished():
        seat = rng.choice(state.to_act())
        action = policy(state.view(seat), state.legal_actions(seat), rng).id
        state.apply(seat, action)
        moves.append((seat, action))
    return moves


# Random play rarely wins a Nantong deal; the basic AI does, so both kinds of end are drawn.
levels = st.sampled_from(["random", "basic"])


def finished_game(ruleset_id: str, seed: int, level: str, options: dict | None = None) -> State:
    ruleset = RULESETS[ruleset_id]
    state = ruleset.new_game(seed, options)
    random_moves(state, random.Random(seed), limit=100_000, policy=ruleset.policy(level))
    assert state.is_finished()
    return state


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@settings(max_examples=20)
@given(seed=seeds, before=st.integers(0, 200), after=st.integers(1, 60))
def test_playing_a_clone_leaves_the_original_unchanged(ruleset_id, seed, before, after):
    original = RULESETS[ruleset_id].new_game(seed)
    rng = random.Random(seed)
    random_moves(original, rng, before)
    snapshot = copy.deepcopy(original.full_state())
    clone = original.clone()
    assert clone.full_state() == snapshot
    moves = random_moves(clone, rng, after)
    assert original.full_state() == snapshot
    # The same decisions on the original reach the same state as on the clone.
    for seat, action in moves:
        original.apply(seat, action)
    assert original.full_state() == clone.full_state()
    assert original.result() == clone.result()


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@settings(max_examples=30)
@given(data=st.data())
def test_count_vectors_and_codes_round_trip(ruleset_id, data):
    """domain/base.py: count_vector and codes_of are inverse, with the ruleset's kinds in order."""
    cards = RULESETS[ruleset_id].cards()
    codes = tuple(c["code"] for c in cards)
    index = {code: k for k, code in enumerate(codes)}
    counts = data.draw(st.tuples(*(st.integers(0, c["count"]) for c in cards)).map(list))
    assert count_vector(codes_of(counts, codes), index, len(codes)) == counts
    hand = data.draw(st.lists(st.sampled_from(codes), max_size=40))
    assert codes_of(count_vector(hand, index, len(codes)), codes) == sorted(hand, key=index.__getitem__)


@settings(max_examples=15)
@given(seeds, levels, st.integers(1, 2))
def test_nantong_settlement_is_zero_sum(seed, level, deals):
    """NT-9.2: every deal's settlement sums to zero, and so does the match (NT-3.3)."""
    result = finished_game("nantong", seed, level, {"deals": deals}).result()
    assert sum(result["scores"]) == 0
    assert len(result["deals"]) == deals
    running = [0, 0, 0]
    for deal in result["deals"]:
        assert sum(deal["settlement"]) == 0
        running = [r + s for r, s in zip(running, deal["settlement"], strict=True)]
        assert deal["running"] == running
    assert running == result["scores"]
    for player in result["players"]:
        assert sum(line["points"] for line in player["breakdown"]) == player["score"]


@settings(max_examples=25)
@given(seeds, levels)
def test_chuopai_scores_account_for_every_card(seed, level):
    """CP-4.3/CP-5.2: every dealt card ends in a point pile, among the cards that left the deal, or
    unplayed in a hand; CP-5.1: a score is the pile size (bonus and tricks); CP-5.3: the largest
    pile wins, a tie is a draw."""
    state = finished_game("chuopai", seed, level)
    full, result = state.full_state(), state.result()
    dealt = Counter(code for hand in full["initial_hands"] for code in hand)
    ended = Counter(code for where in (*full["piles"], full["discarded"], *full["hands"]) for code in where)
    assert ended == dealt
    assert result["scores"] == [len(pile) for pile in full["piles"]]
    unplayed = [len(player["unplayed"]) for player in result["players"]]
    assert unplayed == [len(hand) for hand in full["hands"]] and sum(n > 0 for n in unplayed) <= 1
    for player in result["players"]:
        assert sum(line["points"] for line in player["breakdown"]) == player["score"]
    best = max(result["scores"])
    assert result["winners"] == [s for s, score in enumerate(result["scores"]) if score == best]
    assert result["outcome"] == ("win" if len(result["winners"]) == 1 else "draw")


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@settings(max_examples=15)
@given(seed=seeds, level=levels)
def test_phases_action_types_and_outcomes_are_the_declared_ones(ruleset_id, seed, level):
    """The API types a view's `phase`, a legal action's `type` and a result's `outcome` as enums
    (`Ruleset.phases`, `Ruleset.action_types`, `Outcome`): the SDK refuses a value outside them,
    so no state may give one."""
    ruleset = RULESETS[ruleset_id]
    state = ruleset.new_game(seed)
    rng = random.Random(seed)
    policy = ruleset.policy(level)
    phases, types = set(), set()
    while True:
        for seat in range(ruleset.players):
            phases.add(state.view(seat)["phase"])
            types.update(a.type for a in state.legal_actions(seat))
        if state.is_finished():
            break
        seat = rng.choice(state.to_act())
        state.apply(seat, policy(state.view(seat), state.legal_actions(seat), rng).id)
    assert phases <= set(ruleset.phases) and "finished" in phases
    assert types <= set(ruleset.action_types) and "pass" in types
    assert state.result()["outcome"] in {o.value for o in Outcome}
