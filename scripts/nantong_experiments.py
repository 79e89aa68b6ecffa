"""Nantong policies tried for a level above `basic` and not kept (docs/ai.md has the figures).

Each is a policy `(view, legal, rng) -> Action` that sees only its seat's view, for
`cardgames match nantong --policy scripts.nantong_experiments:NAME --against basic ...`:

- `random_tie`: basic, but a random discard among those of the nearest distance: how much
  basic's tie-break (the most unseen cards that bring the hand closer) is worth.
- `claim_weighted`: basic's tie-break with each card that a claim could also bring (a wait,
  NT-6.1, or the third of a pair, NT-6.2) counted twice; `claim_weighted_discarded` also
  counts it once more per copy the other seats already discarded (a kind a basic seat threw
  is one it will throw again).
- `two_step`: among the discards of the nearest distance, the most two-step paths (each card
  that brings the hand closer, times the cards that would bring it closer again after the best
  discard); `two_step_tie`: the same only where basic's one-step count ties.
- `expected_draws`, `expected_draws_sqrt`: every discard up to one card further ranked by
  (distance + 1) / useful cards (or its square root): an estimate of the draws to complete.
- `solitaire`, `solitaire_tie`: a Monte-Carlo of the seat's own future draws (48 samples from
  the unseen cards, the same for every candidate): for each candidate discard (and pong
  against pass) the first draw after which the kept hand and the draws hold a complete hand
  (with hindsight: a binary search, the distance of a growing multiset only falls), worth the
  chance that no other seat has won by then (3.5 % per other seat's turn). `solitaire` ranks
  every discard up to one card further than the nearest, `solitaire_tie` only the nearest.
- `never_claim`: basic, but passing on every pong and claimed kong (NT-6.2, NT-6.3);
  `always_pong`: basic, but ponging whenever it may: how much basic's claim rule is worth.
- `piao_1` … `piao_9`: aim for Piao Hu (NT-8.2: every group a triplet, +50 and x2; no chows,
  NT-6.4, so every meld is a triplet already) when its missing cards are at most 1 … 9 more
  than the nearest complete hand's: discard away from it, pong towards it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from domain.base import Action, View
from domain.nantong.ai import (
    _counts,
    _near,
    _needed,
    _OneCardAway,
    _unseen,
    _value,
    basic_policy,
    distance,
)
from domain.nantong.cards import CODES, COPIES, INDEX, N_KINDS

Policy = Callable[[View, list[Action], random.Random], Action]


def _discard(legal: list[Action], k: int) -> Action:
    return next(a for a in legal if a.id == f"discard:{CODES[k]}")


def _discarded_by_others(view: View) -> list[int]:
    n = [0] * N_KINDS
    for s in view["seats"]:
        if s["seat"] != view["seat"]:
            for c in s["discards"]:
                n[INDEX[c]] += 1
    return n


def _useful_kinds(hand: list[int], needed: int, unseen: list[int]) -> tuple[int, list[int]]:
    d = distance(tuple(hand), needed)
    after = _OneCardAway(hand, needed)
    kinds = [
        k
        for k in range(N_KINDS)
        if unseen[k] and hand[k] < COPIES and _near(hand, k) and after.distance(k, 1) < d
    ]
    return d, kinds


def _weighted_useful(
    hand: list[int], needed: int, unseen: list[int], discarded: list[int], claim: float, thrown: float
) -> float:
    d, kinds = _useful_kinds(hand, needed, unseen)
    total = 0.0
    for k in kinds:
        w = 1.0
        if d == 0 or hand[k] >= 2:  # a wait (won on a discard) or a pair's third (a pong)
            w += claim * (1.0 + thrown * min(discarded[k], 2))
        total += unseen[k] * w
    return total


def _two_step(hand: list[int], needed: int, unseen: list[int]) -> tuple[int, float]:
    d, kinds = _useful_kinds(hand, needed, unseen)
    u1 = sum(unseen[k] for k in kinds)
    if d <= 0:
        return u1, float(u1)
    total = 0.0
    for x in kinds:
        hand[x] += 1
        unseen[x] -= 1
        after = _OneCardAway(hand, needed)
        opts = [(after.distance(c, -1), c) for c in range(N_KINDS) if hand[c]]
        nearest = min(o[0] for o in opts)
        best_u = 0
        for dd, c in opts:
            if dd == nearest:
                hand[c] -= 1
                best_u = max(best_u, sum(unseen[k] for k in _useful_kinds(hand, needed, unseen)[1]))
                hand[c] += 1
        unseen[x] += 1
        hand[x] -= 1
        total += unseen[x] * best_u
    return u1, total


@dataclass(frozen=True)
class TieBreak:
    """How to choose among basic's candidate discards."""

    mode: str  # "random", "weighted", "two_step", "two_step_tie", "expected_draws"
    claim: float = 0.0
    thrown: float = 0.0
    power: float = 1.0


