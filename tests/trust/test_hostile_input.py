"""Hostile input against a live gunicorn.

schemathesis (bounded, seed 1, with hostile negative bodies from st_hooks.py) finds no
failure; then explicit cases: bodies past the size limit (413), non-integers where integers
belong, decks with unknown codes / wrong counts / too many copies, malformed JSON (400),
JSON nested thousands deep and integers past Python's 4,300-digit limit (400), NUL in ids
and strings (404/422, on SQLite and PostgreSQL), and what gunicorn answers itself (an
over-long request line: 414). Each answer is a clear problem+json (but gunicorn's own) and
nothing is appended: no game is created and a running game keeps its version.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from domain.registry import RULESETS
from tests.servers import ROOT
from tests.trust.http import PROBLEM, auth, awaited, create, version

RULESET_IDS = sorted(RULESETS)
HERE = Path(__file__).resolve().parent
MAX_BODY = 64 * 1024


def games_in_db(db: Path) -> int:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]


def assert_problem(r: httpx.Response, status: int, *words: str) -> dict:
    assert r.status_code == status, (r.status_code, r.text[:300])
    assert r.headers["content-type"] == PROBLEM, r.headers["content-type"]
    problem = r.json()
    assert problem["status"] == status and problem["type"].startswith("/problems/")
    assert problem["title"] and problem["detail"]
    for word in words:
        assert word in problem["detail"], (word, problem["detail"])
    return problem


@pytest.fixture
def client(trust_server):
    with httpx.Client(base_url=trust_server.url, timeout=30) as c:
        yield c


@pytest.fixture
def running_game(client):
    """A game with a human seat awaited; yields (game id, token, version) and checks at the
    end that nothing was appended by the hostile requests."""
    created = create(client, RULESET_IDS[0], humans=1, seed=61)
    token = created["seats"][0]["token"]
    before = version(client, created["id"], token)  # the person's (with one person, ahead of the log's)
    spectators = version(client, created["id"])
    yield created["id"], token, before
    assert version(client, created["id"], token) == before, "a refused request appended or held events"
    assert version(client, created["id"]) == spectators, "a refused request appended events"


# ------------------------------------------------------------------ schemathesis
@pytest.mark.slow
def test_schemathesis_finds_nothing(trust_server, tmp_path):
    hostile_report = tmp_path / "hostile.json"
    env = {
        **os.environ,
        "SCHEMATHESIS_HOOKS": "tests.trust.st_hooks",
        "PYTHONPATH": str(ROOT),
        "ST_HOSTILE_REPORT": str(hostile_report),
    }
    st = str(Path(sys.executable).with_name("schemathesis"))
    cmd = [
        st,
        "--config-file",
        str(HERE / "schemathesis.toml"),
        "run",
        str(ROOT / "openapi.yaml"),
        "--url",
        trust_server.url,
        "--checks",
        "all",
        "--max-examples",
        "25",
        "--seed",
        "1",
        "--workers",
        "1",
        "--no-color",
        "--generation-database",
        "none",
    ]
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=150)
    summary = done.stdout[-3000:]
    assert done.returncode == 0, summary
    assert "passed" in summary and "failure" not in summary.split("Test cases:")[-1], summary
    # The hooks replaced some negative bodies by hostile ones (st_hooks.py): each kind was sent.
    sent = json.loads(hostile_report.read_text())
    assert set(sent) == {"deeply_nested", "huge_integers", "nul_strings"} and min(sent.values()) >= 3, sent


# ------------------------------------------------------------------ size limit
def test_body_past_the_limit_is_413(client, trust_server, running_game):
    gid, token, v = running_game
    n = games_in_db(trust_server.db)
    big = json.dumps({"ruleset": RULESET_IDS[0], "deck": ["x" * 7] * (MAX_BODY // 8)}).encode()
    assert len(big) > MAX_BODY
    assert_problem(client.post("/v1/games", content=big, headers={"content-type": "application/json"}), 413)
    big_action = json.dumps({"action": "a" * (MAX_BODY + 10), "expected_version": v}).encode()
    assert_problem(
        client.post(
            f"/v1/games/{gid}/actions",
            content=big_action,
            headers={**auth(token), "content-type": "application/json"},
        ),
        413,
    )

    def chunks(data: bytes):
        for i in range(0, len(data), 8192):
            yield data[i : i + 8192]

    # Chunked transfer (no Content-Length) is held to the same limit.
    assert_problem(
        client.post("/v1/games", content=chunks(big), headers={"content-type": "application/json"}), 413
    )
    small = json.dumps({"ruleset": RULESET_IDS[0], "seed": 1}).encode()
    ok = client.post("/v1/games", content=chunks(small), headers={"content-type": "application/json"})
    assert ok.status_code == 201, ok.text
    assert games_in_db(trust_server.db) == n + 1  # only the small chunked body created a game


def test_the_order_of_the_checks_on_a_game_resource(client, running_game):
    """413 (a body past the limit, never parsed) → 415 (not JSON) → 404 → 401 → 422
    (docs/api.md): each request below fails two checks, and the earlier one answers."""
    gid, token, v = running_game
    big = b"x" * (MAX_BODY + 10)
    text, json_body = {"content-type": "text/plain"}, {"content-type": "application/json"}
    cases = [
        ("/v1/games/" + "0" * 32 + "/actions", {}, big, text, 413),  # unknown game, no token, not JSON
        (f"/v1/games/{gid}/actions", {}, big, json_body, 413),  # no token
        ("/v1/games/" + "0" * 32 + "/actions", auth(token), b"action=pass", text, 415),  # unknown game
        (f"/v1/games/{gid}/actions", {}, b"action=pass", text, 415),  # no token
        ("/v1/games/" + "0" * 32 + "/actions", {}, b'{"action": 1}', json_body, 404),  # no token, bad body
        (f"/v1/games/{gid}/actions", {}, b'{"action": 1}', json_body, 401),  # bad body
        (
            f"/v1/games/{gid}/actions",
            auth("0" * 43),
            b'{"action": 1}',
            json_body,
            401,
        ),  # a token of nothing, bad body
        (f"/v1/games/{gid}/actions", auth(token), b'{"action": 1}', json_body, 422),
    ]
    for path, headers, body, content_type, status in cases:
        assert_problem(client.post(path, content=body, headers={**headers, **content_type}), status)


# ------------------------------------------------------------------ strict integers
@pytest.mark.parametrize("value", [1.5, "3", True, None, 1e300, -1, 2**63, [3], {"v": 3}])
def test_expected_version_must_be_an_integer(client, running_game, value):
    gid, token, v = running_game
    r = client.post(
        f"/v1/games/{gid}/actions", headers=auth(token), json={"action": "pass", "expected_version": value}
    )
    assert_problem(r, 422, "expected_version")


@pytest.mark.parametrize("literal", [b"NaN", b"Infinity", b"-Infinity", b"1e999"])
def test_non_finite_numbers_are_not_integers(client, running_game, literal):
    """Python's JSON parser tolerates NaN and Infinity; they are still refused as integers."""
    gid, token, v = running_game
    raw = b'{"action": "pass", "expected_version": ' + literal + b"}"
    r = client.post(
        f"/v1/games/{gid}/actions", content=raw, headers={**auth(token), "content-type": "application/json"}
    )
    assert_problem(r, 422, "expected_version")


