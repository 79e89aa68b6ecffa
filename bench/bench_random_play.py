"""In-process random-play throughput per ruleset: games/s and decisions/s, medians over runs.

    .venv/bin/python bench/bench_random_play.py [--games 40] [--runs 5] [--domain-only]

Times are CPU seconds of this process (time.process_time), so a busy shared machine
disturbs them less than wall time. `vs before` divides the in-process decisions/s by
BEFORE: the same measurement of the simulators before they were rewritten on count
vectors with prebuilt actions (this script run against that tree, niced, on the same
2-core machine under the same load). Also measures the service path (SQLite store, AI
seats, one request per human decision, wall time) so the cost of the event store and
replay cache shows as a ratio.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from domain.base import Ruleset  # noqa: E402
from domain.registry import RULESETS  # noqa: E402

if TYPE_CHECKING:  # imported where it is used: the domain-only runs load no service
    from service.game_service import GameService

# In-process random-play decisions/s (CPU time) before the rewrite; see the docstring.
BEFORE = {"chuopai": 15_600, "nantong": 38_400, "sisepai": 122_500}


def play_domain(ruleset: Ruleset, seed: int) -> int:
    state = ruleset.new_game(seed, {}, None)
    rng = random.Random(seed)
    actions = 0
    while not state.is_finished():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        # random_policy's own draw, without building a view it would not read
        state.apply(seat, legal[rng.randrange(len(legal))].id)
        actions += 1
    return actions


def play_service(service: GameService, ruleset_id: str, players: int, seed: int) -> int:
    created = service.create_game(
        ruleset_id, [{"kind": "human"}] + [{"kind": "ai", "level": "random"}] * (players - 1), seed=seed
    )
    rng, actions = random.Random(seed), 0
    while True:
        legal = service.legal_actions(created["id"], 0)
        if not legal["actions"]:
            if service.view(created["id"], 0)["status"] == "finished":
                return actions
            raise RuntimeError("seat 0 has no action in an active game")
        service.act(created["id"], 0, rng.choice(legal["actions"])["id"], legal["version"])
        actions += 1


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--domain-only", action="store_true", help="skip the service path")
    args = parser.parse_args()
    from service.game_service import GameService
    from store.sqlite import SqliteStore

    print(
        f"{'ruleset':10} {'games/s':>10} {'decisions/s':>12} {'vs before':>10} "
        f"{'svc games/s':>12} {'svc req/s':>10} {'ratio':>7}"
    )
    for rid, ruleset in sorted(RULESETS.items()):
        g_rates, a_rates = [], []
        for run in range(args.runs):
            start, actions = time.process_time(), 0
            for i in range(args.games):
                actions += play_domain(ruleset, run * 10_000 + i)
            elapsed = time.process_time() - start
            g_rates.append(args.games / elapsed)
            a_rates.append(actions / elapsed)
        g, a = statistics.median(g_rates), statistics.median(a_rates)
        ratio = f"{a / BEFORE[rid]:9.2f}x" if rid in BEFORE else f"{'-':>10}"
        if args.domain_only:
            print(f"{rid:10} {g:10.1f} {a:12.0f} {ratio}")
            continue
        s_rates, r_rates = [], []
        with tempfile.TemporaryDirectory() as tmp:
            service = GameService(SqliteStore(str(Path(tmp) / "bench.sqlite3")))
            n = max(3, args.games // 8)
            for run in range(args.runs):
                start, requests = time.perf_counter(), 0
                for i in range(n):
                    requests += play_service(service, rid, ruleset.players, run * 10_000 + i)
                elapsed = time.perf_counter() - start
                s_rates.append(n / elapsed)
                r_rates.append(requests / elapsed)
        s, r = statistics.median(s_rates), statistics.median(r_rates)
        print(f"{rid:10} {g:10.1f} {a:12.0f} {ratio} {s:12.1f} {r:10.0f} {g / s:6.1f}x")
    print(
        f"(medians of {args.runs} runs; vs before = decisions/s over BEFORE; "
        "ratio = in-process games/s over service games/s)"
    )


if __name__ == "__main__":
    main()