def tie_break_policy(tb: TieBreak) -> Policy:
    def policy(view: View, legal: list[Action], rng: random.Random) -> Action:
        base = basic_policy(view, legal, rng)
        discards = [a for a in legal if a.type == "discard"]
        if view["phase"] != "play" or base.type != "discard" or len(discards) <= 1:
            return base
        hand = _counts(view["hand"] or [])
        needed = _needed(view)
        unseen = _unseen(view, hand)
        after = _OneCardAway(hand, needed)
        scored = [(after.distance(INDEX[a.cards[0]], -1), INDEX[a.cards[0]]) for a in discards]
        best = min(d for d, _ in scored)
        if tb.mode == "expected_draws":
            ranked_e = []
            for d, k in scored:
                if d <= best + 1:
                    hand[k] -= 1
                    u = _weighted_useful(hand, needed, unseen, [0] * N_KINDS, 0.0, 0.0)
                    hand[k] += 1
                    ranked_e.append(((d + 1) / max(u, 0.5) ** tb.power, d, _value(k, view), hand[k], k))
            return _discard(legal, min(ranked_e)[-1])
        tied = [k for d, k in scored if d == best]
        if len(tied) == 1:
            return base
        if tb.mode == "random":
            return _discard(legal, rng.choice(tied))
        if tb.mode.startswith("two_step") and best <= 0:
            return base
        discarded = _discarded_by_others(view)
        ranked: list[tuple[float, float, int, int, int]] = []
        for k in tied:
            hand[k] -= 1
            if tb.mode == "weighted":
                key = (-_weighted_useful(hand, needed, unseen, discarded, tb.claim, tb.thrown), 0.0)
            else:
                u1, u2 = _two_step(hand, needed, unseen)
                key = (-u2, -float(u1)) if tb.mode == "two_step" else (-float(u1), -u2)
            ranked.append((*key, _value(k, view), hand[k], k))
            hand[k] += 1
        return _discard(legal, min(ranked)[-1])

    return policy


random_tie = tie_break_policy(TieBreak("random"))
claim_weighted = tie_break_policy(TieBreak("weighted", claim=1.0))
claim_weighted_discarded = tie_break_policy(TieBreak("weighted", claim=1.0, thrown=1.0))
two_step = tie_break_policy(TieBreak("two_step"))
two_step_tie = tie_break_policy(TieBreak("two_step_tie"))
expected_draws = tie_break_policy(TieBreak("expected_draws"))
expected_draws_sqrt = tie_break_policy(TieBreak("expected_draws", power=0.5))


# ---------------------------------------------------------------- solitaire Monte-Carlo


@dataclass(frozen=True)
class Solitaire:
    samples: int = 48
    hazard: float = 0.035  # chance per other seat's turn that it wins
    slack: int = 1  # candidates up to this many cards further than the nearest hand
    max_candidates: int = 6
    basic_bonus: float = 0.01  # basic's own choice wins ties


def _race_value(hand: list[int], needed: int, samples: list[list[int]], hazard: float, lead: int) -> float:
    """Mean over samples of P(no other seat has won by the own draw that completes the hand)."""
    d0 = distance(tuple(hand), needed)
    if d0 < 0:
        return 1.0
    survive = 1.0 - hazard
    total = 0.0
    for draws in samples:
        if len(draws) <= d0:
            continue
        full = list(hand)
        for k in draws:
            full[k] += 1
        if distance(tuple(full), needed) >= 0:
            continue
        lo, hi = d0 + 1, len(draws)
        while lo < hi:
            mid = (lo + hi) // 2
            h = list(hand)
            for k in draws[:mid]:
                h[k] += 1
            if distance(tuple(h), needed) < 0:
                hi = mid
            else:
                lo = mid + 1
        total += survive ** (lead + 2 * (lo - 1))
    return total / len(samples)


