"""How well a sampled world explains what the other seats were seen to do.

A world (determinize.determinize) deals the unseen cards to the two other hands; it is already
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

import random
from dataclasses import dataclass
from operator import add

from domain.base import View

from .ai import unseen_counts
from .cards import COMBO_FAMILY_INDEX, EVERY_PLAY, INDEX, N_KINDS, NAIL, TWO_RED, Play
from .determinize import pass_constraints, risky_kinds
from .playout import HIGHER, basic_follow, basic_lead, plays_beating  # the count-vector basic replica
from .state import PLAYERS

__all__ = ["History", "history", "mismatches", "ConsistentWorlds"]

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
                    if basic_lead(h[seat], a, b).kinds != kinds:
                        bad += 1
                elif not kinds:  # CP-4.2: a seat that could beat had to (any player)
                    if plays_beating(h[seat], highest):
                        bad += 1
                else:  # CP-4.2: basic beats as cheaply as is safe
                    beating = plays_beating(h[seat], highest)
                    if len(beating) > 1:
                        pool = [x + y for x, y in zip(a, b, strict=True)] if later else []
                        if basic_follow(beating, pool, later).kinds != kinds:
                            bad += 1
            if kinds:
                hand = h[seat]
                for k in kinds:
                    hand[k] -= 1
                highest = PLAY_BY_KINDS[kinds]
    return bad


# One compiled check of `ConsistentWorlds`: (what, seat, cards to add per seat to rebuild the
# hands at that moment, kinds played, the highest play then, whether a later follower acts).
_LEAD, _PASSED, _FOLLOW, _BONUS = 0, 1, 2, 3
Check = tuple[int, int, tuple[tuple[int, ...], ...], tuple[int, ...], Play | None, bool]


class ConsistentWorlds:
    """Worlds in which basic would have made *every* decision the other seats were seen to
    make (the whole history, not only the last rounds: `mismatches` with no mismatch),
    drawn by rejection from determinize.determinize's distribution.

    Faster than determinize + `mismatches` per draw: the public facts are read from the view
    once; a draw deals count vectors only (the cards that could break a recent pass first,
    CP-4.2, then a uniform split of the rest by the hands' public sizes); and the checks run
    in an order that puts the last check to fail first, so most rejected draws cost one
    check. A world that breaks no check is exactly one with `mismatches(...) == 0`.

    `read_as_basic` names the other seats whose plays are checked against basic (all of them
    unless given); for any other seat only its passes are checked, which bind every player
    (CP-4.2): a seat seen to play what basic would not (`unexplained`) is not read as basic."""

    def __init__(self, view: View, seat: int, read_as_basic: frozenset[int] | None = None) -> None:
        # The count-vector basic replica, bound once: `_holds` runs thousands of times a decision.
        self._higher, self._follow, self._lead, self._beating = (
            HIGHER,
            basic_follow,
            basic_lead,
            plays_beating,
        )

        self.seat = seat
        left = unseen_counts(view)
        self.pool = [k for k in range(N_KINDS) for _ in range(left[k])]
        self.others = tuple(s for s in range(PLAYERS) if s != seat)
        self.sizes = tuple(int(view["seats"][s]["hand_count"]) for s in self.others)
        own = [0] * N_KINDS
        for c in view.get("hand") or []:
            own[INDEX[c]] += 1
        self.own = own
        passes = pass_constraints(view)
        self.cons = {s: [p for t, p in passes if t == s] for s in self.others}
        self.risky: set[int] = set()
        for s in self.others:
            for p in self.cons[s]:
                self.risky |= risky_kinds(p)
        basic = frozenset(self.others) if read_as_basic is None else read_as_basic
        self.checks = self._compile(history(view, seat, len(view["table"].get("rounds", [])) + 1), basic)
        self.order = list(range(len(self.checks)))
        # Worlds counted so far (`violations`): the first other hand -> (broken checks, whether
        # that count is exact rather than a lower bound).
        self._known: dict[tuple[int, ...], tuple[int, bool]] = {}

    @staticmethod
    def _compile(hist: History, basic: frozenset[int]) -> list[Check]:
        checks: list[Check] = []
        if hist.played_from:
            start = hist.played_from[0]
            for s in hist.others:
                if s in basic and not hist.bonus_taken[s]:  # CP-2.5: basic takes the bonus when it can
                    checks.append((_BONUS, s, (start[s],), (), None, False))
        for r, steps in enumerate(hist.rounds):
            add = [list(x) for x in hist.played_from[r]]
            highest: Play | None = None
            for s, kinds, later in steps:
                if s in hist.others:
                    deltas = tuple(tuple(a) for a in add)
                    what = _LEAD if highest is None else _PASSED if not kinds else _FOLLOW
                    if what == _PASSED or s in basic:
                        checks.append((what, s, deltas, kinds, highest, later))
                if kinds:
                    for k in kinds:
                        add[s][k] -= 1  # played in this round: not in the hand from here on
                    highest = PLAY_BY_KINDS[kinds]
        return checks

    def draw(self, rng: random.Random) -> list[list[int]]:
        """The three hands of one world, as determinize.determinize deals them."""

        hands = [[0] * N_KINDS for _ in range(PLAYERS)]
        hands[self.seat] = list(self.own)
        pool = list(self.pool)
        rng.shuffle(pool)
        a, b = self.others
        room = {a: self.sizes[0], b: self.sizes[1]}
        if self.risky:  # CP-4.2: no card that would have let a passing seat beat, while possible
            rest = []
            for k in pool:
                if k not in self.risky:
                    rest.append(k)
                    continue
                ok = [s for s in self.others if room[s] > 0]
                if len(ok) == 2:
                    fits = []
                    for s in ok:
                        hands[s][k] += 1
                        if not any(plays_beating(hands[s], p) for p in self.cons[s]):
                            fits.append(s)
                        hands[s][k] -= 1
                    if fits:
                        ok = fits
                if len(ok) == 2:
                    s = ok[0] if rng.randrange(room[ok[0]] + room[ok[1]]) < room[ok[0]] else ok[1]
                else:
                    s = ok[0]
                hands[s][k] += 1
                room[s] -= 1
            pool = rest
        # The rest in shuffled order: the first room[a] to a is a uniform split.
        ha, hb = hands[a], hands[b]
        for k in pool[: room[a]]:
            ha[k] += 1
        for k in pool[room[a] :]:
            hb[k] += 1
        return hands

    def _holds(self, check: Check, hands: list[list[int]]) -> bool:
        what, s, deltas, kinds, highest, later = check
        if what == _BONUS:
            start = deltas[0]
            return not (hands[s][NAIL] + start[NAIL] and hands[s][TWO_RED] + start[TWO_RED])
        hs, ds = hands[s], deltas[s]
        s1, s2 = (s + 1) % PLAYERS, (s + 2) % PLAYERS
        if what == _LEAD:  # CP-4.1
            a, b = list(map(add, hands[s1], deltas[s1])), list(map(add, hands[s2], deltas[s2]))
            return self._lead(list(map(add, hs, ds)), a, b).kinds == kinds
        assert highest is not None
        if highest.family != COMBO_FAMILY_INDEX:
            # CP-3.3: only as many cards of one higher identity beat, so most passes and follows
            # are settled by those few counts, without the whole hand rebuilt.
            n = highest.size
            able = 0
            for j in self._higher[highest.kinds[0]]:
                if hs[j] + ds[j] >= n:
                    able += 1
            if what == _PASSED:  # CP-4.2: a seat that could beat had to
                return not able
            if able <= 1:
                return True
        h = list(map(add, hs, ds))
        beating = self._beating(h, highest)
        if what == _PASSED:  # CP-4.2: a seat that could beat had to
            return not beating
        if len(beating) <= 1:
            return True
        pool = (
            [w + x + y + z for w, x, y, z in zip(hands[s1], deltas[s1], hands[s2], deltas[s2], strict=True)]
            if later
            else []
        )
        return self._follow(beating, pool, later).kinds == kinds

    def unexplained(self, hands: list[list[int]]) -> dict[int, int]:
        """Per other seat, how many of its plays (and its bonus answer) basic would not have made
        in the world `hands`; its passes are left out, since they bind every player (CP-4.2)."""
        out = dict.fromkeys(self.others, 0)
        for check in self.checks:
            if check[0] != _PASSED and not self._holds(check, hands):
                out[check[1]] += 1
        return out

    def consistent(self, hands: list[list[int]]) -> bool:
        """Whether `hands` breaks no check (stopping at the first that fails, which goes first
        next time)."""
        return self.violations(hands, 0) == 0

    def violations(self, hands: list[list[int]], limit: int) -> int:
        """How many checks `hands` breaks; counting stops once it exceeds `limit`. The checks
        that failed go first next time (in their order), so a rejected move is found early."""
        # hands[seat] is this seat's hand and the other two share the unseen cards, so the first
        # other hand names the world: a chain comes back to worlds it has seen (about a third
        # of its moves in a measured run), whose count is known, exactly or as a lower bound.
        key = tuple(hands[self.others[0]])
        known = self._known.get(key)
        if known is not None:
            count, exact = known
            if exact or count > limit:
                return min(count, limit + 1)
        bad = 0
        failed: list[int] = []
        order = self.order
        for ci in order:
            if not self._holds(self.checks[ci], hands):
                bad += 1
                failed.append(ci)
                if bad > limit:
                    break
        if failed and failed != order[: len(failed)]:
            first = set(failed)
            self.order = failed + [ci for ci in order if ci not in first]
        self._known[key] = (bad, bad <= limit)
        return bad

    def chained(self, rng: random.Random, n: int, chains: int, burn: int, thin: int) -> list[list[list[int]]]:
        """`n` worlds from `chains` Markov chains over the splits of the unseen cards between
        the two other hands. A chain starts from a `draw` and proposes swapping a uniformly
        chosen card of one hand with one of the other (a symmetric move over dealt cards, so
        without the checks every split keeps its chance under a uniform deal), accepting a
        move that breaks no more checks than the world it leaves. After `burn` moves it keeps
        a world every `thin` moves; once a chain reaches a world that breaks no check, it
        walks among such worlds only (uniformly, within what its moves reach). A fixed
        number of moves: the work per decision is bounded, whatever the position."""
        a, b = self.others
        out: list[list[list[int]]] = []
        for c in range(chains):
            want = (n - len(out)) // (chains - c)
            hands = self.draw(rng)
            ha, hb = hands[a], hands[b]
            la = [k for k in range(N_KINDS) for _ in range(ha[k])]
            lb = [k for k in range(N_KINDS) for _ in range(hb[k])]
            energy = self.violations(hands, len(self.checks))
            if not la or not lb:
                out.extend([[list(h) for h in hands] for _ in range(want)])
                continue
            for step in range(burn + want * thin):
                i, j = rng.randrange(len(la)), rng.randrange(len(lb))
                x, y = la[i], lb[j]
                if x != y:
                    ha[x] -= 1
                    ha[y] += 1
                    hb[y] -= 1
                    hb[x] += 1
                    e = self.violations(hands, energy)
                    if e <= energy:
                        la[i], lb[j] = y, x
                        energy = e
                    else:
                        ha[x] += 1
                        ha[y] -= 1
                        hb[y] += 1
                        hb[x] -= 1
                if step >= burn and (step - burn) % thin == thin - 1:
                    out.append([list(h) for h in hands])
        return out

    def worlds(self, rng: random.Random, n: int, max_draws: int) -> list[list[list[int]]]:
        """`n` worlds: the first consistent draws, then (if fewer than n of at most `max_draws`
        draws are consistent, e.g. against players who are not basic) the first others drawn."""
        kept: list[list[list[int]]] = []
        spare: list[list[list[int]]] = []
        for _ in range(max_draws):
            hands = self.draw(rng)
            if self.consistent(hands):
                kept.append(hands)
                if len(kept) >= n:
                    break
            elif len(spare) < n:
                spare.append(hands)
        return kept + spare[: n - len(kept)]
