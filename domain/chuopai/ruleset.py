"""The Chuo Pai ruleset: static facts, options, the deal (CP-2.4) and declared shapes."""

from __future__ import annotations

import random
from typing import Any

from domain.base import Option, Policy, Ruleset, dealt_deck
from domain.schema import ListOf, Prop, Record, Text, Whole, card_list, seat

from .ai import LEVEL_INFO, POLICIES
from .calculator import CALCULATOR
from .cards import COMBO_FAMILY, COUNTS, FAMILIES, card_dicts, to_counts
from .state import PLAYERS, ActionType, ChuoPaiState, Phase
from .strong import strong_policy

HAND_SIZE = 28  # CP-2.4

PLAY = Record(
    name="Play",
    open=True,
    description="one seat's play or pass in a round",
    props={
        "seat": Prop(seat(PLAYERS)),
        "type": Prop(Text((ActionType.PLAY.value, ActionType.COMBO.value, ActionType.PASS.value))),
        "cards": Prop(card_list()),
    },
)
HIGHEST = Record(
    name="HighestPlay",
    open=True,
    props={
        "seat": Prop(seat(PLAYERS)),
        "cards": Prop(card_list()),
        "family": Prop(Text((*FAMILIES, COMBO_FAMILY))),
        "type": Prop(Text((ActionType.PLAY.value, ActionType.COMBO.value))),
    },
)
ROUND = Record(
    name="Round",
    open=True,
    description="a finished round: its plays, its winner and the cards won",
    props={
        "round": Prop(Whole(0)),
        "leader": Prop(seat(PLAYERS)),
        "winner": Prop(seat(PLAYERS)),
        "won": Prop(card_list()),
        "plays": Prop(ListOf(PLAY)),
    },
)


class ChuoPai(Ruleset):
    id = "chuopai"
    name = "Chuo Pai (Sichuan cards)"
    players = PLAYERS
    summary = (
        "Three-player trick game with 84 Sichuan cards: beating is compulsory, only the "
        "winning play of each round scores, the largest point pile wins."
    )
    ai_levels = ("random", "basic", "strong")
    phases = tuple(p.value for p in Phase)
    action_types = tuple(a.value for a in ActionType)
    ai_level_info = LEVEL_INFO
    options = (
        Option(
            "leader",
            0,
            PLAYERS - 1,
            "CP-2.4",
            "the first leader's seat; random from the seed if absent",
            True,
        ),
    )
    options_rule = "CP-2.4"
    card_facts = Record(
        name="Card",
        props={
            "family": Prop(Text(FAMILIES)),
            "rank": Prop(Whole(1), description="rank within the family, higher is stronger"),
            "pips": Prop(ListOf(Whole(1, 6), 2, 2), description="the two pip counts"),
        },
    )
    table = Record(
        name="Table",
        open=True,
        props={
            "round": Prop(Whole(0), description="the rounds already finished: 0 while the first is played"),
            "first_leader": Prop(seat(PLAYERS)),
            "leader": Prop(seat(PLAYERS)),
            "trick": Prop(ListOf(PLAY), description="the plays of this round so far"),
            "highest": Prop(HIGHEST, nullable=True),
            "discarded_count": Prop(Whole(0)),
            "discarded": Prop(card_list()),
            "last_round": Prop(ROUND, nullable=True),
            "rounds": Prop(ListOf(ROUND), description="every finished round, in order (CP-4.3)"),
            "families": Prop(ListOf(Text(FAMILIES))),
        },
    )
    seat_facts = Record(
        name="SeatFacts",
        open=True,
        props={
            "pile_count": Prop(Whole(0)),
            "pile": Prop(card_list()),
            "bonus": Prop(Whole(0)),
            "tricks_won": Prop(Whole(0)),
            "hand": Prop(card_list(), required=False, description="once the game is finished"),
        },
    )
    calculator = CALCULATOR

    def cards(self) -> list[dict[str, Any]]:
        return card_dicts()

    def new_game(
        self, seed: int, options: dict[str, Any] | None = None, deck: list[str] | None = None
    ) -> ChuoPaiState:
        leader = self.validate_options(options)["leader"]
        rng = random.Random(seed)
        cards = dealt_deck(deck, COUNTS, rng, "CP-2.4")
        # CP-2.4: 28 each; seat s gets cards[28*s : 28*(s+1)].
        hands = [to_counts(cards[HAND_SIZE * s : HAND_SIZE * (s + 1)]) for s in range(PLAYERS)]
        first = rng.randrange(PLAYERS)  # CP-2.4: first leader at random from the seed
        if leader is not None:
            first = leader
        return ChuoPaiState(hands, first)

    def policy(self, level: str) -> Policy:
        if level == "strong":
            return strong_policy
        try:
            return POLICIES[level]
        except KeyError:
            raise ValueError(f"unknown AI level {level!r} for chuopai") from None


RULESET = ChuoPai()
