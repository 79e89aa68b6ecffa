"""The language of each request: negotiated here, passed on as a `Translator`.

`?lang=` wins when it is given (a tag whose primary subtag is offered, e.g. `fr` or `fr-CA`;
any other value means English); otherwise `Accept-Language` as Werkzeug parses it (ordered by
q-value, highest first; q=0 means "not this"): the first tag whose primary subtag is offered, so
`zh-CN;q=0.95, tr;q=0.9` is Chinese (Werkzeug's own `best_match` would prefer the exact `tr`);
English for anything else, `*` included. Every response says which language it is in (`Content-Language`) and that it
depends on both (`Vary: Accept-Language`; `?lang=` is part of the URL already).

Wired by one call, `register_i18n(app, api)`, right after the Api is made: it also declares the
`lang` query parameter on every `/v1` operation of the OpenAPI document (so the generated SDK
takes it) and serves the web table's UI messages as JSON (`GET /i18n/<lang>.json`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import Blueprint, Flask, abort, g, jsonify, request
from flask_smorest import Api
from werkzeug.wrappers import Response

from api.spec_plugins import Operation, amend_every_operation
from service.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    Translator,
    best_language,
    translator,
    ui_messages,
)

LANG_QUERY = "lang"
LANG_PARAMETER: dict[str, Any] = {
    "name": LANG_QUERY,
    "in": "query",
    "required": False,
    "description": "the language of names, labels, texts and problem details: "
    + ", ".join(LANGUAGES)
    + " (wins over Accept-Language; English for any other). The response's Content-Language says "
    "which was used.",
    "schema": {"type": "string"},
}

# Titles of the HTTP errors the API answers itself (Werkzeug's names), for the catalogues.
HTTP_TITLES = (
    N_("Bad Request"),
    N_("Unauthorized"),
    N_("Forbidden"),
    N_("Not Found"),
    N_("Method Not Allowed"),
    N_("Not Acceptable"),
    N_("Request Timeout"),
    N_("Conflict"),
    N_("Request Entity Too Large"),
    N_("Unsupported Media Type"),
    N_("Unprocessable Entity"),
    N_("Too Many Requests"),
    N_("Internal Server Error"),
)


def negotiate(query_lang: str | None, accept_language: Iterable[tuple[str, float]]) -> str:
    """The language of a request from its `?lang=` value and its Accept-Language, parsed into
    (tag, quality) pairs, highest quality first (Werkzeug's `LanguageAccept`)."""
    if query_lang is not None:
        return best_language(query_lang) or DEFAULT_LANGUAGE
    for tag, quality in accept_language:
        if quality <= 0:
            continue
        if tag == "*":
            return DEFAULT_LANGUAGE
        found = best_language(tag)
        if found is not None:
            return found
    return DEFAULT_LANGUAGE


def request_language() -> str:
    if "language" not in g:
        g.language = negotiate(request.args.get(LANG_QUERY), request.accept_languages)
    language: str = g.language
    return language


def request_translator() -> Translator:
    return translator(request_language())


def _say_language(response: Response) -> Response:
    response.headers.setdefault("Content-Language", request_language())
    response.vary.add("Accept-Language")
    return response


def _declare_lang(operation: Operation) -> None:
    parameters = operation.setdefault("parameters", [])
    if not any(p.get("name") == LANG_QUERY for p in parameters if isinstance(p, dict)):
        parameters.append(dict(LANG_PARAMETER))


blp = Blueprint("i18n", __name__)


@blp.route("/i18n/<language>.json")
def ui_catalogue(language: str) -> Response:
    """The web table's messages in one language: {message id: translation} (plain Flask)."""
    if language not in LANGUAGES:
        abort(404)
    response = jsonify(
        {
            "language": language,
            "languages": [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES],
            "messages": ui_messages(language),
        }
    )
    response.headers["Content-Language"] = language
    return response


def register_i18n(app: Flask, api: Api) -> None:
    amend_every_operation(api, _declare_lang)  # `lang` on every /v1 operation
    app.after_request(_say_language)
    app.register_blueprint(blp)
