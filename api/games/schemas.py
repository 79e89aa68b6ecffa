"""Schemas of the games resource (docs/api.md, "Games")."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

import marshmallow as ma

from api.field_errors import NOT_A_CREATION_HASH, NOT_A_CREATION_KEY, NOT_AN_IDEMPOTENCY_KEY
from api.fields import NamedEnum, QueryInteger, StrictInteger, UnicodeString, card_list
from api.polymorphic import ByRuleset
from domain.base import Outcome

MAX_SEED = 2**63 - 1


def _split(data: dict[str, Any], known: set[str], rest: str) -> dict[str, Any]:
    """Keep the declared keys and gather the ruleset-specific rest under `rest`."""
    out = {k: v for k, v in data.items() if k in known}
    out[rest] = {k: v for k, v in data.items() if k not in known}
    return out


# ------------------------------------------------------------------ create


def SEED_SOURCE() -> ma.fields.String:  # noqa: N802 - a field factory, used like a field class
    return ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(["client", "server"]),
        metadata={
            "description": "who chose the seed: 'server' (128 random bits from the service) or 'client' "
            "(the game's creator, who may then know every hand: fit for solo play and reproducible "
            "tests, not for games between people)"
        },
    )


SEAT_KINDS = ["human", "ai"]


class SeatSpecBase(ma.Schema):
    """One seat of a new game; each ruleset's variant names its AI levels (api.contract)."""

    kind = NamedEnum(SEAT_KINDS, "SeatSpecKind", required=True)


class CreateGameBase(ma.Schema):
    """Fields of create_game every ruleset shares; each ruleset's variant (api.contract) adds
    `ruleset` (its tag), `seats`, `deck` and `options` with its own counts, codes and ranges."""

    seed = StrictInteger(
        allow_none=True,
        validate=ma.validate.Range(min=0, max=MAX_SEED),
        metadata={"description": "deal seed; drawn secretly by the server when absent"},
    )


class CreateGameSchema(ByRuleset):
    """The body of create_game: one schema per ruleset, chosen by `ruleset`."""

    role = "create_game"


class CreateGameBody(TypedDict):
    """The body of create_game as its schema loads it."""

    ruleset: str
    seed: NotRequired[int | None]
    seats: NotRequired[list[dict[str, Any]]]  # each {"kind": ..., "level": ...}
    deck: NotRequired[list[str] | None]
    options: NotRequired[dict[str, int]]


class CreatedSeatSchema(ma.Schema):
    seat = StrictInteger(required=True)
    kind = NamedEnum(SEAT_KINDS, "SeatSpecKind", required=True)
    level = ma.fields.String()
    token = ma.fields.String(metadata={"description": "human seats only, and only in this response"})


CREATION_HASH = (
    "the hash of the game's first event (game_created: the id, ruleset, options, seats, seed "
    "commitment and who chose the seed): keep it, and an export of this game must begin with it "
    "(`cardgames verify --creation-hash`)"
)


class CreatedGameSchema(ma.Schema):
    id = ma.fields.String(required=True)
    ruleset = ma.fields.String(required=True)
    version = StrictInteger(required=True)
    status = ma.fields.String(required=True, validate=ma.validate.OneOf(["active", "finished"]))
    seed_commitment = ma.fields.String(
        required=True, metadata={"description": "SHA-256 of nonce, seed and deck"}
    )
    creation_hash = ma.fields.String(required=True, metadata={"description": CREATION_HASH})
    custom_deck = ma.fields.Boolean(required=True)
    seed_source = SEED_SOURCE()
    seats = ma.fields.List(ma.fields.Nested(CreatedSeatSchema), required=True)


# ------------------------------------------------------------------ view
DRAWN = (
    "the card the caller has just drawn from a concealed stock (a kong's replacement included) "
    "while its turn lasts, and which `hand` already holds (count it once); null otherwise, and in "
    "rulesets whose draws are public"
)


