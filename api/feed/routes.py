"""The global event feed: every game's events in commit order, for auditors and indexers."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from api.blueprint import Blueprint
from api.fields import QueryInteger, StrictInteger
from api.games.schemas import MAX_SEED, SEED_SOURCE, EventSchema, PageQuery
from api.i18n import request_translator
from api.problems import documents_problems
from api.service_access import game_service

blp = Blueprint("feed", __name__, description="Every game's events in global commit order")


class FeedQuerySchema(ma.Schema):
    # Query values arrive as strings: QueryInteger reads ASCII digits only.
    after = QueryInteger(
        load_default=0,
        validate=ma.validate.Range(min=0, max=MAX_SEED),
        metadata={"description": "the last position seen (0: from the start)"},
    )
    limit = QueryInteger(load_default=100, validate=ma.validate.Range(min=1, max=1000))


class FeedEventSchema(EventSchema):
    position = StrictInteger(required=True, metadata={"description": "global, in commit order"})
    game_id = ma.fields.String(required=True)
    seed_source = SEED_SOURCE()


class FeedPageSchema(ma.Schema):
    events = ma.fields.List(ma.fields.Nested(FeedEventSchema), required=True)
    next = StrictInteger(
        required=True,
        allow_none=True,
        metadata={"description": "pass as `after` for the next page; null when caught up"},
    )


@blp.route("/events")
@blp.doc(operationId="list_feed")
@blp.arguments(FeedQuerySchema, location="query")
@blp.response(200, FeedPageSchema)
@documents_problems(blp, 500, 503)
def list_feed(query: PageQuery) -> dict[str, Any]:
    """Every game's events after a global position, in commit order, redacted for a spectator:
    events of a running game show only what is public; a finished game's events are complete.
    A reader that follows `after` = the last position it saw never misses an event."""
    return game_service().feed(query["after"], query["limit"], request_translator())
