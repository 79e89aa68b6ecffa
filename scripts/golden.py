"""Regenerate the golden playthroughs under tests/golden/ (`make golden`).

Plays every golden game (tests/golden_games.py) through the service in-process and writes its export.
A file whose game is unchanged, apart from the per-game random values (game id, nonce, commitment,
timestamps, hashes), is left as it is, so regenerating touches only the games whose play changed.
Files of rulesets or AI levels no longer registered are removed. Each export is checked by the
offline verifier before it is written.
"""

from __future__ import annotations

import json
import sys

from domain.registry import RULESETS
from service.verify import verify_export
from tests.golden_games import GOLDEN_DIR, dumps, golden_games, in_memory_service, masked, play


def main() -> int:
    GOLDEN_DIR.mkdir(exist_ok=True)
    games = golden_games(RULESETS)
    for game in games:
        export = play(game, in_memory_service())
        report = verify_export(export, RULESETS)
        if not report["ok"]:
            print(
                f"{game.name}: the offline verifier rejects the export: {report['checks']}", file=sys.stderr
            )
            return 1
        old = json.loads(game.path.read_text(encoding="utf-8")) if game.path.exists() else None
        if old is not None and masked(old) == masked(export):
            print(f"unchanged {game.path.name}")
            continue
        game.path.write_text(dumps(export), encoding="utf-8")
        print(
            f"{'rewrote' if old is not None else 'wrote'} {game.path.name} ({len(export['events'])} events)"
        )
    wanted = {game.path for game in games}
    for stale in sorted(set(GOLDEN_DIR.glob("*.json")) - wanted):
        stale.unlink()
        print(f"removed {stale.name} (no such ruleset or AI level)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
