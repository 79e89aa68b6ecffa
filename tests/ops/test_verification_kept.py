"""/verify of a finished game is computed once and kept: a finished game never changes."""

from __future__ import annotations

import json
import sqlite3
import threading

import pytest

from service.errors import GameActive
from service.game_service import GameService
from store.sqlite import SqliteStore


def tamper(db, game_id: str) -> None:
    """Rewrite one stored AI decision behind the service's back (a fresh verification fails)."""
    with sqlite3.connect(db) as conn:
        version, payload = conn.execute(
            "SELECT version, payload FROM events WHERE game_id = ? AND type = 'action' ORDER BY version LIMIT 1",
            (game_id,),
        ).fetchone()
        payload = json.loads(payload)
        payload["by"] = "human"
        conn.execute(
            "UPDATE events SET payload = ? WHERE game_id = ? AND version = ?",
            (json.dumps(payload), game_id, version),
        )


def test_the_report_of_a_finished_game_is_computed_once_and_kept(tmp_path):
    db = tmp_path / "v.sqlite3"
    service = GameService(SqliteStore(str(db)))
    seats = [{"kind": "ai", "level": "basic"}] * 3
    game = service.create_game("chuopai", seats, seed=7)
    assert game["status"] == "finished"
    first = service.verify(game["id"])
    assert first["ok"]

    tamper(db, game["id"])
    assert service.verify(game["id"]) is first, "the report was computed again"
    # Proof that the kept report is what answered: computed afresh, the tampered log fails.
    assert not GameService(SqliteStore(str(db))).verify(game["id"])["ok"]


def test_concurrent_requests_compute_it_once(tmp_path):
    service = GameService(SqliteStore(str(tmp_path / "v.sqlite3")))
    game = service.create_game("chuopai", [{"kind": "ai", "level": "basic"}] * 3, seed=8)
    reports = []
    threads = [threading.Thread(target=lambda: reports.append(service.verify(game["id"]))) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(reports) == 6 and all(report is reports[0] for report in reports)


def test_a_running_game_is_not_verified_nor_kept(tmp_path):
    service = GameService(SqliteStore(str(tmp_path / "v.sqlite3")))
    game = service.create_game("chuopai")  # a person at seat 0: the game waits for them
    for _ in range(2):
        with pytest.raises(GameActive) as refused:
            service.verify(game["id"])
        assert refused.value.message == "a game can be verified once it is finished"  # not "exported"
