"""The High Card ruleset: facts, options, the deal (HC-1.2) and declared shapes."""

from __future__ import annotations

import random
from typing import Any

from domain.base import Option, Policy, Ruleset, check_deck
from domain.schema import Prop, Record, Whole, card_list, seat

from .ai import POLICIES
from .calculator import CALCULATOR
from .cards import CODES, COPIES, COUNTS, card_dicts
from .state import PLAYERS, ROUNDS, HighCardState


class HighCard(Ruleset):
    id = "highcard"
    name = "High Card (a toy)"
    players = PLAYERS
    summary = "Two players, six cards, three rounds: the higher card wins the round."
    ai_levels = ("random", "basic")
    options = (Option("leader", 0, PLAYERS - 1, "HC-1.2", "the first leader's seat", True),)
    options_rule = "HC-1.2"
    card_facts = Record(name="Card", props={"rank": Prop(Whole(1, 3))})
    table = Record(
        name="Table",
        open=True,
        props={
            "round": Prop(Whole(1, ROUNDS + 1)),
            "leader": Prop(seat(PLAYERS)),
            "trick": Prop(card_list(0, PLAYERS - 1)),
        },
    )
    seat_facts = Record(
        name="SeatFacts",
        open=True,
        props={"won": Prop(Whole(0, ROUNDS)), "hand": Prop(card_list(), required=False)},
    )
    calculator = CALCULATOR

    def cards(self) -> list[dict[str, Any]]:
        return card_dicts()

    def new_game(self, seed: int, options: dict[str, Any] | None = None, deck: list[str] | None = None):
        leader = self.validate_options(options)["leader"]
        rng = random.Random(seed)
        if deck is None:
            deck = [c for c in CODES for _ in range(COPIES)]
            rng.shuffle(deck)
        else:
            check_deck(deck, COUNTS, "HC-1.1")
        first = rng.randrange(PLAYERS) if leader is None else leader
        return HighCardState([deck[3 * s : 3 * s + 3] for s in range(PLAYERS)], first)

    def policy(self, level: str) -> Policy:
        if level not in POLICIES:
            raise ValueError(f"unknown AI level {level!r}")
        return POLICIES[level]


RULESET = HighCard()
