"""Verification reports of finished games, computed once per process and kept.

`GET /verify` re-deals a game and re-derives every AI decision: for strong AI seats that
is seconds of CPU. Only a finished game can be verified, and a finished game's log never
changes through the service, so its report never changes either: it is kept (least recently
used first out, `size` reports at most), by a key the caller gives: the game and its log's
fingerprint (service/audit.py), so a log changed in the store is verified again. Computations are serialised per process, so a burst of requests
for one game computes its report once. A request for another game while a report is being
computed is refused at once (VerificationBusy: 503 with Retry-After), and one for the same game
waits for that report `wait` seconds at most: a burst for many games holds no threads while
one report is computed (waiting 2 s for the lock, a burst of 30 held every thread of a worker
and stalled its other requests by as long).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from service.errors import VerificationBusy
from service.i18n import N_

Report = dict[str, Any]


class VerificationCache:
    def __init__(self, size: int = 1024, wait: float = 2.0):
        self.size = size
        self.wait = wait
        self._reports: OrderedDict[Hashable, Report] = OrderedDict()
        self._lock = threading.Lock()  # guards _reports
        self._computing = threading.Lock()  # one computation at a time in this process
        self._computed: Hashable | None = None  # the key whose report is being computed

    def report(self, key: Hashable, compute: Callable[[], Report]) -> Report:
        """The kept report of `key`, else `compute()` (kept when it returns). Raises
        VerificationBusy at once while another key's report is being computed, and after
        `wait` seconds while this key's still is."""
        kept = self._kept(key)
        if kept is not None:
            return kept
        busy = VerificationBusy(N_("a verification is being computed by this server: retry shortly"))
        if not self._computing.acquire(blocking=False):
            if self._computed != key:
                raise busy
            if not self._computing.acquire(timeout=self.wait):  # this game's: its report is coming
                raise busy
        self._computed = key
        try:
            kept = self._kept(key)  # computed by another thread while this one waited
            if kept is not None:
                return kept
            report = compute()
            with self._lock:
                self._reports[key] = report
                while len(self._reports) > self.size:
                    self._reports.popitem(last=False)
            return report
        finally:
            self._computed = None
            self._computing.release()

    def __len__(self) -> int:
        return len(self._reports)

    def _kept(self, key: Hashable) -> Report | None:
        with self._lock:
            report = self._reports.get(key)
            if report is not None:
                self._reports.move_to_end(key)
            return report
