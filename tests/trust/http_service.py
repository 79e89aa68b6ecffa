"""A GameService look-alike that goes over HTTP, so the leak checker sees exactly the bytes
a client gets (after the API schemas and the problem handler).

It reads the server's SQLite file directly only for what the checker must know
independently of the API (the secret seed for the shadow replay, the stored events).
"""

from __future__ import annotations

from typing import Any

import httpx

from domain.registry import RULESETS
from service.errors import GameActive, ServiceError
from store.sqlite import SqliteStore


class HttpGameService:
    def __init__(self, base_url: str, db_path: str):
        self.client = httpx.Client(base_url=base_url, timeout=30)
        self.store = SqliteStore(db_path)
        self.tokens: dict[str, dict[int, str]] = {}

    def close(self) -> None:
        self.client.close()
        self.store.close()

    def observable_seats(self, game_id: str) -> list[int]:
        return sorted(self.tokens[game_id])

    def ruleset(self, ruleset_id: str):
        return RULESETS[ruleset_id]

    def _headers(self, game_id: str, seat: int | None) -> dict[str, str]:
        return {} if seat is None else {"Authorization": f"Bearer {self.tokens[game_id][seat]}"}

    def _get(self, game_id: str, path: str, seat: int | None, **params) -> Any:
        r = self.client.get(f"/v1/games/{game_id}{path}", headers=self._headers(game_id, seat), params=params)
        if r.status_code == 409:
            raise GameActive(r.json()["detail"])
        assert r.status_code == 200, (path, r.status_code, r.text[:300])
        return r.json()

    # ------------------------------------------------------------ the GameService surface used
    def create_game(self, ruleset_id: str, seats=None, seed=None, options=None) -> dict[str, Any]:
        body: dict[str, Any] = {"ruleset": ruleset_id, "seats": seats, "seed": seed}
        if options:
            body["options"] = options
        r = self.client.post("/v1/games", json=body)
        assert r.status_code == 201, r.text
        created = r.json()
        self.tokens[created["id"]] = {s["seat"]: s["token"] for s in created["seats"] if s.get("token")}
        return created

    def view(self, game_id: str, seat: int | None) -> dict[str, Any]:
        return self._get(game_id, "", seat)

    def legal_actions(self, game_id: str, seat: int) -> dict[str, Any]:
        if seat not in self.tokens[game_id]:
            return {"version": None, "seat": seat, "actions": []}  # an AI seat has no token
        return self._get(game_id, "/legal-actions", seat)

    def feed(self, after: int = 0, limit: int = 100) -> dict[str, Any]:
        r = self.client.get("/v1/events", params={"after": after, "limit": min(limit, 1000)})
        assert r.status_code == 200, (r.status_code, r.text[:300])
        return r.json()

    def events(self, game_id: str, seat: int | None, after: int = 0, limit: int = 100) -> dict[str, Any]:
        events, nxt = [], after
        while True:
            page = self._get(game_id, "/events", seat, after=nxt, limit=min(limit, 1000))
            events.extend(page["events"])
            if page["next"] is None or len(events) >= limit:
                return {**page, "events": events}
            nxt = page["next"]

    def act(self, game_id: str, seat: int, action_id: str, expected_version: int) -> dict[str, Any]:
        r = self.client.post(
            f"/v1/games/{game_id}/actions",
            headers=self._headers(game_id, seat),
            json={"action": action_id, "expected_version": expected_version},
        )
        if r.status_code == 200:
            return r.json()
        problem = r.json()
        assert r.headers["content-type"] == "application/problem+json"
        raise ServiceError(problem["detail"], **{k: v for k, v in problem.items() if k != "detail"})

    def score(self, game_id: str) -> dict[str, Any]:
        return self._get(game_id, "/score", None)

    def export(self, game_id: str) -> dict[str, Any]:
        return self._get(game_id, "/export", None)

    def verify(self, game_id: str) -> dict[str, Any]:
        return self._get(game_id, "/verify", None)

    def replay(self, game_id: str, version: int | None) -> dict[str, Any]:
        return self._get(game_id, "/replay", None, **({} if version is None else {"version": version}))
