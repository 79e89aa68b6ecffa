"""Chuo Pai hand calculator (API: POST /v1/rulesets/chuopai/score).

Body: {"hand": [card codes], "highest": [card codes] (optional)}.
Answers what the hand may do: the CP-2.5 opening bonus it could take, every
play it could lead (CP-4.1, CP-3.1/CP-3.2), and — given the current highest
play — the plays that beat it (CP-3.3) or that it must pass (CP-4.2).
"""

from __future__ import annotations

from typing import Any

from domain.base import Calculator, InvalidHand
from domain.narration import N_
from domain.schema import Flag, LegalActionShape, ListOf, Prop, Record, Text, Whole, card_list

from .cards import (
    CODES,
    COMBO_FAMILY,
    COPIES,
    FAMILIES,
    INDEX,
    N_KINDS,
    NAIL,
    TWO_RED,
    all_plays,
    beating_plays,
    to_counts,
)
from .state import _play_action

MAX_HAND = 28  # CP-2.4


def _codes(body: dict[str, Any], key: str) -> list[str]:
    value = body.get(key)
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise InvalidHand(None, N_("'{field}' must be a list of card codes"), field=key)
    unknown = sorted({c for c in value if c not in INDEX})
    if unknown:
        raise InvalidHand(
            "CP-2.3",
            N_("unknown card code(s) in '{field}': {codes}"),
            field=key,
            codes=", ".join(unknown[:10]),
        )
    return value


def score_hand(body: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise InvalidHand(None, N_("body must be an object"))
    unknown_keys = sorted(set(body) - {"hand", "highest"})
    if unknown_keys:
        raise InvalidHand(None, N_("unknown field(s): {fields}"), fields=", ".join(map(str, unknown_keys)))
    hand = _codes(body, "hand")
    if not hand:
        raise InvalidHand("CP-2.4", N_("a hand holds at least one card"))
    if len(hand) > MAX_HAND:
        raise InvalidHand(
            "CP-2.4", N_("a hand holds at most {most} cards, got {count}"), most=MAX_HAND, count=len(hand)
        )
    counts = to_counts(hand)
    highest = None
    every = list(counts)
    if body.get("highest") is not None:
        hi_codes = _codes(body, "highest")
        hi_counts = tuple(to_counts(hi_codes))
        match = [p for p in all_plays(hi_counts) if p.size == len(hi_codes)]
        if not hi_codes or not match:
            raise InvalidHand(
                "CP-3.1", N_("'highest' is not a play (CP-3.1 ordinary play or CP-3.2 combination)")
            )
        highest = match[0]
        every = [a + b for a, b in zip(counts, hi_counts, strict=True)]
    over = [f"{CODES[k]} ×{n}" for k, n in enumerate(every) if n > COPIES]
    if over:
        raise InvalidHand(
            "CP-2.1", N_("more copies than the deck holds (4 each): {cards}"), cards=", ".join(over)
        )
    key = tuple(counts)
    plays = [_play_action(p).to_dict() for p in all_plays(key)]
    bonus_cards = [CODES[NAIL]] * counts[NAIL] + [CODES[TWO_RED]] * counts[TWO_RED]
    eligible = counts[NAIL] > 0 and counts[TWO_RED] > 0
    out: dict[str, Any] = {
        "hand": [CODES[k] for k in range(N_KINDS) for _ in range(counts[k])],
        "cards": len(hand),
        "opening_bonus": {
            "rule": "CP-2.5",
            "eligible": eligible,
            "cards": bonus_cards if eligible else [],
            "points": len(bonus_cards) if eligible else 0,
        },
        "plays": plays,
        "play_count": len(plays),
        "combinations": [p for p in plays if p["type"] == "combo"],
    }
    if highest is not None:
        beats = [_play_action(p).to_dict() for p in beating_plays(key, highest)]
        out["highest"] = {
            "cards": list(highest.codes),
            "family": highest.family_name,
            **({"combination": highest.combo} if highest.combo else {}),
        }
        out["beating"] = beats
        out["must_pass"] = not beats  # CP-4.2: pass only when nothing beats
    return out


HAND = Record(
    name="Hand",
    description="A hand (CP-2.4) and optionally the current highest play. At most four copies of a "
    "card in hand and highest together (CP-2.1), checked with 422.",
    props={
        "hand": Prop(card_list(1, MAX_HAND)),
        "highest": Prop(
            card_list(1, 8),
            required=False,
            nullable=True,
            description="the current highest play, to list the plays that beat it",
        ),
    },
)
BONUS = Record(
    name="Bonus",
    props={
        "rule": Prop(Text()),
        "eligible": Prop(Flag()),
        "cards": Prop(card_list()),
        "points": Prop(Whole()),
    },
)
HIGHEST = Record(
    name="Highest",
    props={
        "cards": Prop(card_list()),
        "family": Prop(Text((*FAMILIES, COMBO_FAMILY))),
        "combination": Prop(Text(), required=False),
    },
)
REPORT = Record(
    name="HandReport",
    props={
        "hand": Prop(card_list()),
        "cards": Prop(Whole()),
        "opening_bonus": Prop(BONUS),
        "plays": Prop(ListOf(LegalActionShape())),
        "play_count": Prop(Whole()),
        "combinations": Prop(ListOf(LegalActionShape())),
        "highest": Prop(HIGHEST, required=False),
        "beating": Prop(ListOf(LegalActionShape()), required=False),
        "must_pass": Prop(Flag(), required=False, description="CP-4.2: true when nothing beats `highest`"),
    },
)
CALCULATOR = Calculator(
    summary="Chuo Pai hand calculator: the opening bonus, every play the hand could lead, and what beats a play.",
    hand=HAND,
    report=REPORT,
    score=score_hand,
    example={"hand": ["66", "66", "45", "36", "12", "24"], "highest": ["56"]},  # CP-2.5, CP-3.2
)
