"""What the lone person's table costs: reads and decisions in a game with one person.

    .venv/bin/python bench/bench_lone_person.py [--games 3] [--level basic] [--seed 1]

With one person at the table the log stops where being asked tells nothing, and the person plays
on a table derived from the log and their held decisions (service/lone_person.py). A worker
keeps the tables it derived and extends them decision by decision; a worker that has not seen the
game (another gunicorn worker, a restart) derives the table from the log's head, AI decisions
included. Per ruleset, seeded games played to the end by a seeded random person through the
service in process (SQLite in a temporary directory), timing after every decision of the person
(wall clock, medians):

- `act`: the decision itself (its AI moves, and the append or the seal);
- `warm`: the person's view, read by the worker that took the decision;
- `cold`: the same read by a fresh service on the same database (no cached log or table);
- `spectator`: a view without the token, by the warm worker (it never derives the table).

Also the most decisions held at once, and the ratio cold / warm.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _timed(fn: Callable[..., object], *args: object) -> float:
    """Milliseconds (wall clock) of one call of `fn(*args)`."""
    started = time.perf_counter()
    fn(*args)
    return (time.perf_counter() - started) * 1000


def main() -> int:
    from domain.registry import RULESETS
    from service.game_service import GameService
    from store.sqlite import SqliteStore

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--level", default="basic", help="the AI seats' level (where the ruleset offers it)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(
        f"{'ruleset':<9} {'level':<7} {'decisions':>9} {'held max':>8} {'act':>8} {'warm':>8} {'cold':>8} {'spectator':>9} {'cold/warm':>9}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for ruleset_id in sorted(RULESETS):
            ruleset = RULESETS[ruleset_id]
            level = args.level if args.level in ruleset.ai_levels else "basic"
            path = str(Path(tmp) / f"{ruleset_id}.sqlite3")
            service = GameService(SqliteStore(path))
            times: dict[str, list[float]] = {"act": [], "warm": [], "cold": [], "spectator": []}
            held_most = 0
            for game in range(args.games):
                rng = random.Random(f"bench-lone:{args.seed}:{ruleset_id}:{game}")
                seats = [
                    {"kind": "human"} if s == 1 else {"kind": "ai", "level": level}
                    for s in range(ruleset.players)
                ]
                gid = service.create_game(ruleset_id, seats, seed=rng.getrandbits(40))["id"]
                while service.view(gid, None)["status"] != "finished":
                    legal = service.legal_actions(gid, 1)
                    choice = rng.choice(legal["actions"])["id"]
                    times["act"].append(_timed(service.act, gid, 1, choice, legal["version"]))
                    times["warm"].append(_timed(service.view, gid, 1))
                    times["spectator"].append(_timed(service.view, gid, None))
                    fresh_store = SqliteStore(path)
                    fresh = GameService(fresh_store)
                    times["cold"].append(_timed(fresh.view, gid, 1))
                    fresh_store.close()
                    held_most = max(held_most, len(service.load(gid, 1).sealed))
            med = {k: statistics.median(v) for k, v in times.items()}
            print(
                f"{ruleset_id:<9} {level:<7} {len(times['act']):>9} {held_most:>8} {med['act']:>6.2f}ms"
                f" {med['warm']:>6.2f}ms {med['cold']:>6.2f}ms {med['spectator']:>7.2f}ms {med['cold'] / med['warm']:>8.1f}x"
            )
            service.store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
