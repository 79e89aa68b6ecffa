"""Sì Sè Pái cards (SSP-2.1, SSP-2.2) and count vectors.

A hand is a count vector of 33 small ints: index ``colour * 7 + character``
for the 28 chess kinds (colours r y w g, characters K A E R H C S), then
28..32 for the flowers F1..F5.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from domain.base import codes_of

COLOURS = ("r", "y", "w", "g")
COLOUR_NAMES = ("red", "yellow", "white", "green")
CHARACTERS = ("K", "A", "E", "R", "H", "C", "S")
CHARACTER_NAMES = ("General", "Advisor", "Elephant", "Chariot", "Horse", "Cannon", "Soldier")

K, A, E, R, H, C, S = range(7)
N_CHESS = 28
N_KINDS = 33
FLOWER0 = 28

CODES: tuple[str, ...] = tuple(col + ch for col in COLOURS for ch in CHARACTERS) + tuple(
    f"F{n}" for n in range(1, 6)
)
INDEX: dict[str, int] = {c: i for i, c in enumerate(CODES)}
COUNTS: tuple[int, ...] = (4,) * N_CHESS + (1,) * 5
COUNT_BY_CODE: dict[str, int] = dict(zip(CODES, COUNTS, strict=True))
TOTAL = sum(COUNTS)  # 117


def colour_of(i: int) -> int:
    return i // 7


def char_of(i: int) -> int:
    return i % 7


def is_flower(i: int) -> bool:
    return i >= FLOWER0


def is_general(i: int) -> bool:
    return i < N_CHESS and i % 7 == K


def is_soldier(i: int) -> bool:
    return i < N_CHESS and i % 7 == S


def discardable(i: int) -> bool:
    """SSP-4.4: Generals and flowers are never discarded from the hand."""
    return not (is_general(i) or is_flower(i))


def card_name(i: int) -> str:
    if is_flower(i):
        return f"flower {i - FLOWER0 + 1}"
    return f"{COLOUR_NAMES[colour_of(i)]} {CHARACTER_NAMES[char_of(i)]}"


def card_facts() -> list[dict[str, Any]]:
    out = []
    for i, code in enumerate(CODES):
        if is_flower(i):
            out.append(
                {"code": code, "name": card_name(i), "count": 1, "colour": None, "character": "flower"}
            )
        else:
            col = colour_of(i)
            out.append(
                {
                    "code": code,
                    "name": card_name(i),
                    "count": 4,
                    "colour": COLOUR_NAMES[col],
                    "character": CHARACTER_NAMES[char_of(i)],
                }
            )
    return out


def to_counts(indices: Iterable[int]) -> list[int]:
    v = [0] * N_KINDS
    for i in indices:
        v[i] += 1
    return v


def to_codes(counts: Sequence[int]) -> list[str]:
    """Sorted card codes of a count vector (kind order)."""
    return codes_of(counts, CODES)
