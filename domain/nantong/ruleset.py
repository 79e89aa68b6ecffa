"""The Nantong ruleset: static facts, options, the deal (NT-2, NT-3) and declared shapes."""

from __future__ import annotations

import random
from typing import Any

from ..base import Option, Policy, Ruleset, dealt_deck
from ..schema import Card, Flag, ListOf, Prop, Record, Shape, Text, Whole, card_list, seat
from .ai import LEVEL_INFO, POLICIES
from .calculator import CALCULATOR
from .cards import COUNTS, SUITS, card_dicts
from .scoring import MELD_KINDS, WinBy
from .state import PLAYERS, ActionType, NantongState, Phase

MAX_DEALS = 16  # NT-3.3: a match of up to sixteen deals

MELD = Record(
    name="Meld",
    open=True,
    props={"kind": Prop(Text(MELD_KINDS)), "card": Prop(Card()), "cards": Prop(card_list())},
)
LAST_DISCARD = Record(
    name="LastDiscard", open=True, props={"seat": Prop(seat(PLAYERS)), "card": Prop(Card())}
)
WINDOW = Record(
    name="Window",
    open=True,
    description="the open claim (NT-6) or robbing (NT-5.2) window",
    props={"kind": Prop(Text(("claim", "rob"))), "seat": Prop(seat(PLAYERS)), "card": Prop(Card())},
)
WIN = Record(
    name="DealWin",
    open=True,
    description="how the deal was won (NT-8)",
    props={
        "by": Prop(Text(tuple(by.value for by in WinBy))),
        "card": Prop(Card(), nullable=True, description="the winning card; null for a heavenly win (NT-8.8)"),
        "earthly": Prop(Flag(), description="won on the dealer's first discard (NT-8.6)"),
        "ready": Prop(Flag(), description="the winner had declared ready (NT-4.5)"),
        "last_card": Prop(
            Flag(),
            description="the stock was empty at the win: the winning card was the stock's last, or the"
            " discard after it (NT-8.6 doubles only the last card self-drawn)",
        ),
    },
)
SCORE_LINE = Record(
    name="ScoreLine",
    open=True,
    description="one line of a seat's score for the deal, as a result's breakdown line: `what` in "
    "the reader's language (docs/api.md, 'Reading a breakdown'), `message` its language-free words",
    props={
        "rule": Prop(Text()),
        "what": Prop(Text()),
        "points": Prop(Whole()),
        "factor": Prop(Whole(), required=False, description="a multiplier line (NT-8.6): the factor"),
        "settlement": Prop(Flag(), required=False, description="a settlement line (NT-9.2)"),
    },
)


def per_seat(item: Shape) -> ListOf:
    """One `item` for each seat, in seat order."""
    return ListOf(item, PLAYERS, PLAYERS)


DEAL_RESULT = Record(
    name="DealResult",
    open=True,
    description="a finished deal of the match (NT-3.3, NT-9), public in full once it is over: "
    "every seat's hand and melds at its end and how each was scored",
    props={
        "deal": Prop(Whole(1, MAX_DEALS)),
        "dealer": Prop(seat(PLAYERS)),
        "outcome": Prop(Text(("win", "exhausted"))),
        "winner": Prop(seat(PLAYERS), nullable=True),
        "win": Prop(WIN, nullable=True, description="null when the stock ran out (NT-6.6)"),
        "indicators": Prop(card_list(2, 2)),
        "hands": Prop(
            per_seat(card_list()),
            description="each seat's concealed cards at the end of the deal, by seat; the winner's "
            "with the winning card",
        ),
        "melds": Prop(per_seat(ListOf(MELD)), description="each seat's melds, by seat"),
        "totals": Prop(per_seat(Whole()), description="each seat's hu (NT-7, NT-8)"),
        "rounded": Prop(per_seat(Whole()), description="the hu rounded up to tens (NT-9.1)"),
        "settlement": Prop(per_seat(Whole()), description="what each seat won or paid (NT-9.2)"),
        "running": Prop(per_seat(Whole()), description="the match scores after this deal"),
        "breakdowns": Prop(
            per_seat(ListOf(SCORE_LINE)),
            description="each seat's score lines, by seat: the hu lines, then the settlement lines",
        ),
    },
)

