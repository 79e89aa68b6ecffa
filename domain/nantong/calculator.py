"""Nantong hand calculator (API: POST /v1/rulesets/nantong/score): base hu, bonuses,
multipliers and rounding (NT-7 … NT-9). The scoring itself lives in `scoring`, shared
with the end of a deal; this module is the calculator's entry and its declared shapes."""

from __future__ import annotations

from ..base import Calculator
from ..schema import Card, Flag, ListOf, Prop, Record, Text, Whole, card_list
from .scoring import MELD_KINDS, WIN_BY, score_hand

MELD_INPUT = Record(name="MeldInput", props={"kind": Prop(Text(MELD_KINDS)), "card": Prop(Card())})
WIN = Record(
    name="Win",
    props={
        "card": Prop(Card(), required=False, description="the winning card; omitted for a heavenly win"),
        "by": Prop(Text(WIN_BY)),
        "earthly": Prop(Flag(), required=False, default=False),
        "ready": Prop(Flag(), required=False, default=False),
        "last_card": Prop(Flag(), required=False, default=False),
    },
)
HAND = Record(
    name="Hand",
    description="A hand to score. The hand must hold seven groups and a pair (NT-1.2) and at most "
    "four copies of a card, indicators counted (NT-2.1); those are checked with 422.",
    props={
        "indicators": Prop(card_list(2, 2)),
        "concealed": Prop(card_list(max_items=30)),
        "melds": Prop(ListOf(MELD_INPUT, max_items=8), required=False, default=list),
        "win": Prop(WIN, nullable=True, description="null scores a non-winner's base hu (NT-9.3)"),
    },
)
ITEM = Record(name="Item", props={"rule": Prop(Text()), "what": Prop(Text()), "hu": Prop(Whole())})
MULTIPLIER = Record(
    name="Multiplier", props={"rule": Prop(Text()), "what": Prop(Text()), "factor": Prop(Whole())}
)
REPORT = Record(
    name="Score",
    props={
        "base": Prop(Whole()),
        "total": Prop(Whole(), description="before rounding"),
        "rounded": Prop(Whole()),
        "shape": Prop(
            Text(("qing", "piao", "tazi")), nullable=True, description="NT-8.2; null without a win"
        ),
        "items": Prop(ListOf(ITEM)),
        "multipliers": Prop(ListOf(MULTIPLIER)),
        "partition": Prop(ListOf(card_list()), nullable=True),
    },
)
CALCULATOR = Calculator(
    summary="Nantong hand calculator: base hu, bonuses, multipliers and rounding (NT-7 … NT-9).",
    hand=HAND,
    report=REPORT,
    score=score_hand,
    example={  # NT-7.2/NT-7.4: four concealed 2m with indicator 2s; Tazi, Wenqian, pair
        "indicators": ["2s", "3m"],
        "concealed": "1m 2m 3m 4m 5m 6m 7m 8m 9m 1s 2s 3s 4s 5s 6s 1c 2c 3c 2m 2m 2m 9c".split(),
        "melds": [],
        "win": {"card": "9c", "by": "discard"},
    },
)

__all__ = ["CALCULATOR", "score_hand"]
