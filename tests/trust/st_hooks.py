"""schemathesis hooks: per-game bearer tokens (a fixed Authorization header fits only one game).

Loaded with SCHEMATHESIS_HOOKS=tests.trust.st_hooks. Records the seat tokens of every
`201 POST /v1/games` and authenticates each later call on `/v1/games/{game_id}/...` with a
token of that game (caching off: the token depends on the path). The API's links lead from
create_game to the game's operations and from its legal actions to playing one, so the
stateful phase plays real games; for that the token is the one of a seat that has a decision
now (asked over the API, as a client with several seats would), else the first seat's.
Calls on an unknown game go unauthenticated.
"""

from __future__ import annotations

import itertools
import json
import os
import threading
from collections import Counter
from typing import Any

import httpx
import schemathesis

_GAMES: dict[str, tuple[str, list[str]]] = {}  # game id → (base URL, tokens of its human seats)
_LOCK = threading.Lock()
_DECIDING = ("/legal-actions", "/actions")


@schemathesis.hook
def after_call(context, case, response):
    if case.method.upper() == "POST" and case.path.endswith("/games") and response.status_code == 201:
        try:
            body = response.json()
        except ValueError:
            return
        tokens = [s["token"] for s in body.get("seats", []) if s.get("token")]
        if tokens:
            url = str(response.request.url)
            base = url[: url.rindex("/v1/games")]
            with _LOCK:
                _GAMES[body["id"]] = (base, tokens)


def _deciding_token(base: str, game_id: str, tokens: list[str]) -> str:
    """The token of a seat with legal actions now; the first token when none has any."""
    for token in tokens:
        try:
            r = httpx.get(
                f"{base}/v1/games/{game_id}/legal-actions",
                headers={"Authorization": f"Bearer {token}"},
                timeout=10,
            )
        except httpx.HTTPError:
            break
        if r.status_code == 200 and r.json().get("actions"):
            return token
    return tokens[0]


@schemathesis.auth(refresh_interval=None)
class SeatToken:
    def get(self, case, context):
        game_id = (case.path_parameters or {}).get("game_id")
        with _LOCK:
            game = _GAMES.get(game_id)
        if game is None:
            return None
        base, tokens = game
        if len(tokens) > 1 and case.path.endswith(_DECIDING):
            return _deciding_token(base, game_id, tokens)
        return tokens[0]

    def set(self, case, data, context):
        if data:
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


# ------------------------------------------------------------------ hostile bodies
# Every fifth JSON body schemathesis generates in negative mode is replaced, just before it is
# sent, by one the server's `json` cannot take in or PostgreSQL cannot store: nested deeper than
# the server's recursion limit, an integer past Python's 4,300-digit limit, NUL in every
# string. The server must reject each with a 4xx (negative_data_rejection), never a 500
# (not_a_server_error). The first two go as raw JSON text (bytes): schemathesis itself hashes
# bodies recursively and cannot hold integers that long either.
HOSTILE_DEPTH = 5000
HOSTILE_DIGITS = 4400
_HOSTILE_EVERY = 5
_negative_bodies = itertools.count()
_hostile_sent: Counter[str] = Counter()


def _deeply_nested(body: Any) -> bytes:
    return b"[" * HOSTILE_DEPTH + json.dumps(body).encode() + b"]" * HOSTILE_DEPTH


def _huge_integers(body: Any) -> bytes:
    huge = "9" * HOSTILE_DIGITS
    if isinstance(body, dict):
        fields = {**dict.fromkeys(body, "HUGE"), "expected_version": "HUGE", "seed": "HUGE"}
        return json.dumps(fields).replace('"HUGE"', huge).encode()
    return f"[{huge}]".encode()


def _nul_strings(body: Any) -> Any:
    if isinstance(body, dict):
        return {f"{k}\x00": _nul_strings(v) for k, v in body.items()} | {"ruleset": "sise\x00pai"}
    if isinstance(body, list):
        return [_nul_strings(v) for v in body]
    if isinstance(body, str):
        return f"\x00{body}\x00"
    return body


_HOSTILE = {"deeply_nested": _deeply_nested, "huge_integers": _huge_integers, "nul_strings": _nul_strings}


@schemathesis.hook
def before_call(context, case, kwargs):
    """Swap the body just before sending (a `map_case` hook, run at generation time, made
    the schemathesis run several times slower)."""
    # A conditional read's 304 is left out of the document on purpose (docs/api.md, "Caching":
    # a documented body-less 304 would take the generated client's typed 200 away), so the
    # If-None-Match parameter is not sent here; tests/e2e/test_sdk_games.py reads the 304.
    if case.headers:
        case.headers.pop("If-None-Match", None)
        kwargs.get("headers", {}).pop("If-None-Match", None)
    if not isinstance(case.body, dict | list) or case.media_type != "application/json":
        return  # no body, or raw bytes schemathesis sends as they are
    meta = case.meta
    if meta is None or not meta.generation.mode.is_negative:
        return
    n = next(_negative_bodies)
    if n % _HOSTILE_EVERY:
        return
    name = list(_HOSTILE)[(n // _HOSTILE_EVERY) % len(_HOSTILE)]
    case.body = _HOSTILE[name](case.body)
    _hostile_sent[name] += 1
    _report_hostile()


def _report_hostile() -> None:
    """Write how many hostile bodies of each kind were generated (for the test to check)."""
    path = os.environ.get("ST_HOSTILE_REPORT")
    if path:
        with _LOCK, open(path, "w", encoding="utf-8") as f:
            json.dump(dict(_hostile_sent), f)
