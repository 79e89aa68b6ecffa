"""Worlds for a Sì Sè Pái seat playing against `basic`: the hidden cards dealt consistently with
one view (used by `strong.inferring_policy`, a candidate above the `strong` level).

A world deals the cards the seat cannot see (not in its hand, not exposed, not dead, not the
open card) to the other three concealed hands, each its public size, and the rest to the stock
in a random order. It is then checked against what the other seats were seen to do, as the
`basic` policy (`ai.py`) would have done it — basic is deterministic given its hand and the
cards it has seen, but for coin flips among equal discards:

- its last discard (SSP-4.3): cards only leave a concealed hand by a discard or a claim, and a
  claim is followed by a discard (SSP-5.5), so the hand at that discard was the hand now plus
  the discarded card; basic discards a card whose loss hurts least, so the discarded card must
  be among those;
- the claim windows since (SSP-5.1): the hand was the hand now throughout; a window in which
  the seat could answer and nobody took the card means the seat passed, so it could not win
  with the card (basic always wins, SSP-1.2) and no claim of it would have improved basic's
  score; a window in which another seat took the card with a claim means this seat could not
  win on it (a win goes first, SSP-5.2).

Each seat's hand is drawn until it passes these checks, a bounded number of tries, in a random
seat order; when none passes, the draw with the fewest failed checks is kept. Against basic
seats the true hands always pass (a test checks this over whole games); against anyone else a
world is only a guess. Everything here is read from the view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from domain.base import View

from .ai import PW, _soldier_value, _trio_value, hand_value
from .cards import COUNTS, FLOWER0, INDEX, N_CHESS, N_KINDS, discardable
from .melds import SINGLE, best_partition, claim_options
from .state import PLAYERS

__all__ = [
    "Record",
    "SeatRecord",
    "Window",
    "World",
    "basic_claims",
    "discard_values",
    "failed_checks",
    "record",
    "sample_worlds",
]

_MELD_POINTS: dict[str | None, int] = {"triple": 1, "quad": 2}


def claimed_points(kind: str | None, x: int) -> int:
    """The points of the meld a claim of card kind `x` exposes (SSP-6.2: a single General 1, a
    flower 3, a triple 1, a quad 2)."""
    if kind == SINGLE:
        return 3 if x >= FLOWER0 else 1
    return _MELD_POINTS.get(kind, 0)


def values_after_claim(hand: list[int], x: int, cards: tuple[int, ...], live: list[bool]) -> dict[int, int]:
    """discard_values of the hand once a claim of `x` with `cards` (x among them) has taken its
    other cards out of it; `hand` is left as it was."""
    used = list(cards)
    used.remove(x)
    for i in used:
        hand[i] -= 1
    values = discard_values(hand, live)
    for i in used:
        hand[i] += 1
    return values


@dataclass(frozen=True)
class Window:
    """A settled claim window on public card `card` (SSP-5.1): who owned it, whether drawn,
    the public cards seen at that moment (exposed and dead, without the open card), and
    whether nobody took it (`untaken`), else the claim level that took it."""

    card: int
    owner: int
    drawn: bool
    public: tuple[int, ...]
    untaken: bool


@dataclass(frozen=True)
class SeatRecord:
    """One other seat: its concealed size now, its last discard with the public cards seen then
    (None when it never discarded), and the windows it answered since, oldest first."""

    seat: int
    size: int
    last_discard: int | None
    discard_public: tuple[int, ...]
    windows: tuple[Window, ...]


@dataclass(frozen=True)
class Record:
    me: int
    hand: tuple[int, ...]
    public: tuple[int, ...]  # exposed and dead copies now, without the open card
    unseen: tuple[int, ...]  # copies neither in the hand nor public nor open
    stock: int
    seats: tuple[SeatRecord, ...]


def record(view: View, me: int, hand: list[int], last_windows: int = 4) -> Record:
    """The public record the worlds are checked against: per other seat its last discard and
    at most `last_windows` windows since (the most recent)."""
    public = [0] * N_KINDS
    last_discard: dict[int, tuple[int, tuple[int, ...], int]] = {}  # seat -> (card, public, event)
    windows: list[tuple[int, Window]] = []  # (event index, window) of settled windows
    opened: tuple[int, int, bool] | None = None  # card, owner, drawn
    events = view["table"]["history"]
    for n, ev in enumerate(events):
        kind = ev["event"]
        if kind == "draw":
            opened = (INDEX[ev["card"]], ev["seat"], True)
        elif kind == "discard":
            x = INDEX[ev["card"]]
            last_discard[ev["seat"]] = (x, tuple(public), n)
            opened = (x, ev["seat"], False)
        elif kind == "untaken" and opened is not None:
            windows.append((n, Window(opened[0], opened[1], opened[2], tuple(public), True)))
            if ev["becomes"] == "dead":
                public[INDEX[ev["card"]]] += 1
                opened = None
            else:  # SSP-5.4: the untaken drawn card is the drawer's discard, settled again
                opened = (opened[0], opened[1], False)
        elif kind == "taken" and opened is not None:
            windows.append((n, Window(opened[0], opened[1], opened[2], tuple(public), False)))
            for c in ev["cards"]:
                public[INDEX[c]] += 1
            opened = None
    claim = view["table"].get("claim")
    seen = [h + p for h, p in zip(hand, public, strict=True)]
    if claim:
        seen[INDEX[claim["card"]]] += 1
    unseen = tuple(COUNTS[k] - seen[k] for k in range(N_KINDS))
    seats = []
    for p in range(PLAYERS):
        if p == me:
            continue
        size = view["seats"][p]["hand_count"]
        if p in last_discard:
            x, pub, since = last_discard[p]
        else:
            x, pub, since = -1, (), -1
        mine = [w for n, w in windows if n > since and (w.drawn or w.owner != p)]
        seats.append(
            SeatRecord(
                p, size, x if x >= 0 else None, pub, tuple(mine[-last_windows:] if last_windows else ())
            )
        )
    return Record(me, tuple(hand), tuple(public), unseen, view["table"]["stock_count"], tuple(seats))


def basic_claims(hand: list[int], x: int, drawer: bool, next_: bool, live: list[bool]) -> bool:
    """Whether basic (ai.basic_policy) would claim public card `x` with this concealed hand:
    some claim plus its best discard scores more than the hand now (it never claims a pair
    as the drawer, SSP-5.3; `claim_options` leaves those out)."""
    options = claim_options(hand, x, drawer, next_)
    if not options:
        return False
    now = hand_value(hand, live)
    for kind, cards, _lvl in options:
        values = values_after_claim(hand, x, cards, live)
        if values and max(values.values()) + PW * claimed_points(kind, x) > now:
            return True
    return False


def _group(i: int) -> int:
    """Which of basic's independent card groups kind `i` scores in (ai.hand_value): per colour
    its K/A/E and R/H/C trios (0..7), the soldiers (8), the flowers (9)."""
    if i >= FLOWER0:
        return 9
    ch = i % 7
    return 8 if ch == 6 else 2 * (i // 7) + (0 if ch < 3 else 1)


GROUP_OF = tuple(_group(i) for i in range(N_KINDS))


# (first kind, is K/A/E) of each trio group 0..7
_TRIO_START = tuple((c * 7 + first, first == 0) for c in range(4) for first in (0, 3))
_DISCARDABLE = tuple(i for i in range(N_CHESS) if discardable(i))
_SOLDIER_KINDS = (6, 13, 20, 27)


def _group_value(hand: list[int], live: list[bool], g: int) -> int:
    if g == 9:
        return 3 * PW * sum(hand[FLOWER0:])
    if g == 8:
        s = (hand[6], hand[13], hand[20], hand[27])
        if s == (0, 0, 0, 0):
            return 0
        return _soldier_value(s, (live[6], live[13], live[20], live[27]))
    b, kae = _TRIO_START[g]
    v = (hand[b], hand[b + 1], hand[b + 2])
    if v == (0, 0, 0):
        return 0
    return _trio_value(v, (live[b], live[b + 1], live[b + 2]), kae)


def discard_values(hand: list[int], live: list[bool]) -> dict[int, int]:
    """basic's score (ai.hand_value) of the hand after each legal discard (SSP-4.4), by kind;
    computed group by group, as one discard changes only its own group's value."""
    groups = [_group_value(hand, live, g) for g in range(10)]
    total = sum(groups)
    out = {}
    for i in _DISCARDABLE:
        if hand[i]:
            g = GROUP_OF[i]
            hand[i] -= 1
            out[i] = total - groups[g] + _group_value(hand, live, g)
            hand[i] += 1
    return out


