"""README, "Backing up and restoring": a copy taken while the service runs, with SQLite's own
online backup (`sqlite3 FILE ".backup COPY"`, the Python API's `Connection.backup`) or
`VACUUM INTO`, holds every acknowledged game whole; a service started on the copy serves and
verifies them. (A plain `cp` of the database file alone can miss what the WAL holds.)"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess

import pytest

from service.game_service import GameService
from store.sqlite import SqliteStore


def _played(service: GameService, seed: int) -> str:
    seats = [{"kind": "ai", "level": "basic"}] * 3
    return service.create_game("chuopai", seats, seed=seed)["id"]  # played to the end at creation


@pytest.mark.parametrize("how", ["backup_api", "vacuum_into", "sqlite3_shell"])
def test_an_online_backup_serves_every_game(tmp_path, how):
    live = tmp_path / "live.sqlite3"
    service = GameService(SqliteStore(str(live)))
    games = [_played(service, seed) for seed in range(6)]
    running = service.create_game("chuopai", None, seed=99)["id"]  # a person's seat: still active
    copy = tmp_path / "copy.sqlite3"
    if how == "backup_api":
        with sqlite3.connect(live) as source, sqlite3.connect(copy) as target:
            source.backup(target)
    elif how == "vacuum_into":
        with sqlite3.connect(live) as source:
            source.execute("VACUUM INTO ?", (str(copy),))
    else:
        if shutil.which("sqlite3") is None:
            pytest.skip("no sqlite3 shell")
        subprocess.run(["sqlite3", str(live), f".backup {copy}"], check=True)
    restored = GameService(SqliteStore(str(copy)))
    for gid in games:
        assert restored.view(gid, None)["version"] == service.view(gid, None)["version"]
        assert restored.verify(gid)["ok"]
    assert restored.view(running, None)["status"] == "active"
