"""Schemas of the rulesets resource. Each ruleset's card facts and hand calculator schemas
are built from what the ruleset declares (api.contract); none is named here."""

from __future__ import annotations

from typing import Any, TypedDict

import marshmallow as ma

from api.fields import StrictInteger
from api.polymorphic import ByRuleset


class RulesetSummarySchema(ma.Schema):
    id = ma.fields.String(required=True)
    name = ma.fields.String(required=True)
    players = StrictInteger(required=True)
    summary = ma.fields.String(required=True)
    languages = ma.fields.List(
        ma.fields.String(),
        required=True,
        metadata={
            "description": "the languages that names, labels, texts and problem details come in (`lang` or "
            "Accept-Language); the first is the default. The rules text comes in them too (GET .../rules)."
        },
    )


class RulesetSummary(TypedDict):
    """A ruleset in the list (RulesetSummarySchema)."""

    id: str
    name: str
    players: int
    summary: str
    languages: list[str]


class CardBase(ma.Schema):
    """A card kind; each ruleset's variant types `code` and adds its card facts."""

    code = ma.fields.String(required=True)
    name = ma.fields.String(required=True)
    count = StrictInteger(
        required=True, validate=ma.validate.Range(min=1), metadata={"description": "copies in the deck"}
    )


class RulesTextSchema(ma.Schema):
    id = ma.fields.String(required=True)
    format = ma.fields.String(required=True, metadata={"description": "always markdown"})
    text = ma.fields.String(required=True)
    language = ma.fields.String(
        required=True,
        metadata={
            "description": "the language `text` is written in: the request's language when the rules "
            "are translated into it, else en (the canonical text; also in Content-Language)"
        },
    )
    canonical = ma.fields.Boolean(
        required=True,
        metadata={
            "description": "true for the canonical English text; a translation keeps every rule "
            "number, and where the two differ the English text is the rule"
        },
    )
    languages = ma.fields.List(
        ma.fields.String(),
        required=True,
        metadata={"description": "every language the rules can be read in (?lang=), en first"},
    )


class RulesText(TypedDict):
    id: str
    format: str
    text: str
    language: str
    canonical: bool
    languages: list[str]


class LevelStrengthSchema(ma.Schema):
    against = ma.fields.String(required=True, metadata={"description": "the AI level in every other seat"})
    deals = StrictInteger(required=True, metadata={"description": "each played once per seat rotation"})
    games = StrictInteger(required=True)
    win_share = ma.fields.Float(
        required=True, metadata={"description": "win points per game: 1 a win, 1/n an n-way tie"}
    )
    win_share_ci95 = ma.fields.Float(required=True, metadata={"description": "95% CI half-width"})
    fair_share = ma.fields.Float(required=True, metadata={"description": "1 / players"})
    vs_fair = ma.fields.Float(required=True, metadata={"description": "win_share / fair_share"})
    mean_score = ma.fields.Float(required=True, metadata={"description": "mean score per game"})
    mean_score_ci95 = ma.fields.Float(required=True, metadata={"description": "95% CI half-width"})


class AiLevelInfoSchema(ma.Schema):
    level = ma.fields.String(required=True)
    description = ma.fields.String(required=True, metadata={"description": "what the level does, one line"})
    summary = ma.fields.String(
        required=True,
        metadata={"description": "how the level plays, in plain words for a person choosing an opponent"},
    )
    strength = ma.fields.List(
        ma.fields.Nested(LevelStrengthSchema),
        required=True,
        metadata={"description": "measured matches in duplicate format (docs/ai.md)"},
    )


class GameOptionSchema(ma.Schema):
    name = ma.fields.String(required=True, metadata={"description": "its key in POST /v1/games `options`"})
    minimum = ma.fields.Integer(required=True)
    maximum = ma.fields.Integer(required=True)
    default = ma.fields.Integer(
        required=True, allow_none=True, metadata={"description": "when absent; null: decided from the seed"}
    )
    seat = ma.fields.Boolean(required=True, metadata={"description": "whether the value is a seat number"})
    rule = ma.fields.String(required=True, metadata={"description": "the rule the option sets"})
    description = ma.fields.String(required=True, metadata={"description": "what it sets, one line"})


class RulesetBase(RulesetSummarySchema):
    """One ruleset; each ruleset's variant tags `id` and types `ai_levels` and `cards`."""

    rules_url = ma.fields.String(
        required=True, metadata={"description": "where the API serves the rules text"}
    )
    ai_levels = ma.fields.List(ma.fields.String(), required=True)
    ai_level_info = ma.fields.List(
        ma.fields.Nested(AiLevelInfoSchema),
        required=True,
        metadata={"description": "each of ai_levels: a one-line description and its measured strength"},
    )
    cards = ma.fields.List(ma.fields.Nested(CardBase), required=True)
    options = ma.fields.List(
        ma.fields.Nested(GameOptionSchema),
        required=True,
        metadata={"description": "the options a game of this ruleset takes (POST /v1/games `options`)"},
    )


class RulesetDocument(RulesetSummary):
    """One ruleset (RulesetBase; its cards and level facts as the ruleset declares them)."""

    rules_url: str
    ai_levels: list[str]
    ai_level_info: list[dict[str, Any]]
    cards: list[dict[str, Any]]
    options: list[dict[str, Any]]


class RulesetSchema(ByRuleset):
    """One ruleset with its cards: one schema per ruleset, chosen by `id`."""

    role = "ruleset"
    key = "id"
