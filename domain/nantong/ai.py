"""Nantong AI policies.

`random` picks any legal action.  `basic` plays to win, from its own view
only: it wins whenever it can, makes every opening declaration, declares
ready when enough winning cards are still unseen, pongs and kongs when that
brings the hand closer to complete, and discards the card that leaves the
smallest distance to a complete hand (then the most useful unseen cards).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import lru_cache

from domain.base import Action, LevelInfo, Strength, View, random_policy

from .cards import CODES, COPIES, INDEX, N_KINDS, is_old_general, rank
from .scoring import GROUPS

_Opt = tuple[int, int, int]  # (groups, partial groups, pair)


def _pareto(opts: set[_Opt]) -> tuple[_Opt, ...]:
    """The readings no other reading matches or beats on groups, partial groups and pair.

    A sweep from the most groups down: a reading is kept when it has more partial groups
    than every reading before it that has at least its pair count (pair counts are 0 or 1)."""
    out = []
    best_any = best_pair = -1  # most partial groups so far: of any reading, of readings with the pair
    for o in sorted(opts, reverse=True):
        if o[1] > (best_pair if o[2] else best_any):
            out.append(o)
        if o[1] > best_any:
            best_any = o[1]
        if o[2] and o[1] > best_pair:
            best_pair = o[1]
    return tuple(sorted(out))


@lru_cache(maxsize=100_000)
def _block(vec: tuple[int, ...]) -> tuple[_Opt, ...]:
    """Pareto-best (groups, partial groups, pair) readings of one suit (or one honour)."""
    i = next((k for k, n in enumerate(vec) if n), -1)
    if i < 0:
        return ((0, 0, 0),)
    n = len(vec)
    res: set[_Opt] = set()
    v = list(vec)

    def sub(*ks: int) -> tuple[_Opt, ...]:
        w = list(v)
        for k in ks:
            w[k] -= 1
        return _block(tuple(w))

    res.update(sub(i))  # this copy stays isolated
    if v[i] >= 3:
        res.update((m + 1, t, p) for m, t, p in sub(i, i, i))
    if v[i] >= 2:
        for m, t, p in sub(i, i):
            res.add((m, t + 1, p))
            if not p:
                res.add((m, t, 1))
    if i + 1 < n and v[i + 1]:
        res.update((m, t + 1, p) for m, t, p in sub(i, i + 1))
        if i + 2 < n and v[i + 2]:
            res.update((m + 1, t, p) for m, t, p in sub(i, i + 1, i + 2))
    if i + 2 < n and v[i + 2]:
        res.update((m, t + 1, p) for m, t, p in sub(i, i + 2))
    return _pareto(res)


def _keep_best(opts: set[_Opt]) -> tuple[_Opt, ...]:
    """Drop readings another reading matches or beats on groups and partial groups with
    the same pair count (a reading with the pair cannot take a pair from a later block,
    so it only replaces readings that also hold the pair)."""
    out = []
    best = [-1, -1]  # most partial groups so far, per pair count
    for o in sorted(opts, reverse=True):
        if o[1] > best[o[2]]:
            out.append(o)
            best[o[2]] = o[1]
    return tuple(sorted(out))


@lru_cache(maxsize=100_000)
def _merge(x: tuple[_Opt, ...], y: tuple[_Opt, ...]) -> tuple[_Opt, ...]:
    """Readings of two blocks together (at most one pair in the hand, NT-1.2)."""
    return _keep_best({(a + d, b + e, c + f) for a, b, c in x for d, e, f in y if c + f <= 1})


@lru_cache(maxsize=100_000)
def _closest(opts: tuple[_Opt, ...], cap: int) -> int:
    """Cards to replace for the best reading: every group needs none, a partial group
    (up to the groups still missing) one, anything else two; the pair saves one."""
    best = 99
    for m, t, p in opts:
        m = min(m, cap)
        best = min(best, 2 * cap - 2 * m - min(t, cap - m) - p)
    return best


@lru_cache(maxsize=200_000)
def distance(counts: tuple[int, ...], groups_needed: int) -> int:
    """Cards to replace before the hand is complete (-1: complete, 0: one card away).

    The best over every way to read each suit (and each honour) as groups, partial
    groups and at most one pair in the whole hand. Blocks are combined pairwise and the
    combinations cached: hands a few cards apart share most of them."""
    suits = _merge(_merge(_block(counts[0:9]), _block(counts[9:18])), _block(counts[18:27]))
    honours = _merge(_merge(_block(counts[27:28]), _block(counts[28:29])), _block(counts[29:30]))
    return _closest(_merge(suits, honours), groups_needed)


# The blocks a hand is read in: the three suits (NT-1.2 sequences stay within a suit)
# and each honour alone (NT-1.3); BLOCK_OF[k] is the block of kind k.
_BLOCKS: tuple[tuple[int, int], ...] = ((0, 9), (9, 18), (18, 27), (27, 28), (28, 29), (29, 30))
_BLOCK_OF: tuple[int, ...] = tuple(
    next(b for b, (lo, hi) in enumerate(_BLOCKS) if lo <= k < hi) for k in range(N_KINDS)
)


class _OneCardAway:
    """`distance` of a hand with one card more or less, for many cards in a row: only
    that card's block is read again; the readings of the other blocks are merged once."""

    def __init__(self, hand: list[int], needed: int):
        self.hand, self.needed = hand, needed
        self.readings = [_block(tuple(hand[lo:hi])) for lo, hi in _BLOCKS]
        self.others: dict[int, tuple[_Opt, ...]] = {}

    def distance(self, k: int, change: int) -> int:
        b = _BLOCK_OF[k]
        rest = self.others.get(b)
        if rest is None:
            rest = ((0, 0, 0),)
            for i, r in enumerate(self.readings):
                if i != b:
                    rest = _merge(rest, r)
            self.others[b] = rest
        lo, hi = _BLOCKS[b]
        vec = self.hand[lo:hi]
        vec[k - lo] += change
        return _closest(_merge(rest, _block(tuple(vec))), self.needed)


