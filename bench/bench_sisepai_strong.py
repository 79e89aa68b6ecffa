"""Decision time of the Sì Sè Pái `strong` AI, in process.

    .venv/bin/python bench/bench_sisepai_strong.py [--games 40] [--seed 3] [--policy module:function]

Plays seeded games, strong in one seat (rotating) and basic in the others, and times every
strong decision that has a choice (more than one legal action): the policy call only, from the
seat's view and legal actions as the service makes it, in CPU time of this process
(time.process_time: a busy shared machine disturbs it less than wall time). `--policy` times
another policy in strong's seat (e.g. domain.sisepai.strong:inferring_policy). The decisions are
the same in every run (seeded). Prints the count, median, p95 and worst decision time.
Target (one core): p95 <= 150 ms, worst <= 400 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> int:
    from domain.registry import RULESETS

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--policy", default="strong", help="a level, or module:function")
    args = ap.parse_args()
    from cli.match import load_policy

    ruleset = RULESETS["sisepai"]
    strong, basic = load_policy("sisepai", args.policy), ruleset.policy("basic")
    times: list[float] = []
    for game in range(args.games):
        seed = random.Random(f"bench-sisepai-strong:{args.seed}:{game}").getrandbits(62)
        state, step, strong_seat = ruleset.new_game(seed, {}, None), 0, game % ruleset.players
        while not state.is_finished():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            view, rng = state.view(seat), random.Random(f"{seed}:{step}")
            if seat == strong_seat and len(legal) > 1:
                started = time.process_time()
                action = strong(view, legal, rng)
                times.append(time.process_time() - started)
            else:
                action = basic(view, legal, rng) if len(legal) > 1 else legal[0]
            state.apply(seat, action.id)
            step += 1
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    print(
        f"{len(ms)} strong decisions in {args.games} games: median {statistics.median(ms):.2f} ms, "
        f"p95 {p95:.2f} ms, worst {ms[-1]:.2f} ms (CPU time)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
