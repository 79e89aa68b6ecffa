"""How much could a Nantong seat gain against two `basic` seats if it knew more? A measure of
the ceiling, not an AI level: the tested seat reads the game state, which no policy may.

    .venv/bin/python bench/nantong_ceiling.py --mode rollout [--deals 60] [--seed 1000]

Modes (wins and opening declarations always as basic):
- `rollout`: perfect information. Each candidate action (every claim answer, kong, and the
  discards at most one card further from complete than the nearest, NT-1.2) is played out
  to the end of the deal with basic in every seat (basic reads no rng, so the play-out is the
  game that would follow) and the one leaving the seat the best settlement (NT-9.2) is taken.
- `sampled`: the same play-outs, but in WORLDS dealings of the cards the seat has not seen
  (the other hands and the stock dealt again at random, same sizes): what a seat could know.
- `live`: basic, but counting as live only the cards still in the stock.
- `nofeed`: basic, but among the discards of the nearest distance none that another seat
  could win on or pong (NT-6.1, NT-6.2), knowing their hands; then basic's order.

Duplicate format as `cardgames match` (the same deal seeds, every seat rotation). Basic in
every seat settles 0 per deal (the three seats' results sum to zero), so the tested seat's
mean settlement per game is also its paired difference to basic; printed with a 95 % CI over
deals (normal approximation), and each deal's three results as it goes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cli.match import MatchSpec, decision_rng  # noqa: E402
from domain.base import PASS, Action, View  # noqa: E402
from domain.nantong.ai import (  # noqa: E402
    _OneCardAway,
    _unseen,
    _useful,
    _value,
    basic_policy,
)
from domain.nantong.cards import INDEX, N_KINDS  # noqa: E402
from domain.nantong.scoring import GROUPS, groups_in  # noqa: E402
from domain.nantong.state import NantongState  # noqa: E402
from domain.registry import RULESETS  # noqa: E402

WORLDS = 8
Oracle = Callable[[NantongState, int, View, list[Action], random.Random], Action]


def rollout(state: NantongState, seat: int) -> int:
    """Play to the end with basic in every seat: the seat's settlement."""
    rng = random.Random(0)
    while not state.is_finished():
        s = state.to_act()[0]
        legal = state.legal_actions(s)
        if len(legal) == 1:
            state.apply(s, legal[0].id)
            continue
        state.apply(s, basic_policy(state.view(s), legal, rng).id)
    result = state.result()
    assert result is not None
    return int(result["scores"][seat])


def candidates(state: NantongState, seat: int, legal: list[Action], base: Action, limit: int) -> list[Action]:
    """Every non-discard action, the discards at most one card further than the nearest."""
    by_id = {a.id: a for a in legal}
    out = [a for a in legal if a.type != "discard"]
    discards = [a for a in legal if a.type == "discard"]
    if discards:
        hand = list(state.hands[seat])
        needed = GROUPS - groups_in(state.melds[seat])
        after = _OneCardAway(hand, needed)
        scored = sorted((after.distance(INDEX[a.cards[0]], -1), a.id) for a in discards)
        out += [by_id[i] for d, i in scored if d <= scored[0][0] + 1][:limit]
    if base not in out:
        out.append(base)
    return out


def rollout_policy(
    state: NantongState, seat: int, view: View, legal: list[Action], rng: random.Random
) -> Action:
    by_id = {a.id: a for a in legal}
    base = basic_policy(view, legal, rng)
    if "win" in by_id or state.phase == "preparation":
        return base
    cands = candidates(state, seat, legal, base, 6)
    if len(cands) == 1:
        return cands[0]
    results = []
    for a in cands:
        c = state.clone()
        c.apply(seat, a.id)
        results.append((rollout(c, seat), a is base, a.id))
    return by_id[max(results)[2]]


def determinized(state: NantongState, seat: int, rng: random.Random) -> NantongState:
    """A copy in which the other hands and the stock are dealt again from the unseen cards."""
    c = state.clone()
    pool = list(state.stock[state.front : state.back])
    others = [o for o in range(3) if o != seat]
    for o in others:
        for k, n in enumerate(state.hands[o]):
            pool += [k] * n
    rng.shuffle(pool)
    for o in others:
        size = sum(state.hands[o])
        h = [0] * N_KINDS
        for k in pool[:size]:
            h[k] += 1
        pool = pool[size:]
        c.hands[o] = h
    stock = list(state.stock)
    stock[state.front : state.back] = pool
    c.stock = stock
    return c


