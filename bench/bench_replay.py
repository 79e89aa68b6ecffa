"""Benchmark: stepping through a finished game's replay (`GET /v1/games/{id}/replay?version=N`),
as the web table's replay does, on the longest game there is: a 16-deal Nantong match of basic
AI seats.

Run:  .venv/bin/python bench/bench_replay.py [--seed S]

Through the service on a scratch SQLite store: creates the match, then asks for about 200
versions spread over the log in order, then for the last 50 one by one, and prints the median
and worst wall-clock time of a replay for each (ms). A replay folds on from the nearest kept
checkpoint (service/audit.py), so each step folds at most a checkpoint's interval of events.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from service.game_service import GameService  # noqa: E402
from store.sqlite import SqliteStore  # noqa: E402


def _timed(service: GameService, game_id: str, versions: list[int]) -> list[float]:
    times = []
    for version in versions:
        started = time.perf_counter()
        service.replay(game_id, version)
        times.append((time.perf_counter() - started) * 1000)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        service = GameService(SqliteStore(os.path.join(folder, "bench.sqlite3")))
        seats = [{"kind": "ai", "level": "basic"}] * 3
        game = service.create_game("nantong", seats, seed=args.seed, options={"deals": 16})
        last = game["version"]
        spread = _timed(service, game["id"], list(range(1, last + 1, max(1, last // 200))))
        one_by_one = _timed(service, game["id"], list(range(last - 49, last + 1)))
        print(f"a 16-deal Nantong match of {last} events")
        for name, times in (("spread", spread), ("last 50 one by one", one_by_one)):
            print(
                f"{name:<20} {len(times):>4} replays  median {statistics.median(times):7.2f} ms  worst {max(times):7.2f} ms"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
