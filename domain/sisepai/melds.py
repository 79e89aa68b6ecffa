"""Legal melds (SSP-3), meld values (SSP-6.2), the win test and the best
partition (SSP-1.2, SSP-6.2), all on count vectors.

The search splits a hand into independent parts, each memoised on a tiny
tuple: a colour's General/Advisor/Elephant counts (singles, command groups,
identical groups), a colour's Chariot/Horse/Cannon counts (field groups,
identical groups), the four Soldier counts (soldier groups, identical
groups) and the flowers (always singles). No meld crosses these parts
(SSP-3.1–3.5), so the best partition of a hand is the union of the best
partitions of its parts.

Tie rule (SSP-6.2, "any fixed, documented order"): among partitions with the
highest total, the one with the fewest mixed groups (command, field,
soldier) is shown; among soldier partitions still tied, the first in the
enumeration order (fewer 4-soldier groups first, then fewer groups missing
red, yellow, white, green in that order).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import cache, lru_cache
from typing import NamedTuple

from .cards import (
    CODES,
    FLOWER0,
    N_CHESS,
    N_KINDS,
    A,
    C,
    E,
    H,
    K,
    R,
    S,
    char_of,
    colour_of,
    discardable,
    is_flower,
    is_general,
    is_soldier,
)


class MeldKind(StrEnum):
    """The kinds of meld (SSP-3), in the fixed order partitions list them (SSP-6.2)."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    QUAD = "quad"
    COMMAND = "command"
    FIELD = "field"
    SOLDIERS = "soldiers"


SINGLE, PAIR, TRIPLE, QUAD = MeldKind.SINGLE, MeldKind.PAIR, MeldKind.TRIPLE, MeldKind.QUAD
COMMAND, FIELD, SOLDIERS = MeldKind.COMMAND, MeldKind.FIELD, MeldKind.SOLDIERS
MELD_KINDS = tuple(MeldKind)
MIXED = (COMMAND, FIELD, SOLDIERS)
IDENT = {2: PAIR, 3: TRIPLE, 4: QUAD}
IDENT_POINTS = {0: 0, 2: 0, 3: 1, 4: 2}  # SSP-6.2: pair 0, triple 1, quad 2; 1 card: not a meld

# Priority levels (SSP-5.2), 1 = highest.
LVL_DRAWER_WIN, LVL_WIN, LVL_IDENTICAL, LVL_DRAWER_MELD, LVL_NEXT_MIXED = 1, 2, 3, 4, 5


class Meld(NamedTuple):
    """A meld: its kind and its card indices (a tuple, so it compares equal to (kind, cards))."""

    kind: MeldKind
    cards: tuple[int, ...]


# A partition's melds as plain (kind, cards) pairs: building a NamedTuple costs several
# times a tuple, and the win test builds partitions at every open card.
Partition = tuple[tuple[MeldKind, tuple[int, ...]], ...]


def classify(cards: Sequence[int]) -> MeldKind | None:
    """The kind of meld these card indices form, or None (SSP-3)."""
    cs = sorted(cards)
    n = len(cs)
    if n == 0 or any(not 0 <= i < N_KINDS for i in cs):
        return None
    if n == 1:
        return SINGLE if is_general(cs[0]) or is_flower(cs[0]) else None  # SSP-3.1
    if any(is_flower(i) for i in cs):
        return None  # SSP-3.5: a flower never joins another card
    if len(set(cs)) == 1:
        # SSP-3.2: identical groups of 2..4; never Generals
        return None if is_general(cs[0]) or n > 4 else IDENT[n]
    if n == 3 and len({colour_of(i) for i in cs}) == 1:
        chars = [char_of(i) for i in cs]
        if chars == [K, A, E]:
            return COMMAND  # SSP-3.3
        if chars == [R, H, C]:
            return FIELD  # SSP-3.3
    if n in (3, 4) and all(is_soldier(i) for i in cs) and len(set(cs)) == n:
        return SOLDIERS  # SSP-3.4
    return None


