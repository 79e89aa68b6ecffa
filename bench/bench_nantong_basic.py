"""Decision time of the Nantong `basic` AI, in process.

    .venv/bin/python bench/bench_nantong_basic.py [--games 12] [--warmup 12] [--runs 3]

Plays seeded games with basic in every seat and times every decision that has a choice
(more than one legal action; a lone action returns at once): the policy call only, from
the seat's view and legal actions, as the service makes it, in CPU time of this process
(time.process_time: a busy shared machine disturbs it less than wall time). The decisions are identical
in every run (seeded). Each run is a fresh process that first plays --warmup other games
untimed, like a worker that has served a few games (its hand-reading caches hold what
those games met, not the timed games' hands); --warmup 0 times a cold start. Prints the median, p95 and
worst per run and the medians over runs, and the median's ratio to BEFORE: the same
measurement before basic's hand reading was rewritten (this script run against that tree,
niced, on the same 2-core machine under the same load). Target: median <= 1 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BEFORE_MEDIAN_MS = 1.92  # median decision time before the rewrite; see the docstring


def play(seeds: Iterable[int], times: list[float] | None) -> None:
    from domain.registry import RULESETS

    ruleset = RULESETS["nantong"]
    basic = ruleset.policy("basic")
    for game, seed in enumerate(seeds):
        state, step = ruleset.new_game(seed, {}, None), 0
        while not state.is_finished():
            seat = state.to_act()[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            rng = random.Random(f"{game}:{step}")
            start = time.process_time()
            action = basic(view, legal, rng)
            elapsed = time.process_time() - start
            if times is not None and len(legal) > 1:
                times.append(elapsed)
            state.apply(seat, action.id)
            step += 1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--warmup", type=int, default=12)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--one-run", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_run:
        times: list[float] = []
        play(range(700, 700 + args.warmup), None)
        play(range(900, 900 + args.games), times)
        print(json.dumps(times))
        return
    medians, p95s, worsts = [], [], []
    for run in range(args.runs):
        out = subprocess.run(
            [sys.executable, __file__, "--one-run", "--games", str(args.games), "--warmup", str(args.warmup)],
            check=True,
            capture_output=True,
            text=True,
        )
        times = sorted(json.loads(out.stdout))
        med, p95, worst = statistics.median(times), times[int(0.95 * (len(times) - 1))], times[-1]
        medians.append(med)
        p95s.append(p95)
        worsts.append(worst)
        print(
            f"run {run + 1}: {len(times)} decisions with a choice, median {med * 1000:.3f} ms, "
            f"p95 {p95 * 1000:.2f} ms, worst {worst * 1000:.1f} ms"
        )
    med = statistics.median(medians) * 1000
    print(
        f"median over {args.runs} runs: median {med:.3f} ms "
        f"({BEFORE_MEDIAN_MS / med:.2f}x faster than before, {BEFORE_MEDIAN_MS} ms), "
        f"p95 {statistics.median(p95s) * 1000:.2f} ms, worst {statistics.median(worsts) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