def _own_draws(stock: int, lead: int) -> int:
    return max(0, (stock - lead + 2) // 3)


def solitaire_policy(s: Solitaire) -> Policy:
    def policy(view: View, legal: list[Action], rng: random.Random) -> Action:
        base = basic_policy(view, legal, rng)
        by_id = {a.id: a for a in legal}
        if len(legal) == 1 or "win" in by_id or view["phase"] == "preparation":
            return base
        if {a.type for a in legal} & {"kong", "concealed_kong", "added_kong"}:
            return base
        hand = _counts(view["hand"] or [])
        needed = _needed(view)
        unseen = _unseen(view, hand)
        stock = view["table"]["stock_count"]
        pool = [k for k in range(N_KINDS) for _ in range(unseen[k])]
        if view["phase"] == "claim":
            pong = next((a for a in legal if a.type == "pong"), None)
            if pong is None:
                return base
            lead_pass = (view["seat"] - view["table"]["window"]["seat"] - 1) % 3
            n, m = _own_draws(stock, lead_pass), _own_draws(stock, 2)
            samples = [rng.sample(pool, min(max(n, m), len(pool))) for _ in range(s.samples)]
            v_pass = _race_value(hand, needed, [x[:n] for x in samples], s.hazard, lead_pass)
            k = INDEX[pong.cards[0]]
            hand[k] -= 2
            after = _OneCardAway(hand, needed - 1)
            opts = sorted((after.distance(c, -1), c) for c in range(N_KINDS) if hand[c])
            v_pong = 0.0
            for dist, c in opts:
                if dist > opts[0][0] + s.slack:
                    break
                hand[c] -= 1
                v_pong = max(v_pong, _race_value(hand, needed - 1, [x[:m] for x in samples], s.hazard, 2))
                hand[c] += 1
            hand[k] += 2
            if base.type == "pong":
                return pong if v_pong + s.basic_bonus >= v_pass else by_id["pass"]
            return pong if v_pong > v_pass + s.basic_bonus else by_id["pass"]
        discards = [a for a in legal if a.type == "discard"]
        if len(discards) <= 1:
            return base
        after = _OneCardAway(hand, needed)
        scored = sorted((after.distance(INDEX[a.cards[0]], -1), a.id) for a in discards)
        cands = [i for d, i in scored if d <= scored[0][0] + s.slack][: s.max_candidates]
        if base.id not in cands:
            cands.append(base.id)
        if len(cands) == 1:
            return base
        n = _own_draws(stock, 2)
        samples = [rng.sample(pool, min(n, len(pool))) for _ in range(s.samples)]
        values = []
        for aid in cands:
            c = INDEX[aid.partition(":")[2]]
            hand[c] -= 1
            v = _race_value(hand, needed, samples, s.hazard, 2)
            hand[c] += 1
            values.append((v + (s.basic_bonus if aid == base.id else 0.0), aid))
        return by_id[max(values)[1]]

    return policy


solitaire = solitaire_policy(Solitaire())
solitaire_tie = solitaire_policy(Solitaire(slack=0))


# ---------------------------------------------------------------- Piao Hu


def piao_missing(hand: list[int], needed: int, live: list[int]) -> int:
    """Cards missing for `needed` triplets and one pair (NT-8.2 Piao Hu), each of a kind with
    enough copies not yet seen elsewhere."""
    triplets = sorted(
        (max(0, 3 - hand[k]), k) for k in range(N_KINDS) if hand[k] >= 3 or hand[k] + live[k] >= 3
    )
    best = 99
    for p in range(N_KINDS):
        if hand[p] < 2 and hand[p] + live[p] < 2:
            continue
        total, n = max(0, 2 - hand[p]), 0
        for cost, k in triplets:
            if k != p and n < needed:
                total += cost
                n += 1
        if n == needed:
            best = min(best, total)
    return best


def piao_policy(margin: int) -> Policy:
    def policy(view: View, legal: list[Action], rng: random.Random) -> Action:
        base = basic_policy(view, legal, rng)
        by_id = {a.id: a for a in legal}
        if len(legal) == 1 or "win" in by_id or view["phase"] == "preparation":
            return base
        if {a.type for a in legal} & {"kong", "concealed_kong", "added_kong"}:
            return base
        hand = _counts(view["hand"] or [])
        needed = _needed(view)
        live = _unseen(view, hand)
        if view["phase"] == "claim":
            pong = next((a for a in legal if a.type == "pong"), None)
            if pong is None:
                return base
            now = piao_missing(hand, needed, live)
            if now > distance(tuple(hand), needed) + 1 + margin:
                return base
            k = INDEX[pong.cards[0]]
            hand[k] -= 2
            after = 99
            for c in range(N_KINDS):
                if hand[c]:
                    hand[c] -= 1
                    after = min(after, piao_missing(hand, needed - 1, live))
                    hand[c] += 1
            hand[k] += 2
            return pong if after < now else base
        discards = [a for a in legal if a.type == "discard"]
        if len(discards) <= 1:
            return base
        nearest = distance(tuple(hand), needed) + 1  # cards missing after the best discard
        scored = []
        for a in discards:
            c = INDEX[a.cards[0]]
            hand[c] -= 1
            scored.append((piao_missing(hand, needed, live), c))
            hand[c] += 1
        best = min(p for p, _ in scored)
        if best > nearest + margin:
            return base
        keep = [c for p, c in scored if p == best]
        if INDEX[base.cards[0]] in keep:
            return base

        def after_distance(c: int) -> tuple[int, int]:
            hand[c] -= 1
            d = distance(tuple(hand), needed)
            hand[c] += 1
            return d, -live[c]

        return _discard(legal, min(keep, key=after_distance))

    return policy


piao_1, piao_2, piao_3, piao_4, piao_9 = (piao_policy(m) for m in (1, 2, 3, 4, 9))


# ---------------------------------------------------------------- claims


def never_claim(view: View, legal: list[Action], rng: random.Random) -> Action:
    action = basic_policy(view, legal, rng)
    if view["phase"] == "claim" and action.type in ("pong", "kong"):
        return next(a for a in legal if a.id == "pass")
    return action


def always_pong(view: View, legal: list[Action], rng: random.Random) -> Action:
    action = basic_policy(view, legal, rng)
    if view["phase"] == "claim" and action.id == "pass":
        return next((a for a in legal if a.type == "pong"), action)
    return action
