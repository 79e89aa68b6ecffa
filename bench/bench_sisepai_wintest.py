"""Benchmark: Sì Sè Pái 21-card win test and best partition (SSP-1.2, SSP-6.2).

Run:  .venv/bin/python bench/bench_sisepai_wintest.py [--runs N] [--games N]

Times `is_complete` (the win test) and `best_partition` (highest-scoring
partition) on 21-card count vectors — half random 21-card hands from the
117-card deck (almost never complete), half random winning hands — and prints
the median time per call in three cache states:
  cold : every memo cleared before each call (the first hand a process sees),
  parts: the per-hand memo cleared, the per-part memos warm (steady state in a
         long-running service: new hands, familiar colour/soldier parts),
  warm : the same hand again (a full memo hit),
plus the cold/warm and parts/warm ratios. Target: well under 1 ms.
With --games N it also plays N seeded games of mixed AIs and prints their speed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from domain.sisepai import RULESET  # noqa: E402
from domain.sisepai.cards import COUNTS, N_KINDS, S  # noqa: E402
from domain.sisepai.melds import _soldiers, _trio, best_partition, is_complete  # noqa: E402


def random_hand(rng: random.Random) -> tuple[int, ...]:
    deck = [i for i in range(N_KINDS) for _ in range(COUNTS[i])]
    v = [0] * N_KINDS
    for i in rng.sample(deck, 21):
        v[i] += 1
    return tuple(v)


def winning_hand(rng: random.Random) -> tuple[int, ...]:
    """Random legal melds until 21 cards (retrying when the deck runs short)."""
    while True:
        v = [0] * N_KINDS
        n = 0
        for _ in range(200):
            if n == 21:
                return tuple(v)
            col = rng.randrange(4)
            b = col * 7
            choice = rng.randrange(6)
            if choice == 0:
                meld = [b + rng.choice((1, 2, 3, 4, 5, 6))] * rng.choice((2, 3, 4))
            elif choice == 1:
                meld = [b, b + 1, b + 2]
            elif choice == 2:
                meld = [b + 3, b + 4, b + 5]
            elif choice == 3:
                cols = rng.sample(range(4), rng.choice((3, 4)))
                meld = [c * 7 + S for c in cols]
            elif choice == 4:
                meld = [b]
            else:
                meld = [28 + rng.randrange(5)]
            if n + len(meld) > 21:
                continue
            w = list(v)
            for i in meld:
                w[i] += 1
            if all(w[i] <= COUNTS[i] for i in range(N_KINDS)):
                v, n = w, n + len(meld)


def clear_all() -> None:
    best_partition.cache_clear()
    _trio.cache_clear()
    _soldiers.cache_clear()


Hand = tuple[int, ...]  # a count vector: how many of each card kind


def timed(fn: Callable[[Hand], object], hand: Hand) -> float:
    t0 = time.perf_counter_ns()
    fn(hand)
    return (time.perf_counter_ns() - t0) / 1000.0  # µs


def bench(name: str, fn: Callable[[Hand], object], hands: list[Hand]) -> None:
    cold, parts, warm = [], [], []
    for h in hands:
        clear_all()
        cold.append(timed(fn, h))
    for h in hands:  # warm the part memos
        fn(h)
    for h in hands:
        best_partition.cache_clear()
        parts.append(timed(fn, h))
        warm.append(timed(fn, h))
    mc, mp, mw = statistics.median(cold), statistics.median(parts), statistics.median(warm)
    print(
        f"{name:<16} median cold {mc:8.2f} µs   parts-warm {mp:7.2f} µs   warm {mw:6.2f} µs   "
        f"cold/warm ×{mc / mw:6.1f}   parts/warm ×{mp / mw:5.1f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20000, help="hands per measurement (default 20000)")
    ap.add_argument("--games", type=int, default=0, help="also play N seeded AI games")
    args = ap.parse_args()
    rng = random.Random(2024)
    hands = [random_hand(rng) if k % 2 else winning_hand(rng) for k in range(args.runs)]
    assert sum(1 for h in hands if is_complete(h)) >= args.runs // 2
    print(f"{args.runs} hands of 21 cards ({args.runs // 2} winning), Python {sys.version.split()[0]}")
    wins = [h for h in hands if is_complete(h)]
    bench("win test", is_complete, hands)
    bench("best partition", best_partition, hands)
    bench("win test (wins)", is_complete, wins)
    bench("partition (wins)", best_partition, wins)
    if args.games:
        t0 = time.perf_counter()
        outcomes: dict[str, int] = {}
        steps = 0
        levels = [("basic",) * 4, ("basic", "random", "basic", "random"), ("random",) * 4]
        for seed in range(args.games):
            st = RULESET.new_game(seed)
            g = random.Random(seed)
            pols = [RULESET.policy(lv) for lv in levels[seed % 3]]
            while not st.is_finished():
                seat = st.to_act()[0]
                st.apply(seat, pols[seat](st.view(seat), st.legal_actions(seat), g).id)
                steps += 1
            result = st.result()
            assert result is not None  # the game is finished
            o = result["outcome"]
            outcomes[o] = outcomes.get(o, 0) + 1
        dt = time.perf_counter() - t0
        print(
            f"{args.games} games, {steps} decisions in {dt:.1f} s "
            f"({1000 * dt / args.games:.2f} ms/game): {outcomes}"
        )


if __name__ == "__main__":
    main()
