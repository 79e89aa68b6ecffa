"""RFC 9457 problem documents for every error, and the Api subclass that emits them."""

from __future__ import annotations

import http
import logging
import re
from collections.abc import Callable, Mapping
from typing import Any

import marshmallow as ma
from flask import Response, g, has_request_context, json, request
from flask_smorest import Api
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from api.blueprint import Blueprint, View
from api.field_errors import worded, worded_errors
from api.i18n import request_translator
from service.errors import (
    Forbidden,
    GameActive,
    IdempotencyMismatch,
    IllegalActionError,
    InvalidRequest,
    NotFound,
    ServiceError,
    ServiceUnavailable,
    StaleVersion,
    StoredLogInvalid,
    Unauthorized,
)
from service.i18n import N_, Translator, joined

PROBLEM_CONTENT_TYPE = "application/problem+json"
PROBLEM_BASE = "/problems/"

# Our own problem types for Werkzeug's HTTP errors (the rest use their name).
_HTTP_SLUGS = {400: "malformed-request", 413: "payload-too-large", 422: "validation-error"}
# RFC 6750 §3: a 401 names the scheme the client should use.
WWW_AUTHENTICATE = 'Bearer realm="cardgames"'


def http_problem_slug(code: int, name: str) -> str:
    """The problem type slug of a Werkzeug HTTP error: ours, else its name in lower-case-hyphens."""
    return _HTTP_SLUGS.get(code) or re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


class ProblemSchema(ma.Schema):
    type = ma.fields.String(required=True, metadata={"description": "URI reference naming the problem type"})
    title = ma.fields.String(required=True)
    status = ma.fields.Integer(required=True, strict=True)
    detail = ma.fields.String(required=True)
    rule = ma.fields.String(
        allow_none=True, metadata={"description": "the game rule that refused, e.g. NT-6.4"}
    )
    current_version = ma.fields.Integer(strict=True, metadata={"description": "with stale-version"})
    errors = ma.fields.Dict(metadata={"description": "field errors of a request that did not fit the schema"})
    request_id = ma.fields.String(
        metadata={"description": "the request's id, as in its X-Request-Id response header and the log"}
    )


def problem_response(
    status: int,
    slug: str,
    title: str,
    detail: str,
    headers: Mapping[str, str] | None = None,
    **extra: object,
) -> Response:
    # Extension members (RFC 9457 §3.2) are open: whatever the error carries (`rule`, ...).
    body: dict[str, object] = {
        "type": PROBLEM_BASE + slug,
        "title": title,
        "status": status,
        "detail": detail,
    }
    body.update({k: v for k, v in extra.items() if v is not None or k == "rule"})
    if has_request_context() and "request_id" in g:
        body["request_id"] = g.request_id
    resp = Response(json.dumps(body), status=status, mimetype=PROBLEM_CONTENT_TYPE)
    for name, value in (headers or {}).items():
        resp.headers[name] = value
    if status == 401:
        resp.headers.setdefault("WWW-Authenticate", WWW_AUTHENTICATE)
    return resp


# The HTTP status of each service error (the service knows no HTTP); a subclass not listed
# answers as its nearest listed base class.
SERVICE_ERROR_STATUS: dict[type[ServiceError], int] = {
    ServiceError: 400,
    NotFound: 404,
    Unauthorized: 401,
    Forbidden: 403,
    InvalidRequest: 422,
    GameActive: 409,
    StaleVersion: 409,
    IllegalActionError: 409,
    IdempotencyMismatch: 422,
    ServiceUnavailable: 503,
    StoredLogInvalid: 500,
}


def status_of(error_class: type[ServiceError]) -> int:
    for cls in error_class.__mro__:
        if cls in SERVICE_ERROR_STATUS:
            return SERVICE_ERROR_STATUS[cls]
    return 500


# Seconds a client should wait before retrying after a 503 (the store unreachable).
UNAVAILABLE_RETRY_AFTER = 5

log = logging.getLogger("cardgames.api")


def service_error_response(error: ServiceError) -> Response:
    status = status_of(type(error))
    headers: dict[str, str] = {}
    if status == 503:
        # The cause (store message: host, path) is for the operator's log only.
        log.warning("answered 503: %s", error.__cause__ or error.detail)
        headers["Retry-After"] = str(UNAVAILABLE_RETRY_AFTER)
    elif status >= 500:
        # A fault of the server's data: the operator needs the cause (which rule refused what).
        log.error("answered %d: %s (cause: %r)", status, error.detail, error.__cause__)
    words = request_translator()
    return problem_response(
        status, error.slug, error.title_in(words), error.detail_in(words), headers=headers, **error.extra
    )


