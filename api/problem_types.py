"""A page for every problem `type` the service emits: GET /problems/<slug>.

A problem document's `type` is the relative URI `/problems/<slug>` (RFC 9457 §3.1.1), so it
resolves to this service: a person (Accept: text/html) gets a page, a program gets JSON.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace

from flask import Blueprint, Response, jsonify, make_response, render_template_string, request
from markupsafe import Markup, escape
from werkzeug.exceptions import NotFound as HTTPNotFound
from werkzeug.exceptions import default_exceptions

from api.i18n import request_translator
from api.problems import PROBLEM_BASE, http_problem_slug, status_of
from service.errors import ServiceError
from service.i18n import N_


@dataclass(frozen=True)
class ProblemType:
    slug: str
    status: int
    title: str
    description: str


# What each of our own problems means and what a client should do about it.
_DESCRIPTIONS = {
    "bad-request": N_("The request cannot be accepted as it is."),
    "not-found": N_("No such resource: the game id, ruleset or path does not exist."),
    "unauthorized": N_(
        "This endpoint needs a valid seat token of the game: send "
        "`Authorization: Bearer <token>` with a token from the create_game response. A token that is "
        "malformed or of no seat of this game is refused the same way."
    ),
    "forbidden": N_("The seat token belongs to another game."),
    "invalid-request": N_(
        "The body is well-formed and fits the schema, but its content cannot be "
        "accepted: an unknown card code, a deck with the wrong cards, options or seats the ruleset "
        "does not allow, or a hand that is not legal. `detail` says which; `rule` names the rule."
    ),
    "game-active": N_(
        "The game is not finished yet: the score, replay and export exist only once "
        "it is, because they reveal hidden cards and the seed."
    ),
    "stale-version": N_(
        "`expected_version` is not the game's current version: someone (an AI seat "
        "or another request) acted since you looked. `current_version` is in the body; fetch the view "
        "and the legal actions again, then decide."
    ),
    "illegal-action": N_(
        "The action is not legal now for this seat: it is not the seat's decision, "
        "or the action id is not among its legal actions. `rule` names the rule that refuses it; the "
        "legal actions list what is allowed."
    ),
    "idempotency-key-reused": N_(
        "The Idempotency-Key was already used for a different request; a "
        "retry must repeat the same request exactly, or use a new key."
    ),
    "malformed-request": N_("The body is not well-formed JSON."),
    "payload-too-large": N_("The body is larger than the service accepts (64 KiB)."),
    "request-timeout": N_(
        "The request's body stopped arriving before its end: nothing arrived for the seconds the "
        "service waits (BODY_READ_TIMEOUT, 10 by default). Nothing was done; send the request again."
    ),
    "validation-error": N_(
        "The request does not fit the schema: a missing or unknown field, a value "
        "of the wrong type or out of range. `errors` lists the fields."
    ),
    "unsupported-media-type": N_("The body is not JSON: send it with `Content-Type: application/json`."),
    "method-not-allowed": N_("This path does not accept this HTTP method; `Allow` lists the ones it does."),
    "internal-server-error": N_(
        "The service failed. An action that got this may have been recorded before the failure: "
        "retry it with the same `Idempotency-Key` to get its answer, or read the game first."
    ),
    "too-many-requests": N_(
        "Too many games created from this address: wait the seconds in "
        "`Retry-After`, then try again. `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` "
        "say how many are allowed per window and when it starts again."
    ),
    "stored-log-invalid": N_(
        "The event store holds a log of this game that the rules refuse: it was changed outside "
        "the service (an edited database, a damaged restore). Nothing was changed by the request, "
        "and other games are not affected. `detail` names the first event that does not replay; the "
        "service's log says why (what the rules refused)."
    ),
    "verification-busy": N_(
        "The server is computing another game's verification report (seconds of CPU where AI "
        "seats searched), and this request did not wait for it. Try again after the seconds in "
        "`Retry-After`; a report once computed is kept and returned at once."
    ),
    "service-unavailable": N_(
        "The event store cannot be reached now: nothing was "
        "changed, unless `detail` says the store stopped answering while it recorded the change "
        "(then it may have been: retry with the same `Idempotency-Key` to get its answer). Try "
        "again after the seconds in `Retry-After`; `GET /v1/health/ready` says when the node is ready."
    ),
}


def _service_error_classes() -> list[type[ServiceError]]:
    found, todo = [], [ServiceError]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def problem_types() -> dict[str, ProblemType]:
    """Every problem type the app can emit: the service's errors and Werkzeug's HTTP errors."""
    types: dict[str, ProblemType] = {}
    for code, exc_class in sorted(default_exceptions.items()):
        if code >= 400:
            exc = exc_class()
            slug = http_problem_slug(code, exc.name)
            description = _DESCRIPTIONS.get(slug) or exc.description or exc.name
            types[slug] = ProblemType(slug, code, exc.name, description)
    for cls in _service_error_classes():
        types[cls.slug] = ProblemType(
            cls.slug, status_of(cls), cls.title, _DESCRIPTIONS.get(cls.slug, cls.title)
        )
    return types


_STATUS_LINE = N_("HTTP status {status}. Problem type")
_EVERY_ERROR = N_("Every error of this service is an RFC 9457 problem document")

_PAGE = """<!DOCTYPE html>
<html lang="{{ lang }}">
<head><meta charset="utf-8"><title>{{ p.title }} ({{ p.status }})</title></head>
<body>
<h1>{{ p.title }}</h1>
<p>{{ words.format(status_line, status=p.status) }} <code>{{ type }}</code>.</p>
<p>{{ description }}</p>
<p>{{ words.gettext(every_error) }} (<code>application/problem+json</code>:
<code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>).
API: <a href="/docs">/docs</a>.</p>
</body>
</html>
"""

blp = Blueprint("problem_types", __name__)


def _with_code(text: str) -> Markup:
    """The description for the HTML page: escaped, with its `names` (written for the JSON's
    Markdown-reading clients) as <code>, not as backticks."""
    parts = str(escape(text)).split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick: the text as it is
        return Markup("`".join(parts))
    return Markup("".join(f"<code>{part}</code>" if i % 2 else part for i, part in enumerate(parts)))


@blp.route(PROBLEM_BASE + "<slug>")
def describe_problem(slug: str) -> Response:
    found = problem_types().get(slug)
    if found is None:
        raise HTTPNotFound(request_translator().format(N_("no problem type {slug!r}"), slug=slug))
    words = request_translator()
    problem = replace(found, title=words.gettext(found.title), description=words.gettext(found.description))
    best = request.accept_mimetypes.best_match(["application/json", "text/html"], default="application/json")
    if best == "text/html":
        response = make_response(
            render_template_string(
                _PAGE,
                p=problem,
                description=_with_code(problem.description),
                type=PROBLEM_BASE + slug,
                lang=words.language,
                words=words,
                status_line=_STATUS_LINE,
                every_error=_EVERY_ERROR,
            )
        )
    else:
        response = jsonify({"type": PROBLEM_BASE + slug, **asdict(problem)})
    response.vary.add("Accept")  # a page or JSON, by Accept: a cache must not serve one for the other
    return response
