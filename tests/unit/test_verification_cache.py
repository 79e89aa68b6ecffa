"""The kept verification reports: computed once, and a burst never waits long for them."""

from __future__ import annotations

import threading

import pytest

from api.problems import status_of
from service.errors import GameActive, NotFound, VerificationBusy
from service.game_service import GameService
from service.verification_cache import VerificationCache
from store.sqlite import SqliteStore


def test_a_report_is_computed_once_and_kept():
    cache, calls = VerificationCache(), []

    def compute():
        calls.append(1)
        return {"ok": True, "checks": []}

    assert cache.report("g", compute) == cache.report("g", compute) == {"ok": True, "checks": []}
    assert len(calls) == 1


def test_a_request_finding_another_games_report_being_computed_is_refused_at_once():
    cache = VerificationCache(wait=60)  # no wait for another game's report, however long
    started, release = threading.Event(), threading.Event()

    def slow():
        started.set()
        release.wait(10)
        return {"ok": True, "checks": []}

    worker = threading.Thread(target=cache.report, args=("slow", slow))
    worker.start()
    try:
        assert started.wait(10)
        with pytest.raises(VerificationBusy):
            cache.report("other", lambda: {"ok": True, "checks": []})
    finally:
        release.set()
        worker.join(10)
    # once free, the refused game is computed, and the slow one was kept
    assert cache.report("other", lambda: {"ok": False, "checks": []}) == {"ok": False, "checks": []}
    assert cache.report("slow", lambda: pytest.fail("recomputed")) == {"ok": True, "checks": []}


def test_a_busy_verification_is_answered_503():
    assert status_of(VerificationBusy) == 503  # with Retry-After, as every 503 (api/problems.py)


def test_a_request_for_the_game_being_computed_waits_for_its_report():
    cache = VerificationCache(wait=10)
    started, release = threading.Event(), threading.Event()
    calls = []

    def slow():
        calls.append(1)
        started.set()
        release.wait(10)
        return {"ok": True, "checks": []}

    worker = threading.Thread(target=cache.report, args=("g", slow))
    worker.start()
    assert started.wait(10)
    threading.Timer(0.2, release.set).start()
    assert cache.report("g", slow) == {"ok": True, "checks": []}  # waited, not refused
    worker.join(10)
    assert len(calls) == 1


def test_a_running_game_is_refused_as_running_while_another_report_is_computed(tmp_path):
    """The documented 409 game-active, whatever the process is busy with: it was a 503
    verification-busy (with Retry-After) whenever another game's report was being computed."""
    service = GameService(SqliteStore(str(tmp_path / "db.sqlite3")))
    running = service.create_game("chuopai", None, seed=3)
    started, release = threading.Event(), threading.Event()

    def slow():
        started.set()
        release.wait(10)
        return {"ok": True, "checks": []}

    worker = threading.Thread(target=service.audit.verifications.report, args=("another", slow))
    worker.start()
    try:
        assert started.wait(10)
        with pytest.raises(GameActive):
            service.verify(running["id"])
        with pytest.raises(NotFound):
            service.verify("f" * 32)
    finally:
        release.set()
        worker.join(10)
