"""Worlds for the strong search (strong.py): the cards a seat cannot see, dealt to the other hands.

The unseen cards are the 84-card deck (CP-2.1) minus the seat's own hand, every point pile
(opening bonuses included, CP-2.5), the discarded cards and the cards of the current trick
(CP-4.3). A seat that passed in the previous or the current round could not beat the highest
play at that moment (CP-4.2), so it is dealt no card that would let it beat (while the other
seat has room for it).
"""

from __future__ import annotations

import random

from domain.base import PASS, View

from .ai import unseen_counts
from .cards import COMBO_FAMILY_INDEX, COMBOS, INDEX, N_KINDS, Play, all_plays
from .playout import HIGHER, plays_beating
from .state import PLAYERS, ChuoPaiState


def play_of(cards: list[str]) -> Play:
    """The Play (CP-3.1/CP-3.2) made of exactly these cards."""
    counts = [0] * N_KINDS
    for c in cards:
        counts[INDEX[c]] += 1
    kinds = tuple(sorted(INDEX[c] for c in cards))
    for p in all_plays(tuple(counts)):
        if p.kinds == kinds:
            return p
    raise ValueError(f"not a play: {cards}")  # pragma: no cover - views only show plays


def pass_constraints(view: View) -> list[tuple[int, Play]]:
    """(seat, highest play it could not beat) for each pass in the previous and the
    current round (CP-4.2: a seat that can beat must beat). Cards only leave a hand,
    so what a seat could not beat then it cannot beat now."""
    out = []
    table = view["table"]
    rounds = [(table.get("last_round") or {}).get("plays", []), table.get("trick", [])]
    for plays in rounds:
        highest: Play | None = None
        for t in plays:
            if t["type"] == PASS:
                if highest is not None:
                    out.append((t["seat"], highest))
            else:
                highest = play_of(t["cards"])
    return out


def risky_kinds(p: Play) -> set[int]:
    """Kinds that can make a play beating `p` (CP-3.3)."""
    if p.family == COMBO_FAMILY_INDEX:
        return {k for _n, key, (m1, m2), crank in COMBOS if crank > p.rank for k in (key, m1, m2)}
    return set(HIGHER[p.kinds[0]])


def determinize(view: View, seat: int, rng: random.Random) -> ChuoPaiState:
    """A real state consistent with `view`: the unseen cards dealt at random to the
    other seats' hands, respecting their public hand counts."""
    left = unseen_counts(view)
    pool = [k for k in range(N_KINDS) for _ in range(left[k])]  # sorted: no hash order
    others = [s for s in range(PLAYERS) if s != seat]
    counts = [view["seats"][s]["hand_count"] for s in others]
    if sum(counts) != len(pool):  # pragma: no cover - a consistent view always matches
        raise ValueError("hand counts do not match the unseen cards")
    hands: list[list[int]] = [[0] * N_KINDS for _ in range(PLAYERS)]
    for c in view.get("hand") or []:
        hands[seat][INDEX[c]] += 1
    rng.shuffle(pool)
    room = dict(zip(others, counts, strict=True))
    # CP-4.2: a seat that passed could not beat the highest play then, so it gets no
    # card that would let it beat (being able to beat only grows with cards) while
    # the other seat has room. The cards that could matter are dealt first.
    cons = {s: [p for t, p in pass_constraints(view) if t == s] for s in others}
    risky: set[int] = set()
    for s in others:
        for p in cons[s]:
            risky |= risky_kinds(p)
    if risky:
        pool.sort(key=lambda k: k not in risky)  # stable: the shuffle decides within each part
    for k in pool:
        ok = [s for s in others if room[s] > 0]
        if len(ok) == 2 and k in risky:
            fits = []
            for s in ok:
                hands[s][k] += 1
                if not any(plays_beating(hands[s], p) for p in cons[s]):
                    fits.append(s)
                hands[s][k] -= 1
            if fits:
                ok = fits
        if len(ok) == 2:  # a uniform split: each seat in proportion to its room left
            s = ok[0] if rng.randrange(room[ok[0]] + room[ok[1]]) < room[ok[0]] else ok[1]
        else:
            s = ok[0]
        hands[s][k] += 1
        room[s] -= 1
    return ChuoPaiState.from_view(view, hands)