def meld_points(kind: str, cards: Sequence[int]) -> int:
    """SSP-6.2: pair 0, single General 1, flower 3, triple 1, quad 2, mixed groups 0 [R]."""
    if kind == SINGLE:
        return 3 if is_flower(cards[0]) else 1
    return 1 if kind == TRIPLE else 2 if kind == QUAD else 0


# ----- the memoised parts ---------------------------------------------------


@cache
def _trio(x: int, y: int, z: int, singles: bool) -> tuple[int, int] | None:
    """Best (points, n_mixed) for one colour's K/A/E (singles=True) or R/H/C
    counts: n mixed groups (command or field), Generals left as singles, the
    rest in identical groups. Highest points, then fewest mixed groups."""
    best = None
    for n in range(min(x, y, z) + 1):
        rest = (x - n, y - n, z - n)
        px: int | None
        if singles:
            px = rest[0]  # each General alone scores 1 (SSP-3.1, SSP-6.2)
        else:
            px = IDENT_POINTS.get(rest[0])
            if px is None:
                continue
        py, pz = IDENT_POINTS.get(rest[1]), IDENT_POINTS.get(rest[2])
        if py is None or pz is None:
            continue
        pts = px + py + pz
        if best is None or pts > best[0]:
            best = (pts, n)
    return best


_SOLDIER_GROUPS = ((0, 1, 2, 3), (1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))


@cache
def _soldiers(s: tuple[int, int, int, int]) -> tuple[int, tuple[int, ...]] | None:
    """Best (points, group counts) for the four Soldier counts: counts of the
    groups in _SOLDIER_GROUPS, the rest identical groups. Highest points, then
    fewest groups, then enumeration order."""
    best: tuple[int, tuple[int, ...]] | None = None
    best_key: tuple[int, int] | None = None

    def rec(g: int, rest: list[int], chosen: list[int]) -> None:
        nonlocal best, best_key
        if g == len(_SOLDIER_GROUPS):
            pts = 0
            for r in rest:
                p = IDENT_POINTS.get(r)
                if p is None:
                    return
                pts += p
            key = (pts, -sum(chosen))
            if best_key is None or key > best_key:
                best_key, best = key, (pts, tuple(chosen))
            return
        cols = _SOLDIER_GROUPS[g]
        top = min(rest[c] for c in cols)
        for n in range(top + 1):
            for c in cols:
                rest[c] -= n
            chosen.append(n)
            rec(g + 1, rest, chosen)
            chosen.pop()
            for c in cols:
                rest[c] += n

    rec(0, list(s), [])
    return best


@lru_cache(maxsize=200_000)
def best_partition(counts: tuple[int, ...]) -> tuple[int, Partition] | None:
    """The highest-scoring partition of `counts` into legal melds, as
    (points, melds), or None when the cards cannot all be melded."""
    total = 0
    melds: list[tuple[MeldKind, tuple[int, ...]]] = []
    for col in range(4):
        b = col * 7
        for first, singles in ((K, True), (R, False)):
            x, y, z = counts[b + first], counts[b + first + 1], counts[b + first + 2]
            if not (x or y or z):
                continue
            res = _trio(x, y, z, singles)
            if res is None:
                return None
            pts, n = res
            total += pts
            ix, iy, iz = b + first, b + first + 1, b + first + 2
            for _ in range(n):
                melds.append((COMMAND if singles else FIELD, (ix, iy, iz)))
            if singles:
                melds.extend((SINGLE, (ix,)) for _ in range(x - n))
            elif x - n:
                melds.append((IDENT[x - n], (ix,) * (x - n)))
            if y - n:
                melds.append((IDENT[y - n], (iy,) * (y - n)))
            if z - n:
                melds.append((IDENT[z - n], (iz,) * (z - n)))
    s = (counts[S], counts[7 + S], counts[14 + S], counts[21 + S])
    if any(s):
        found = _soldiers(s)
        if found is None:
            return None
        pts, groups = found
        total += pts
        rest = list(s)
        for g, n in zip(_SOLDIER_GROUPS, groups, strict=True):
            for _ in range(n):
                melds.append((SOLDIERS, tuple(c * 7 + S for c in g)))
                for c in g:
                    rest[c] -= 1
        for c, r in enumerate(rest):
            if r:
                melds.append((IDENT[r], (c * 7 + S,) * r))
    for i in range(FLOWER0, N_KINDS):
        if counts[i] > 1:
            return None  # flowers are never identical to anything (SSP-2.1 [R])
        if counts[i]:
            total += 3
            melds.append((SINGLE, (i,)))
    melds.sort(key=lambda m: (m[1][0], MELD_KINDS.index(m[0])))
    return total, tuple(melds)