# (2.0**60 + 0.5 is the float 2**60, sent as 1.152921504606847e+18: an integer as written, taken)
@pytest.mark.parametrize("value", [2.5, "7", True, -1, 2**63, 1e19, 1e-7])
def test_seed_must_be_an_integer(client, trust_server, value):
    n = games_in_db(trust_server.db)
    r = client.post("/v1/games", json={"ruleset": RULESET_IDS[0], "seed": value})
    assert_problem(r, 422, "seed")
    assert games_in_db(trust_server.db) == n


@pytest.mark.parametrize(
    "literal",
    [b"1.0000000000000001", b"4.9999999999999999", b"9007199254740992.5", b"1e-400", b"1e999999999"],
)
def test_a_fraction_a_float_would_round_away_is_refused(client, trust_server, running_game, literal):
    """Read as a float, 1.0000000000000001 is 1 and 1e-400 is 0: such seeds made a game of seed 1
    or 0, and such a version played at version 1. The body's numbers are read as written."""
    n = games_in_db(trust_server.db)
    body = b'{"ruleset": "' + RULESET_IDS[0].encode() + b'", "seed": ' + literal + b"}"
    r = client.post("/v1/games", content=body, headers={"content-type": "application/json"})
    assert_problem(r, 422, "seed")
    assert games_in_db(trust_server.db) == n
    gid, token, v = running_game
    raw = b'{"action": "pass", "expected_version": ' + str(v).encode() + b".0000000000000001}"
    r = client.post(
        f"/v1/games/{gid}/actions", content=raw, headers={**auth(token), "content-type": "application/json"}
    )
    assert_problem(r, 422, "expected_version")


