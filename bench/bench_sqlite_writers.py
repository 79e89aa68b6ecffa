"""Benchmark: many threads of one process writing to one SQLite store at once, as a gunicorn
gthread worker's 16 threads do under load (each plays its own game as a person against AI seats).

Run:  .venv/bin/python bench/bench_sqlite_writers.py [--threads 32] [--seconds 20]

Prints the writes done (creations and actions), writes per second, the median, p95, p99 and
worst latency of a write (wall clock, ms), and how many were refused as the store unavailable
(the 503 a client would get: the write lock not had within the busy timeout).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1)))]


def main() -> int:
    from domain.registry import RULESETS
    from service.errors import ServiceUnavailable
    from service.game_service import GameService
    from store.sqlite import SqliteStore

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=32)
    ap.add_argument("--seconds", type=float, default=20)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        service = GameService(SqliteStore(str(Path(tmp) / "writers.sqlite3")))
        latencies: list[float] = []
        refused = [0]
        lock = threading.Lock()
        stop = time.monotonic() + args.seconds

        def write(fn: Callable[..., Any], *a: Any) -> Any:
            started = time.perf_counter()
            try:
                return fn(*a)
            except ServiceUnavailable:
                with lock:
                    refused[0] += 1
                return None
            finally:
                with lock:
                    latencies.append((time.perf_counter() - started) * 1000)

        def player(index: int) -> None:
            rng = random.Random(f"writers:{index}")
            ids = sorted(RULESETS)
            while time.monotonic() < stop:
                ruleset = RULESETS[ids[index % len(ids)]]
                seats = [{"kind": "human"}] + [{"kind": "ai", "level": "basic"}] * (ruleset.players - 1)
                created = write(service.create_game, ruleset.id, seats, rng.getrandbits(40))
                if created is None:
                    continue
                gid = created["id"]
                while time.monotonic() < stop and service.view(gid, None)["status"] != "finished":
                    legal = service.legal_actions(gid, 0)
                    if not legal["actions"]:
                        break
                    write(service.act, gid, 0, rng.choice(legal["actions"])["id"], legal["version"])

        threads = [threading.Thread(target=player, args=(i,)) for i in range(args.threads)]
        began = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.monotonic() - began
    print(
        f"{args.threads} threads, {elapsed:.1f} s: {len(latencies)} writes, {len(latencies) / elapsed:.0f}/s; "
        f"ms median {statistics.median(latencies):.1f}, p95 {_pct(latencies, 0.95):.1f}, "
        f"p99 {_pct(latencies, 0.99):.1f}, worst {max(latencies):.1f}; refused (503) {refused[0]}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