HISTORY_EVENTS = (
    "draw",
    "replacement",
    "discard",
    "opening_kong",
    "opening_triple",
    "hezi",
    "ready",
    "prepared",
    "concealed_kong",
    "added_kong",
    "pong",
    "kong",
    "win",
    "exhausted",
)
HISTORY_ENTRY = Record(
    name="HistoryEntry",
    open=True,
    description="one thing that happened in the deal, in order (docs/design.md, the table's record)",
    props={
        "event": Prop(Text(HISTORY_EVENTS)),
        "seat": Prop(seat(PLAYERS), required=False, description="absent for exhausted"),
        "card": Prop(
            Card(),
            required=False,
            description="a draw's or replacement's card is shown to the drawing seat only (to all once "
            "the game is over); absent for a heavenly win and for ready / prepared",
        ),
        "from": Prop(
            seat(PLAYERS),
            required=False,
            description="pong, kong, win: the seat whose discard (or added kong) was taken",
        ),
        "by": Prop(
            Text(("discard", "self_draw", "kong_replacement", "robbed_kong", "heavenly")), required=False
        ),
    },
)


class Nantong(Ruleset):
    id = "nantong"
    name = "Nantong long cards"
    players = PLAYERS
    summary = (
        "Three-player draw-and-discard game with 120 long cards: pongs and kongs but no chows, "
        "opening declarations, win with seven groups and one pair; everyone settles hu differences."
    )
    ai_levels = ("random", "basic")
    phases = tuple(p.value for p in Phase)
    action_types = tuple(a.value for a in ActionType)
    ai_level_info = LEVEL_INFO
    options = (
        Option(
            "dealer",
            0,
            PLAYERS - 1,
            "NT-3.1",
            "the first dealer's seat; random from the seed if absent",
            True,
        ),
        Option("deals", 1, MAX_DEALS, "NT-3.3", "deals in the match", default=1),
    )
    options_rule = "NT-3.1"
    card_facts = Record(
        name="Card",
        props={
            "suit": Prop(Text(SUITS), nullable=True, description="m, s or c; null for honours"),
            "rank": Prop(Whole(1, 9), nullable=True, description="null for honours"),
            "old_general": Prop(Flag(), description="one of the four old generals"),
        },
    )
    table = Record(
        name="Table",
        open=True,
        props={
            "deal": Prop(Whole(1, MAX_DEALS)),
            "deals": Prop(Whole(1, MAX_DEALS)),
            "dealer": Prop(seat(PLAYERS)),
            "indicators": Prop(card_list(2, 2)),
            "stock_count": Prop(Whole(0)),
            "current": Prop(seat(PLAYERS), nullable=True),
            "last_discard": Prop(LAST_DISCARD, nullable=True),
            "window": Prop(WINDOW, nullable=True),
            "match_scores": Prop(ListOf(Whole(), PLAYERS, PLAYERS)),
            "deal_results": Prop(ListOf(DEAL_RESULT)),
            "history": Prop(
                ListOf(HISTORY_ENTRY), description="this deal's draws, discards and settled claims"
            ),
        },
    )
    seat_facts = Record(
        name="SeatFacts",
        open=True,
        props={
            "dealer": Prop(Flag()),
            "melds": Prop(ListOf(MELD)),
            "discards": Prop(card_list()),
            "ready": Prop(Flag()),
            "prepared": Prop(Flag()),
            "score": Prop(Whole(), description="the match score so far"),
            "hand": Prop(card_list(), required=False, description="once the game is finished"),
        },
    )
    calculator = CALCULATOR

    def cards(self) -> list[dict[str, Any]]:
        return card_dicts()

    def new_game(
        self, seed: int, options: dict[str, Any] | None = None, deck: list[str] | None = None
    ) -> NantongState:
        values = self.validate_options(options)
        dealer, deals = values["dealer"], values["deals"]
        assert deals is not None  # the option has a default
        rng = random.Random(seed)
        first = rng.randrange(PLAYERS)  # NT-3.1: the first dealer is random from the seed
        if dealer is not None:
            first = dealer
        cards = dealt_deck(deck, COUNTS, rng, "NT-2.1")
        return NantongState(seed, deals, first, cards, deck is not None)

    def policy(self, level: str) -> Policy:
        if level not in POLICIES:
            raise ValueError(f"unknown AI level {level!r}")
        return POLICIES[level]


RULESET = Nantong()