def _live(hand: list[int], public: tuple[int, ...], open_card: int | None) -> list[bool]:
    live = [h + p < c for h, p, c in zip(hand, public, COUNTS, strict=True)]
    if open_card is not None:
        live[open_card] = hand[open_card] + public[open_card] + 1 < COUNTS[open_card]
    return live


def failed_checks(hand: list[int], seat: SeatRecord) -> int:
    """How many of the seat's recorded decisions basic would not have made with `hand` now."""
    failed = 0
    x = seat.last_discard
    if x is not None:
        hand[x] += 1
        live = _live(hand, seat.discard_public, None)
        values = discard_values(hand, live)
        hand[x] -= 1
        if values[x] != max(values.values()):
            failed += 1
    for w in seat.windows:
        y = w.card
        hand[y] += 1
        won = best_partition(tuple(hand)) is not None
        hand[y] -= 1
        if won:
            failed += 1  # basic always wins, and a win goes first (SSP-5.2)
            continue
        if w.untaken:
            drawer = w.drawn and w.owner == seat.seat
            nxt = (w.owner + 1) % PLAYERS == seat.seat
            # claim_options offers nothing else: a triple needs a pair (SSP-5.3)
            if (drawer or nxt or hand[y] >= 2) and basic_claims(
                hand, y, drawer, nxt, _live(hand, w.public, y)
            ):
                failed += 1
    return failed


