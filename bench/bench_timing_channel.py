"""The timing channel left after event times are coarsened: a person's own request latency.

    .venv/bin/python bench/bench_timing_channel.py [--games 20] [--level basic]

A person's action request returns after the AI seats have played on, so its latency
includes the AI decisions made in that request. If the AIs that answered a claim window
had a real choice (a claim to weigh) rather than a lone pass, the request may take
longer, and the person could infer it. This plays seeded games in process (one person,
AI seats of `--level`, SQLite in memory), and for every request records its wall time
and how many AI decisions in it had more than one legal action. It prints the median
latency by that count and the ratio to requests with none: the size of the channel a
deployment may want to close (docs/guarantees.md, "Timing").
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from domain.registry import RULESETS  # noqa: E402
from service.game_service import GameService  # noqa: E402
from store.sqlite import SqliteStore  # noqa: E402


def ai_choices(service: GameService, game_id: str, response: dict[str, Any]) -> int:
    """AI decisions in this response that had more than one legal action (from the full log)."""
    versions = {e["version"] for e in response["events"] if e["type"] == "action"}
    if not versions:
        return 0
    export_free = service.load(game_id)  # the log state after the request
    created = export_free.created
    ruleset = export_free.ruleset
    state = ruleset.new_game(export_free.record.seed, dict(created["options"]), export_free.record.deck)
    count = 0
    for event in service.store.load_events(game_id):
        if event.type != "action":
            continue
        p = event.payload
        if (
            event.version in versions
            and p["by"].startswith("ai:")
            and len(state.legal_actions(p["seat"])) > 1
        ):
            count += 1
        state.apply(p["seat"], p["action"])
    return count


def measure(ruleset_id: str, games: int, level: str) -> dict[int, list[float]]:
    service = GameService(SqliteStore(":memory:"))
    players = RULESETS[ruleset_id].players
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": level}] * (players - 1)
    by_choices: dict[int, list[float]] = defaultdict(list)
    for g in range(games):
        rng = random.Random(g)
        created = service.create_game(ruleset_id, seats=seats, seed=10_000 + g)
        gid = created["id"]
        while service.view(gid, None)["status"] != "finished":
            legal = service.legal_actions(gid, 0)
            action = rng.choice(legal["actions"])["id"]
            started = time.perf_counter()
            response = service.act(gid, 0, action, legal["version"])
            elapsed = time.perf_counter() - started
            by_choices[min(ai_choices(service, gid, response), 3)].append(elapsed * 1000)
    return by_choices


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--level", default="basic")
    args = parser.parse_args()
    print(f"request latency (ms, median) by AI decisions with a choice in the request; level {args.level}")
    for ruleset_id in sorted(RULESETS):
        if args.level not in RULESETS[ruleset_id].ai_levels:
            continue
        groups = measure(ruleset_id, args.games, args.level)
        base = statistics.median(groups[0]) if groups.get(0) else None
        cells = []
        for k in sorted(groups):
            med = statistics.median(groups[k])
            ratio = f" ({med / base:.2f}x)" if base else ""
            cells.append(f"{k}{'+' if k == 3 else ''}: {med:.2f}{ratio} n={len(groups[k])}")
        print(f"{ruleset_id:8} " + " | ".join(cells))


if __name__ == "__main__":
    main()
