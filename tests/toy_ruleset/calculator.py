"""High Card hand calculator: the hand's best card and its rank total."""

from __future__ import annotations

from typing import Any

from domain.base import Calculator, InvalidHand
from domain.schema import Card, Prop, Record, Whole, card_list

from .cards import COPIES, rank


def score_hand(body: dict[str, Any]) -> dict[str, Any]:
    hand = body["hand"]
    over = sorted({c for c in hand if hand.count(c) > COPIES})
    if over:
        raise InvalidHand("HC-1.1", f"more copies than the deck holds: {', '.join(over)}")
    return {"best": max(hand), "total": sum(rank(c) for c in hand)}


CALCULATOR = Calculator(
    summary="High Card hand calculator: the best card and the rank total.",
    hand=Record(name="Hand", props={"hand": Prop(card_list(1, 3))}),
    report=Record(name="Report", props={"best": Prop(Card()), "total": Prop(Whole(1, 9))}),
    score=score_hand,
    example={"hand": ["h1", "h3"]},
)
