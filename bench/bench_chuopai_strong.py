"""Benchmark: decision time of the Chuo Pai `strong` AI (determinized Monte-Carlo).

Run:  .venv/bin/python bench/bench_chuopai_strong.py [--runs N] [--games N] [--policy NAME]

Plays N seeded games (one strong seat, rotating over the three seats, against
basic seats) and times, in CPU time of this process, every strong decision
with more than one legal action (those are the searches; a lone legal action
returns at once). Repeats the same games --runs times and prints, per run and
as medians over the runs: the median, 95th percentile and worst decision time.
The decisions are identical in every run (seeded), so only the clock differs.
`--policy candidate` times `candidate_policy` (the CANDIDATE search, docs/ai.md),
`--policy reference` `reference_policy` (strong as first released), `--policy screened`
`screened_policy` (the SCREENED search, measured and not adopted), `--policy chained`
`chained_policy` (the CHAINED search: worlds from swap chains), `--policy adaptive`
`adaptive_policy` (CHAINED reading as basic only the seats basic explains), `--policy doubled`
`doubled_policy` (ADAPTIVE's rollouts when the chains ran twice), `--policy doubled_always`
`doubled_always_policy` (the level before today's: the opening bonus searched) instead.
`--against random` puts random players in the other seats instead of basic (players basic does
not explain, as people are not: the adaptive search then runs its chains twice).
Target: p95 <= 150 ms, worst <= 400 ms, on the core where the level as first released
(`--policy reference`) took 20 ms median and 45 ms p95 against basic; cores differ (and this
machine's speed varies 2-3x between days), so run `--policy reference` alongside and scale by its
p95 (docs/ai.md, the fifth round).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from domain.base import Policy, random_policy  # noqa: E402
from domain.chuopai import RULESET  # noqa: E402
from domain.chuopai.ai import basic_policy  # noqa: E402
from domain.chuopai.strong import (  # noqa: E402
    adaptive_policy,
    candidate_policy,
    chained_policy,
    doubled_always_policy,
    doubled_policy,
    reference_policy,
    screened_policy,
    strong_policy,
)

POLICIES = {
    "strong": strong_policy,
    "reference": reference_policy,
    "candidate": candidate_policy,
    "screened": screened_policy,
    "chained": chained_policy,
    "adaptive": adaptive_policy,
    "doubled": doubled_policy,
    "doubled_always": doubled_always_policy,
}
OPPONENTS = {"basic": basic_policy, "random": random_policy}


def play(
    seed: int,
    strong_seat: int,
    times: list[float],
    policy: Policy = strong_policy,
    other: Policy = basic_policy,
) -> None:
    state = RULESET.new_game(seed, {}, None)
    step = 0
    while not state.is_finished():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        rng = random.Random(f"bench:{seed}:{step}")
        view = state.view(seat)
        if seat == strong_seat:
            t0 = time.process_time()
            action = policy(view, legal, rng)
            if len(legal) > 1:
                times.append(time.process_time() - t0)
        else:
            action = other(view, legal, rng)
        state.apply(seat, action.id)
        step += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--policy", choices=sorted(POLICIES), default="strong", help="the search to time")
    parser.add_argument("--against", choices=sorted(OPPONENTS), default="basic", help="the other seats")
    args = parser.parse_args()
    policy, other = POLICIES[args.policy], OPPONENTS[args.against]
    medians, worsts, p95s = [], [], []
    for run in range(args.runs):
        times: list[float] = []
        for g in range(args.games):
            play(8000 + g, g % 3, times, policy, other)
        times.sort()
        med, worst = statistics.median(times), times[-1]
        p95 = times[int(0.95 * (len(times) - 1))]
        medians.append(med)
        worsts.append(worst)
        p95s.append(p95)
        print(
            f"run {run + 1}: {len(times)} decisions, median {med * 1000:.1f} ms, "
            f"p95 {p95 * 1000:.1f} ms, worst {worst * 1000:.1f} ms"
        )
    print(
        f"median over {args.runs} runs: median {statistics.median(medians) * 1000:.1f} ms, "
        f"p95 {statistics.median(p95s) * 1000:.1f} ms, worst {statistics.median(worsts) * 1000:.1f} ms "
        f"(max worst {max(worsts) * 1000:.1f} ms)"
    )


if __name__ == "__main__":
    main()
