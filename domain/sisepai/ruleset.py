"""The Sì Sè Pái ruleset: static facts, options, the deal (SSP-2) and declared shapes."""

from __future__ import annotations

import random
from typing import Any

from ..base import Option, Policy, Ruleset, dealt_deck
from ..schema import Card, Flag, ListOf, Prop, Record, Text, Whole, card_list, seat
from .ai import LEVEL_INFO
from .ai import policy as _policy
from .calculator import CALCULATOR, MELD_KINDS
from .cards import CHARACTER_NAMES, CODES, COLOUR_NAMES, COUNT_BY_CODE, INDEX, card_facts
from .state import ActionType, Phase, SiSePaiState

PLAYERS = 4
EXPOSED_MELD = Record(
    name="ExposedMeld",
    open=True,
    props={"kind": Prop(Text(MELD_KINDS)), "cards": Prop(card_list()), "points": Prop(Whole())},
)
HISTORY_ENTRY = Record(
    name="HistoryEntry",
    open=True,
    description="one public event: draw, taken, untaken, discard, win or drawn_deal",
    props={
        "event": Prop(Text(("draw", "taken", "untaken", "discard", "win", "drawn_deal"))),
        "seat": Prop(seat(PLAYERS)),
        "card": Prop(Card(), required=False),
        "meld": Prop(Text(MELD_KINDS), required=False),
        "cards": Prop(card_list(), required=False),
        "becomes": Prop(Text(("discard", "dead")), required=False),
        "from": Prop(
            seat(PLAYERS), required=False, description="taken, win: the seat that drew or discarded the card"
        ),
    },
)
CLAIM = Record(
    name="Claim",
    open=True,
    description="the card the open claim window is about (SSP-5)",
    props={
        "card": Prop(Card()),
        "owner": Prop(seat(PLAYERS)),
        "source": Prop(Text(("draw", "discard"))),
        "round": Prop(Whole(1, 2)),
    },
)


class SiSePaiRuleset(Ruleset):
    id = "sisepai"
    name = "Sì Sè Pái (Four Colour Cards)"
    players = PLAYERS
    summary = (
        "Four Colour Cards, Wei-Hwa Huang's 117-card flower variant: claim drawn and "
        "discarded cards to meld all 21 cards into singles, identical groups, command, "
        "field and soldier groups."
    )
    ai_levels = ("random", "basic", "strong")
    phases = tuple(p.value for p in Phase)
    action_types = tuple(a.value for a in ActionType)
    ai_level_info = LEVEL_INFO
    options = (
        Option(
            "dealer", 0, PLAYERS - 1, "SSP-2.3", "the dealer's seat; random from the seed if absent", True
        ),
    )
    options_rule = "SSP-2.3"
    card_facts = Record(
        name="Card",
        props={
            "colour": Prop(Text(COLOUR_NAMES), nullable=True, description="null for flowers"),
            "character": Prop(
                Text((*CHARACTER_NAMES, "flower")), description="the chess character or flower"
            ),
        },
    )
    table = Record(
        name="Table",
        open=True,
        props={
            "dealer": Prop(seat(PLAYERS)),
            "stock_count": Prop(Whole(0)),
            "draws": Prop(Whole(0)),
            "claim": Prop(CLAIM, nullable=True),
            "discarding": Prop(seat(PLAYERS), nullable=True, description="the seat that must discard"),
            "history": Prop(ListOf(HISTORY_ENTRY)),
        },
    )
    seat_facts = Record(
        name="SeatFacts",
        open=True,
        props={
            "dealer": Prop(Flag()),
            "exposed": Prop(ListOf(EXPOSED_MELD)),
            "discards": Prop(card_list()),
            "hand": Prop(card_list(), required=False, description="once the game is finished"),
        },
    )
    calculator = CALCULATOR

    def cards(self) -> list[dict[str, Any]]:
        return card_facts()

    def new_game(
        self, seed: int, options: dict[str, Any] | None = None, deck: list[str] | None = None
    ) -> SiSePaiState:
        dealer = self.validate_options(options)["dealer"]
        rng = random.Random(seed)
        cards = [INDEX[c] for c in dealt_deck(deck, COUNT_BY_CODE, rng, "SSP-2.1")]
        if dealer is None:
            dealer = rng.randrange(PLAYERS)  # SSP-2.3: dealer chosen at random from the seed
        return SiSePaiState.deal(seed, cards, dealer)

    def policy(self, level: str) -> Policy:
        if level not in self.ai_levels:
            raise ValueError(f"unknown AI level {level!r}")
        return _policy(level)


RULESET = SiSePaiRuleset()
__all__ = ["RULESET", "SiSePaiRuleset", "CODES"]
