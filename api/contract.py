"""The API's per-ruleset schemas, built from what each registered ruleset declares.

For every ruleset in the registry this builds, from its declared shapes (domain.schema)
and facts, the variants of the polymorphic schemas (api.polymorphic.ByRuleset): the body of
create_game (its seat count, AI levels, deck of its card codes, options and their ranges),
its game view (hand, seats, table), its legal actions, its ruleset document with typed
cards, and its hand calculator's input and output. Component names are the ruleset's id
in CamelCase followed by the declared name (e.g. `<Id>Hand`), so adding a ruleset adds
schemas and operations without touching api/.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import marshmallow as ma

from api.fields import CardCode, Declared, NamedEnum, StrictBoolean, StrictInteger
from api.games import schemas as games
from api.rulesets import schemas as rulesets
from domain.base import Ruleset
from domain.schema import Card, Flag, LegalActionShape, ListOf, Prop, Record, Shape, Text, Whole

ROLES = ("create_game", "game_view", "legal_actions", "ruleset")


# A ruleset's id: lower-case letters and digits, a letter first (docs/adding-a-ruleset.md). It is
# in URLs and, first letter upper-cased, in schema and SDK model names, which the SDK's clients
# rebuild from the id the same way (cli/remote.py: CreateMygameGame).
RULESET_ID = re.compile(r"[a-z][a-z0-9]*")


def camel(ruleset_id: str) -> str:
    """The ruleset id as the prefix of its schema names: "mygame" → "Mygame"."""
    if not RULESET_ID.fullmatch(ruleset_id):
        raise ValueError(f"ruleset id {ruleset_id!r}: an id is lower-case letters and digits, a letter first")
    return ruleset_id.capitalize()


def enum_member_names(names: list[str], codes: list[str]) -> list[str]:
    """SDK enum member names for card codes, from the card names ("Long Three" → LONG_THREE,
    "One of Myriads (一萬)" → ONE_OF_MYRIADS); the code where a name would be ambiguous."""
    out = [re.sub(r"[^A-Z0-9]+", "_", name.split("(")[0].upper()).strip("_") for name in names]
    return [
        n
        if n and n[0].isalpha() and out.count(n) == 1
        else f"CODE_{re.sub(r'[^A-Za-z0-9]+', '_', c).upper()}"
        for n, c in zip(out, codes, strict=True)
    ]


def _schema(name: str, fields: dict[str, Any], bases: tuple[type, ...] = (ma.Schema,), **attrs: Any) -> type:
    """A marshmallow schema class named `name` (its OpenAPI component is `name`)."""
    return type(f"{name}Schema", bases, {**fields, **attrs})


@dataclass(frozen=True)
class CalculatorRoute:
    """What the API needs to serve one ruleset's hand calculator."""

    ruleset_id: str
    operation_id: str
    summary: str
    hand: type[ma.Schema]
    report: type[ma.Schema]


