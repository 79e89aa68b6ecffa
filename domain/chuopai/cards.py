"""Chuo Pai cards (rules CP-2.1 … CP-2.3) and plays (CP-3.1 … CP-3.3).

Card kinds are indexed 0..20 in the order of CP-2.3. A hand is a count
vector: a tuple of 21 small ints, one per kind. Every card list the ruleset
shows is sorted by kind index ("canonical order").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from functools import lru_cache
from typing import Any, NamedTuple

from domain.base import codes_of, count_vector

# (code, name, family, rank) — CP-2.2/CP-2.3. Rank is an int within the
# family, higher is stronger; equal rank for Flat/Crooked Eight and for
# Ding Ding (Nail)/Two Red.
CARD_TABLE: tuple[tuple[str, str, str, int], ...] = (
    ("66", "Heaven", "main", 7),
    ("11", "Earth", "main", 6),
    ("44", "Man", "main", 5),
    ("13", "Harmony", "main", 4),
    ("33", "Long Three", "main", 3),
    ("55", "Plum Blossom", "main", 2),
    ("22", "Bench", "main", 1),
    ("15", "Cat", "yao", 4),
    ("16", "High Foot", "yao", 3),
    ("46", "Four-Six", "yao", 2),
    ("56", "Axe", "yao", 1),
    ("36", "Black Nine", "black", 4),
    ("26", "Flat Eight", "black", 3),
    ("35", "Crooked Eight", "black", 3),
    ("25", "Black Seven", "black", 2),
    ("23", "Black Five", "black", 1),
    ("45", "Red Nine", "red", 4),
    ("34", "Red Seven", "red", 3),
    ("14", "Red Five", "red", 2),
    ("12", "Nail", "red", 1),
    ("24", "Two Red", "red", 1),
)

N_KINDS = len(CARD_TABLE)
COPIES = 4  # CP-2.1
CODES: tuple[str, ...] = tuple(c[0] for c in CARD_TABLE)
NAMES: tuple[str, ...] = tuple(c[1] for c in CARD_TABLE)
FAMILIES = ("main", "yao", "black", "red")
COMBO_FAMILY = "combo"  # CP-3.3: special combinations are a fifth family
KIND_FAMILY: tuple[int, ...] = tuple(FAMILIES.index(c[2]) for c in CARD_TABLE)
KIND_RANK: tuple[int, ...] = tuple(c[3] for c in CARD_TABLE)
INDEX: dict[str, int] = {c: i for i, c in enumerate(CODES)}
COUNTS: dict[str, int] = {c: COPIES for c in CODES}

NAIL = INDEX["12"]
TWO_RED = INDEX["24"]


class Combo(StrEnum):
    """The special combinations (CP-3.2)."""

    TIAN_JIU = "tian_jiu"
    DI_BA = "di_ba"
    REN_QI = "ren_qi"
    HE_WU = "he_wu"


# CP-3.2: (name, key kind, matching kinds, combination rank)
COMBOS: tuple[tuple[Combo, int, tuple[int, int], int], ...] = (
    (Combo.TIAN_JIU, INDEX["66"], (INDEX["36"], INDEX["45"]), 4),
    (Combo.DI_BA, INDEX["11"], (INDEX["26"], INDEX["35"]), 3),
    (Combo.REN_QI, INDEX["44"], (INDEX["25"], INDEX["34"]), 2),
    (Combo.HE_WU, INDEX["13"], (INDEX["23"], INDEX["14"]), 1),
)
COMBO_FAMILY_INDEX = len(FAMILIES)  # 4


class Play(NamedTuple):
    """One play. `family` 0..3 (CP-2.2 families) or 4 (special combination);
    `rank` is the identity's rank or the combination's rank; `kinds` is the
    sorted tuple of kind indices (one entry per card)."""

    family: int
    size: int
    rank: int
    kinds: tuple[int, ...]
    combo: Combo | None = None

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(CODES[k] for k in self.kinds)

    @property
    def id(self) -> str:
        return "play:" + ",".join(self.codes)

    @property
    def family_name(self) -> str:
        return COMBO_FAMILY if self.family == COMBO_FAMILY_INDEX else FAMILIES[self.family]


def beats(new: Play, old: Play) -> bool:
    """CP-3.3: same family, same number of cards, strictly higher rank."""
    return new.family == old.family and new.size == old.size and new.rank > old.rank


def sort_key(p: Play) -> tuple[int, int, int, tuple[int, ...]]:
    """Deterministic order of plays: by card count, family, rank, then cards."""
    return (p.size, p.family, p.rank, p.kinds)


# Every possible play, built once (CP-3.1: 21 identities × 1–4 cards; CP-3.2: 4 combinations
# × 1–4 key cards × how the matching cards split), so the hot paths never build a Play.
# ORDINARY[n][k]: n cards of kind k.
ORDINARY: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(KIND_FAMILY[k], n, KIND_RANK[k], (k,) * n) for k in range(N_KINDS)) for n in range(COPIES + 1)
)
# Kinds in play order within one size: by family, rank, then kind (sort_key).
_KIND_ORDER: tuple[int, ...] = tuple(sorted(range(N_KINDS), key=lambda k: (KIND_FAMILY[k], KIND_RANK[k], k)))
# Kinds of the same family ranking strictly higher, in play order (CP-3.3).
_HIGHER_ORDER: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in _KIND_ORDER if KIND_FAMILY[j] == KIND_FAMILY[k] and KIND_RANK[j] > KIND_RANK[k])
    for k in range(N_KINDS)
)


def _combo_table() -> tuple[tuple[tuple[int, int, int, int, int, Play], ...], ...]:
    """Per number of key cards k (1–4): the combination plays of 2k cards in play order,
    each as (key kind, matching kind 1, its copies, matching kind 2, its copies, Play)."""
    by_k = []
    for k in range(COPIES + 1):
        rows = []
        for name, key, (m1, m2), crank in COMBOS:
            for a in range(k + 1):
                kinds = tuple(sorted((key,) * k + (m1,) * a + (m2,) * (k - a)))
                rows.append((key, m1, a, m2, k - a, Play(COMBO_FAMILY_INDEX, 2 * k, crank, kinds, name)))
        rows.sort(key=lambda r: sort_key(r[5]))
        by_k.append(tuple(rows) if k else ())
    return tuple(by_k)


_COMBO_PLAYS = _combo_table()
EVERY_PLAY: tuple[Play, ...] = tuple(
    sorted(
        [p for n in range(1, COPIES + 1) for p in ORDINARY[n]]
        + [r[5] for rows in _COMBO_PLAYS for r in rows],
        key=sort_key,
    )
)
PLAY_BY_ID: dict[str, Play] = {p.id: p for p in EVERY_PLAY}


def _combos_in(hand: Sequence[int], k: int, above: int = 0) -> list[Play]:
    """Combination plays of k key cards the hand can make, of a rank above `above`, in play order."""
    return [
        p
        for key, m1, a, m2, b, p in _COMBO_PLAYS[k]
        if p.rank > above and hand[key] >= k and hand[m1] >= a and hand[m2] >= b
    ]


@lru_cache(maxsize=200_000)
def all_plays(hand: tuple[int, ...]) -> tuple[Play, ...]:
    """Every play (CP-3.1 ordinary, CP-3.2 special combination) a hand can make, in
    sort_key order: by size (combinations have 2, 4, 6 or 8 cards); within a size,
    ordinary plays (families 0–3) before combinations (family 4)."""
    out = [ORDINARY[1][k] for k in _KIND_ORDER if hand[k]]
    out += [ORDINARY[2][k] for k in _KIND_ORDER if hand[k] >= 2]
    out += _combos_in(hand, 1)
    out += [ORDINARY[3][k] for k in _KIND_ORDER if hand[k] >= 3]
    out += [ORDINARY[4][k] for k in _KIND_ORDER if hand[k] >= 4]
    out += _combos_in(hand, 2)
    out += _combos_in(hand, 3)
    out += _combos_in(hand, 4)
    return tuple(out)


@lru_cache(maxsize=200_000)
def beating_plays(hand: tuple[int, ...], old: Play) -> tuple[Play, ...]:
    """CP-4.2: the plays of `hand` that beat `old` (CP-3.3), in sort_key order."""
    if old.family == COMBO_FAMILY_INDEX:
        return tuple(_combos_in(hand, old.size // 2, old.rank))
    n, row = old.size, ORDINARY[old.size]
    return tuple(row[k] for k in _HIGHER_ORDER[old.kinds[0]] if hand[k] >= n)


def to_counts(codes: Iterable[str]) -> list[int]:
    return count_vector(codes, INDEX, N_KINDS)


def to_codes(counts: Sequence[int]) -> list[str]:
    return codes_of(counts, CODES)


def card_dicts() -> list[dict[str, Any]]:
    return [
        {
            "code": code,
            "name": name,
            "count": COPIES,
            "family": fam,
            "rank": rank,
            "pips": [int(code[0]), int(code[1])],
        }
        for code, name, fam, rank in CARD_TABLE
    ]
