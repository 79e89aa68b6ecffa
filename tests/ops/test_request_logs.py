"""One JSON line per request on stderr, X-Request-Id taken (when valid) or generated and
echoed in every response and problem document — and no seat token, unrevealed seed or
hidden card in any log line, after whole sessions of play with errors of every kind."""

from __future__ import annotations

import json
import re
import sqlite3

import httpx
import pytest

from tests.servers import gunicorn_server
from tests.trust.http import auth, awaited, create, play_out, tokens

REQUEST_FIELDS = {
    "time",
    "level",
    "logger",
    "message",
    "method",
    "route",
    "path",
    "status",
    "duration_ms",
    "request_id",
    "client",  # an address, never a token or a header
    "game_id",
}
GENERATED_ID = re.compile(r"[0-9a-f]{32}")
CLIENT_SEED = 918_273_645_546_372_819


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("logs")
    db = folder / "logs.sqlite3"
    # gunicorn's own access log too (README: GUNICORN_ACCESS_LOG), read beside the app's lines
    env = {"GUNICORN_ACCESS_LOG": str(folder / "access.log")}
    with gunicorn_server(f"sqlite:///{db}", workers=2, env=env) as (url, proc):
        proc.access_log_path = folder / "access.log"
        yield url, proc, db


def log_lines(proc) -> list[dict]:
    lines = proc.log_path.read_text().splitlines()
    assert lines, "nothing was logged"
    return [json.loads(line) for line in lines]  # every line, gunicorn's own included, is JSON


def request_lines(proc) -> list[dict]:
    return [line for line in log_lines(proc) if line["logger"] == "cardgames.request"]


def test_request_id_taken_echoed_and_logged(server):
    url, proc, _db = server
    with httpx.Client(base_url=url) as client:
        ok = client.get("/v1/health", headers={"X-Request-Id": "client-req.42:a"})
        assert ok.headers["X-Request-Id"] == "client-req.42:a"

        problem = client.get("/v1/games/not-a-game", headers={"X-Request-Id": "client-req-404"})
        assert problem.status_code == 404
        assert problem.headers["X-Request-Id"] == "client-req-404"
        assert problem.json()["request_id"] == "client-req-404"

        for bad in ("x" * 129, "has space", "semi;colon", '{"forged": "json"}'):
            response = client.get("/v1/health", headers={"X-Request-Id": bad})
            assert GENERATED_ID.fullmatch(response.headers["X-Request-Id"]), bad

        generated = client.get("/v1/rulesets").headers["X-Request-Id"]
        assert GENERATED_ID.fullmatch(generated)
        game = client.post("/v1/games", json={"ruleset": "chuopai"}, headers={"X-Request-Id": "create-1"})
        assert game.status_code == 201

    by_id = {line["request_id"]: line for line in request_lines(proc)}
    line = by_id["client-req.42:a"]
    assert line["method"] == "GET" and line["route"] == "/v1/health" and line["path"] == "/v1/health"
    assert line["status"] == 200 and line["duration_ms"] >= 0 and line["level"] == "info"
    assert {"time", "message"} <= set(line)
    assert line["client"] == "127.0.0.1"  # as the rate limits count it
    missing = by_id["client-req-404"]
    assert missing["status"] == 404 and missing["game_id"] == "not-a-game"
    assert missing["route"] == "/v1/games/<game_id>"
    assert by_id["create-1"]["game_id"] == game.json()["id"] and by_id["create-1"]["status"] == 201
    assert generated in by_id
    assert not any("forged" in json.dumps(line) for line in log_lines(proc))