def test_an_integral_json_number_past_a_floats_precision_is_that_integer(client):
    """9007199254740993.0 is 2**53 + 1, which no float holds (it read as 2**53)."""
    body = b'{"ruleset": "' + RULESET_IDS[0].encode() + b'", "seed": 9007199254740993.0, "seats": '
    seats = [{"kind": "ai", "level": "random"}] * RULESETS[RULESET_IDS[0]].players
    created = client.post(
        "/v1/games",
        content=body + json.dumps(seats).encode() + b"}",
        headers={"content-type": "application/json"},
    ).json()
    assert client.get(f"/v1/games/{created['id']}/export").json()["game"]["seed"] == str(2**53 + 1)


def test_an_integral_json_number_is_an_integer(client):
    """JSON Schema calls 7.0 an integer; it is taken as exactly 7 (never a truncation)."""
    a = client.post("/v1/games", json={"ruleset": RULESET_IDS[0], "seed": 7.0}).json()
    b = client.post("/v1/games", json={"ruleset": RULESET_IDS[0], "seed": 7}).json()
    assert a["seed_commitment"] != b["seed_commitment"]  # random nonces differ ...
    view_a, view_b = (
        client.get(f"/v1/games/{g['id']}", headers=auth(g["seats"][0]["token"])).json() for g in (a, b)
    )
    assert view_a["hand"] == view_b["hand"]  # ... but the deal is the one of seed 7


# ------------------------------------------------------------------ decks
def full_deck(client: httpx.Client, ruleset: str) -> list[str]:
    cards = client.get(f"/v1/rulesets/{ruleset}").json()["cards"]
    return [c["code"] for c in cards for _ in range(c["count"])]


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_bad_decks_are_refused_clearly(client, trust_server, ruleset_id):
    deck = full_deck(client, ruleset_id)
    counts = {c: deck.count(c) for c in deck}
    many = deck[0]
    other = next(c for c in counts if c != many)
    n = games_in_db(trust_server.db)
    cases = [
        (deck[:-1] + ["ZZ"], "ZZ"),  # unknown card code
        (deck[:-1], str(len(deck))),  # one card short
        (deck + [deck[0]], str(len(deck))),  # one card too many
        ([c if c != other else many for c in deck], many),  # too many copies of one code
        ([], str(len(deck))),  # empty
    ]
    for bad, word in cases:
        assert_problem(client.post("/v1/games", json={"ruleset": ruleset_id, "deck": bad}), 422, word)
    for bad in ([1] * len(deck), "".join(deck), [None] * len(deck), deck * 3):
        r = client.post("/v1/games", json={"ruleset": ruleset_id, "deck": bad})
        assert_problem(r, 422, "deck")
    assert games_in_db(trust_server.db) == n
    ok = client.post("/v1/games", json={"ruleset": ruleset_id, "deck": deck})
    assert ok.status_code == 201 and ok.json()["custom_deck"] is True


