"""The most work one request can cause: creating a game whose seats are all AI at their most
expensive settings plays the whole game inside the request. Its length stays under the event
ceilings documented in docs/guarantees.md §7 (times: bench/bench_request_work.py)."""

from __future__ import annotations

import pytest

from domain.registry import RULESETS
from service.game_service import GameService
from store.sqlite import SqliteStore

# Events of one all-AI game at the most expensive settings (docs/guarantees.md §7).
EVENT_CEILING = {"sisepai": 600, "nantong": 3000, "chuopai": 300}


@pytest.mark.slow
@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_one_request_plays_at_most_one_bounded_game(ruleset_id, tmp_path):
    ruleset = RULESETS[ruleset_id]
    service = GameService(SqliteStore(str(tmp_path / "work.sqlite3")))
    options = {o.name: o.maximum for o in ruleset.options if o.name == "deals"}  # the longest match
    seats = [{"kind": "ai", "level": ruleset.ai_levels[-1]}] * ruleset.players
    created = service.create_game(ruleset_id, seats, seed=11, options=options)
    assert created["status"] == "finished"
    assert created["version"] <= EVENT_CEILING[ruleset_id]
