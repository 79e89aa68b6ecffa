"""The offline verifier (`python -m service.verify`) in a separate process, per ruleset.

AI decisions are re-derived during verification, so they must not depend on anything but
the view, the legal actions and the seed-derived rng: not even on Python's per-process
string hashing (set and dict order). Each export is verified under two other hash seeds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from domain.registry import RULESETS
from service.game_service import GameService
from store.sqlite import SqliteStore
from tests.servers import ROOT


def verify_in_subprocess(path, hash_seed: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "service.verify", str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_ai_games_verify_offline_under_other_hash_seeds(tmp_path, ruleset_id):
    ruleset = RULESETS[ruleset_id]
    service = GameService(SqliteStore(str(tmp_path / "db.sqlite3")))
    seats = [
        {"kind": "ai", "level": ruleset.ai_levels[i % len(ruleset.ai_levels)]} for i in range(ruleset.players)
    ]
    options = {"deals": 2} if ruleset_id == "nantong" else {}
    created = service.create_game(ruleset_id, seats, seed=2024, options=options)
    assert created["status"] == "finished"
    path = tmp_path / "export.json"
    path.write_text(json.dumps(service.export(created["id"])))
    for hash_seed in ("1", "4242"):
        run = verify_in_subprocess(path, hash_seed)
        assert run.returncode == 0 and "VERIFIED" in run.stdout, run.stdout + run.stderr


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_a_changed_seed_is_caught_offline(tmp_path, ruleset_id):
    ruleset = RULESETS[ruleset_id]
    service = GameService(SqliteStore(str(tmp_path / "db.sqlite3")))
    created = service.create_game(ruleset_id, [{"kind": "ai"}] * ruleset.players, seed=7)
    export = service.export(created["id"])
    export["game"]["seed"] = "8"  # a different deal than the one committed to
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(export))
    run = verify_in_subprocess(path, "1")
    assert run.returncode == 1 and "FAIL seed_commitment" in run.stdout, run.stdout