# ------------------------------------------------------------------ malformed JSON
@pytest.mark.parametrize(
    "raw",
    [
        b"{nope",
        b'{"action": "pass", "expected_version": 1',
        b"\xff\xfe\x00",
        b"[1, 2",
        b'{"action": "pass",}',
        b"",
    ],
)
def test_malformed_json_is_400(client, trust_server, running_game, raw):
    gid, token, v = running_game
    n = games_in_db(trust_server.db)
    json_ct = {"content-type": "application/json"}
    r = client.post(f"/v1/games/{gid}/actions", content=raw, headers={**auth(token), **json_ct})
    r2 = client.post("/v1/games", content=raw, headers=json_ct)
    # a malformed body is a 400 before a bad header's 422 (the documented order 400 → 422)
    r3 = client.post(
        f"/v1/games/{gid}/actions", content=raw, headers={**auth(token), **json_ct, "Idempotency-Key": "a b"}
    )
    # an empty body said to be JSON is no JSON either (not a body missing its fields)
    for resp in (r, r2, r3):
        assert_problem(resp, 400, "JSON")
    assert games_in_db(trust_server.db) == n


def test_an_idempotency_key_sent_twice_is_refused_and_changes_nothing(client, running_game):
    """Two Idempotency-Key headers reach the app joined by a comma ("first,second"): taken as one
    key, a retry carrying either of them alone was not known as the same request."""
    gid, token, v = running_game
    legal = client.get(f"/v1/games/{gid}/legal-actions", headers=auth(token)).json()
    body = json.dumps({"action": legal["actions"][0]["id"], "expected_version": legal["version"]}).encode()
    headers = [
        *auth(token).items(),
        ("content-type", "application/json"),
        ("Idempotency-Key", "first"),
        ("Idempotency-Key", "second"),
    ]
    r = client.post(f"/v1/games/{gid}/actions", content=body, headers=headers)
    assert_problem(r, 422, "Idempotency-Key")
    # what a key must be, not the schema library's "does not match expected pattern"
    said = r.json()["errors"]["headers"]["Idempotency-Key"]
    assert said == [
        "An Idempotency-Key is 1 to 200 visible ASCII characters without a comma (a header sent twice arrives joined by one)."
    ]
    french = client.post(f"/v1/games/{gid}/actions?lang=fr", content=body, headers=headers).json()
    assert "sans virgule" in french["errors"]["headers"]["Idempotency-Key"][0]
    assert version(client, gid, token) == legal["version"]


@pytest.mark.parametrize(
    "body",
    [
        [],
        "pass",
        3,
        {"action": "pass"},
        {"action": "", "expected_version": 1},
        {"action": "pass", "expected_version": 1, "extra": 1},
    ],
)
def test_well_formed_json_that_does_not_fit_is_422(client, running_game, body):
    gid, token, v = running_game
    r = client.post(f"/v1/games/{gid}/actions", headers=auth(token), json=body)
    assert_problem(r, 422)


# ------------------------------------------------------------------ what Python and PostgreSQL cannot take
# JSON nested thousands deep (json.loads raises RecursionError), integers past Python's
# 4,300-digit limit (int() raises ValueError), NUL in ids and strings (PostgreSQL text cannot
# hold NUL): each is a 4xx problem+json on both stores and appends nothing. The PostgreSQL
# server runs with gunicorn's request-line limit off, so that long query strings reach the app.
DEEP = 5000
HUGE = "9" * 4400


class Target:
    """A live gunicorn on one store, and how many games and events that store holds."""

    def __init__(self, kind: str, url: str, count):
        self.kind, self.url, self.count = kind, url, count


@pytest.fixture(scope="module")
def pg_server():
    from tests.pg import admin_url_or_skip, scratch_database
    from tests.servers import gunicorn_server

    with scratch_database(admin_url_or_skip()) as db_url:
        with gunicorn_server(db_url, workers=2, extra_args=("--limit-request-line", "0")) as (url, _proc):

            def count() -> tuple[int, int]:
                import psycopg

                with psycopg.connect(db_url) as conn:
                    games = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
                    events = conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]
                return games, events

            yield Target("postgresql", url, count)


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request, trust_server):
    if request.param == "postgresql":
        return request.getfixturevalue("pg_server")

    def count() -> tuple[int, int]:
        with sqlite3.connect(f"file:{trust_server.db}?mode=ro", uri=True) as conn:
            return (
                conn.execute("SELECT COUNT(*) FROM games").fetchone()[0],
                conn.execute("SELECT COUNT(*) FROM events").fetchone()[0],
            )

    return Target("sqlite", trust_server.url, count)