def _counts(codes: Iterable[str]) -> list[int]:
    v = [0] * N_KINDS
    for c in codes:
        v[INDEX[c]] += 1
    return v


def _seat(view: View) -> int:
    seat = view.get("seat")
    return seat if seat is not None else view["to_act"][0]  # a policy acts only when awaited


def _unseen(view: View, hand: list[int]) -> list[int]:
    """Copies of each kind this seat has not seen."""
    seen = list(hand)
    for s in view["seats"]:
        for m in s["melds"]:
            for c in m["cards"]:
                seen[INDEX[c]] += 1
        for c in s["discards"]:
            seen[INDEX[c]] += 1
    for c in view["table"]["indicators"]:
        seen[INDEX[c]] += 1
    return [max(0, COPIES - n) for n in seen]


def _value(k: int, view: View) -> int:
    """How much a group of kind k is worth beyond the ordinary (old generals, indicators)."""
    inds = [INDEX[c] for c in view["table"]["indicators"]]
    v = 0
    if is_old_general(k):
        v += 1
    for i in inds:
        if (
            is_old_general(i)
            and is_old_general(k)
            or (not is_old_general(i) and not is_old_general(k) and rank(i) == rank(k))
        ):
            v += 1
    return v


def _needed(view: View) -> int:
    me = view["seats"][_seat(view)]
    return GROUPS - sum(1 for m in me["melds"] if m["kind"] != "hezi")


def _near(hand: list[int], k: int) -> bool:
    """Only a card next to what the hand holds can bring it closer."""
    if hand[k]:
        return True
    if k >= 27:
        return False
    lo, hi = k - k % 9, k - k % 9 + 8
    return any(hand[j] for j in range(max(lo, k - 2), min(hi, k + 2) + 1))


