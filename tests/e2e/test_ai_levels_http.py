"""Every AI level a ruleset offers plays over HTTP and verifies; a level it does not offer is a
clear 422 that names the levels it does (docs/api.md: level random|basic|strong)."""

from __future__ import annotations

import httpx
import pytest

from domain.registry import RULESETS

LEVELS = ("random", "basic", "strong")


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_each_offered_level_plays_and_verifies(server, ruleset_id):
    ruleset = RULESETS[ruleset_id]
    offered = httpx.get(f"{server}/v1/rulesets/{ruleset_id}").json()["ai_levels"]
    assert offered == list(ruleset.ai_levels) and {"random", "basic"} <= set(offered)
    seats = [{"kind": "ai", "level": offered[i % len(offered)]} for i in range(ruleset.players)]
    r = httpx.post(
        f"{server}/v1/games", json={"ruleset": ruleset_id, "seed": 99, "seats": seats}, timeout=120
    )
    assert r.status_code == 201, r.text
    assert r.json()["status"] == "finished"
    assert httpx.get(f"{server}/v1/games/{r.json()['id']}/verify", timeout=120).json()["ok"]
    for level in LEVELS:
        if level not in offered:
            bad = httpx.post(
                f"{server}/v1/games",
                json={
                    "ruleset": ruleset_id,
                    "seats": [{"kind": "human"}] + [{"kind": "ai", "level": level}] * (ruleset.players - 1),
                },
            )
            assert bad.status_code == 422 and all(lv in bad.json()["detail"] for lv in offered)
