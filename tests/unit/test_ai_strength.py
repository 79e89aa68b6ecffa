"""The basic AI plays to win: against random AIs it wins well over its fair share in every
ruleset. Played with the match runner (`cardgames match`, cli/match.py) in duplicate format:
each deal once per seat rotation, basic in that seat and random everywhere else. Seeded, so the
figures are exact and the test is not flaky."""

from __future__ import annotations

import pytest

from cli.match import MatchSpec, play_match
from cli.stats import standings
from domain.registry import RULESETS

GAMES = 40  # about: deals × players


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_basic_wins_at_least_one_and_a_half_times_its_fair_share_against_random(ruleset_id):
    players = RULESETS[ruleset_id].players
    spec = MatchSpec(ruleset_id, "basic", "random", deals=GAMES // players, seed=5000)
    records, timings = play_match(spec, jobs=1)
    basic, rnd = standings(records, timings, "basic", "random", players)
    assert basic["games"] == spec.deals * players
    assert basic["vs_fair"] >= 1.5, f"{ruleset_id}: basic won {basic['win_share']['mean']:.3f} per game"
    assert basic["win_share"]["mean"] > rnd["win_share"]["mean"]
