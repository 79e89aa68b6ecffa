"""Chuo Pai (Sichuan cards, 四川牌) — ruleset `chuopai`.

Rules: docs/rules/chuopai.md (CP-1 … CP-5).
"""

from __future__ import annotations

import random
from typing import Any

from domain.base import InvalidSetup, Policy, Ruleset, check_deck

from .ai import LEVEL_INFO, POLICIES
from .calculator import score_hand as _score_hand
from .cards import CODES, COPIES, COUNTS, N_KINDS, card_dicts, to_counts
from .state import PLAYERS, ChuoPaiState
from .strong import strong_policy

HAND_SIZE = 28  # CP-2.4
OPTION_KEYS = {"leader"}


class ChuoPai(Ruleset):
    id = "chuopai"
    name = "Chuo Pai (Sichuan cards)"
    players = PLAYERS
    summary = (
        "Three-player trick game with 84 Sichuan cards: beating is compulsory, only the "
        "winning play of each round scores, the largest point pile wins."
    )
    ai_levels = ("random", "basic", "strong")
    ai_level_info = LEVEL_INFO

    def cards(self) -> list[dict[str, Any]]:
        return card_dicts()

    def new_game(
        self, seed: int, options: dict[str, Any] | None = None, deck: list[str] | None = None
    ) -> ChuoPaiState:
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise InvalidSetup("CP-2.4", "options must be an object")
        unknown = sorted(set(options) - OPTION_KEYS)
        if unknown:
            raise InvalidSetup("CP-2.4", f"unknown option(s): {', '.join(map(str, unknown))}")
        leader = options.get("leader")
        if leader is not None and (
            isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < PLAYERS
        ):
            raise InvalidSetup("CP-2.4", "option 'leader' must be a seat number 0, 1 or 2")
        rng = random.Random(seed)
        if deck is None:
            cards = [c for c in CODES for _ in range(COPIES)]
            rng.shuffle(cards)
        else:
            check_deck(deck, COUNTS, "CP-2.4")
            cards = list(deck)
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

    def score_hand(self, body: dict[str, Any]) -> dict[str, Any]:
        """Hand calculator: opening bonus (CP-2.5), plays (CP-3) and beats (CP-4.2)."""
        return _score_hand(body)


RULESET = ChuoPai()

__all__ = ["RULESET", "ChuoPai", "ChuoPaiState", "N_KINDS"]
