"""/verify of a finished game is computed once and kept: a finished game never changes through
the service. A log changed in the store behind its back is verified again: no report kept for
the old log vouches for the new one."""

from __future__ import annotations

import json
import sqlite3
import threading

import pytest

from service.errors import GameActive
from service.game_service import GameService
from store.sqlite import SqliteStore
from tests.forgery import rechain


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

    assert service.verify(game["id"]) is first, "the report was computed again"
    assert (first["creation_hash"], first["version"]) == (game["creation_hash"], game["version"])

    tamper(db, game["id"])  # the hashes left as they were: the head is unchanged
    again = service.verify(game["id"])
    assert not again["ok"] and not any(c["ok"] for c in again["checks"] if c["name"] == "hash_chain")
    assert again["last_hash"] == first["last_hash"]  # the same head, another log


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


def test_a_log_rewritten_whole_verifies_but_not_against_the_receipt_kept_from_the_start(tmp_path):
    """An operator rewrites a finished log in the store with its hashes computed again (here: the
    creation time changed, which no replay re-derives): its report is computed afresh and checks
    out, since the log is consistent with itself, but says which log it vouches for, and against
    the creation hash kept from the game's start it is NOT verified (docs/guarantees.md §5)."""
    db = tmp_path / "v.sqlite3"
    service = GameService(SqliteStore(str(db)))
    game = service.create_game("chuopai", [{"kind": "ai", "level": "basic"}] * 3, seed=9)
    receipt = game["creation_hash"]
    assert service.verify(game["id"], receipt)["ok"]

    forged = rechain(_with_created_time(service.export(game["id"]), "2020-01-01T00:00:00.000000Z"))
    with sqlite3.connect(db) as conn:
        for e in forged["events"]:
            conn.execute(
                "UPDATE events SET time = ?, prev_hash = ?, hash = ? WHERE game_id = ? AND version = ?",
                (e["time"], e["prev_hash"], e["hash"], game["id"], e["version"]),
            )
    report = service.verify(game["id"])
    assert report["ok"] and report["creation_hash"] == forged["events"][0]["hash"] != receipt
    anchored = service.verify(game["id"], receipt)
    assert not anchored["ok"]
    [check] = [c for c in anchored["checks"] if not c["ok"]]
    assert check["name"] == "known_creation" and receipt in check["detail"]


def _with_created_time(export: dict, time: str) -> dict:
    export["events"][0]["time"] = time
    return export
