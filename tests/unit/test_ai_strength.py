"""The basic AI plays to win: seated against random AIs it wins well over its fair share,
in every ruleset (seeded, so the counts are exact and the test is not flaky)."""

from __future__ import annotations

import random

import pytest

from domain.registry import RULESETS

GAMES = 40


def play(ruleset, seed: int, basic_seat: int) -> dict:
    basic, rnd = ruleset.policy("basic"), ruleset.policy("random")
    state = ruleset.new_game(seed, {}, None)
    for step in range(20_000):
        if state.is_finished():
            return state.result()
        seat = state.to_act()[0]
        policy = basic if seat == basic_seat else rnd
        # Like the service: the policy gets only the seat's view and its legal actions.
        action = policy(state.view(seat), state.legal_actions(seat), random.Random(f"{seed}:{step}"))
        state.apply(seat, action.id)
    raise AssertionError("no end")


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_basic_wins_at_least_one_and_a_half_times_its_fair_share_against_random(ruleset_id):
    ruleset = RULESETS[ruleset_id]
    wins = 0
    for game in range(GAMES):
        basic_seat = game % ruleset.players  # every seat, dealer or not, in turn
        wins += basic_seat in play(ruleset, 5000 + game, basic_seat)["winners"]
    fair = GAMES / ruleset.players
    assert wins >= 1.5 * fair, f"{ruleset_id}: basic won {wins} of {GAMES} (fair share {fair:.0f})"
