"""How well a sampled world explains what the other seats were seen to do.

A world (strong.determinize) deals the unseen cards to the two other hands; it is already
consistent with the public facts and with every recent pass (CP-4.2). This module scores it
further by the other seats' *plays*: it rebuilds every hand at each past decision (the hand
now plus the cards played since — cards only leave a hand) and asks what the `basic` policy
would have done there. Basic is deterministic given its hand and the cards it has not seen —
in a world, exactly the other two hands at that moment — so each past decision of another
seat either matches basic's choice or it does not.

`mismatches` counts the decisions that do not match; strong.py keeps the worlds with the
fewest. Against basic seats a world with a mismatch is impossible; against any other player
it is only less likely, so it is ranked down, never excluded outright. A seat that did not
take the opening bonus although its rebuilt starting hand held a Nail and a Two Red counts as
a mismatch too (basic always takes it, CP-2.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.base import View

from .cards import EVERY_PLAY, INDEX, N_KINDS, NAIL, TWO_RED, Play
from .state import PLAYERS

__all__ = ["History", "history", "mismatches"]

PLAY_BY_KINDS: dict[tuple[int, ...], Play] = {p.kinds: p for p in EVERY_PLAY}

# One past action: (seat, kinds played — () for a pass, whether a later follower still acts).
Step = tuple[int, tuple[int, ...], bool]


@dataclass(frozen=True)
class History:
    """The public record of the deal: every round so far, oldest first, the current one
    last; the seats checked against basic; who took the opening bonus; and, per round, the
    cards each seat played from that round on (to rebuild the hands at its start)."""

    rounds: tuple[tuple[Step, ...], ...]
    others: tuple[int, ...]
    bonus_taken: tuple[bool, ...]
    played_from: tuple[tuple[tuple[int, ...], ...], ...]
    first_checked: int  # the oldest round whose decisions are checked


def _kinds(cards: list[str]) -> tuple[int, ...]:
    return tuple(sorted(INDEX[c] for c in cards))


def history(view: View, seat: int, last_rounds: int) -> History:
    """The view's record; decisions are checked in its last `last_rounds` rounds (the
    current one included), the bonus answer always."""
    table = view["table"]
    rounds: list[tuple[Step, ...]] = []
    for r in table.get("rounds", []):
        plays = r["plays"]
        rounds.append(tuple((t["seat"], _kinds(t["cards"]), i + 1 < len(plays)) for i, t in enumerate(plays)))
    trick = table.get("trick", [])
    if trick:  # every play of the current round has at least this seat after it (CP-4.2)
        rounds.append(tuple((t["seat"], _kinds(t["cards"]), True) for t in trick))
    played: list[tuple[tuple[int, ...], ...]] = []
    acc = [[0] * N_KINDS for _ in range(PLAYERS)]
    for steps in reversed(rounds):
        for s, kinds, _later in steps:
            for k in kinds:
                acc[s][k] += 1
        played.append(tuple(tuple(h) for h in acc))
    played.reverse()
    return History(
        rounds=tuple(rounds),
        others=tuple(s for s in range(PLAYERS) if s != seat),
        bonus_taken=tuple(int(s["bonus"]) > 0 for s in view["seats"]),
        played_from=tuple(played),
        first_checked=max(0, len(rounds) - last_rounds),
    )


def mismatches(hist: History, hands: list[list[int]], limit: int) -> int:
    """How many of the other seats' past decisions basic would not have made in the world
    `hands` (the three hands now); counting stops once it exceeds `limit`."""
    from .strong import _basic_follow, _basic_lead, _beating  # the count-vector basic replica

    bad = 0
    if hist.played_from:
        start = hist.played_from[0]
        for s in hist.others:
            if (
                not hist.bonus_taken[s]
                and hands[s][NAIL] + start[s][NAIL]
                and hands[s][TWO_RED] + start[s][TWO_RED]
            ):
                bad += 1  # CP-2.5: basic would have taken the bonus
    for r in range(hist.first_checked, len(hist.rounds)):
        if bad > limit:
            return bad
        add = hist.played_from[r]
        h = [[x + y for x, y in zip(hands[s], add[s], strict=True)] for s in range(PLAYERS)]
        highest: Play | None = None
        for seat, kinds, later in hist.rounds[r]:
            if seat in hist.others:
                a, b = h[(seat + 1) % PLAYERS], h[(seat + 2) % PLAYERS]
                if highest is None:  # CP-4.1: basic leads its biggest safe play, else a weak single
                    if _basic_lead(h[seat], a, b).kinds != kinds:
                        bad += 1
                elif not kinds:  # CP-4.2: a seat that could beat had to (any player)
                    if _beating(h[seat], highest):
                        bad += 1
                else:  # CP-4.2: basic beats as cheaply as is safe
                    beating = _beating(h[seat], highest)
                    if len(beating) > 1:
                        pool = [x + y for x, y in zip(a, b, strict=True)] if later else []
                        if _basic_follow(beating, pool, later).kinds != kinds:
                            bad += 1
            if kinds:
                hand = h[seat]
                for k in kinds:
                    hand[k] -= 1
                highest = PLAY_BY_KINDS[kinds]
    return bad