class SeatViewBase(ma.Schema):
    """A seat in a view; each ruleset's variant types `facts` (api.contract)."""

    seat = StrictInteger(required=True)
    kind = ma.fields.String(required=True)
    level = ma.fields.String()
    hand_count = StrictInteger(required=True)
    facts = ma.fields.Dict(required=True, metadata={"description": "ruleset-specific public facts"})

    @ma.pre_dump
    def gather_facts(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return _split(data, {"seat", "kind", "level", "hand_count"}, "facts")


class BreakdownItemSchema(ma.Schema):
    rule = ma.fields.String(required=True, allow_none=True)
    what = ma.fields.String(
        required=True,
        metadata={
            "description": "the line in words; any arithmetic in it multiplies out as written "
            "(docs/api.md, 'Reading a breakdown')"
        },
    )
    points = StrictInteger(required=True)
    details = ma.fields.Dict(
        required=True, metadata={"description": "ruleset-specific facts of the line (a factor, a deal...)"}
    )

    @ma.pre_dump
    def gather_details(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return _split(data, {"rule", "what", "points"}, "details")


class PlayerResultSchema(ma.Schema):
    seat = StrictInteger(required=True)
    score = StrictInteger(required=True)
    breakdown = ma.fields.List(ma.fields.Nested(BreakdownItemSchema), required=True)
    details = ma.fields.Dict(
        required=True,
        metadata={
            "description": "ruleset-specific facts of the seat's result (tricks won, unplayed cards...)"
        },
    )

    @ma.pre_dump
    def gather_details(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return _split(data, {"seat", "score", "breakdown"}, "details")


class ResultSchema(ma.Schema):
    outcome = NamedEnum(
        [o.value for o in Outcome],
        "Outcome",
        required=True,
        metadata={
            "description": "win; draw (Sì Sè Pái: the stock ran out, Chuo Pai: a tie for the most "
            "cards); exhausted (Nantong: the stock ran out without a winner)"
        },
    )
    winners = ma.fields.List(StrictInteger(), required=True)
    scores = ma.fields.List(StrictInteger(), required=True)
    players = ma.fields.List(ma.fields.Nested(PlayerResultSchema), required=True)
    details = ma.fields.Dict(required=True, metadata={"description": "ruleset-specific result facts"})

    @ma.pre_dump
    def gather_details(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return _split(data, {"outcome", "winners", "scores", "players"}, "details")


class OwnAnswerSchema(ma.Schema):
    action = ma.fields.String(required=True, metadata={"description": "the action id answered"})
    label = ma.fields.String(required=True, metadata={"description": "what it does, in words"})


OWN_ANSWER = (
    "the caller's own answer to the open claim window while it is kept sealed, until every "
    "person at the table has answered (it is then logged with the others); only in that seat's "
    "view, null otherwise"
)


class GameViewBase(ma.Schema):
    """A game view; each ruleset's variant (api.contract) tags `ruleset` and types `hand`,
    `seats` and `table`."""

    id = ma.fields.String(required=True)
    ruleset = ma.fields.String(required=True)
    version = StrictInteger(required=True)
    status = ma.fields.String(required=True, validate=ma.validate.OneOf(["active", "finished"]))
    seat = StrictInteger(required=True, allow_none=True, metadata={"description": "the caller's seat"})
    to_act = ma.fields.List(StrictInteger(), required=True)
    phase = ma.fields.String(required=True)
    hand = card_list(required=True, allow_none=True, metadata={"description": "the caller's concealed cards"})
    drawn = ma.fields.String(required=True, allow_none=True, metadata={"description": DRAWN})
    seats = ma.fields.List(ma.fields.Nested(SeatViewBase), required=True)
    table = ma.fields.Dict(required=True, metadata={"description": "ruleset-specific public table"})
    seed_commitment = ma.fields.String(required=True)
    creation_hash = ma.fields.String(required=True, metadata={"description": CREATION_HASH})
    custom_deck = ma.fields.Boolean(required=True)
    seed_source = SEED_SOURCE()
    options = ma.fields.Dict(required=True)
    result = ma.fields.Nested(ResultSchema, required=True, allow_none=True)
    own_answer = ma.fields.Nested(
        OwnAnswerSchema, required=True, allow_none=True, metadata={"description": OWN_ANSWER}
    )


class GameViewSchema(ByRuleset):
    """A game as one viewer may see it: one schema per ruleset, chosen by `ruleset`."""

    role = "game_view"


# ------------------------------------------------------------------ actions
class LegalActionSchema(ma.Schema):
    id = ma.fields.String(required=True, metadata={"description": "send this id to play_action"})
    type = ma.fields.String(required=True)
    label = ma.fields.String(
        required=True, metadata={"description": "what the action does, in words, naming cards by name"}
    )
    cards = card_list(required=True)
    extra = ma.fields.Dict(required=True, metadata={"description": "ruleset-specific fields"})

    @ma.pre_dump
    def gather_extra(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return _split(data, {"id", "type", "label", "cards"}, "extra")


class LegalActionsBase(ma.Schema):
    """The caller's legal actions; each ruleset's variant (api.contract) tags `ruleset` and
    types the card codes of its actions."""

    version = StrictInteger(required=True)
    seat = StrictInteger(required=True)
    actions = ma.fields.List(ma.fields.Nested(LegalActionSchema), required=True)


class LegalActionsSchema(ByRuleset):
    """The caller's legal actions: one schema per ruleset, chosen by `ruleset`."""

    role = "legal_actions"


class PlayActionSchema(ma.Schema):
    action = UnicodeString(required=True, validate=ma.validate.Length(min=1, max=200))
    expected_version = StrictInteger(required=True, validate=ma.validate.Range(min=0, max=MAX_SEED))


class PlayActionBody(TypedDict):
    """The body of play_action as its schema loads it."""

    action: str
    expected_version: int


def _idempotency_key(shortest: int, error: str, description: str) -> ma.fields.String:
    # Visible ASCII but the comma: a header sent twice reaches the app as the two values joined
    # by a comma, and a key read from it would match neither retry of one of them.
    return ma.fields.String(
        data_key="Idempotency-Key",
        validate=ma.validate.Regexp(rf"^[\x21-\x2b\x2d-\x7e]{{{shortest},200}}$", error=error),
        metadata={"description": description},
    )


class IdempotencyHeaderSchema(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE

    idempotency_key = _idempotency_key(
        1,
        NOT_AN_IDEMPOTENCY_KEY,
        "a retried request with the same key returns the first response "
        "(1 to 200 visible ASCII characters, no comma: the header given twice is refused)",
    )


class CreationIdempotencyHeaderSchema(ma.Schema):
    class Meta:
        unknown = ma.EXCLUDE

    # At least 32 characters: the retry's answer holds the seat tokens, and no seat token
    # authenticates a creation, so the key is the only secret guarding them.
    idempotency_key = _idempotency_key(
        32,
        NOT_A_CREATION_KEY,
        "a retried creation with the same key and body is answered with the game "
        "the first one created, seat tokens and all, instead of dealing another (32 to 200 "
        "visible ASCII characters, no comma; a random UUID: the key is as secret as the tokens)",
    )


class IdempotencyHeaders(TypedDict, total=False):
    idempotency_key: str


class EventSchema(ma.Schema):
    version = StrictInteger(required=True)
    type = ma.fields.String(
        required=True,
        metadata={
            "description": "game_created, action, game_finished, or a consequence of the action (or "
            "deal) just before it: draw, claim_settled, unclaimed, round_won, deal_over (docs/api.md); a "
            "client shows an unknown type by its text",
            "example": "draw",
        },
    )
    time = ma.fields.String(required=True)
    payload = ma.fields.Dict(
        required=True,
        metadata={
            "description": "an action or a consequence: {seat, public, …}; another seat's, while the "
            "game runs, only {seat, public} (a hidden drawn card is not in it)",
            "example": {"seat": 0, "public": {"replacement": False}, "card": "5m"},
        },
    )
    text = ma.fields.String(
        required=True,
        metadata={
            "description": "what happened, in one sentence for the caller, naming cards by name "
            "(written from this event as the caller sees it: it tells nothing the payload does not)"
        },
    )
    prev_hash = ma.fields.String(metadata={"description": "present once the game is finished"})
    hash = ma.fields.String(metadata={"description": "present once the game is finished"})


class ActionResultSchema(ma.Schema):
    version = StrictInteger(required=True)
    events = ma.fields.List(ma.fields.Nested(EventSchema), required=True)
    view = ma.fields.Nested(GameViewSchema, required=True)


class EventsQuerySchema(ma.Schema):
    # Query values arrive as strings: QueryInteger reads ASCII digits only.
    after = QueryInteger(load_default=0, validate=ma.validate.Range(min=0, max=MAX_SEED))
    limit = QueryInteger(load_default=100, validate=ma.validate.Range(min=1, max=1000))


class PageQuery(TypedDict):
    """`after` and `limit` of a page of events (this log's, or the global feed's)."""

    after: int
    limit: int


class EventsPageSchema(ma.Schema):
    version = StrictInteger(required=True)
    events = ma.fields.List(ma.fields.Nested(EventSchema), required=True)
    next = StrictInteger(
        required=True,
        allow_none=True,
        metadata={"description": "pass as `after` for the next page; null at the end"},
    )


# ------------------------------------------------------------------ audit
class ScoreSchema(ResultSchema):
    id = ma.fields.String(required=True)
    ruleset = ma.fields.String(required=True)
    version = StrictInteger(required=True)
    custom_deck = ma.fields.Boolean(required=True)
    seed_source = SEED_SOURCE()

    @ma.pre_dump
    def gather_details(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        known = {
            "id",
            "ruleset",
            "version",
            "custom_deck",
            "seed_source",
            "outcome",
            "winners",
            "scores",
            "players",
        }
        return _split(data, known, "details")


class ReplayQuerySchema(ma.Schema):
    version = QueryInteger(
        validate=ma.validate.Range(min=1, max=MAX_SEED), metadata={"description": "default: the last event"}
    )


class ReplayQuery(TypedDict, total=False):
    version: int


class ReplaySchema(ma.Schema):
    id = ma.fields.String(required=True)
    version = StrictInteger(required=True)
    seed = ma.fields.String(required=True)
    nonce = ma.fields.String(required=True)
    custom_deck = ma.fields.Boolean(required=True)
    seed_source = SEED_SOURCE()
    state = ma.fields.Dict(required=True, metadata={"description": "the full state after that event"})
    event = ma.fields.Nested(EventSchema, required=True)


class ExportedGameSchema(ma.Schema):
    id = ma.fields.String(required=True)
    ruleset = ma.fields.String(required=True)
    created_at = ma.fields.String(required=True)
    seed = ma.fields.String(required=True)
    nonce = ma.fields.String(required=True)
    deck = card_list(required=True, allow_none=True)
    custom_deck = ma.fields.Boolean(required=True)
    seed_source = SEED_SOURCE()


class ExportSchema(ma.Schema):
    format = ma.fields.String(required=True)
    game = ma.fields.Nested(ExportedGameSchema, required=True)
    events = ma.fields.List(ma.fields.Nested(EventSchema), required=True)


class CheckSchema(ma.Schema):
    name = ma.fields.String(required=True)
    ok = ma.fields.Boolean(required=True)
    detail = ma.fields.String(required=True)


class VerificationSchema(ma.Schema):
    ok = ma.fields.Boolean(required=True)
    checks = ma.fields.List(ma.fields.Nested(CheckSchema), required=True)
    # which log the report vouches for: a copy exported later must have the same
    creation_hash = ma.fields.String(
        allow_none=True, metadata={"description": "the hash of the verified log's first event (game_created)"}
    )
    last_hash = ma.fields.String(
        allow_none=True, metadata={"description": "the hash of the verified log's last event"}
    )
    version = StrictInteger(
        allow_none=True, metadata={"description": "the verified log's last version (its length)"}
    )


class VerifyQuerySchema(ma.Schema):
    creation_hash = ma.fields.String(
        validate=ma.validate.Regexp(r"^[0-9a-fA-F]{64}$", error=NOT_A_CREATION_HASH),
        metadata={
            "description": "64 hexadecimal digits: the creation_hash you kept from the game's start (its creation response or "
            "any view while it ran): the report then also checks that the log begins with that very "
            "event (`known_creation`, as `cardgames verify --creation-hash`)"
        },
    )


class VerifyQuery(TypedDict, total=False):
    creation_hash: str
