"""Games: create, view, legal actions, actions, events, score, replay, export, verify."""

from __future__ import annotations

import re
from typing import Any

from flask import Response, g, request, url_for

from api.auth import bearer_token
from api.blueprint import Blueprint
from api.games import schemas as s
from api.http_extras import IDEMPOTENT_REPLAYED_HEADER, conditional_view
from api.i18n import request_translator
from api.problems import documents_problems
from api.service_access import game_service
from service.commands import LANGUAGE_KEY, REPLAYED_KEY
from service.errors import NotFound, Unauthorized
from service.i18n import N_

blp = Blueprint("games", __name__, description="Games: play, watch and audit")

SEAT_TOKEN: list[dict[str, list[str]]] = [{"bearerAuth": []}]
LOCATION_HEADER = {"Location": {"description": "the new game's URL", "schema": {"type": "string"}}}
REPLAYED_HEADERS = {
    IDEMPOTENT_REPLAYED_HEADER: {
        "description": "`true` when this is the stored first answer to an earlier request with the same "
        "Idempotency-Key: the game may have moved on since, so read the view again",
        "schema": {"type": "string", "enum": ["true"]},
    }
}
# What a body written in English whatever the request's language says of itself.
ENGLISH = {"Content-Language": "en"}
# Endpoints that act for a seat and so need its token.
_SEAT_REQUIRED = {"games.get_legal_actions", "games.play_action"}


@blp.before_request
def authenticate() -> None:
    """404 → 401/403 before the body is parsed: `@blp.arguments` validates before the view
    runs, so authenticating in the view would answer a tokenless bad body 422, not 401."""
    game_id = (request.view_args or {}).get("game_id")
    g.seat = None
    if game_id is None:
        return
    service = game_service()
    if not service.exists(game_id):
        raise NotFound(N_("no game {game_id!r}"), {"game_id": game_id})
    token = bearer_token()
    if token is None and request.endpoint in _SEAT_REQUIRED:
        raise Unauthorized(N_("this endpoint needs the seat token of the game (Authorization: Bearer …)"))
    g.seat = service.authenticate(game_id, token)


# A path about one game, for the answers no view of this blueprint gave: a method the path does
# not take (405) is refused while routing, before any view (and its view_args) is chosen.
_GAME_PATH = re.compile(r"/v1/games/[^/]+(/|$)")


def _about_a_game() -> bool:
    if (request.view_args or {}).get("game_id") is not None:
        return True
    return request.url_rule is None and _GAME_PATH.match(request.path) is not None


def caching_of_a_game_answer(response: Response) -> Response:
    """Every answer about a game depends on the token `authenticate` read (a seat's own cards in
    its view and events; 401/403 for a bad token), so no cache may give it to another caller
    (`Vary: Authorization`). A read is true until the next action: a browser may keep it, but
    must ask again (If-None-Match, answered 304 while unchanged) before showing it, and a shared
    cache never keeps it, since it belongs to one token."""
    if not _about_a_game():
        return response
    response.vary.add("Authorization")
    if request.method in ("GET", "HEAD"):
        response.headers.setdefault("Cache-Control", "private, no-cache")
    return response


# of the whole app: the blueprint's own hooks miss a request no route of it took (a 405)
blp.after_app_request(caching_of_a_game_answer)


