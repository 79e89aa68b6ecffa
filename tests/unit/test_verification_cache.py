"""The kept verification reports: computed once, and a burst never waits long for them."""

from __future__ import annotations

import threading

import pytest

from api.problems import status_of
from service.errors import VerificationBusy
from service.verification_cache import VerificationCache


def test_a_report_is_computed_once_and_kept():
    cache, calls = VerificationCache(), []

    def compute():
        calls.append(1)
        return {"ok": True, "checks": []}

    assert cache.report("g", compute) == cache.report("g", compute) == {"ok": True, "checks": []}
    assert len(calls) == 1


def test_a_request_finding_another_computation_busy_is_refused_after_a_short_wait():
    cache = VerificationCache(wait=0.05)
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
