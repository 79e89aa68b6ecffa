"""Sì Sè Pái hand calculator (API: POST /v1/rulesets/sisepai/score).

Body: {"concealed": [codes], "exposed": [[codes], ...], "new_card": code}. Answers whether
concealed + new card (with the exposed melds) is a win (SSP-1.2) and its highest-scoring
partition (SSP-6.2). An exposed pair is refused (SSP-5.3: no claim exposes a pair).
"""

from __future__ import annotations

from typing import Any

from ..base import Calculator, InvalidHand
from ..narration import N_
from ..schema import Card, Flag, ListOf, Prop, Record, Text, Whole, card_list
from .cards import COUNT_BY_CODE, INDEX, N_KINDS
from .melds import PAIR, MeldKind, best_partition, classify, meld_codes, meld_points

HAND_SIZE = 21  # SSP-1.2
MELD_KINDS = tuple(k.value for k in MeldKind)  # plain strings: the API's enum of kinds


def score_hand(body: dict[str, Any]) -> dict[str, Any]:
    """Hand calculator: is concealed + new_card (with the exposed melds) a
    win (SSP-1.2), and its highest-scoring partition (SSP-6.2)."""
    if not isinstance(body, dict):
        raise InvalidHand(None, N_("body must be an object"))
    concealed = body.get("concealed")
    exposed = body.get("exposed", [])
    new_card = body.get("new_card")
    if exposed is None:
        exposed = []
    if not isinstance(concealed, list) or not all(isinstance(c, str) for c in concealed):
        raise InvalidHand(None, N_("'{field}' must be a list of card codes"), field="concealed")
    if not isinstance(exposed, list) or not all(
        isinstance(m, list) and all(isinstance(c, str) for c in m) for m in exposed
    ):
        raise InvalidHand(None, N_("'exposed' must be a list of melds, each a list of card codes"))
    if not isinstance(new_card, str):
        raise InvalidHand(None, N_("'new_card' must be a card code"))
    every = list(concealed) + [c for m in exposed for c in m] + [new_card]
    unknown = sorted({c for c in every if c not in INDEX})
    if unknown:
        raise InvalidHand("SSP-2.2", N_("unknown card code(s): {codes}"), codes=", ".join(unknown))
    if len(every) != 21:
        raise InvalidHand(
            "SSP-1.2",
            N_("a hand to score holds 21 cards (concealed + exposed + new card), got {count}"),
            count=len(every),
        )
    seen: dict[str, int] = {}
    for c in every:
        seen[c] = seen.get(c, 0) + 1
    over = [
        f"{c} ×{n} (the deck holds {COUNT_BY_CODE[c]})"
        for c, n in sorted(seen.items())
        if n > COUNT_BY_CODE[c]
    ]
    if over:
        raise InvalidHand("SSP-2.1", N_("more copies than the deck holds: {cards}"), cards=", ".join(over))
    exp_melds = []
    for m in exposed:
        idx = sorted(INDEX[c] for c in m)
        kind = classify(idx)
        if kind is None:
            raise InvalidHand(
                "SSP-3.5", N_("exposed meld {cards} is not a legal meld"), cards=" ".join(m) or "(empty)"
            )
        if kind == PAIR:
            # SSP-5.3: no claim can expose a pair (the drawer never makes one; others need 3+)
            raise InvalidHand(
                "SSP-5.3", N_("exposed meld {cards} is a pair; pairs are never exposed"), cards=" ".join(m)
            )
        exp_melds.append((kind, tuple(idx)))
    counts = [0] * N_KINDS
    for c in list(concealed) + [new_card]:
        counts[INDEX[c]] += 1
    res = best_partition(tuple(counts))
    if res is None:
        return {"winning": False, "total": None, "melds": []}
    melds = [
        {"cards": meld_codes(c), "kind": k, "points": meld_points(k, c), "exposed": True}
        for k, c in exp_melds
    ]
    melds += [
        {"cards": meld_codes(c), "kind": k, "points": meld_points(k, c), "exposed": False} for k, c in res[1]
    ]
    return {"winning": True, "total": sum(m["points"] for m in melds), "melds": melds}


HAND = Record(
    name="Hand",
    description="A 21-card hand: concealed cards, exposed melds and the new card (SSP-1.2). "
    "The deck's copies per code (SSP-2.1) bound the hand; that is checked with 422.",
    props={
        "concealed": Prop(card_list(max_items=HAND_SIZE)),
        "exposed": Prop(
            ListOf(card_list(min_items=1, max_items=4), max_items=HAND_SIZE),
            required=False,
            default=list,
            description="exposed melds, each a list of card codes",
        ),
        "new_card": Prop(Card()),
    },
)
MELD = Record(
    name="Meld",
    props={
        "cards": Prop(card_list()),
        "kind": Prop(Text(MELD_KINDS)),
        "points": Prop(Whole()),
        "exposed": Prop(Flag()),
    },
)
REPORT = Record(
    name="Score",
    props={
        "winning": Prop(Flag()),
        "total": Prop(Whole(), nullable=True),
        "melds": Prop(ListOf(MELD)),
    },
)
CALCULATOR = Calculator(
    summary="Sì Sè Pái hand calculator: is this 21-card hand complete, and its best partition (SSP-6.2).",
    hand=HAND,
    report=REPORT,
    score=score_hand,
    # SSP-6.2 worked check: four Generals, two flowers and five triples score 15.
    example={
        "concealed": "rK yK wK gK F1 F2 rA rA rA rE rE rE rR rR rR rH rH rC rC rC".split(),
        "exposed": [],
        "new_card": "rH",
    },
)
