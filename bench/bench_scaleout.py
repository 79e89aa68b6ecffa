"""Scale-out benchmark: SQLite on one node vs PostgreSQL on two nodes, same load.

    .venv/bin/python bench/bench_scaleout.py [--clients 8] [--actions 400] [--workers 2]

For each setup it starts gunicorn on loopback (one node on a fresh SQLite
file; two nodes on a fresh PostgreSQL database, clients alternating between
them request by request), then N client threads play games of one ruleset
(seat 0 human, AI opponents, seat 0 always takes the first legal action; a
finished game is replaced by a new one) until `--actions` actions have been
accepted in total. It reports accepted actions per second and the p50/p99
latency of `POST /v1/games/{id}/actions` (each such request also runs the AI
turns that follow), side by side with the PostgreSQL/SQLite ratio.

Bounded: a fixed number of actions, a wall-clock cap per setup (--max-seconds),
loopback only. PostgreSQL comes from --pg-url / TEST_POSTGRES_URL (default
postgresql://postgres@127.0.0.1:5432/test); the benchmark creates a scratch
database there and drops it afterwards. Without PostgreSQL it reports SQLite
alone.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def gunicorn(database_url: str, workers: int) -> Iterator[str]:
    port = free_port()
    # Throughput, not rate limits, is measured here: creation is not limited.
    env = {**os.environ, "DATABASE_URL": database_url, "PYTHONPATH": str(ROOT), "RATE_LIMIT": "off"}
    proc = subprocess.Popen(
        [
            GUNICORN,
            "-c",
            "gunicorn.conf.py",
            "-w",
            str(workers),
            "-b",
            f"127.0.0.1:{port}",
            "--graceful-timeout",
            "2",
            "api:create_app()",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {proc.returncode}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/v1/health", timeout=1).status_code == 200:
                    break
            if time.monotonic() > deadline:
                raise RuntimeError("gunicorn did not become healthy in 30 s")
            time.sleep(0.1)
        yield base
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@contextlib.contextmanager
def scratch_pg_database(admin_url: str) -> Iterator[str]:
    import psycopg

    name = f"cg_bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin_url, autocommit=True, connect_timeout=3) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlsplit(admin_url)._replace(path="/" + name).geturl()
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@dataclass
class Result:
    label: str
    actions: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)  # seconds per accepted POST
    conflicts: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def pct(self, q: float) -> float:
        if not self.latencies:
            return float("nan")
        if len(self.latencies) == 1:
            return self.latencies[0] * 1000
        return statistics.quantiles(self.latencies, n=100, method="inclusive")[int(q) - 1] * 1000


def run_load(
    label: str, nodes: list[str], ruleset: dict[str, Any], clients: int, actions: int, max_seconds: float
) -> Result:
    result = Result(label)
    lock = threading.Lock()
    budget = itertools.count()  # each accepted action takes one ticket
    deadline = time.monotonic() + max_seconds
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "basic"}] * (ruleset["players"] - 1)

    def client(me: int) -> None:
        rr = itertools.cycle(nodes[me % len(nodes) :] + nodes[: me % len(nodes)])
        with httpx.Client(timeout=60) as http:
            try:
                game = None
                while time.monotonic() < deadline:
                    if game is None:
                        r = http.post(f"{next(rr)}/v1/games", json={"ruleset": ruleset["id"], "seats": seats})
                        r.raise_for_status()
                        created = r.json()
                        game = (created["id"], {"Authorization": f"Bearer {created['seats'][0]['token']}"})
                        with lock:
                            result.games += 1
                    gid, auth = game
                    legal = http.get(f"{next(rr)}/v1/games/{gid}/legal-actions", headers=auth)
                    legal.raise_for_status()
                    body = legal.json()
                    if not body["actions"]:
                        game = None  # finished: start another
                        continue
                    if next(budget) >= actions:
                        return
                    t0 = time.perf_counter()
                    r = http.post(
                        f"{next(rr)}/v1/games/{gid}/actions",
                        headers=auth,
                        json={"action": body["actions"][0]["id"], "expected_version": body["version"]},
                    )
                    dt = time.perf_counter() - t0
                    with lock:
                        if r.status_code == 200:
                            result.actions += 1
                            result.latencies.append(dt)
                        elif r.status_code == 409:
                            result.conflicts += 1
                        else:
                            result.errors.append(f"{r.status_code} {r.text[:200]}")
                            return
            except Exception as exc:  # noqa: BLE001 - reported in the table
                with lock:
                    result.errors.append(repr(exc))

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join(max_seconds + 60)
    result.seconds = time.perf_counter() - t0
    return result


def warm_up(nodes: list[str], ruleset: dict[str, Any]) -> None:
    """One game created and a few requests on every node (imports, pools, caches)."""
    for node in nodes:
        with httpx.Client(timeout=60) as http:
            for _ in range(3):
                http.get(f"{node}/v1/health").raise_for_status()
            created = http.post(f"{node}/v1/games", json={"ruleset": ruleset["id"]}).json()
            http.get(f"{node}/v1/games/{created['id']}").raise_for_status()


def print_table(results: list[Result], clients: int) -> None:
    cols = [r.label for r in results] + (["ratio pg/sqlite"] if len(results) == 2 else [])
    rows: list[tuple[str, list[str], Callable[[Result, Result], float] | None]] = [
        (
            "actions/s",
            [f"{r.rate:.1f}" for r in results],
            lambda a, b: b.rate / a.rate if a.rate else float("nan"),
        ),
        ("p50 latency ms", [f"{r.pct(50):.1f}" for r in results], lambda a, b: b.pct(50) / a.pct(50)),
        ("p99 latency ms", [f"{r.pct(99):.1f}" for r in results], lambda a, b: b.pct(99) / a.pct(99)),
        ("actions accepted", [str(r.actions) for r in results], None),
        ("409 conflicts", [str(r.conflicts) for r in results], None),
        ("games started", [str(r.games) for r in results], None),
        ("wall seconds", [f"{r.seconds:.1f}" for r in results], None),
    ]
    width = max(22, *(len(c) + 2 for c in cols))
    print(f"\n{clients} client threads, loopback, POST /v1/games/{{id}}/actions latency\n")
    print("".ljust(18) + "".join(c.rjust(width) for c in cols))
    for name, cells, ratio in rows:
        line = name.ljust(18) + "".join(c.rjust(width) for c in cells)
        if ratio is not None and len(results) == 2:
            line += f"{ratio(results[0], results[1]):.2f}x".rjust(width)
        print(line)
    for r in results:
        for e in r.errors[:5]:
            print(f"  {r.label}: error: {e}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=8, help="concurrent client threads (default 8)")
    ap.add_argument("--actions", type=int, default=400, help="accepted actions per setup (default 400)")
    ap.add_argument("--workers", type=int, default=2, help="gunicorn workers per node (default 2)")
    ap.add_argument("--ruleset", default=None, help="ruleset id (default: the first one listed)")
    ap.add_argument("--max-seconds", type=float, default=120.0, help="wall-clock cap per setup (default 120)")
    ap.add_argument(
        "--pg-url", default=os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
    )
    args = ap.parse_args(argv)

    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="cg-bench-") as tmp:
        with gunicorn(f"sqlite:///{tmp}/bench.sqlite3", args.workers) as node:
            rulesets = httpx.get(f"{node}/v1/rulesets").json()
            ruleset = (
                next((r for r in rulesets if r["id"] == args.ruleset), None) if args.ruleset else rulesets[0]
            )
            if ruleset is None:
                ap.error(f"unknown ruleset {args.ruleset!r}; known: {[r['id'] for r in rulesets]}")
            print(
                f"ruleset {ruleset['id']}: {args.clients} clients, {args.actions} actions per setup, "
                f"{args.workers} gunicorn workers per node",
                flush=True,
            )
            warm_up([node], ruleset)
            results.append(
                run_load("sqlite, 1 node", [node], ruleset, args.clients, args.actions, args.max_seconds)
            )
    try:
        with (
            scratch_pg_database(args.pg_url) as url,
            gunicorn(url, args.workers) as a,
            gunicorn(url, args.workers) as b,
        ):
            warm_up([a, b], ruleset)
            results.append(
                run_load("postgresql, 2 nodes", [a, b], ruleset, args.clients, args.actions, args.max_seconds)
            )
    except Exception as exc:  # noqa: BLE001 - PostgreSQL absent: report SQLite alone
        print(f"PostgreSQL setup skipped: {exc!r}", file=sys.stderr)
    print_table(results, args.clients)
    return 1 if any(r.errors for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
