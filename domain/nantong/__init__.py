"""Nantong long cards (南通长牌) — ruleset `nantong`.

Rules: docs/rules/nantong.md (NT-1 … NT-9).

Options: `dealer` (0..2; otherwise random from the seed, NT-3.1) and `deals`
(1..16, default 1: a match, NT-3.3).  A `deck` (issue 4 item 7) fixes the
first deal only; later deals of a match shuffle with a Random derived from
the seed and the deal number, the dealer rotating to the next seat.

Action ids: preparation "declare_kong:5m", "declare_triple:5m", "hezi",
"ready" (ends that seat's preparation), "finish"; own turn "win",
"concealed_kong:5m", "added_kong:5m", "discard:5m"; claim window "win",
"pong:5m", "kong:5m", "pass"; robbing window "win", "pass".

Modules: cards (codes), scoring (NT-7 … NT-9 and the hand calculator),
state (the game), ai (policies).
"""

from __future__ import annotations

import random
from typing import Any

from domain.base import InvalidSetup, Policy, Ruleset, check_deck

from .ai import LEVEL_INFO, POLICIES
from .cards import CODES, COPIES, COUNTS, card_dicts
from .scoring import score_hand
from .state import PLAYERS, NantongState

OPTION_KEYS = {"dealer", "deals"}
MAX_DEALS = 16


class Nantong(Ruleset):
    id = "nantong"
    name = "Nantong long cards"
    players = PLAYERS
    summary = (
        "Three-player draw-and-discard game with 120 long cards: pongs and kongs but no chows, "
        "opening declarations, win with seven groups and one pair; everyone settles hu differences."
    )
    ai_levels = ("random", "basic")
    ai_level_info = LEVEL_INFO

    def cards(self) -> list[dict[str, Any]]:
        return card_dicts()

    def new_game(
        self, seed: int, options: dict[str, Any] | None = None, deck: list[str] | None = None
    ) -> NantongState:
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise InvalidSetup("NT-3.1", "options must be an object")
        unknown = sorted(set(map(str, options)) - OPTION_KEYS)
        if unknown:
            raise InvalidSetup("NT-3.1", f"unknown option(s): {', '.join(unknown)}")
        dealer = options.get("dealer")
        if dealer is not None and (
            isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < PLAYERS
        ):
            raise InvalidSetup("NT-3.1", "option 'dealer' must be a seat number 0, 1 or 2")
        deals = options.get("deals", 1)
        if deals is None:
            deals = 1
        if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
            raise InvalidSetup("NT-3.3", f"option 'deals' must be an integer from 1 to {MAX_DEALS}")
        rng = random.Random(seed)
        first = rng.randrange(PLAYERS)  # NT-3.1: the first dealer is random from the seed
        if dealer is not None:
            first = dealer
        if deck is None:
            cards = [c for c in CODES for _ in range(COPIES)]
            rng.shuffle(cards)
        else:
            check_deck(deck, COUNTS, "NT-2.1")
            cards = list(deck)
        return NantongState(seed, deals, first, cards, deck is not None)

    def policy(self, level: str) -> Policy:
        if level not in POLICIES:
            raise ValueError(f"unknown AI level {level!r}")
        return POLICIES[level]

    def score_hand(self, body: dict[str, Any]) -> dict[str, Any]:
        return score_hand(body)


RULESET = Nantong()

__all__ = ["RULESET", "Nantong", "NantongState"]