def is_complete(counts: Sequence[int]) -> bool:
    """SSP-1.2: every card melds."""
    return best_partition(tuple(counts)) is not None


def meld_codes(cards: Sequence[int]) -> list[str]:
    return [CODES[i] for i in cards]


def meld_id(kind: str, cards: Sequence[int]) -> str:
    return f"claim:{kind}:{','.join(meld_codes(cards))}"


# ----- claims on a public card (SSP-5.2, SSP-5.3, SSP-4.5) -------------------


def _can_discard_after(hand: Sequence[int], used: Sequence[int]) -> bool:
    """SSP-4.5: after the claim the concealed hand must hold a discardable card."""
    left = list(hand)
    for i in used:
        left[i] -= 1
    return any(n and discardable(i) for i, n in enumerate(left[:N_CHESS]))


def claim_options(
    hand: Sequence[int], x: int, drawer: bool, next_: bool
) -> list[tuple[MeldKind, tuple[int, ...], int]]:
    """Non-winning claims of public card `x` for a seat holding `hand`:
    [(kind, meld card indices including x, priority level)]. A meld whose
    concealed rest is complete is left out: that claim is a win (SSP-4.3),
    offered as "win".

    drawer: the seat drew x (first claim round); next_: the seat is next in
    turn after the card's owner. Both False: identical triple/quad only.
    """
    out: list[tuple[MeldKind, tuple[int, ...], int]] = []
    mixed_level = LVL_DRAWER_MELD if drawer else (LVL_NEXT_MIXED if next_ else None)
    if is_flower(x) or is_general(x):
        if drawer:  # SSP-5.3 [R]: the drawer may take a drawn General or flower as a single
            out.append((SINGLE, (x,), LVL_DRAWER_MELD))
    else:
        # SSP-5.2 level 3 / SSP-5.3: identical triple or quad, by anyone; never a pair by the drawer
        for n in (2, 3):
            if hand[x] >= n:
                out.append((IDENT[n + 1], (x,) * (n + 1), LVL_IDENTICAL))
    if mixed_level is not None and x < N_CHESS:
        col, ch = colour_of(x), char_of(x)
        b = col * 7
        if ch in (K, A, E) or ch in (R, H, C):
            first = K if ch in (K, A, E) else R
            trio = (b + first, b + first + 1, b + first + 2)
            if all(hand[i] >= 1 for i in trio if i != x):
                out.append((COMMAND if first == K else FIELD, trio, mixed_level))
        elif ch == S:
            others = [c for c in range(4) if c != col and hand[c * 7 + S] >= 1]
            subsets = []
            if len(others) == 3:
                subsets.append(tuple(others))
            for i in range(len(others)):
                for j in range(i + 1, len(others)):
                    subsets.append((others[i], others[j]))
            subsets.sort(key=lambda t: (len(t), t))
            for sub in subsets:
                out.append((SOLDIERS, tuple(sorted([x] + [c * 7 + S for c in sub])), mixed_level))
    result = []
    for kind, cards, lvl in out:
        used = list(cards)
        used.remove(x)
        if not _can_discard_after(hand, used):
            continue
        rest = list(hand)
        for i in used:
            rest[i] -= 1
        if best_partition(tuple(rest)) is not None:
            # SSP-4.3: all 21 cards would be melded after this claim, so it is a winning
            # claim: the player wins (answer "win", SSP-5.6, level 1/2), never discards
            continue
        result.append((kind, cards, lvl))
    return result
