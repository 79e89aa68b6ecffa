"""Benchmark: the reads a client repeats most — a seat's view, its legal actions and the last
events — through the service on a warm worker (the game's stream already loaded).

Run:  .venv/bin/python bench/bench_reads.py [--games N] [--lang LANG] [--ruleset ID] [--deals N]

For each ruleset, plays N games with people in every seat (seeded random choices) and, at every
decision, times one view of the seat to act, one of a spectator, that seat's legal actions and
the last 20 events it may read. Prints per ruleset the median and p95 (wall clock, ms) of each.
`--deals` plays rulesets with a `deals` option (Nantong, NT-3.3) as matches of that many deals,
whose views list every finished deal.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _timed(fn: Callable[..., object], *args: object, **kwargs: object) -> float:
    """Milliseconds (wall clock) of one call of `fn(*args, **kwargs)`."""
    started = time.perf_counter()
    fn(*args, **kwargs)
    return (time.perf_counter() - started) * 1000


def _p95(values: list[float]) -> float:
    return sorted(values)[int(0.95 * (len(values) - 1))]


def main() -> int:
    from domain.registry import RULESETS
    from service.game_service import GameService
    from service.i18n import translator
    from store.sqlite import SqliteStore

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--lang", default="en")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ruleset", choices=sorted(RULESETS), help="only this ruleset")
    ap.add_argument("--deals", type=int, default=1, help="deals of a match, where a ruleset has matches")
    args = ap.parse_args()
    words = translator(args.lang)
    reads = ("view", "spectator", "legal", "events")
    print(f"{'ruleset':<9} {'reads':>6} " + " ".join(f"{r + ' med/p95':>17}" for r in reads))
    for ruleset_id in sorted(RULESETS):
        if args.ruleset not in (None, ruleset_id):
            continue
        ruleset = RULESETS[ruleset_id]
        options = {"deals": args.deals} if any(o.name == "deals" for o in ruleset.options) else {}
        service = GameService(SqliteStore(":memory:"))
        times: dict[str, list[float]] = {r: [] for r in reads}
        for game in range(args.games):
            rng = random.Random(f"bench-reads:{args.seed}:{ruleset_id}:{game}")
            seats = [{"kind": "human"}] * ruleset.players
            gid = service.create_game(ruleset_id, seats, seed=rng.getrandbits(40), options=options)["id"]
            while (spectator := service.view(gid, None))["status"] != "finished":
                # the spectator's to_act keeps a claim window's seats secret: ask the seats
                seat = next(s for s in range(ruleset.players) if service.legal_actions(gid, s)["actions"])
                times["view"].append(_timed(service.view, gid, seat, words=words))
                times["spectator"].append(_timed(service.view, gid, None, words=words))
                times["legal"].append(_timed(service.legal_actions, gid, seat, words=words))
                after = max(0, spectator["version"] - 20)
                times["events"].append(_timed(service.events, gid, seat, after=after, words=words))
                legal = service.legal_actions(gid, seat)
                service.act(gid, seat, rng.choice(legal["actions"])["id"], legal["version"])
        cells = " ".join(f"{statistics.median(times[r]):>8.3f}/{_p95(times[r]):<8.3f}" for r in reads)
        print(f"{ruleset_id:<9} {len(times['view']):>6} {cells}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
