"""HTTP edge: the Flask app factory. WSGI entry: `api:create_app()`.

Parses requests, calls the service, maps results and errors. No rules here.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
from collections.abc import Mapping

from flask import Flask, request
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import RequestEntityTooLarge, RequestTimeout

from api.contract import Contract
from api.edge.client_address import trust_forwarded_for
from api.edge.json_logs import log_json_to_stderr
from api.edge.metrics import METRICS_FROM_VARIABLE, PrometheusObserver, metrics_endpoint, scraper_networks
from api.edge.rate_limits import RateLimits, RateLimitSettings
from api.edge.request_log import install_request_hooks
from api.http_extras import register_http_extras
from api.i18n import register_i18n
from api.links import add_create_game_examples, add_links
from api.polymorphic import CONTRACT_KEY, ContractPlugin
from api.problems import ProblemApi, service_error_response
from api.query_parameters import document_validation_errors, refuse_undeclared_query_parameters
from domain.base import Ruleset
from domain.registry import RULESETS
from service.errors import ServiceError
from service.game_service import GameService
from store.base import env_number, open_store
from store.watchdog import Watchdog

MAX_BODY_BYTES = 64 * 1024
BODY_TIMEOUT_VARIABLE = "BODY_READ_TIMEOUT"  # seconds a body may go without a byte arriving
DRAIN_LIMIT_BYTES = 1024 * 1024  # of a refused body, read and dropped to keep its connection usable


class InsertionOrderJSONProvider(DefaultJSONProvider):
    """Flask's JSON with the keys in the order the code writes them (Flask sorts them by default)."""

    sort_keys = False


def create_app(
    database_url: str | None = None, testing: bool = False, rulesets: Mapping[str, Ruleset] | None = None
) -> Flask:
    """The app serving `rulesets` (default: the product registry, domain.registry.RULESETS).

    Every ruleset-specific schema and operation is built from what the rulesets declare
    (api.contract), so the registry passed here is the only list of rulesets.
    Environment: DATABASE_URL, RATE_LIMIT, REDIS_URL, RATE_LIMIT_KEY_PREFIX, PROXY_COUNT,
    LOG_LEVEL, PROMETHEUS_MULTIPROC_DIR (README, "Operating the service").
    """
    rate_limit_settings = RateLimitSettings.from_environment()  # a bad RATE_LIMIT stops start-up
    scrapers = scraper_networks(os.environ.get(METRICS_FROM_VARIABLE))  # so does a bad METRICS_FROM
    log_json_to_stderr()
    registry = dict(RULESETS if rulesets is None else rulesets)
    contract = Contract(registry)
    app = Flask(__name__, static_folder=None)  # the web table serves its own files (api/web)
    app.config.update(
        API_TITLE="Chinese card games service",
        API_VERSION="1.0.0",
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        TESTING=testing,
        API_SPEC_OPTIONS={
            "info": {
                "description": ", ".join(r.name for r in registry.values())
                + ": rules, AI seats, an append-only audited event log. Errors are RFC 9457 problem documents."
            },
            # Relative first: the docs page (and any client of this document) calls the server
            # that served it.
            "servers": [
                {"url": "/", "description": "the server that serves this document"},
                {"url": "http://127.0.0.1:8000", "description": "`make run` on your machine"},
            ],
            "components": {
                "securitySchemes": {
                    "bearerAuth": {
                        "type": "http",
                        "scheme": "bearer",
                        "description": "a seat token from create_game",
                    }
                }
            },
        },
    )
    app.json = InsertionOrderJSONProvider(app)
    store = open_store(database_url or os.environ.get("DATABASE_URL"))
    # which store this process serves: a mistyped path opens a new, empty one without an error
    logging.getLogger("cardgames.store").info(
        "store opened", extra={"fields": {"store": store.kind, "location": store.location}}
    )
    app.extensions["game_service"] = GameService(store, rulesets=registry, observer=PrometheusObserver())
    app.extensions[CONTRACT_KEY] = contract
    trust_forwarded_for(app)
    install_request_hooks(app)  # first: every later hook and error response has the request id

    api = ProblemApi(app, spec_kwargs={"marshmallow_plugin": ContractPlugin(contract)})
    register_i18n(app, api)  # the language of each request, `lang` in the OpenAPI document
    document_validation_errors(api)  # every operation refuses an undeclared query parameter
    from api.feed.routes import blp as feed_blp
    from api.games.routes import blp as games_blp
    from api.health.routes import blp as health_blp
    from api.rulesets.routes import make_blueprint as rulesets_blueprint

    for blp in (health_blp, rulesets_blueprint(contract), games_blp, feed_blp):
        api.register_blueprint(blp, url_prefix="/v1")
    add_links(api.spec)
    add_create_game_examples(api.spec, registry)
    from api.web.routes import blp as web_blp

    app.register_blueprint(web_blp)  # the web table at /: plain Flask, not part of the OpenAPI document
    app.register_error_handler(ServiceError, service_error_response)
    body_seconds = env_number(BODY_TIMEOUT_VARIABLE, 10, 0.1)  # a bad value stops start-up
    app.before_request(lambda: _read_body_within(body_seconds))
    app.before_request(_refuse_oversized_body)
    refuse_undeclared_query_parameters(app)  # after the blueprints: it reads their operations
    register_http_extras(app)
    app.extensions["rate_limits"] = RateLimits(app, rate_limit_settings)
    # Prometheus' text format, outside the OpenAPI document (not a client's endpoint).
    app.add_url_rule("/metrics", "metrics", metrics_endpoint(scrapers))
    return app


