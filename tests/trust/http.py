"""Small HTTP helpers shared by the trust tests (plain httpx: raw status codes and bodies)."""

from __future__ import annotations

import httpx

from domain.registry import RULESETS

PROBLEM = "application/problem+json"


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(
    client: httpx.Client, ruleset: str, humans: int | None = None, seed: int | None = None, **extra
) -> dict:
    """A game with the first `humans` seats human (all by default), the rest AI `random`."""
    players = RULESETS[ruleset].players
    humans = players if humans is None else humans
    seats = [{"kind": "human"}] * humans + [{"kind": "ai", "level": "random"}] * (players - humans)
    body = {"ruleset": ruleset, "seats": seats, **extra}
    if seed is not None:
        body["seed"] = seed
    r = client.post("/v1/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def tokens(created: dict) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if s.get("token")}


def version(client: httpx.Client, game_id: str, token: str | None = None) -> int:
    """The game's version as a spectator reads it, or as the seat of `token` does (with one
    person at the table, that person's version runs ahead of the log's)."""
    r = client.get(f"/v1/games/{game_id}", headers=auth(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()["version"]


def awaited(client: httpx.Client, created: dict) -> tuple[int, str, dict] | None:
    """(seat, token, legal actions) of a human seat with a decision now, or None when finished."""
    for seat, token in tokens(created).items():
        legal = client.get(f"/v1/games/{created['id']}/legal-actions", headers=auth(token)).json()
        if legal["actions"]:
            return seat, token, legal
    return None


def play_out(client: httpx.Client, created: dict, limit: int = 3000) -> None:
    """Play every human seat (first legal action) until the game is finished."""
    for _ in range(limit):
        turn = awaited(client, created)
        if turn is None:
            assert client.get(f"/v1/games/{created['id']}").json()["status"] == "finished"
            return
        _seat, token, legal = turn
        r = client.post(
            f"/v1/games/{created['id']}/actions",
            headers=auth(token),
            json={"action": legal["actions"][0]["id"], "expected_version": legal["version"]},
        )
        assert r.status_code in (200, 409), r.text
    raise AssertionError("the game did not finish")


def full_log(client: httpx.Client, game_id: str) -> list[dict]:
    events, after = [], 0
    while True:
        page = client.get(f"/v1/games/{game_id}/events", params={"after": after, "limit": 1000}).json()
        events.extend(page["events"])
        if page["next"] is None:
            return events
        after = page["next"]


def assert_log_verifies(client: httpx.Client, game_id: str) -> list[dict]:
    events = full_log(client, game_id)
    assert [e["version"] for e in events] == list(range(1, len(events) + 1)), "gap or double in the log"
    report = client.get(f"/v1/games/{game_id}/verify").json()
    assert report["ok"], report["checks"]
    return events
