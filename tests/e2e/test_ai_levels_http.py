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


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_each_level_is_described_with_its_measured_strength(server, ruleset_id):
    """GET /v1/rulesets/{id}: ai_level_info has every offered level, in order, with its one-line
    description and measured strength (docs/ai.md), through the generated SDK too."""
    from cardgames_client import Client
    from cardgames_client.api.rulesets import get_ruleset

    body = httpx.get(f"{server}/v1/rulesets/{ruleset_id}").json()
    assert body["ai_level_info"] == RULESETS[ruleset_id].describe_levels()
    assert [d["level"] for d in body["ai_level_info"]] == body["ai_levels"]
    for d in body["ai_level_info"]:
        assert d["description"] and d["strength"]
        for m in d["strength"]:
            assert m["against"] in body["ai_levels"] and 0 <= m["win_share"] <= 1
            assert m["vs_fair"] == pytest.approx(m["win_share"] / m["fair_share"], abs=0.01)
    typed = get_ruleset.sync(ruleset_id, client=Client(base_url=server, raise_on_unexpected_status=True))
    assert [d.level for d in typed.ai_level_info] == body["ai_levels"]
    assert typed.ai_level_info[0].strength[0].games == body["ai_level_info"][0]["strength"][0]["games"]
