"""Nantong AI policies (issue 4 item 8).

`random` picks any legal action.  `basic` plays to win, from its own view
only: it wins whenever it can, makes every opening declaration, declares
ready when enough winning cards are still unseen, pongs and kongs when that
brings the hand closer to complete, and discards the card that leaves the
smallest distance to a complete hand (then the most useful unseen cards).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from domain.base import Action, random_policy

from .cards import CODES, COPIES, INDEX, N_KINDS, is_old_general, rank
from .scoring import GROUPS

_Opt = tuple[int, int, int]  # (groups, partial groups, pair)


def _pareto(opts: set[_Opt]) -> tuple[_Opt, ...]:
    out = []
    for o in opts:
        if not any(p != o and p[0] >= o[0] and p[1] >= o[1] and p[2] >= o[2] for p in opts):
            out.append(o)
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


@lru_cache(maxsize=200_000)
def distance(counts: tuple[int, ...], groups_needed: int) -> int:
    """Cards to replace before the hand is complete (-1: complete, 0: one card away)."""
    cap = groups_needed
    dp: dict[tuple[int, int], int] = {(0, 0): 0}  # (groups, pair) -> most partial groups
    blocks = (counts[0:9], counts[9:18], counts[18:27], counts[27:28], counts[28:29], counts[29:30])
    for b in blocks:
        if not any(b):
            continue
        opts = _block(tuple(b))
        nxt: dict[tuple[int, int], int] = {}
        for (m, p), t in dp.items():
            for a, b2, c in opts:
                if p + c > 1:
                    continue
                key = (min(m + a, cap), p + c)
                val = t + b2
                if nxt.get(key, -1) < val:
                    nxt[key] = val
        dp = nxt
    best = 99
    for (m, p), t in dp.items():
        best = min(best, 2 * cap - 2 * m - min(t, cap - m) - p)
    return best


def _counts(codes) -> list[int]:
    v = [0] * N_KINDS
    for c in codes:
        v[INDEX[c]] += 1
    return v


def _seat(view: dict[str, Any]) -> int:
    seat = view.get("seat")
    return seat if seat is not None else view["to_act"][0]  # a policy acts only when awaited


def _unseen(view: dict[str, Any], hand: list[int]) -> list[int]:
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


def _value(k: int, view: dict[str, Any]) -> int:
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


def _needed(view: dict[str, Any]) -> int:
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
    d = distance(tuple(hand), needed)
    n = 0
    for k in range(N_KINDS):
        if unseen[k] and hand[k] < COPIES and _near(hand, k):
            hand[k] += 1
            if distance(tuple(hand), needed) < d:
                n += unseen[k]
            hand[k] -= 1
    return n


def _best_discard(
    hand: list[int], needed: int, unseen: list[int], options: list[int], view
) -> tuple[int, int]:
    """(kind, distance) of the best discard among `options`."""
    scored = []
    for k in options:
        hand[k] -= 1
        scored.append((distance(tuple(hand), needed), k))
        hand[k] += 1
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


def basic_policy(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
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

__all__ = ["POLICIES", "basic_policy", "distance"]