def hostile_bodies(gid: str) -> list[tuple[str, bytes, int, str]]:
    """(path, raw JSON body, status, a word of the detail) for every JSON body the API takes."""
    games, action, score = "/v1/games", f"/v1/games/{gid}/actions", "/v1/rulesets/nantong/score"
    cases = []
    for path in (games, action, score):
        cases += [
            (path, b"[" * DEEP + b"]" * DEEP, 400, "nested too deeply"),
            (path, b'{"a": ' * DEEP + b"1" + b"}" * DEEP, 400, "nested too deeply"),
            (
                path,
                b'{"ruleset": "sisepai", "x": ' + b"[" * DEEP + b"]" * DEEP + b"}",
                400,
                "nested too deeply",
            ),
            # said to be JSON, holding nothing: no JSON at all, not a body missing its fields
            (path, b"", 400, "the body is empty"),
            (path, b" \r\n", 400, "the body is empty"),
        ]
    for field in ("seed", "options.dealer", "options.leader", "options.deals"):
        body = f'{{"ruleset": "sisepai", "seed": {HUGE}}}'
        if field.startswith("options."):
            body = f'{{"ruleset": "sisepai", "options": {{"{field[8:]}": {HUGE}}}}}'
        cases.append((games, body.encode(), 400, "4300 digits"))
        cases.append((games, body.replace(HUGE, "-" + HUGE).encode(), 400, "4300 digits"))
    cases.append((action, f'{{"action": "pass", "expected_version": {HUGE}}}'.encode(), 400, "4300 digits"))
    # A key given twice means two things (Python keeps the last, another reader the first).
    cases += [
        (action, b'{"action": "pass", "expected_version": 99, "expected_version": 0}', 400, "appears twice"),
        (games, b'{"ruleset": "sisepai", "ruleset": "nantong"}', 400, "'ruleset' appears twice"),
        (games, b'{"ruleset": "sisepai", "options": {"deals": 1, "deals": 2}}', 400, "'deals' appears twice"),
        (score, b'{"hand": [], "hand": ["1m"]}', 400, "appears twice"),
    ]
    cases.append((score, f'{{"hand": [{HUGE}]}}'.encode(), 400, "4300 digits"))
    nul = [
        (games, {"ruleset": "sise\x00pai"}, 422, "ruleset"),
        (games, {"ruleset": "sisepai", "seats": [{"kind": "hu\x00man"}] * 4}, 422, "kind"),
        (games, {"ruleset": "sisepai", "seats": [{"kind": "ai", "level": "basic\x00"}] * 4}, 422, "level"),
        (games, {"ruleset": "sisepai", "deck": ["\x00"] * 10}, 422, "deck"),
        (games, {"ruleset": "sisepai\x00", "seed\x00": 1}, 422, ""),
        (action, {"action": "pa\x00ss", "expected_version": 0}, 409, ""),
        (score, {"hand": ["\x00"]}, 422, ""),
    ]
    cases += [(path, json.dumps(body).encode(), status, word) for path, body, status, word in nul]
    # A lone surrogate (\ud800) is valid JSON but no Unicode text: Python cannot encode it as
    # UTF-8, so a string field that reaches the service unchecked would fail there (500).
    surrogate = [
        (action, b'{"action": "\\ud800", "expected_version": 0}', 422, "utf-8"),
        (action, b'{"action": "pa\\udfffss", "expected_version": 1}', 422, "utf-8"),
        (games, b'{"ruleset": "sisepai\\ud800"}', 422, "ruleset"),
        (score, b'{"indicators": ["\\ud800", "1m"], "concealed": [], "win": {"by": "self"}}', 422, ""),
    ]
    return cases + surrogate


