"""schemathesis hooks: per-game bearer tokens (a fixed Authorization header fits only one game).

Loaded with SCHEMATHESIS_HOOKS=tests.trust.st_hooks. Records id → seat tokens
from every `201 POST /v1/games` and authenticates each later call on
`/v1/games/{game_id}/...` with a token of that game (caching off: the token
depends on the path). Calls without a known game go unauthenticated.
"""

from __future__ import annotations

import threading

import schemathesis

_TOKENS: dict[str, str] = {}
_LOCK = threading.Lock()


@schemathesis.hook
def after_call(context, case, response):
    if case.method.upper() == "POST" and case.path.endswith("/games") and response.status_code == 201:
        try:
            body = response.json()
        except ValueError:
            return
        tokens = [s["token"] for s in body.get("seats", []) if s.get("token")]
        if tokens:
            with _LOCK:
                _TOKENS[body["id"]] = tokens[0]


@schemathesis.auth(refresh_interval=None)
class SeatToken:
    def get(self, case, context):
        game_id = (case.path_parameters or {}).get("game_id")
        with _LOCK:
            return _TOKENS.get(game_id)

    def set(self, case, data, context):
        if data:
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}
