"""Schemas of the rulesets resource and the hand calculators."""

from __future__ import annotations

import marshmallow as ma

from api.fields import StrictInteger, card_code, card_list
from api.games.schemas import LegalActionSchema


class RulesetSummarySchema(ma.Schema):
    id = ma.fields.String(required=True)
    name = ma.fields.String(required=True)
    players = StrictInteger(required=True)
    summary = ma.fields.String(required=True)


class CardSchema(ma.Schema):
    code = ma.fields.String(required=True)
    name = ma.fields.String(required=True)
    count = StrictInteger(required=True, metadata={"description": "copies in the deck"})
    family = ma.fields.String(metadata={"description": "chuopai: main, yao, black or red"})
    rank = StrictInteger(
        allow_none=True, metadata={"description": "rank within the family or suit (nantong honours: null)"}
    )
    pips = ma.fields.List(StrictInteger(), metadata={"description": "chuopai: the two pip counts"})
    colour = ma.fields.String(
        allow_none=True, metadata={"description": "sisepai: red, yellow, white, green (flowers: null)"}
    )
    character = ma.fields.String(metadata={"description": "sisepai: the chess character or flower"})
    suit = ma.fields.String(allow_none=True, metadata={"description": "nantong: m, s, c or null for honours"})
    old_general = ma.fields.Boolean(metadata={"description": "nantong: one of the four old generals"})


class RulesTextSchema(ma.Schema):
    id = ma.fields.String(required=True)
    format = ma.fields.String(required=True, metadata={"description": "always markdown"})
    text = ma.fields.String(required=True)


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
    strength = ma.fields.List(
        ma.fields.Nested(LevelStrengthSchema),
        required=True,
        metadata={"description": "measured matches in duplicate format (docs/ai.md)"},
    )


class RulesetSchema(RulesetSummarySchema):
    rules_url = ma.fields.String(
        required=True, metadata={"description": "where the API serves the rules text"}
    )
    ai_levels = ma.fields.List(ma.fields.String(), required=True)
    ai_level_info = ma.fields.List(
        ma.fields.Nested(AiLevelInfoSchema),
        required=True,
        metadata={"description": "each of ai_levels: a one-line description and its measured strength"},
    )
    cards = ma.fields.List(ma.fields.Nested(CardSchema), required=True)


class RulesetPathSchema(ma.Schema):
    ruleset = ma.fields.String(required=True)


# --- Sì Sè Pái hand calculator (SSP-3, SSP-6.2) ---------------------------------------------
class SisepaiHandSchema(ma.Schema):
    concealed = card_list(required=True, validate=ma.validate.Length(max=21))
    exposed = ma.fields.List(
        card_list(validate=ma.validate.Length(min=1, max=4)),
        load_default=list,
        validate=ma.validate.Length(max=21),
    )
    new_card = card_code(required=True)


class SisepaiMeldSchema(ma.Schema):
    cards = card_list(required=True)
    kind = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(["single", "pair", "triple", "quad", "command", "field", "soldiers"]),
    )
    points = StrictInteger(required=True)
    exposed = ma.fields.Boolean(required=True)


class SisepaiScoreSchema(ma.Schema):
    winning = ma.fields.Boolean(required=True)
    total = StrictInteger(required=True, allow_none=True)
    melds = ma.fields.List(ma.fields.Nested(SisepaiMeldSchema), required=True)


# --- Nantong hand calculator (NT-7 … NT-9) ----------------------------------------------------
NANTONG_MELD_KINDS = [
    "pong",
    "exposed_kong",
    "added_kong",
    "concealed_kong",
    "opening_kong",
    "opening_triple",
    "hezi",
]
NANTONG_WIN_BY = ["discard", "self_draw", "kong_replacement", "robbed_kong", "heavenly"]


class NantongMeldInputSchema(ma.Schema):
    kind = ma.fields.String(required=True, validate=ma.validate.OneOf(NANTONG_MELD_KINDS))
    card = card_code(required=True)


class NantongWinSchema(ma.Schema):
    card = card_code(metadata={"description": "the winning card; omitted for a heavenly win"})
    by = ma.fields.String(required=True, validate=ma.validate.OneOf(NANTONG_WIN_BY))
    earthly = ma.fields.Boolean(load_default=False)
    ready = ma.fields.Boolean(load_default=False)
    last_card = ma.fields.Boolean(load_default=False)


class NantongHandSchema(ma.Schema):
    indicators = card_list(required=True, validate=ma.validate.Length(equal=2))
    concealed = card_list(required=True, validate=ma.validate.Length(max=30))
    melds = ma.fields.List(
        ma.fields.Nested(NantongMeldInputSchema), load_default=list, validate=ma.validate.Length(max=8)
    )
    win = ma.fields.Nested(
        NantongWinSchema,
        required=True,
        allow_none=True,
        metadata={"description": "null scores a non-winner's base hu (NT-9.3)"},
    )


class NantongItemSchema(ma.Schema):
    rule = ma.fields.String(required=True)
    what = ma.fields.String(required=True)
    hu = StrictInteger(required=True)


class NantongMultiplierSchema(ma.Schema):
    rule = ma.fields.String(required=True)
    what = ma.fields.String(required=True)
    factor = StrictInteger(required=True)


class NantongScoreSchema(ma.Schema):
    base = StrictInteger(required=True)
    total = StrictInteger(required=True, metadata={"description": "before rounding"})
    rounded = StrictInteger(required=True)
    shape = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "qing, piao or tazi (NT-8.2); null without a win"},
    )
    items = ma.fields.List(ma.fields.Nested(NantongItemSchema), required=True)
    multipliers = ma.fields.List(ma.fields.Nested(NantongMultiplierSchema), required=True)
    partition = ma.fields.List(card_list(), required=True, allow_none=True)


# --- Chuo Pai hand calculator (CP-2.5, CP-3, CP-4.2) ------------------------------------------
class ChuopaiHandSchema(ma.Schema):
    hand = card_list(required=True, validate=ma.validate.Length(min=1, max=28))
    highest = card_list(
        allow_none=True,
        validate=ma.validate.Length(min=1, max=8),
        metadata={"description": "the current highest play, to list the plays that beat it"},
    )


class ChuopaiBonusSchema(ma.Schema):
    rule = ma.fields.String(required=True)
    eligible = ma.fields.Boolean(required=True)
    cards = card_list(required=True)
    points = StrictInteger(required=True)


class ChuopaiHighestSchema(ma.Schema):
    cards = card_list(required=True)
    family = ma.fields.String(required=True)
    combination = ma.fields.String()


class ChuopaiHandReportSchema(ma.Schema):
    hand = card_list(required=True)
    cards = StrictInteger(required=True)
    opening_bonus = ma.fields.Nested(ChuopaiBonusSchema, required=True)
    plays = ma.fields.List(ma.fields.Nested(LegalActionSchema), required=True)
    play_count = StrictInteger(required=True)
    combinations = ma.fields.List(ma.fields.Nested(LegalActionSchema), required=True)
    highest = ma.fields.Nested(ChuopaiHighestSchema)
    beating = ma.fields.List(ma.fields.Nested(LegalActionSchema))
    must_pass = ma.fields.Boolean(metadata={"description": "CP-4.2: true when nothing beats `highest`"})
