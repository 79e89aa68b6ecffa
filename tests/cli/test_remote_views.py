"""A policy reads the same keys in process and over --url: cli.remote.domain_view turns the
API's view of a seat into exactly the view the domain hands a policy in process."""

from __future__ import annotations

import json

import pytest

from cli.remote import domain_view
from domain.registry import RULESETS
from service.game_service import GameService
from store.sqlite import SqliteStore


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_the_api_view_maps_to_the_domains_view(tmp_path, ruleset_id):
    service = GameService(SqliteStore(str(tmp_path / "db.sqlite3")))
    players = RULESETS[ruleset_id].players
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "basic"}] * (players - 1)
    game = service.create_game(ruleset_id, seats, seed=5)
    compared = drawn_seen = 0
    for _ in range(60):
        legal = service.legal_actions(game["id"], 0)
        if service.view(game["id"], None)["status"] == "finished" or not legal["actions"]:
            break
        api_view = json.loads(json.dumps(service.view(game["id"], 0)))  # as the client receives it
        domain = service.loader.load(game["id"], 0).state_for(0).view(0)
        mapped = domain_view(api_view)
        assert json.loads(json.dumps(mapped)) == json.loads(json.dumps(domain))
        compared += 1
        drawn_seen += "drawn" in domain
        service.act(game["id"], 0, legal["actions"][0]["id"], legal["version"])
    assert compared >= 3
    if ruleset_id == "nantong":
        assert drawn_seen, "no view with a card just drawn was compared"
