"""A stored log changed outside the service: a clear problem, the game left as it was.

The service writes a game's log only from legal actions, so a log that does not replay was
edited in the database (or damaged by a restore). Reading or playing that game must answer
500 with the problem type `/problems/stored-log-invalid`, naming the first event that does not
replay, in the reader's language, and change nothing; every other game goes on as before.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from api import create_app

PROBLEM = "/problems/stored-log-invalid"
HUMANS = [{"kind": "human"}] * 3


def _play(client, game_id: str, token: str, moves: int) -> None:
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(moves):
        legal = client.get(f"/v1/games/{game_id}/legal-actions", headers=auth).json
        assert legal["actions"], "the seat has a decision"
        body = {"action": legal["actions"][0]["id"], "expected_version": legal["version"]}
        assert client.post(f"/v1/games/{game_id}/actions", json=body, headers=auth).status_code == 200


def _tamper(path: Path, game_id: str, version: int, change) -> None:
    with sqlite3.connect(path) as db:
        (payload,) = db.execute(
            "SELECT payload FROM events WHERE game_id = ? AND version = ?", (game_id, version)
        ).fetchone()
        db.execute(
            "UPDATE events SET payload = ? WHERE game_id = ? AND version = ?",
            (json.dumps(change(json.loads(payload))), game_id, version),
        )


def _event_count(path: Path, game_id: str) -> int:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT COUNT(*) FROM events WHERE game_id = ?", (game_id,)).fetchone()[0]


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda p: {**p, "action": "play:no-such-card"}, id="an action the rules refuse"),
        pytest.param(lambda p: {k: v for k, v in p.items() if k != "seat"}, id="an action without its seat"),
    ],
)
def test_a_log_changed_outside_the_service_answers_a_clear_problem_and_changes_nothing(tmp_path, change):
    path = tmp_path / "games.sqlite3"
    writer = create_app(f"sqlite:///{path}").test_client()
    game = writer.post("/v1/games", json={"ruleset": "chuopai", "seats": HUMANS, "seed": 11}).json
    other = writer.post("/v1/games", json={"ruleset": "chuopai", "seats": HUMANS, "seed": 12}).json
    seat = next(s for s in game["seats"] if s["seat"] == 0)
    _play(writer, game["id"], seat["token"], 1)  # CP-2.5: the bonus answers come first
    with sqlite3.connect(path) as db:
        actions = [
            v
            for (v,) in db.execute(
                "SELECT version FROM events WHERE game_id = ? AND type = 'action' ORDER BY version",
                (game["id"],),
            )
        ]
    _tamper(path, game["id"], actions[0], change)
    stored = _event_count(path, game["id"])

    # A fresh node: nothing of the game is cached, the log is read from the store.
    reader = create_app(f"sqlite:///{path}").test_client()
    auth = {"Authorization": f"Bearer {seat['token']}"}
    for response in (
        reader.get(f"/v1/games/{game['id']}"),
        reader.get(f"/v1/games/{game['id']}/legal-actions", headers=auth),
        reader.post(
            f"/v1/games/{game['id']}/actions",
            json={"action": "pass", "expected_version": stored},
            headers=auth,
        ),
    ):
        assert response.status_code == 500
        assert response.headers["Content-Type"].startswith("application/problem+json")
        problem = response.json
        assert problem["type"] == PROBLEM
        assert problem["title"] == "The stored game log does not replay"
        assert f"at event {actions[0]}" in problem["detail"] and game["id"] in problem["detail"]
    assert _event_count(path, game["id"]) == stored  # nothing was appended

    french = reader.get(f"/v1/games/{game['id']}", headers={"Accept-Language": "fr"}).json
    assert french["type"] == PROBLEM and french["detail"] != problem["detail"]
    assert f"{actions[0]}" in french["detail"]

    # Every other game is served as before.
    assert reader.get(f"/v1/games/{other['id']}").status_code == 200

    page = reader.get(PROBLEM, headers={"Accept": "application/json"})
    assert page.status_code == 200 and page.json["status"] == 500


def test_the_sdk_reads_the_problem_of_a_stored_log_that_no_longer_replays(tmp_path):
    """Through real HTTP and the generated SDK: every operation on a game declares the 500, so
    `sync` hands back the Problem (stored-log-invalid, naming the event), not None."""
    from cardgames_client import AuthenticatedClient, Client
    from cardgames_client.api.games import get_game, get_legal_actions, list_events
    from cardgames_client.models import Problem

    from tests.servers import gunicorn_server

    path = tmp_path / "games.sqlite3"
    writer = create_app(f"sqlite:///{path}").test_client()
    game = writer.post("/v1/games", json={"ruleset": "chuopai", "seats": HUMANS, "seed": 11}).json
    seat = next(s for s in game["seats"] if s["seat"] == 0)
    _play(writer, game["id"], seat["token"], 1)
    with sqlite3.connect(path) as db:
        (first,) = db.execute(
            "SELECT MIN(version) FROM events WHERE game_id = ? AND type = 'action'", (game["id"],)
        ).fetchone()
    _tamper(path, game["id"], first, lambda p: {**p, "action": "play:no-such-card"})
    with gunicorn_server(f"sqlite:///{path}", workers=1) as (url, _proc):
        seated = AuthenticatedClient(base_url=url, token=seat["token"])
        for answer in (
            get_game.sync(game["id"], client=Client(base_url=url)),
            get_legal_actions.sync(game["id"], client=seated),
            list_events.sync(game["id"], client=seated),
        ):
            assert isinstance(answer, Problem), answer
            assert answer.type_ == PROBLEM and answer.status == 500 and f"event {first}" in answer.detail