_BODY_WATCHDOG = Watchdog("cardgames-body-watchdog")


def _read_body_within(seconds: float) -> None:
    """Read a request's body (at most MAX_BODY_BYTES, announced or chunked) before anything else,
    all of it within `seconds`: a client that sends its headers and then stalls in its body, or
    sends it a byte at a time, held a worker thread for as long as it kept the connection open
    (some 30 such connections made a node look dead). Past it: 408, nothing done, the
    connection closed. A timeout on each read catches a client that stops; one that dribbles
    restarts that clock with every byte, so the watchdog shuts the socket's reading side once the
    whole deadline has passed (the 408 is still written).

    gunicorn puts the connection in `gunicorn.socket`; it sets the socket blocking again before
    the connection's next request, which clears the timeout set here."""
    length = request.content_length
    chunked = "chunked" in request.headers.get("Transfer-Encoding", "").lower()
    sock = request.environ.get("gunicorn.socket")
    if sock is None or not (length or chunked) or (length or 0) > MAX_BODY_BYTES:
        return  # no body to wait for, or one refused unread (413)
    sock.settimeout(seconds)
    key = _BODY_WATCHDOG.watch(sock.fileno(), seconds, socket.SHUT_RD)
    in_time = True
    try:
        try:
            request.get_data(cache=True)
        finally:
            in_time = _BODY_WATCHDOG.release(key)  # False: the deadline passed, reading was shut
            sock.settimeout(None)
    except Exception as exc:  # ClientDisconnected, or gunicorn's error for a chunked body cut short
        if in_time and not isinstance(exc.__context__, TimeoutError):
            raise
        # gunicorn would keep the connection and, before its next request, wait for the rest
        # of this body as long as the client cares to dribble it: no more reading
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RD)
        raise RequestTimeout() from None
    if not in_time:
        # what was read before the shutdown (an early end, an empty chunked body) is not the
        # body the client meant
        raise RequestTimeout()


def _refuse_oversized_body() -> None:
    """413 for a body past MAX_BODY_BYTES, read to its end (up to DRAIN_LIMIT_BYTES).

    With a Content-Length, Werkzeug would answer 413 up front. A chunked body has none, and
    Werkzeug then stops reading at the limit *silently*: the truncated JSON would be
    answered 400 "malformed JSON". Read it here (at most the limit) and say 413.

    Either way the rest of the body is read and dropped: gunicorn's gthread workers keep a
    connection alive only when its request body was read to the end (they drain at most
    64 KiB themselves), and otherwise close it after the response without saying so, so a
    client's next request on that connection would fail.
    """
    length = request.content_length
    if length is not None and length > MAX_BODY_BYTES:
        _drain(length)
        raise RequestEntityTooLarge()
    if length is None and "chunked" in request.headers.get("Transfer-Encoding", "").lower():
        if len(request.get_data(cache=True)) >= MAX_BODY_BYTES:
            _drain(DRAIN_LIMIT_BYTES)
            raise RequestEntityTooLarge()


def _drain(announced: int) -> None:
    if announced > DRAIN_LIMIT_BYTES:
        return  # not worth reading: gunicorn closes the connection
    stream = request.environ["wsgi.input"]
    for _ in range(DRAIN_LIMIT_BYTES // 65536 + 1):
        if not stream.read(65536):
            return