def _useful(hand: list[int], needed: int, unseen: list[int]) -> int:
    """Unseen cards that would bring the hand closer to complete."""
    d = distance(tuple(hand), needed)
    after = _OneCardAway(hand, needed)
    n = 0
    for k in range(N_KINDS):
        if unseen[k] and hand[k] < COPIES and _near(hand, k) and after.distance(k, 1) < d:
            n += unseen[k]
    return n


def _best_discard(
    hand: list[int], needed: int, unseen: list[int], options: list[int], view: View
) -> tuple[int, int]:
    """(kind, distance) of the best discard among `options`."""
    after = _OneCardAway(hand, needed)
    scored = [(after.distance(k, -1), k) for k in options]
    best_d = min(d for d, _ in scored)
    tied = [k for d, k in scored if d == best_d]
    if len(tied) == 1:
        return tied[0], best_d
    ranked = []
    for k in tied:
        hand[k] -= 1
        ranked.append((-_useful(hand, needed, unseen), _value(k, view), hand[k] + 1, k))
        hand[k] += 1
    ranked.sort()
    return ranked[0][3], best_d


def basic_policy(view: View, legal: list[Action], rng: random.Random) -> Action:
    by_id = {a.id: a for a in legal}
    if "win" in by_id:
        return by_id["win"]
    if len(legal) == 1:
        return legal[0]
    hand = _counts(view["hand"] or [])
    needed = _needed(view)
    unseen = _unseen(view, hand)
    types = {a.type for a in legal}
    if view["phase"] == "preparation":
        for a in legal:
            if a.type in ("declare_kong", "declare_triple", "hezi"):
                return a
        if "ready" in by_id:
            outs = 0
            for k in range(N_KINDS):
                if hand[k] < COPIES:
                    hand[k] += 1
                    if distance(tuple(hand), needed) < 0:
                        outs += unseen[k]
                    hand[k] -= 1
            if outs >= 3:
                return by_id["ready"]
        return by_id["finish"]
    if view["phase"] in ("claim", "rob"):
        for a in legal:
            if a.type == "kong":
                return a
        for a in legal:
            if a.type == "pong":
                k = INDEX[a.cards[0]]
                d0 = distance(tuple(hand), needed)
                hand[k] -= 2
                opts = [i for i in range(N_KINDS) if hand[i]]
                d1 = _best_discard(hand, needed - 1, unseen, opts, view)[1] if opts else -1
                hand[k] += 2
                if d1 < d0 or (d1 == d0 and _value(k, view) > 0):
                    return a
        return by_id["pass"]
    # own turn
    for t in ("concealed_kong", "added_kong"):
        if t in types:
            return next(a for a in legal if a.type == t)
    discards = [INDEX[a.cards[0]] for a in legal if a.type == "discard"]
    if len(discards) == 1:
        return next(a for a in legal if a.type == "discard")
    k, _ = _best_discard(hand, needed, unseen, discards, view)
    return by_id[f"discard:{CODES[k]}"]


POLICIES = {"random": random_policy, "basic": basic_policy}

# One line per level and its measured strength; the commands and the full tables are in docs/ai.md.
LEVEL_INFO: dict[str, LevelInfo] = {
    "random": LevelInfo(
        "Any legal action, uniformly at random: the floor to measure against.",
        (
            Strength(against="basic", deals=100, games=300, win_share=0.000, win_share_ci95=0.000,
                     fair_share=1 / 3, mean_score=-43.00, mean_score_ci95=3.30),
        ),
        summary="Plays any legal move at random: it rarely wins.",
    ),
    "basic": LevelInfo(
        "Heuristic: wins when it can, makes every opening declaration, pongs and kongs when that "
        "brings the hand closer, discards towards the nearest complete hand; ignores hand value "
        "and defence.",
        (
            Strength(against="random", deals=100, games=300, win_share=0.773, win_share_ci95=0.046,
                     fair_share=1 / 3, mean_score=63.40, mean_score_ci95=5.57),
        ),
        summary="A quick player: it heads for the nearest complete hand, claims what brings it closer and wins whenever it can, but neither chases big hands nor defends.",
    ),
}  # fmt: skip

__all__ = ["POLICIES", "basic_policy", "distance"]