class _Builder:
    """Marshmallow schemas of one ruleset's declared shapes."""

    def __init__(self, ruleset: Ruleset):
        self.ruleset = ruleset
        self.prefix = camel(ruleset.id)
        self.codes = ruleset.card_codes()
        self.code_names = enum_member_names([c["name"] for c in ruleset.cards()], self.codes)
        self.records: dict[str, type] = {}
        self.shapes: dict[str, Record] = {}  # the shape each schema name was built from
        action_fields: dict[str, ma.fields.Field[Any]] = {"cards": ma.fields.List(self.card(), required=True)}
        if ruleset.action_types:
            action_fields["type"] = NamedEnum(
                list(ruleset.action_types), f"{self.prefix}ActionType", required=True
            )
        self.legal_action = _schema(f"{self.prefix}LegalAction", action_fields, (games.LegalActionSchema,))

    def card(self, **kwargs: Any) -> CardCode:
        return CardCode(self.codes, f"{self.prefix}CardCode", self.code_names, **kwargs)

    def field(self, shape: Shape, **kwargs: Any) -> ma.fields.Field[Any]:
        if shape.description:
            kwargs["metadata"] = {"description": shape.description, **kwargs.get("metadata", {})}
        if isinstance(shape, Text):
            validate = ma.validate.OneOf(shape.choices) if shape.choices else None
            return ma.fields.String(validate=validate, **kwargs)
        if isinstance(shape, Whole):
            if shape.minimum is None and shape.maximum is None:
                return StrictInteger(**kwargs)
            return StrictInteger(validate=ma.validate.Range(min=shape.minimum, max=shape.maximum), **kwargs)
        if isinstance(shape, Flag):
            return StrictBoolean(**kwargs)
        if isinstance(shape, Card):
            return self.card(**kwargs)
        if isinstance(shape, ListOf):
            length = None
            if shape.min_items is not None or shape.max_items is not None:
                if shape.min_items == shape.max_items:
                    length = ma.validate.Length(equal=shape.min_items)
                else:
                    length = ma.validate.Length(min=shape.min_items, max=shape.max_items)
            return ma.fields.List(self.field(shape.item), validate=length, **kwargs)
        if isinstance(shape, Record):
            return ma.fields.Nested(self.record(shape), **kwargs)
        if isinstance(shape, LegalActionShape):
            return ma.fields.Nested(self.legal_action, **kwargs)
        raise TypeError(f"no API field for shape {shape!r}")

    def prop(self, prop: Prop) -> ma.fields.Field[Any]:
        kwargs: dict[str, Any] = {"required": prop.required, "allow_none": prop.nullable}
        if not prop.required and prop.default is not None:
            kwargs["load_default"] = prop.default
        if prop.description:
            kwargs["metadata"] = {"description": prop.description}
        return self.field(prop.shape, **kwargs)

    def record(
        self,
        record: Record,
        bases: tuple[type, ...] = (ma.Schema,),
        extra: dict[str, ma.fields.Field[Any]] | None = None,
        example: dict[str, Any] | None = None,
    ) -> type:
        name = self.prefix + record.name
        built = self.shapes.get(name)
        if built is not None and built != record:
            # One name in the spec is one schema: a second shape of that name would silently
            # take the first one's place in openapi.yaml and the SDK.
            raise TypeError(f"two different shapes are named {record.name!r} in {self.ruleset.id}")
        if name not in self.records:
            self.shapes[name] = record
            meta = type("Meta", (), {"unknown": ma.INCLUDE if record.open else ma.RAISE})
            fields = {**(extra or {}), **{key: self.prop(p) for key, p in record.props.items()}}
            self.records[name] = _schema(
                name, fields, bases, Meta=meta, shape_description=record.description, openapi_example=example
            )
        return self.records[name]