def test_bodies_python_or_postgresql_cannot_take_are_4xx(target):
    with httpx.Client(base_url=target.url, timeout=30) as client:
        game = create(client, RULESET_IDS[0], humans=1, seed=62)
        token = game["seats"][0]["token"]
        before = target.count()
        for path, raw, status, word in hostile_bodies(game["id"]):
            headers = {"content-type": "application/json", **(auth(token) if "/actions" in path else {})}
            assert_problem(client.post(path, content=raw, headers=headers), status, word)
        assert target.count() == before, f"a refused request appended ({target.kind})"


def test_nul_in_an_id_is_404(target):
    with httpx.Client(base_url=target.url, timeout=30) as client:
        game = create(client, RULESET_IDS[0], humans=1, seed=63)
        token = game["seats"][0]["token"]
        before = target.count()
        for gid in ("%00", f"{game['id']}%00", f"%00{game['id']}", "a%00b"):
            for sub in ("", "/legal-actions", "/events", "/score", "/replay", "/export", "/verify"):
                assert_problem(client.get(f"/v1/games/{gid}{sub}"), 404, "no game")
                assert_problem(client.get(f"/v1/games/{gid}{sub}", headers=auth(token)), 404, "no game")
            r = client.post(
                f"/v1/games/{gid}/actions",
                headers=auth(token),
                json={"action": "pass", "expected_version": 1},
            )
            assert_problem(r, 404, "no game")
        # NUL in an Idempotency-Key: refused by its pattern before the store is asked.
        r = client.post(
            f"/v1/games/{game['id']}/actions",
            headers={**auth(token), "Idempotency-Key": "key%00"},
            json={"action": "nope", "expected_version": 10**6},
        )
        assert r.status_code in (409, 422) and r.headers["content-type"] == PROBLEM, r.text
        assert target.count() == before


def test_undeclared_or_repeated_query_parameters_are_422_and_change_nothing(target):
    """A query parameter an operation does not declare (a typo of `after`, a token put in the
    URL) or a declared one given twice would otherwise be read as absent, or as its first value:
    every /v1 operation refuses both, naming the parameter, before it runs."""
    with httpx.Client(base_url=target.url, timeout=30) as client:
        game = create(client, RULESET_IDS[0], seed=65)  # every seat a person: one has a decision
        turn = awaited(client, game)
        assert turn is not None
        _seat, token, legal = turn
        gid = game["id"]
        before, at = target.count(), version(client, gid)
        reads = ["", "/legal-actions", "/events", "/score", "/replay", "/export", "/verify"]
        for sub in reads:
            for query, name, word in [
                ("since=1", "since", "Unknown field"),
                (f"token={token}", "token", "Unknown field"),
                ("lang=en&lang=fr", "lang", "Given more than once"),
            ]:
                problem = assert_problem(
                    client.get(f"/v1/games/{gid}{sub}?{query}", headers=auth(token)), 422, name
                )
                assert problem["errors"] == {"query": {name: [word + "."]}}, problem
        for path in ("/v1/events?after=1&after=5", f"/v1/games/{gid}/events?after=0&after=3"):
            assert_problem(client.get(path), 422, "after: Given more than once")
        assert_problem(client.get("/v1/rulesets?x=1"), 422, "x: Unknown field")
        assert_problem(client.get("/v1/health?x=1&lang=tr"), 422, "x:")
        # A legal action with a parameter it does not take is not played.
        action = {"action": legal["actions"][0]["id"], "expected_version": at}
        r = client.post(f"/v1/games/{gid}/actions?dry_run=1", headers=auth(token), json=action)
        assert_problem(r, 422, "dry_run: Unknown field")
        created = client.post("/v1/games?x=1", json={"ruleset": RULESET_IDS[0]})
        assert_problem(created, 422, "x: Unknown field")
        # The documented order holds: 404 → 401/403 come first.
        assert_problem(client.get("/v1/games/no-such-game?x=1"), 404, "no game")
        assert_problem(client.get("/v1/rulesets/no-such-ruleset?x=1"), 404)
        assert_problem(client.get("/v1/rulesets/no-such-ruleset/rules?x=1"), 404)
        assert_problem(client.post(f"/v1/games/{gid}/actions?x=1", json=action), 401, "token")
        assert target.count() == before and version(client, gid) == at
        # What the operations declare, and the language, still pass.
        assert client.get(f"/v1/games/{gid}/events?after=1&limit=2&lang=fr").status_code == 200
        assert (
            client.post(f"/v1/games/{gid}/actions?lang=tr", headers=auth(token), json=action).status_code
            == 200
        )


