"""Nantong `strong` policy: discards and claims by expected settlement.

It plays like `basic` (ai.py) towards the nearest complete hand, but where basic breaks
ties by live cards alone, `strong` weighs what the hand would be worth: once a discard
leaves the hand one card from complete, each waiting card is scored with the real scoring
code (shape, Wenqian, concealed triplets, indicator multipliers: NT-7 … NT-8) and weighted
by the copies still unseen; the chance of winning before someone else does comes from a
race over the remaining rounds. It sees only its own seat's view and uses no clock: the
work is bounded by the number of candidate discards and waiting cards.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from domain.base import Action

from .ai import (
    _BLOCK_OF,
    _BLOCKS,
    _closest,
    _counts,
    _keep_best,
    _merge,
    _near,
    _needed,
    _OneCardAway,
    _Opt,
    _unseen,
    _value,
    basic_policy,
    distance,
)
from .cards import CODES, COPIES, INDEX, N_KINDS
from .scoring import GROUPS, Win, score_player

Melds = tuple[tuple[str, int], ...]

# Basic's chance of winning in self-play from one card away, by stock left (50+, 40s,
# 30s, 20s, 10s, under 10), measured on seeds apart from every match seed; a hand with
# TYPICAL_OUTS live winning cards is typical.
P_READY = (0.85, 0.79, 0.64, 0.45, 0.37, 0.26)
TYPICAL_OUTS = 6.0
# The bonuses another seat's win would have added to its total, which a win of ours
# denies it (NT-8.2 Tazi Hu +20, NT-8.4, NT-8.5, rounding), counted in settlement.
DENIED = 35.0
PONG_WEIGHT = 2.0  # a pair's third card arrives from three seats' turns, not one
SAFETY = False
LOOKAHEAD = True
KONG_CHECK = True
QING_SLACK = 1  # aim for Qing Hu while it is at most this many cards further than any hand


def _melds(view: dict[str, Any], seat: int) -> Melds:
    return tuple((m["kind"], INDEX[m["card"]]) for m in view["seats"][seat]["melds"])


def _indicators(view: dict[str, Any]) -> tuple[int, int]:
    a, b = (INDEX[c] for c in view["table"]["indicators"])
    return a, b


@lru_cache(maxsize=100_000)
def _win_value(inds: tuple[int, int], hand: tuple[int, ...], melds: Melds, card: int) -> int:
    """Rounded total (NT-9.1) of the hand completed by `card`, half on a discard and half
    self-drawn (NT-7.3 and NT-8.4 differ between the two)."""
    on_discard = score_player(inds, hand, melds, Win("discard", card))["rounded"]
    drawn = score_player(inds, hand, melds, Win("self_draw", card))["rounded"]
    return (on_discard + drawn) // 2


@lru_cache(maxsize=100_000)
def _base_hu(inds: tuple[int, int], hand: tuple[int, ...], melds: Melds) -> int:
    """Base hu without a win (NT-7, NT-9.3): what the hand scores if someone else wins."""
    return score_player(inds, hand, melds, None)["base"]


def _p_ready(outs: int, stock: int) -> float:
    """Chance that a hand one card from complete wins, from its live outs and the stock
    left: basic's win rate at that distance and stock in self-play, scaled by outs."""
    col = min(5, max(0, 5 - stock // 10))
    return min(0.95, P_READY[col] * (outs / (outs + 4.0)) / (TYPICAL_OUTS / (TYPICAL_OUTS + 4.0)))


def _ready_ev(
    hand: list[int], needed: int, melds: Melds, inds: tuple[int, int], unseen: list[int], stock: int
) -> float:
    """Expected settlement gain of a hand one card from complete: P(win) × (2 × (the mean
    winning total over the live outs − the base) + the bonuses another winner would have
    scored). Every winning card is scored with the scoring code (NT-7 … NT-9)."""
    t = tuple(hand)
    base = _base_hu(inds, t, melds)
    outs = 0
    weighted = 0
    for k in range(N_KINDS):
        if unseen[k] and hand[k] < COPIES:
            hand[k] += 1
            done = distance(tuple(hand), needed) < 0
            hand[k] -= 1
            if done:
                outs += unseen[k]
                weighted += unseen[k] * _win_value(inds, t, melds, k)
    if not outs:
        return 0.0
    return _p_ready(outs, stock) * (2.0 * (weighted / outs - base) + DENIED)


def _arrivals(hand: list[int], needed: int, unseen: list[int]) -> float:
    """Unseen cards that would bring the hand closer, weighted by how they can arrive: a
    kind the hand holds a pair of also comes as a pong from either other seat's discard
    (NT-6.2), every other kind only from this seat's own draw."""
    d = distance(tuple(hand), needed)
    after = _OneCardAway(hand, needed)
    n = 0.0
    for k in range(N_KINDS):
        if unseen[k] and hand[k] < COPIES and _near(hand, k) and after.distance(k, 1) < d:
            n += unseen[k] * (PONG_WEIGHT if hand[k] == 2 else 1.0)
    return n


def _two_away_ev(
    hand: list[int], needed: int, melds: Melds, inds: tuple[int, int], unseen: list[int], stock: int
) -> float:
    """A hand two cards from complete: the expected `_ready_ev` after this seat's next
    useful draw and its best discard then, over the unseen copies of every kind."""
    total = sum(unseen)
    if not total:
        return 0.0
    ev = 0.0
    for k in range(N_KINDS):
        if not unseen[k] or hand[k] >= COPIES or not _near(hand, k):
            continue
        hand[k] += 1
        if distance(tuple(hand), needed) == 0:
            after = _OneCardAway(hand, needed)
            best = 0.0
            for j in range(N_KINDS):
                if hand[j] and after.distance(j, -1) == 0:
                    hand[j] -= 1
                    unseen[k] -= 1
                    best = max(best, _ready_ev(hand, needed, melds, inds, unseen, stock))
                    unseen[k] += 1
                    hand[j] += 1
            ev += unseen[k] * best
        hand[k] -= 1
    return ev / total


# ---------------------------------------------------------------- Qing Hu (NT-8.2)
# Qing Hu (+100 hu) needs seven sequences and the pair with no meld at all; almost half
# of the dealt hands are as close to it as to any complete hand, and basic never aims
# for it. Readings here use sequences and partial sequences only; an honour (NT-1.3:
# identical groups only) can only be the pair.


@lru_cache(maxsize=100_000)
def _seq_block(vec: tuple[int, ...]) -> tuple[_Opt, ...]:
    """Best (sequences, partial sequences, pair) readings of one suit."""
    i = next((k for k, n in enumerate(vec) if n), -1)
    if i < 0:
        return ((0, 0, 0),)
    n = len(vec)
    v = list(vec)

    def sub(*ks: int) -> tuple[_Opt, ...]:
        w = list(v)
        for k in ks:
            w[k] -= 1
        return _seq_block(tuple(w))

    res: set[_Opt] = set(sub(i))
    if v[i] >= 2:
        res.update((m, t, 1) for m, t, p in sub(i, i) if not p)
    if i + 1 < n and v[i + 1]:
        res.update((m, t + 1, p) for m, t, p in sub(i, i + 1))
        if i + 2 < n and v[i + 2]:
            res.update((m + 1, t, p) for m, t, p in sub(i, i + 1, i + 2))
    if i + 2 < n and v[i + 2]:
        res.update((m, t + 1, p) for m, t, p in sub(i, i + 2))
    return _keep_best(res)


def _honour_block(vec: tuple[int, ...]) -> tuple[_Opt, ...]:
    return ((0, 0, 0), (0, 0, 1)) if vec[0] >= 2 else ((0, 0, 0),)


def _qing_block(b: int, vec: tuple[int, ...]) -> tuple[_Opt, ...]:
    return _seq_block(vec) if b < 3 else _honour_block(vec)


def qing_distance(counts: tuple[int, ...]) -> int:
    """Cards to replace before the concealed hand is a Qing Hu (-1: it is one)."""
    rest: tuple[_Opt, ...] = ((0, 0, 0),)
    for b, (lo, hi) in enumerate(_BLOCKS):
        rest = _merge(rest, _qing_block(b, counts[lo:hi]))
    return _closest(rest, GROUPS)


class _QingOneCardAway:
    """`qing_distance` of a hand with one card more or less (only that card's block is
    read again), like ai._OneCardAway for `distance`."""

    def __init__(self, hand: list[int]):
        self.hand = hand
        self.readings = [_qing_block(b, tuple(hand[lo:hi])) for b, (lo, hi) in enumerate(_BLOCKS)]
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
        return _closest(_merge(rest, _qing_block(b, tuple(vec))), GROUPS)


def _qing_useful(hand: list[int], unseen: list[int]) -> int:
    """Unseen cards that would bring the hand closer to a Qing Hu."""
    d = qing_distance(tuple(hand))
    after = _QingOneCardAway(hand)
    return sum(
        unseen[k]
        for k in range(N_KINDS)
        if unseen[k] and hand[k] < COPIES and _near(hand, k) and after.distance(k, 1) < d
    )


def _no_group_melds(melds: Melds) -> bool:
    return all(kind == "hezi" for kind, _ in melds)


def _aims_for_qing(hand: list[int], melds: Melds, needed: int) -> bool:
    """No meld yet and a Qing Hu within QING_SLACK cards of the nearest complete hand."""
    if not _no_group_melds(melds):
        return False
    t = tuple(hand)
    return qing_distance(t) <= distance(t, needed) + QING_SLACK


def _seat(view: dict[str, Any]) -> int:
    return view["seat"] if view.get("seat") is not None else view["to_act"][0]


def _discard_key(
    hand: list[int],
    k: int,
    needed: int,
    melds: Melds,
    inds: tuple[int, int],
    unseen: list[int],
    stock: int,
    after: _OneCardAway,
    qing: _QingOneCardAway | None,
    view: dict[str, Any],
) -> tuple:
    """Sort key of discarding kind k (smallest first)."""
    d = after.distance(k, -1)  # both readers hold `hand` itself: ask them before it changes
    qd = qing.distance(k, -1) if qing is not None else 0
    hand[k] -= 1
    try:
        if d == 0:
            speed: tuple = (-_ready_ev(hand, needed, melds, inds, unseen, stock),)
        elif d == 1 and LOOKAHEAD:
            speed = (
                -_two_away_ev(hand, needed, melds, inds, unseen, stock),
                -_arrivals(hand, needed, unseen),
            )
        else:
            speed = (-_arrivals(hand, needed, unseen),)
        if qing is not None:
            q_speed = -_qing_useful(hand, unseen) if qd > 0 else 0
            return (qd, d, q_speed, *speed, _value(k, view), hand[k] + 1, k)
        safety = unseen[k] if SAFETY else 0
        return (d, *speed, safety, _value(k, view), hand[k] + 1, k)
    finally:
        hand[k] += 1


def _kong_sets_back(hand: list[int], needed: int, kong: Action) -> bool:
    """Whether a kong (NT-5.2) leaves the hand further from complete than the best discard:
    four cards of a kind held as a group and part of a sequence, say."""
    if kong.type not in ("concealed_kong", "added_kong"):
        return False
    k = INDEX[kong.cards[0]]
    now = min(_OneCardAway(hand, needed).distance(j, -1) for j in range(N_KINDS) if hand[j])
    after = list(hand)
    if kong.type == "concealed_kong":
        after[k] -= 4
        needed -= 1
    else:
        after[k] -= 1
    return distance(tuple(after), needed) > now


def _discard(view: dict[str, Any], legal: list[Action]) -> Action:
    by_id = {a.id: a for a in legal}
    options = [INDEX[a.cards[0]] for a in legal if a.type == "discard"]
    if len(options) == 1:
        return by_id[f"discard:{CODES[options[0]]}"]
    hand = _counts(view["hand"] or [])
    needed = _needed(view)
    melds = _melds(view, _seat(view))
    inds = _indicators(view)
    unseen = _unseen(view, hand)
    stock = view["table"]["stock_count"]
    after = _OneCardAway(hand, needed)
    qing = _QingOneCardAway(hand) if _aims_for_qing(hand, melds, needed) else None
    keys = [_discard_key(hand, k, needed, melds, inds, unseen, stock, after, qing, view) for k in options]
    return by_id[f"discard:{CODES[min(keys)[-1]]}"]


def strong_policy(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    by_id = {a.id: a for a in legal}
    if "win" in by_id or len(legal) == 1 or view["phase"] == "preparation":
        return basic_policy(view, legal, rng)
    melds = _melds(view, _seat(view))
    hand = _counts(view["hand"] or [])
    # Any meld ends a Qing Hu (NT-8.2): while aiming for one, claim nothing but a win and
    # declare no kong.
    qing = _aims_for_qing(hand, melds, _needed(view))
    if view["phase"] in ("claim", "rob"):
        return by_id["pass"] if qing else basic_policy(view, legal, rng)
    types = {a.type for a in legal}
    if not qing and ("concealed_kong" in types or "added_kong" in types):
        kong = basic_policy(view, legal, rng)
        if not KONG_CHECK or not _kong_sets_back(hand, _needed(view), kong):
            return kong
    return _discard(view, legal)


__all__ = ["qing_distance", "strong_policy"]