class ProblemApi(Api):
    """flask-smorest Api that answers every error as problem+json.

    No `default` error response: with one, the generated client would parse any status (even a
    proxy's HTML 502) as a problem, and schemathesis could never flag an undocumented status;
    every operation documents its error statuses instead (`documents_problems`).
    """

    DEFAULT_ERROR_RESPONSE_NAME = None
    ERROR_SCHEMA = ProblemSchema

    def _register_responses(self) -> None:
        """Error responses named by status (NOT_FOUND, UNPROCESSABLE_CONTENT …) are problem+json."""
        for status in http.HTTPStatus:
            if status >= 400:
                response: dict[str, Any] = {
                    "description": _DESCRIPTIONS.get(status, status.phrase),
                    "schema": ProblemSchema,
                }
                if status in _EXAMPLES:
                    response["example"] = _EXAMPLES[status]
                if status == 401:
                    response["headers"] = {
                        "WWW-Authenticate": {"description": "Bearer", "schema": {"type": "string"}}
                    }
                prepare_response(response, self.spec, PROBLEM_CONTENT_TYPE)
                self.spec.components.response(status.name, response, lazy=True)

    def handle_http_exception(self, error: HTTPException) -> Response:
        data = getattr(error, "data", None) or {}
        code = error.code or 500
        headers = dict(data.get("headers") or {})
        # flask-smorest's own handler drops the exception's headers: keep Allow on a 405.
        if isinstance(error, MethodNotAllowed) and error.valid_methods:
            headers["Allow"] = ", ".join(error.valid_methods)
        words = request_translator()
        errors = worded_errors(data.get("errors") or data.get("messages"), words)
        detail = words.gettext(data.get("message") or error.description or error.name)
        if error.description == type(error).description and code in HTTP_DETAILS:
            # Werkzeug's stock sentence (English only): ours, in the request's language.
            detail = words.format(HTTP_DETAILS[code], method=request.method)
        if code == 422 and errors:
            detail = words.format(
                N_("the request does not fit the schema: {fields}"), fields=_summarise(errors, words)
            )
        if code == 400 and errors:
            detail = words.gettext(N_("malformed JSON body")) + _json_reason(errors, words)
        if code >= 500:
            detail = words.gettext(N_("internal error"))
        slug = http_problem_slug(code, error.name)
        return problem_response(code, slug, words.gettext(error.name), detail, headers=headers, errors=errors)


# The detail of an HTTP error raised without one of its own (a path no route serves, a method
# a route does not take, a body over the limit).
HTTP_DETAILS = {
    404: N_("nothing is served at this path"),
    405: N_("this path does not accept the method {method}; the Allow header lists the ones it does"),
    413: N_("the body is larger than this API accepts"),
    408: N_(
        "the request's body stopped arriving before its end (nothing was read for the seconds the "
        "service waits): nothing was done; send the request again"
    ),
}


def _json_reason(errors: object, words: Translator) -> str:
    """Why a body is not JSON we can read, when the parser said more than webargs' stock words."""
    reasons = errors.get("json") if isinstance(errors, dict) else None
    if isinstance(reasons, list) and reasons and reasons != [worded("Invalid JSON body.", words)]:
        return ": " + joined(words.language, (str(r) for r in reasons))
    return ""


def _summarise(errors: object, words: Translator, prefix: str = "") -> str:
    parts = []
    if isinstance(errors, dict):
        for key, value in errors.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            if key == "_schema":  # the object itself ("options: Not a JSON object"; the body's: "body")
                name = prefix
            if key in ("json", "headers", "query", "view_args") and not prefix:
                name = ""
            parts.append(_summarise(value, words, name))
    elif isinstance(errors, list) and all(isinstance(e, str) for e in errors):
        # "ruleset: Must be one of: …; seats: …", not "….; seats": a message's own final full
        # stop goes, as the parts are joined by "; " (`joined`)
        parts.append(f"{prefix or 'body'}: {' '.join(e.rstrip('.。') for e in errors)}")
    else:
        parts.append(f"{prefix}: {errors}")
    return joined(words.language, (p for p in parts if p))


def documents_problems(blp: Blueprint, *statuses: int) -> Callable[[View], View]:
    """Decorator: document each status as a problem+json response.

    `@blp.arguments` documents only 422; a body operation also answers 400 (malformed JSON),
    413 and 415, which must be listed or schemathesis flags an undocumented status."""

    def decorator(fn: View) -> View:
        for status in statuses:
            fn = blp.alt_response(status, response=http.HTTPStatus(status).name)(fn)
        return fn

    return decorator


_DESCRIPTIONS = {
    400: "Malformed JSON",
    401: "Missing or invalid seat token",
    403: "Seat token of another game",
    404: "Not found",
    409: "Conflicts with the game's current state",
    408: "The body stopped arriving (BODY_READ_TIMEOUT): nothing was done, send the request again",
    413: "Body too large",
    415: "The body is not JSON (send Content-Type: application/json)",
    422: "The request does not fit the schema, or its content cannot be accepted",
    429: "Too many requests from this address: wait for Retry-After seconds",
    500: (
        "The game's stored log was changed outside the service and no longer replays (stored-log-invalid), "
        "or another failure of the service (internal-server-error): nothing was changed"
    ),
    503: (
        "The event store (or Redis) is unavailable: nothing was changed (unless detail says the change "
        "may have been recorded), retry after Retry-After seconds"
    ),
}

_EXAMPLES = {
    401: {
        "type": PROBLEM_BASE + "unauthorized",
        "title": "Missing or invalid seat token",
        "status": 401,
        "detail": "this endpoint needs the seat token of the game (Authorization: Bearer …)",
    },
    409: {
        "type": PROBLEM_BASE + "stale-version",
        "title": "Stale expected_version",
        "status": 409,
        "detail": "expected_version 2 is stale; the game is at version 5",
        "current_version": 5,
    },
}
