"""The Sì Sè Pái ruleset: static facts, the deal (SSP-2) and the hand calculator."""

from __future__ import annotations

import random
from typing import Any

from ..base import InvalidHand, InvalidSetup, Policy, Ruleset, check_deck
from .ai import LEVEL_INFO
from .ai import policy as _policy
from .cards import CODES, COUNT_BY_CODE, COUNTS, INDEX, N_KINDS, card_facts
from .melds import PAIR, best_partition, classify, meld_codes, meld_points
from .state import SiSePaiState

OPTION_KEYS = ("dealer",)


class SiSePaiRuleset(Ruleset):
    id = "sisepai"
    name = "Sì Sè Pái (Four Colour Cards)"
    players = 4
    summary = (
        "Four Colour Cards, Wei-Hwa Huang's 117-card flower variant: claim drawn and "
        "discarded cards to meld all 21 cards into singles, identical groups, command, "
        "field and soldier groups."
    )
    ai_levels = ("random", "basic")
    ai_level_info = LEVEL_INFO

    def cards(self) -> list[dict[str, Any]]:
        return card_facts()

    def new_game(
        self, seed: int, options: dict[str, Any] | None = None, deck: list[str] | None = None
    ) -> SiSePaiState:
        options = {} if options is None else options
        if not isinstance(options, dict):
            raise InvalidSetup("SSP-2.3", "options must be an object")
        unknown = sorted(k for k in options if k not in OPTION_KEYS)
        if unknown:
            raise InvalidSetup(
                "SSP-2.3",
                f"unknown option(s): {', '.join(map(str, unknown))}; known: {', '.join(OPTION_KEYS)}",
            )
        dealer = options.get("dealer")
        if dealer is not None and (
            isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < 4
        ):
            raise InvalidSetup("SSP-2.3", "option 'dealer' must be a seat 0..3")
        rng = random.Random(seed)
        if deck is None:
            order = list(range(N_KINDS))
            cards = [i for i in order for _ in range(COUNTS[i])]
            rng.shuffle(cards)
        else:
            check_deck(deck, COUNT_BY_CODE, "SSP-2.1")
            cards = [INDEX[c] for c in deck]
        if dealer is None:
            dealer = rng.randrange(4)  # SSP-2.3: dealer chosen at random from the seed
        return SiSePaiState.deal(seed, cards, dealer)

    def policy(self, level: str) -> Policy:
        if level not in self.ai_levels:
            raise ValueError(f"unknown AI level {level!r}")
        return _policy(level)

    def score_hand(self, body: dict[str, Any]) -> dict[str, Any]:
        """Hand calculator: is concealed + new_card (with the exposed melds) a
        win (SSP-1.2), and its highest-scoring partition (SSP-6.2)."""
        if not isinstance(body, dict):
            raise InvalidHand(None, "body must be an object")
        concealed = body.get("concealed")
        exposed = body.get("exposed", [])
        new_card = body.get("new_card")
        if exposed is None:
            exposed = []
        if not isinstance(concealed, list) or not all(isinstance(c, str) for c in concealed):
            raise InvalidHand(None, "'concealed' must be a list of card codes")
        if not isinstance(exposed, list) or not all(
            isinstance(m, list) and all(isinstance(c, str) for c in m) for m in exposed
        ):
            raise InvalidHand(None, "'exposed' must be a list of melds, each a list of card codes")
        if not isinstance(new_card, str):
            raise InvalidHand(None, "'new_card' must be a card code")
        every = list(concealed) + [c for m in exposed for c in m] + [new_card]
        unknown = sorted({c for c in every if c not in INDEX})
        if unknown:
            raise InvalidHand("SSP-2.2", f"unknown card code(s): {', '.join(unknown)}")
        if len(every) != 21:
            raise InvalidHand(
                "SSP-1.2",
                f"a hand to score holds 21 cards (concealed + exposed + new card), got {len(every)}",
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
            raise InvalidHand("SSP-2.1", "more copies than the deck holds: " + ", ".join(over))
        exp_melds = []
        for m in exposed:
            idx = sorted(INDEX[c] for c in m)
            kind = classify(idx)
            if kind is None:
                raise InvalidHand("SSP-3.5", f"exposed meld {' '.join(m) or '(empty)'} is not a legal meld")
            if kind == PAIR:
                # SSP-5.3: no claim can expose a pair (the drawer never makes one; others need 3+)
                raise InvalidHand("SSP-5.3", f"exposed meld {' '.join(m)} is a pair; pairs are never exposed")
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
            {"cards": meld_codes(c), "kind": k, "points": meld_points(k, c), "exposed": False}
            for k, c in res[1]
        ]
        return {"winning": True, "total": sum(m["points"] for m in melds), "melds": melds}


RULESET = SiSePaiRuleset()
__all__ = ["RULESET", "SiSePaiRuleset", "CODES"]
