"""Benchmark: the most work one request can cause — creating a game whose seats are all AI,
which plays the whole game inside POST /v1/games (docs/guarantees.md, "Bounded work").

Run:  .venv/bin/python bench/bench_request_work.py [--games N]

For each ruleset, creates N all-AI games at its most expensive settings (the strongest AI
level offered; Nantong with its maximum of 16 deals) through the service on a scratch
SQLite store, and prints per ruleset: decisions per game (events appended) and the
median and worst wall-clock time of the creating call. Also times GET /verify's work
(re-deal and re-derive every decision) for the same games, once (it is kept afterwards).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from domain.registry import RULESETS  # noqa: E402
from service.game_service import GameService  # noqa: E402
from store.sqlite import SqliteStore  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        service = GameService(SqliteStore(os.path.join(folder, "bench.sqlite3")))
        for ruleset in RULESETS.values():
            level = ruleset.ai_levels[-1]
            options = {o.name: o.maximum for o in ruleset.options if o.name == "deals"}  # the longest match
            seats = [{"kind": "ai", "level": level}] * ruleset.players
            create_times, verify_times, versions = [], [], []
            for seed in range(1, args.games + 1):
                started = time.perf_counter()
                created = service.create_game(ruleset.id, seats, seed=seed, options=options)
                create_times.append(time.perf_counter() - started)
                versions.append(created["version"])
                started = time.perf_counter()
                report = service.verify(created["id"])
                verify_times.append(time.perf_counter() - started)
                assert report["ok"], report
            print(
                f"{ruleset.id:8} level={level:6} options={options or '{}'}: "
                f"events/game median {statistics.median(versions):.0f} max {max(versions)}; "
                f"create median {statistics.median(create_times):.2f} s max {max(create_times):.2f} s; "
                f"verify median {statistics.median(verify_times):.2f} s max {max(verify_times):.2f} s"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
