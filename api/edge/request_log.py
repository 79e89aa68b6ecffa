"""Request ids, one JSON log line per request, and the HTTP metrics.

`X-Request-Id`: a client's id is kept when it is 1–128 characters of [A-Za-z0-9._:-]
(anything else could forge log lines or carry a secret into them) and holds nothing shaped like
a seat token (service.tokens: a client that put its token there would have it written to the
log); otherwise a new one is generated. Every response echoes it, and every problem document
carries it as `request_id` (api.problems), so a client's report names the log line of its
request. For the same reason the logged path and game id have any token-shaped run redacted.
"""

from __future__ import annotations

import logging
import re
import time
import uuid

from flask import Flask, Response, g, request

from api.edge import metrics
from service.tokens import looks_like_token, without_tokens

REQUEST_ID_HEADER = "X-Request-Id"
_VALID_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
_CONVERTER = re.compile(r"<(?:[^:<>]+:)?([^<>]+)>")

request_log = logging.getLogger("cardgames.request")


def request_id_of(header: str | None) -> str:
    if header is not None and _VALID_REQUEST_ID.fullmatch(header) and not looks_like_token(header):
        return header
    return uuid.uuid4().hex


def route_of_request() -> str:
    """The matched URL rule without converters (`/v1/games/<game_id>`); `unmatched` for a 404
    of an unknown path, so a client cannot mint metric labels."""
    rule = request.url_rule
    return _CONVERTER.sub(r"<\1>", rule.rule) if rule is not None else "unmatched"


def _begin() -> None:
    g.request_started = time.perf_counter()
    g.request_id = request_id_of(request.headers.get(REQUEST_ID_HEADER))


def _finish(response: Response) -> Response:
    started = g.get("request_started", time.perf_counter())
    seconds = time.perf_counter() - started
    request_id = g.get("request_id") or request_id_of(None)
    response.headers[REQUEST_ID_HEADER] = request_id
    route = route_of_request()
    metrics.observe_request(request.method, route, response.status_code, seconds)
    fields = {
        "method": request.method,
        "route": route,
        "path": without_tokens(request.path),
        "status": response.status_code,
        "duration_ms": round(seconds * 1000, 2),
        "request_id": request_id,
        # who sent it, as the rate limits count them (behind PROXY_COUNT proxies: the client's
        # address they forwarded), so a 429 can be traced to its client
        "client": request.remote_addr,
    }
    game_id = (request.view_args or {}).get("game_id")
    if game_id is None and request.endpoint == "games.create_game" and response.status_code == 201:
        game_id = (response.get_json(silent=True) or {}).get("id")
    if game_id is not None:
        fields["game_id"] = without_tokens(game_id)
    # a 5xx is an error of the service: logged at that level, so LOG_LEVEL=warning keeps it
    level = logging.ERROR if response.status_code >= 500 else logging.INFO
    request_log.log(level, "request", extra={"fields": fields})
    return response


def install_request_hooks(app: Flask) -> None:
    """Register first, so every later hook (rate limits, authentication) and every error
    response already has the request id."""
    app.before_request_funcs.setdefault(None, []).insert(0, _begin)
    app.after_request(_finish)