@blp.route("/games", methods=["POST"])
@blp.doc(operationId="create_game")
@blp.arguments(s.CreateGameSchema)  # examples per ruleset: api.links.add_create_game_examples
@blp.arguments(s.CreationIdempotencyHeaderSchema, location="headers")
@blp.response(201, s.CreatedGameSchema, headers={**LOCATION_HEADER, **REPLAYED_HEADERS})
@documents_problems(blp, 400, 408, 413, 415, 422, 429, 500, 503)
def create_game(
    body: s.CreateGameBody, headers: s.IdempotencyHeaders
) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Create a game; AI seats that act first have acted when it returns.

    With an Idempotency-Key, a retry of the same request is answered with the game the first
    one created (`Idempotent-Replayed: true`), so a creation whose answer was lost is not lost."""
    created = game_service().create_game(
        body["ruleset"],
        body.get("seats"),
        body.get("seed"),
        body.get("deck"),
        body.get("options"),
        headers.get("idempotency_key"),
    )
    headers_out = {"Location": url_for("games.get_game", game_id=created["id"])}
    if created.get(REPLAYED_KEY):
        headers_out[IDEMPOTENT_REPLAYED_HEADER] = "true"
    return created, 201, headers_out


@blp.route("/games/<string:game_id>")
@blp.doc(operationId="get_game")
@blp.response(200, s.GameViewSchema)
@documents_problems(blp, 401, 403, 404, 500, 503)
@conditional_view(blp)
def get_game(game_id: str) -> dict[str, Any]:
    """The game as the caller may see it: a seat's view with its token, else the spectator view.

    The seat token is optional here: send it (Authorization: Bearer) to see that seat's hand.
    """
    return game_service().view(game_id, g.seat, request_translator())


@blp.route("/games/<string:game_id>/legal-actions")
@blp.doc(operationId="get_legal_actions", security=SEAT_TOKEN)
@blp.response(200, s.LegalActionsSchema)
@documents_problems(blp, 401, 403, 404, 500, 503)
@conditional_view(blp)
def get_legal_actions(game_id: str) -> dict[str, Any]:
    """The caller's legal actions now (empty when it is not the caller's decision)."""
    return game_service().legal_actions(game_id, g.seat, request_translator())


@blp.route("/games/<string:game_id>/actions", methods=["POST"])
@blp.doc(operationId="play_action", security=SEAT_TOKEN)
# The body first: the outer `arguments` is parsed first, and a malformed body is a 400 before any
# 422 of the header (the documented order 400/413 → 422).
@blp.arguments(s.PlayActionSchema, example={"action": "pass", "expected_version": 2})
@blp.arguments(s.IdempotencyHeaderSchema, location="headers")
@blp.response(200, s.ActionResultSchema, headers=REPLAYED_HEADERS)
@documents_problems(blp, 400, 401, 403, 404, 408, 409, 413, 415, 500, 503)
def play_action(
    body: s.PlayActionBody, headers: s.IdempotencyHeaders, game_id: str
) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Submit one action by id; AI seats then act until a person must decide."""
    answer = game_service().act(
        game_id,
        g.seat,
        body["action"],
        body["expected_version"],
        headers.get("idempotency_key"),
        request_translator(),
    )
    headers_out: dict[str, str] = {}
    # an idempotent retry's answer is the first one, in the language it was worded in
    worded_in = answer.get(LANGUAGE_KEY)
    if isinstance(worded_in, str):
        headers_out["Content-Language"] = worded_in
    if answer.get(REPLAYED_KEY):
        headers_out[IDEMPOTENT_REPLAYED_HEADER] = "true"
    return answer, 200, headers_out


@blp.route("/games/<string:game_id>/events")
@blp.doc(operationId="list_events")
@blp.arguments(s.EventsQuerySchema, location="query")
@blp.response(200, s.EventsPageSchema)
@documents_problems(blp, 401, 403, 404, 500, 503)
def list_events(query: s.PageQuery, game_id: str) -> dict[str, Any]:
    """The event log as the caller may see it; every event in full once the game is finished."""
    return game_service().events(game_id, g.seat, query["after"], query["limit"], request_translator())


@blp.route("/games/<string:game_id>/score")
@blp.doc(operationId="get_score")
@blp.response(200, s.ScoreSchema)
@documents_problems(blp, 401, 403, 404, 409, 500, 503)
def get_score(game_id: str) -> dict[str, Any]:
    """The result with its breakdown (409 while the game runs)."""
    return game_service().score(game_id, request_translator())


@blp.route("/games/<string:game_id>/replay")
@blp.doc(operationId="get_replay")
@blp.arguments(s.ReplayQuerySchema, location="query")
@blp.response(200, s.ReplaySchema)
@documents_problems(blp, 401, 403, 404, 409, 500, 503)
def get_replay(query: s.ReplayQuery, game_id: str) -> dict[str, Any]:
    """The full state after event `version`, for a step-by-step audit of a finished game."""
    return game_service().replay(game_id, query.get("version"), request_translator())


@blp.route("/games/<string:game_id>/export")
@blp.doc(operationId="export_game")
@blp.response(200, s.ExportSchema)
@documents_problems(blp, 401, 403, 404, 409, 500, 503)
def export_game(game_id: str) -> tuple[dict[str, Any], int, dict[str, str]]:
    """The complete log with the seed revealed, for `python -m service.verify`."""
    # an audit file keeps English texts whatever the reader asked for (docs/i18n.md)
    return game_service().export(game_id), 200, ENGLISH


@blp.route("/games/<string:game_id>/verify")
@blp.doc(operationId="verify_game")
@blp.arguments(s.VerifyQuerySchema, location="query")
@blp.response(200, s.VerificationSchema)
@documents_problems(blp, 401, 403, 404, 409, 500, 503)
def verify_game(query: s.VerifyQuery, game_id: str) -> tuple[dict[str, Any], int, dict[str, str]]:
    """Re-deal from the revealed seed, re-check the commitment and hash chain, replay and compare."""
    # the offline verifier's report, in its words (docs/i18n.md)
    return game_service().verify(game_id, query.get("creation_hash")), 200, ENGLISH