@dataclass
class World:
    """Concealed hands of the other seats (by seat; the seat's own is not here) and the stock,
    top first."""

    hands: dict[int, list[int]]
    stock: list[int]
    failed: int


def sample_worlds(rec: Record, count: int, tries: int, rng: random.Random) -> list[World]:
    """`count` worlds consistent with the view, each seat drawn up to `tries` times until basic
    would have made its recorded decisions (see the module's docstring)."""
    pool0 = [k for k in range(N_KINDS) for _ in range(rec.unseen[k])]
    worlds = []
    order = list(rec.seats)
    for _ in range(count):
        pool = list(pool0)
        rng.shuffle(order)
        hands: dict[int, list[int]] = {}
        failed_total = 0
        for seat in order:
            best: tuple[int, list[int], list[int]] | None = None
            n = len(pool)
            for _t in range(tries):
                # a partial Fisher-Yates shuffle: the first `size` places are a uniform draw
                hand = [0] * N_KINDS
                for i in range(seat.size):
                    j = i + int(rng.random() * (n - i))
                    pool[i], pool[j] = pool[j], pool[i]
                    hand[pool[i]] += 1
                f = failed_checks(hand, seat)
                if best is None or f < best[0]:
                    best = (f, hand, pool[seat.size :])
                if f == 0:
                    break
            assert best is not None
            failed_total += best[0]
            hands[seat.seat] = best[1]
            pool = list(best[2])
        rng.shuffle(pool)
        worlds.append(World(hands, pool, failed_total))
    return worlds