class Contract:
    """The per-ruleset schemas of one app, by role and ruleset id, and its calculators."""

    def __init__(self, registry: Mapping[str, Ruleset]):
        self.rulesets = dict(registry)
        self._variants: dict[str, dict[str, ma.Schema]] = {role: {} for role in ROLES}
        self.calculators: list[CalculatorRoute] = []
        for ruleset in self.rulesets.values():
            self._add(ruleset)

    def variants(self, role: str) -> dict[str, ma.Schema]:
        return self._variants[role]

    def _add(self, r: Ruleset) -> None:
        b = _Builder(r)
        p = b.prefix
        tag = {"ruleset": ma.fields.String(required=True, validate=ma.validate.Equal(r.id))}
        levels = NamedEnum(
            list(r.ai_levels), f"{p}AiLevel", metadata={"description": "AI seats only; default basic"}
        )
        seat_spec = _schema(f"{p}SeatSpec", {"level": levels}, (games.SeatSpecBase,))
        options = _schema(
            f"{p}GameOptions",
            {
                o.name: StrictInteger(
                    validate=ma.validate.Range(min=o.minimum, max=o.maximum),
                    metadata={"description": f"{o.description} ({o.rule})"},
                )
                for o in r.options
            },
        )
        players = r.players
        create = _schema(
            f"Create{p}Game",
            {
                **tag,
                "seats": ma.fields.List(
                    ma.fields.Nested(seat_spec),
                    validate=ma.validate.Length(equal=players),
                    metadata={
                        "description": f"one per seat ({players}); default: seat 0 human, the rest AI basic"
                    },
                ),
                "deck": ma.fields.List(
                    b.card(),
                    allow_none=True,
                    validate=ma.validate.Length(equal=r.deck_size()),
                    metadata={
                        "description": "full card order for reproducible scenarios (custom_deck); every "
                        "card exactly as often as the deck holds it (422 otherwise)"
                    },
                ),
                "options": ma.fields.Nested(options, load_default=dict),
            },
            (games.CreateGameBase,),
            openapi_example={"ruleset": r.id, "seed": 7},
        )
        seat_number = ma.validate.Range(min=0, max=players - 1)
        seat_facts = b.record(r.seat_facts)
        seat_view = _schema(
            f"{p}SeatView",
            {
                "seat": StrictInteger(required=True, validate=seat_number),
                "kind": NamedEnum(games.SEAT_KINDS, "SeatSpecKind", required=True),
                "level": NamedEnum(
                    list(r.ai_levels), f"{p}AiLevel", metadata={"description": "AI seats only"}
                ),
                "facts": Declared(
                    seat_facts, required=True, metadata={"description": "public facts of the seat"}
                ),
            },
            (games.SeatViewBase,),
        )
        view = _schema(
            f"{p}GameView",
            {
                **tag,
                "seat": StrictInteger(
                    required=True,
                    allow_none=True,
                    validate=seat_number,
                    metadata={"description": "the caller's seat"},
                ),
                "to_act": ma.fields.List(StrictInteger(validate=seat_number), required=True),
                **({"phase": NamedEnum(list(r.phases), f"{p}Phase", required=True)} if r.phases else {}),
                "hand": ma.fields.List(
                    b.card(),
                    required=True,
                    allow_none=True,
                    metadata={"description": "the caller's concealed cards (a card just drawn among them)"},
                ),
                "drawn": b.card(
                    required=True,
                    allow_none=True,
                    metadata={"description": games.DRAWN},
                ),
                "seats": ma.fields.List(
                    ma.fields.Nested(seat_view), required=True, validate=ma.validate.Length(equal=players)
                ),
                "table": Declared(
                    b.record(r.table), required=True, metadata={"description": "the public table"}
                ),
            },
            (games.GameViewBase,),
        )
        legal = _schema(
            f"{p}LegalActions",
            {
                **tag,
                "seat": StrictInteger(required=True, validate=seat_number),
                "actions": ma.fields.List(ma.fields.Nested(b.legal_action), required=True),
            },
            (games.LegalActionsBase,),
        )
        card = b.record(r.card_facts, (rulesets.CardBase,), {"code": b.card(required=True)})
        ruleset_doc = _schema(
            f"{p}Ruleset",
            {
                "id": ma.fields.String(required=True, validate=ma.validate.Equal(r.id)),
                "ai_levels": ma.fields.List(NamedEnum(list(r.ai_levels), f"{p}AiLevel"), required=True),
                "cards": ma.fields.List(ma.fields.Nested(card), required=True),
            },
            (rulesets.RulesetBase,),
        )
        for role, schema in (
            ("create_game", create),
            ("game_view", view),
            ("legal_actions", legal),
            ("ruleset", ruleset_doc),
        ):
            self._variants[role][r.id] = schema()
        if r.calculator is not None:
            self.calculators.append(
                CalculatorRoute(
                    ruleset_id=r.id,
                    operation_id=f"score_{r.id}_hand",
                    summary=r.calculator.summary,
                    hand=b.record(r.calculator.hand, example=r.calculator.example),
                    report=b.record(r.calculator.report),
                )
            )