def sampled_policy(
    state: NantongState, seat: int, view: View, legal: list[Action], rng: random.Random
) -> Action:
    by_id = {a.id: a for a in legal}
    base = basic_policy(view, legal, rng)
    if "win" in by_id or state.phase == "preparation":
        return base
    if state.window is not None and state.window.answers:
        return base  # the other seat answered from its real hand: a resampled hand may not allow it
    cands = candidates(state, seat, legal, base, 3)
    if len(cands) == 1:
        return cands[0]
    worlds = [determinized(state, seat, random.Random(rng.random())) for _ in range(WORLDS)]
    results = []
    for a in cands:
        total = 0
        for w in worlds:
            c = w.clone()
            c.apply(seat, a.id)
            total += rollout(c, seat)
        results.append((total, a is base, a.id))
    return by_id[max(results)[2]]


def live_policy(
    state: NantongState, seat: int, view: View, legal: list[Action], rng: random.Random
) -> Action:
    from domain.nantong import ai

    live = [0] * N_KINDS
    for k in state.stock[state.front : state.back]:
        live[k] += 1
    original = ai._unseen
    ai._unseen = lambda view, hand: list(live)
    try:
        return basic_policy(view, legal, rng)
    finally:
        ai._unseen = original


def nofeed_policy(
    state: NantongState, seat: int, view: View, legal: list[Action], rng: random.Random
) -> Action:
    base = basic_policy(view, legal, rng)
    discards = [a for a in legal if a.type == "discard"]
    if base.type != "discard" or len(discards) <= 1:
        return base

    def feeds(k: int) -> bool:
        return any(
            state._complete_with(o, k) or (state.hands[o][k] >= 2 and not state.ready[o])
            for o in range(3)
            if o != seat
        )

    if not feeds(INDEX[base.cards[0]]):
        return base
    hand = list(state.hands[seat])
    needed = GROUPS - groups_in(state.melds[seat])
    unseen = _unseen(view, hand)
    after = _OneCardAway(hand, needed)
    scored = [(after.distance(INDEX[a.cards[0]], -1), a) for a in discards]
    best = min(d for d, _ in scored)
    ranked = []
    for d, a in scored:
        k = INDEX[a.cards[0]]
        if d != best or feeds(k):
            continue
        hand[k] -= 1
        ranked.append((-_useful(hand, needed, unseen), _value(k, view), hand[k] + 1, k, a.id))
        hand[k] += 1
    if not ranked:
        return base
    return next(a for a in legal if a.id == min(ranked)[-1])


ORACLES: dict[str, Oracle] = {
    "rollout": rollout_policy,
    "sampled": sampled_policy,
    "live": live_policy,
    "nofeed": nofeed_policy,
}


def play(seed: int, rotation: int, oracle: Oracle) -> int:
    state = RULESETS["nantong"].new_game(seed, {}, None)
    assert isinstance(state, NantongState)
    step = 0
    while not state.is_finished():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1 and legal[0].id == PASS:
            state.apply(seat, PASS)
            step += 1
            continue
        view, rng = state.view(seat), decision_rng(seed, step + 2)
        action = oracle(state, seat, view, legal, rng) if seat == rotation else basic_policy(view, legal, rng)
        state.apply(seat, action.id)
        step += 1
    result = state.result()
    assert result is not None
    return int(result["scores"][rotation])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", choices=sorted(ORACLES), default="rollout")
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args()
    spec = MatchSpec("nantong", args.mode, "basic", args.deals, args.seed)
    means = []
    for d in range(args.deals):
        seed = spec.deal_seed(d)
        results = [play(seed, r, ORACLES[args.mode]) for r in range(3)]
        means.append(sum(results) / 3)
        print(d, results, flush=True)
    half = 1.96 * statistics.stdev(means) / len(means) ** 0.5 if len(means) > 1 else float("nan")
    print(
        f"{args.mode}: {len(means)} deals, {3 * len(means)} games: {statistics.mean(means):+.2f} ± {half:.2f} hu per game"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
