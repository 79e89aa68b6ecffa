"""Benchmark: decision time of the Chuo Pai `strong` AI (determinized Monte-Carlo).

Run:  .venv/bin/python bench/bench_chuopai_strong.py [--runs N] [--games N]

Plays N seeded games (one strong seat, rotating over the three seats, against
basic seats) and times every strong decision with more than one legal action
(those are the searches; a lone legal action returns at once). Repeats the
same games --runs times and prints, per run and as medians over the runs: the
median, 90th percentile and worst decision time. The decisions are identical
in every run (seeded), so only the clock differs. Target: median <= 40 ms,
worst <= 400 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from domain.chuopai import RULESET  # noqa: E402
from domain.chuopai.ai import basic_policy  # noqa: E402
from domain.chuopai.strong import strong_policy  # noqa: E402


def play(seed: int, strong_seat: int, times: list[float]) -> None:
    state = RULESET.new_game(seed, {}, None)
    step = 0
    while not state.is_finished():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        rng = random.Random(f"bench:{seed}:{step}")
        view = state.view(seat)
        if seat == strong_seat:
            t0 = time.perf_counter()
            action = strong_policy(view, legal, rng)
            if len(legal) > 1:
                times.append(time.perf_counter() - t0)
        else:
            action = basic_policy(view, legal, rng)
        state.apply(seat, action.id)
        step += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=12)
    args = parser.parse_args()
    medians, worsts, p90s = [], [], []
    for run in range(args.runs):
        times: list[float] = []
        for g in range(args.games):
            play(8000 + g, g % 3, times)
        times.sort()
        med, worst = statistics.median(times), times[-1]
        p90 = times[int(0.9 * (len(times) - 1))]
        medians.append(med)
        worsts.append(worst)
        p90s.append(p90)
        print(
            f"run {run + 1}: {len(times)} decisions, median {med * 1000:.1f} ms, "
            f"p90 {p90 * 1000:.1f} ms, worst {worst * 1000:.1f} ms"
        )
    print(
        f"median over {args.runs} runs: median {statistics.median(medians) * 1000:.1f} ms, "
        f"p90 {statistics.median(p90s) * 1000:.1f} ms, worst {statistics.median(worsts) * 1000:.1f} ms "
        f"(max worst {max(worsts) * 1000:.1f} ms)"
    )


if __name__ == "__main__":
    main()
