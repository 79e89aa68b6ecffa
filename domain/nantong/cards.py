"""Nantong long cards: card kinds and codes (NT-2).

Kinds are indexed 0..29: 0-8 Myriads 1-9 (`1m`…`9m`), 9-17 Strings (`1s`…`9s`),
18-26 Coins (`1c`…`9c`), 27 Thousand (`QN`), 28 White Flower (`WF`),
29 Red Flower (`RF`).  Four copies of each: 120 cards (NT-2.1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from domain.base import codes_of, count_vector

N_KINDS = 30
COPIES = 4
SUITS = ("m", "s", "c")
SUIT_NAMES = {"m": "Myriads", "s": "Strings", "c": "Coins"}
SUIT_HANZI = {"m": "萬", "s": "條", "c": "餅"}
HONOURS = ("QN", "WF", "RF")
HONOUR_NAMES = {"QN": "Thousand (千)", "WF": "White Flower (白花)", "RF": "Red Flower (紅花)"}
RANK_WORDS = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
RANK_HANZI = "一二三四五六七八九"

CODES: tuple[str, ...] = tuple(f"{r}{s}" for s in SUITS for r in range(1, 10)) + HONOURS
INDEX: dict[str, int] = {c: i for i, c in enumerate(CODES)}
COUNTS: dict[str, int] = {c: COPIES for c in CODES}

QN, WF, RF = 27, 28, 29
NINE_STRINGS = INDEX["9s"]
ONE_COINS = INDEX["1c"]
# NT-2.3: the four old generals.
OLD_GENERALS = frozenset({QN, WF, RF, NINE_STRINGS})


def is_old_general(k: int) -> bool:
    return k in OLD_GENERALS


def rank(k: int) -> int | None:
    """Rank 1..9 of a suited kind, None for the three honours."""
    return k % 9 + 1 if k < 27 else None


def suit(k: int) -> str | None:
    """ "m", "s" or "c"; None for the three honours."""
    return SUITS[k // 9] if k < 27 else None


def name(k: int) -> str:
    if k >= 27:
        return HONOUR_NAMES[CODES[k]]
    s = SUITS[k // 9]
    return f"{RANK_WORDS[k % 9]} of {SUIT_NAMES[s]} ({RANK_HANZI[k % 9]}{SUIT_HANZI[s]})"


def card_dicts() -> list[dict[str, Any]]:
    return [
        {
            "code": c,
            "name": name(i),
            "count": COPIES,
            "suit": suit(i),
            "rank": rank(i),
            "old_general": is_old_general(i),
        }
        for i, c in enumerate(CODES)
    ]


def to_counts(codes: Iterable[str]) -> list[int]:
    return count_vector(codes, INDEX, N_KINDS)


def to_codes(counts: Sequence[int]) -> list[str]:
    return codes_of(counts, CODES)


def can_sequence_start(k: int) -> bool:
    """A sequence k, k+1, k+2 of one suit (NT-1.2; honours never, NT-1.3)."""
    return k < 27 and k % 9 <= 6
