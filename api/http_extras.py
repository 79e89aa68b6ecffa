"""What a browser client needs beyond the routes: CORS, conditional views, 415 for a body that is
not JSON, the problem type pages, and the interactive API docs at /docs (served from here: no CDN).

Wired by one call, `register_http_extras(app)`, after the API blueprints are registered.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from importlib.resources import files

from flask import (
    Blueprint,
    Flask,
    current_app,
    json,
    render_template_string,
    request,
    send_from_directory,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_cors import CORS
from werkzeug.exceptions import UnsupportedMediaType
from werkzeug.wrappers import Response

from api import problem_types
from api.blueprint import Blueprint as ApiBlueprint
from api.blueprint import View
from api.i18n import request_translator
from service.i18n import N_

# Comma-separated origins a browser may call the API from; "*" (the default) allows any: the API
# authenticates with bearer tokens, never cookies, so another origin gains nothing a script
# outside the browser would not have.
CORS_ORIGINS_ENV = "CORS_ALLOWED_ORIGINS"
# On the answer to a retried request that the Idempotency-Key matched: the body is the first
# answer as it was, so the game may have moved on since (read the view again).
IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed"
# Every request header the API reads, and the cache headers HTTP client wrappers add: a header
# missing here makes the browser refuse the request before it is sent.
CORS_ALLOWED_HEADERS = [
    "Authorization",
    "Content-Type",
    "Idempotency-Key",
    "If-None-Match",
    "X-Request-Id",
    "Accept-Language",  # safelisted only for short values of a few characters
    "Cache-Control",
    "Pragma",
]
CORS_EXPOSED_HEADERS = [
    "ETag",
    "Location",
    "Retry-After",
    "X-Request-Id",
    "WWW-Authenticate",
    IDEMPOTENT_REPLAYED_HEADER,
    # api/edge/rate_limits.py: a browser client can see how many game creations it has left.
    "RateLimit-Limit",
    "RateLimit-Remaining",
    "RateLimit-Reset",
    "RateLimit-Policy",
]
CORS_MAX_AGE_SECONDS = 600

_BODY_METHODS = {"POST", "PUT", "PATCH"}
_CONDITIONAL_ATTR = "_conditional_view"

# Swagger UI's files, from the swagger-ui-py package (Apache-2.0; its LICENSE is served beside them).
SWAGGER_UI_DIR = files("swagger_ui") / "static"
DOCS_PATH = "/docs"


def cors_origins() -> str | list[str]:
    configured = os.environ.get(CORS_ORIGINS_ENV, "*").strip()
    if configured in ("", "*"):
        return "*"
    return [origin.strip() for origin in configured.split(",") if origin.strip()]


def register_http_extras(app: Flask) -> None:
    # Flask runs after_request functions last registered first: this one runs right after
    # flask-cors, before the others add to `response.vary`.
    app.after_request(_one_vary_header)
    CORS(
        app,
        origins=cors_origins(),
        send_wildcard=True,
        methods=["GET", "HEAD", "POST", "OPTIONS"],
        allow_headers=CORS_ALLOWED_HEADERS,
        expose_headers=CORS_EXPOSED_HEADERS,
        max_age=CORS_MAX_AGE_SECONDS,
        supports_credentials=False,
    )
    app.before_request(_answer_preflight)
    app.before_request(_refuse_body_that_is_not_json)
    app.after_request(_conditional_response)
    app.register_blueprint(problem_types.blp)
    app.register_blueprint(docs_blp)


# ------------------------------------------------------------------ CORS preflight
def _answer_preflight() -> ResponseReturnValue | None:
    """A CORS preflight carries no token: answer it before any authentication runs
    (flask-cors then adds the Access-Control-* headers)."""
    is_preflight = request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers
    if not is_preflight:
        return None
    if request.url_rule is not None:
        return current_app.make_default_options_response()
    # No such route: the preflight still succeeds, so that the request itself is sent and its
    # 404 problem reaches the script (a refused preflight is only "Failed to fetch" there).
    return Response(status=204)


def _one_vary_header(response: Response) -> Response:
    """flask-cors adds `Vary: Origin` as a header line of its own, and `response.vary` reads only
    the first line, so a later `vary.add` dropped `Origin`: join every line into one."""
    lines = response.headers.getlist("Vary")
    if len(lines) > 1:
        names: dict[str, str] = {}
        for line in lines:
            for name in line.split(","):
                if name.strip():
                    names.setdefault(name.strip().lower(), name.strip())
        response.headers["Vary"] = ", ".join(names.values())
    return response


# ------------------------------------------------------------------ 415
NOT_JSON = N_("the body must be JSON (Content-Type: application/json), not {sent}")


def _refuse_body_that_is_not_json() -> None:
    """Every body this API takes is JSON, sent as `application/json` (parameters such as a
    charset aside). Without this, webargs would ignore a form or text body and answer 422
    "missing field", which hides the real mistake. Other JSON-based types (`…+json`, which
    Flask's `is_json` also takes) say the body is something else, so they are refused too."""
    if request.method not in _BODY_METHODS:
        return
    has_body = (
        bool(request.content_length) or "chunked" in request.headers.get("Transfer-Encoding", "").lower()
    )
    if has_body and request.mimetype != "application/json":
        sent = request.mimetype or "no Content-Type"
        raise UnsupportedMediaType(request_translator().format(NOT_JSON, sent=sent))


# ------------------------------------------------------------------ ETag / 304
def conditional_view(blp: ApiBlueprint) -> Callable[[View], View]:
    """Decorator for a view that depends only on the game and the caller: a strong ETag from the
    body (so per viewer), `Vary: Authorization`, and 304 for a matching If-None-Match.

    The spec documents the ETag but not the 304: a browser's HTTP cache sends If-None-Match and
    turns the 304 into the cached 200 by itself, and a documented body-less 304 would make the
    generated client's return type `Any` for these two most used views. The If-None-Match header
    is documented as a parameter, so the generated client takes it per call (`if_none_match`):
    a header set on the client instead (its `with_headers`) stays on the shared connection and
    would turn every later read into a 304."""

    def decorator(fn: View) -> View:
        setattr(fn, _CONDITIONAL_ATTR, True)
        return blp.doc(
            parameters=[_IF_NONE_MATCH_PARAMETER], responses={200: {"headers": _CONDITIONAL_HEADERS}}
        )(fn)

    return decorator


_IF_NONE_MATCH_PARAMETER = {
    "in": "header",
    "name": "If-None-Match",
    "required": False,
    "description": "the ETag of a view read before: while the view is unchanged the answer is "
    "304 Not Modified with no body (not listed among the responses; read the status)",
    "schema": {"type": "string"},
}

_CONDITIONAL_HEADERS = {
    "ETag": {
        "description": "strong tag of this body for this caller; send it as If-None-Match to get 304 "
        "Not Modified while the view is unchanged",
        "schema": {"type": "string"},
    },
    "Vary": {
        "description": "Authorization: the view depends on the seat token",
        "schema": {"type": "string"},
    },
}


def _conditional_response(response: Response) -> Response:
    view = current_app.view_functions.get(request.endpoint or "")
    if view is None or not getattr(view, _CONDITIONAL_ATTR, False):
        return response
    response.vary.add("Authorization")
    if response.status_code == 200 and request.method in ("GET", "HEAD"):
        response.set_etag(hashlib.sha256(response.get_data()).hexdigest()[:32])
        response.make_conditional(request)
    return response


# ------------------------------------------------------------------ /docs
docs_blp = Blueprint("docs", __name__)

_DOCS_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Chinese card games service: API</title>
<link rel="stylesheet" href="{{ assets }}swagger-ui.css">
<link rel="icon" type="image/png" href="{{ assets }}favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="{{ assets }}swagger-ui-bundle.js"></script>
<script src="{{ assets }}docs-init.js"></script>
</body>
</html>
"""

# In a file of its own (not inline) so a Content-Security-Policy of script-src 'self' allows it.
# validatorUrl null: Swagger UI would otherwise load a badge from an outside validator.
_DOCS_INIT = """window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: %s,
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: true,
    persistAuthorization: true
  });
};
"""


@docs_blp.route(DOCS_PATH)
def docs_page() -> str:
    """Swagger UI for this service's OpenAPI document; try requests with a seat token (Authorize)."""
    return render_template_string(_DOCS_PAGE, assets=f"{request.script_root}{DOCS_PATH}/assets/")


@docs_blp.route(f"{DOCS_PATH}/assets/docs-init.js")
def docs_init() -> Response:
    script = _DOCS_INIT % json.dumps(url_for("api-docs.openapi_json"))
    return Response(script, mimetype="text/javascript")


@docs_blp.route(f"{DOCS_PATH}/assets/<path:filename>")
def docs_asset(filename: str) -> Response:
    return send_from_directory(str(SWAGGER_UI_DIR), filename)