def test_huge_integers_in_the_query_are_422_when_they_reach_the_app(pg_server):
    """gunicorn's default request-line limit (4094 bytes) answers these with 414 first (see the
    next test); with the limit off, the app refuses each query integer itself."""
    with httpx.Client(base_url=pg_server.url, timeout=30) as client:
        game = create(client, RULESET_IDS[0], humans=0, seed=64)  # all AI: finished
        gid = game["id"]
        for path, name in [
            (f"/v1/games/{gid}/events?after={HUGE}", "after"),
            (f"/v1/games/{gid}/events?limit={HUGE}", "limit"),
            (f"/v1/events?after={HUGE}", "after"),
            (f"/v1/events?limit=-{HUGE}", "limit"),
            (f"/v1/games/{gid}/replay?version={HUGE}", "version"),
        ]:
            assert_problem(client.get(path), 422, name)


def raw_http(url: str, request: bytes) -> bytes:
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


def test_an_over_long_request_line_is_answered_by_gunicorn(client, trust_server):
    """gunicorn (limit_request_line, default 4094 bytes) refuses a longer request line itself:
    414 URI Too Long, in its own small text/html page, and closes the connection; the app is
    never called, so it cannot answer problem+json (docs/guarantees.md says so)."""
    n = games_in_db(trust_server.db)
    for line_length in (4095, 9000, 100_000):
        target = "/v1/games?x=" + "a" * line_length
        answer = raw_http(
            trust_server.url, f"POST {target} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n".encode()
        )
        head = answer.split(b"\r\n\r\n", 1)[0].decode()
        assert head.startswith("HTTP/1.1 414 URI Too Long"), head
        assert "Content-Type: text/html" in head and "Connection: close" in head, head
    # NUL bytes in a header line: gunicorn refuses the request itself too (400, text/html).
    game = create(client, RULESET_IDS[0], humans=1, seed=65)
    answer = raw_http(
        trust_server.url,
        f"GET /v1/games/{game['id']} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\x00b\r\n\r\n".encode(),
    )
    assert answer.startswith(b"HTTP/1.1 400 Bad Request"), answer[:200]
    # Content-Type twice (RFC 9110 §5.3: it cannot be merged): 400, and no game is created
    body = b'{"ruleset": "chuopai"}'
    answer = raw_http(
        trust_server.url,
        b"POST /v1/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Type: application/json\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body,
    )
    assert answer.startswith(b"HTTP/1.1 400 Bad Request"), answer[:200]
    assert games_in_db(trust_server.db) == n + 1  # only the game created here


def test_query_integers_are_ascii_digits(target):
    """Python's int() reads "1_0", full-width "１０", Arabic-Indic "١٠" and " 10" as 10: each
    is refused as not an integer (422), like "2.5", on every integer a query takes."""
    with httpx.Client(base_url=target.url, timeout=30) as client:
        game = create(client, RULESET_IDS[0], humans=0, seed=66)  # all AI: finished
        gid = game["id"]
        for value in ("1_0", "１０", "١٠", " 10", "10 ", "+10", "2.5", "0x10"):
            for path, name in [
                (f"/v1/games/{gid}/events", "after"),
                (f"/v1/games/{gid}/events", "limit"),
                ("/v1/events", "after"),
                ("/v1/events", "limit"),
                (f"/v1/games/{gid}/replay", "version"),
            ]:
                problem = assert_problem(client.get(path, params={name: value}), 422, name)
                assert problem["errors"] == {"query": {name: ["Not a valid integer."]}}, (value, problem)
        assert client.get(f"/v1/games/{gid}/events", params={"after": "10", "limit": "5"}).status_code == 200
        assert client.get(f"/v1/games/{gid}/replay", params={"version": "1"}).status_code == 200