def test_no_token_seed_or_hidden_card_in_any_log_line(server):
    url, proc, db = server
    games = []
    with httpx.Client(base_url=url, timeout=60) as client:
        for ruleset, humans in (("sisepai", 2), ("nantong", 1), ("chuopai", 1), ("chuopai", 3)):
            games.append(create(client, ruleset, humans=humans))
        games.append(create(client, "chuopai", humans=1, seed=CLIENT_SEED))
        finished = create(client, "chuopai", humans=1)
        play_out(client, finished)
        for game in games:
            gid = game["id"]
            for token in tokens(game).values():
                client.get(f"/v1/games/{gid}", headers=auth(token))
                client.get(f"/v1/games/{gid}/legal-actions", headers=auth(token))
                client.get(f"/v1/games/{gid}/events", headers=auth(token))
            turn = awaited(client, game)
            if turn is not None:
                _seat, token, legal = turn
                action = {"action": legal["actions"][0]["id"], "expected_version": legal["version"]}
                # Errors of every kind: stale version, bad token, another game's token, bad body.
                stale = {**action, "expected_version": legal["version"] + 7}
                assert (
                    client.post(f"/v1/games/{gid}/actions", headers=auth(token), json=stale).status_code
                    == 409
                )
                bad = auth(token[::-1])
                assert client.post(f"/v1/games/{gid}/actions", headers=bad, json=action).status_code == 401
                other = tokens(finished)[0]
                assert client.get(f"/v1/games/{gid}/legal-actions", headers=auth(other)).status_code == 403
                assert (
                    client.post(f"/v1/games/{gid}/actions", headers=auth(token), json={"x": 1}).status_code
                    == 422
                )
                r = client.post(f"/v1/games/{gid}/actions", headers=auth(token), json=action)
                assert r.status_code == 200, r.text
            assert client.get(f"/v1/games/{gid}/export").status_code == 409
        # The token in places a client might wrongly put it: the query string, a header, the
        # request id (which is echoed and logged when valid: a token-shaped one is replaced),
        # and the path (logged with the token-shaped run redacted).
        token = tokens(games[0])[0]
        client.get(
            f"/v1/games/{games[0]['id']}",
            params={"token": token},
            headers={"X-Token": token, "Referer": f"https://example.org/#token={token}"},
        )
        for request_id in (token, f"req.{token}:1"):
            echoed = client.get("/v1/health", headers={"X-Request-Id": request_id}).headers["X-Request-Id"]
            assert GENERATED_ID.fullmatch(echoed), "a token-shaped request id was kept"
        for path in (f"/v1/games/{token}", f"/v1/games/{games[0]['id']}/{token}", f"/v1/x.{token}.y"):
            assert client.get(path, headers=auth(token)).status_code == 404

    access = proc.access_log_path.read_text()
    assert f'"GET /v1/games/{games[0]["id"]} HTTP/1.1" 200' in access  # its query left out
    assert '"GET /v1/games/[redacted] HTTP/1.1" 404' in access
    text = proc.log_path.read_text() + access
    lines = log_lines(proc)
    for line in request_lines(proc):
        assert set(line) <= REQUEST_FIELDS, line
    paths = {line["path"] for line in request_lines(proc)}
    assert {"/v1/games/[redacted]", "/v1/x.[redacted].y"} <= paths, (
        "the misplaced tokens' requests were not logged"
    )
    assert any(line.get("game_id") == "[redacted]" for line in request_lines(proc))
    with sqlite3.connect(db) as conn:
        secrets = dict(conn.execute("SELECT id, seed || ' ' || nonce FROM games").fetchall())
    for game in games + [finished]:
        assert any(line.get("game_id") == game["id"] for line in lines), "the session was not logged"
        for token in tokens(game).values():
            assert token not in text and token[:16] not in text, "a seat token is in the log"
    for game in games:  # running games: their seeds, nonces and hands are secret
        seed, nonce = secrets[game["id"]].split()
        assert seed not in text and nonce not in text, "an unrevealed seed is in the log"
        with httpx.Client(base_url=url) as client:
            for token in tokens(game).values():
                hand = client.get(f"/v1/games/{game['id']}", headers=auth(token)).json()["hand"]
                for card in hand:
                    assert json.dumps(card) not in text, f"hidden card {card} is in the log"
    assert str(CLIENT_SEED) not in text


def test_each_worker_says_which_store_it_serves(server):
    """A mistyped path opens a new, empty store without an error: the log names the file (a
    server's host, port and database for PostgreSQL, never its user or password)."""
    _url, proc, db = server
    opened = [line for line in log_lines(proc) if line["logger"] == "cardgames.store"]
    assert opened and all(line["store"] == "sqlite" for line in opened), opened
    assert {line["location"] for line in opened} == {str(db.resolve())}


def test_a_postgresql_store_is_named_without_its_credentials():
    from store.postgres import PostgresStore

    store = PostgresStore("postgresql://cardgames:s3cret@db.internal:6543/games")
    assert store.location == "db.internal:6543/games"
