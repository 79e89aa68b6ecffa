"""Nantong strong candidate: basic's play, but a waiting hand chosen by expected settlement.

Not offered as an AI level: over 2 × 3,000 games on evaluation seeds it scored +0.44 ± 0.82
and +0.54 ± 0.74 hu per game against two basic seats, no measurable gain (docs/ai.md has the
commands and what else was tried). It stays as the measured starting point for the next
attempt; `cardgames match nantong --policy domain.nantong.strong:strong_policy` plays it.

`basic` (ai.py) discards towards the nearest complete hand and breaks ties by how many
unseen cards would bring it closer; it never looks at what a win would be worth. `strong`
plays exactly like basic except where a discard leaves the hand one card from complete:
there every candidate wait is valued as P(win) × (the winning total − the base the hand
scores anyway) plus the bonuses another seat's win would have earned, with each winning
card scored by the scoring code (shape, Wenqian, concealed triplets, indicator multipliers,
wait bonus: NT-7 … NT-9) and weighted by its unseen copies. P(win) comes from basic's win
rate in self-play at that stock count, scaled by the live outs.

It sees only its own seat's view, draws nothing from the rng and reads no clock: the work
is bounded by the candidate discards (at most one per kind) times the 30 kinds that could
complete the hand.
"""

from __future__ import annotations

import random
from functools import lru_cache

from domain.base import Action, View

from .ai import _counts, _needed, _OneCardAway, _unseen, _useful, _value, basic_policy, distance
from .cards import CODES, COPIES, INDEX, N_KINDS
from .scoring import Win, WinBy, score_player

Melds = tuple[tuple[str, int], ...]

# Basic's chance of winning from one card away in self-play, by the stock left (50 and more,
# 40s, 30s, 20s, 10s, under 10), measured on seeds apart from every match seed used to tune
# or evaluate this level; TYPICAL_OUTS live winning cards are what such a hand has on average.
P_READY = (0.85, 0.79, 0.64, 0.45, 0.37, 0.26)
TYPICAL_OUTS = 6.0
# The bonuses another seat's win adds to its total (NT-8.2 Tazi Hu +20, NT-8.4, NT-8.5 and the
# rounding, NT-9.1), which our win denies it: hu of settlement (NT-9.2).
DENIED = 35.0


def _seat(view: View) -> int:
    seat = view.get("seat")
    return seat if seat is not None else view["to_act"][0]


def _melds(view: View, seat: int) -> Melds:
    return tuple((m["kind"], INDEX[m["card"]]) for m in view["seats"][seat]["melds"])


def _indicators(view: View) -> tuple[int, int]:
    a, b = (INDEX[c] for c in view["table"]["indicators"])
    return a, b


@lru_cache(maxsize=100_000)
def _win_value(inds: tuple[int, int], hand: tuple[int, ...], melds: Melds, card: int) -> int:
    """Rounded total (NT-9.1) of the hand completed by `card`: the mean of a win on a
    discard and a self-drawn one (NT-7.3 and NT-8.4 tell them apart)."""
    on_discard: int = score_player(inds, hand, melds, Win(WinBy.DISCARD, card))["rounded"]
    drawn: int = score_player(inds, hand, melds, Win(WinBy.SELF_DRAW, card))["rounded"]
    return (on_discard + drawn) // 2


@lru_cache(maxsize=100_000)
def _base_hu(inds: tuple[int, int], hand: tuple[int, ...], melds: Melds) -> int:
    """Base hu without a win (NT-7, NT-9.3): what the hand scores if another seat wins."""
    base: int = score_player(inds, hand, melds, None)["base"]
    return base


def _p_ready(outs: int, stock: int) -> float:
    """Chance that a hand one card from complete with `outs` live winning cards wins."""
    col = min(5, max(0, 5 - stock // 10))
    scale = (outs / (outs + 4.0)) / (TYPICAL_OUTS / (TYPICAL_OUTS + 4.0))
    return min(0.95, P_READY[col] * scale)


def ready_value(
    hand: list[int], needed: int, melds: Melds, inds: tuple[int, int], unseen: list[int], stock: int
) -> float:
    """Expected settlement gain (hu) of a hand of 3n+1 concealed cards one card from
    complete: P(win) × (2 × (mean winning total over the live outs − base) + DENIED);
    a player's own total counts twice in settlement (NT-9.2)."""
    t = tuple(hand)
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
    base = _base_hu(inds, t, melds)
    return _p_ready(outs, stock) * (2.0 * (weighted / outs - base) + DENIED)


def _discard(view: View, legal: list[Action]) -> Action:
    """Basic's discard (nearest complete hand, then the most useful unseen cards), except
    that a discard leaving the hand one card away is ranked by `ready_value`."""
    by_id = {a.id: a for a in legal}
    options = [INDEX[a.cards[0]] for a in legal if a.type == "discard"]
    hand = _counts(view["hand"] or [])
    needed = _needed(view)
    melds = _melds(view, _seat(view))
    inds = _indicators(view)
    unseen = _unseen(view, hand)
    stock = view["table"]["stock_count"]
    after = _OneCardAway(hand, needed)
    scored = [(after.distance(k, -1), k) for k in options]
    best = min(d for d, _ in scored)
    keys = []
    for d, k in scored:
        if d != best:
            continue
        hand[k] -= 1
        if d == 0:
            speed = -ready_value(hand, needed, melds, inds, unseen, stock)
        else:
            speed = -float(_useful(hand, needed, unseen))
        keys.append((speed, _value(k, view), hand[k] + 1, k))
        hand[k] += 1
    return by_id[f"discard:{CODES[min(keys)[-1]]}"]


def strong_policy(view: View, legal: list[Action], rng: random.Random) -> Action:
    if view["phase"] != "play" or any(a.type != "discard" for a in legal):
        return basic_policy(view, legal, rng)  # wins, declarations, claims and kongs as basic
    if len(legal) == 1:
        return legal[0]
    return _discard(view, legal)


__all__ = ["ready_value", "strong_policy"]
