"""Verification reports of finished games, computed once per process and kept.

`GET /verify` re-deals a game and re-derives every AI decision: for strong AI seats that
is seconds of CPU. Only a finished game can be verified, and a finished game's log never
changes, so its report never changes either: it is kept (least recently used first out,
`size` reports at most). Computations are serialised per process, so a burst of requests
for one game computes its report once. A request for another game while a report is being
computed is refused at once (VerificationBusy: 503 with Retry-After), and one for the same game
waits for that report `wait` seconds at most: a burst for many games holds no threads while
one report is computed (waiting 2 s for the lock, a burst of 30 held every thread of a worker
and stalled its other requests by as long).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from service.errors import VerificationBusy
from service.i18n import N_

Report = dict[str, Any]


class VerificationCache:
    def __init__(self, size: int = 1024, wait: float = 2.0):
        self.size = size
        self.wait = wait
        self._reports: OrderedDict[str, Report] = OrderedDict()
        self._lock = threading.Lock()  # guards _reports
        self._computing = threading.Lock()  # one computation at a time in this process
        self._computed: str | None = None  # the game whose report is being computed

    def report(self, game_id: str, compute: Callable[[], Report]) -> Report:
        """The kept report of `game_id`, else `compute()` (kept when it returns). Raises
        VerificationBusy at once while another game's report is being computed, and after
        `wait` seconds while this game's still is."""
        kept = self._kept(game_id)
        if kept is not None:
            return kept
        busy = VerificationBusy(N_("a verification is being computed by this server: retry shortly"))
        if not self._computing.acquire(blocking=False):
            if self._computed != game_id:
                raise busy
            if not self._computing.acquire(timeout=self.wait):  # this game's: its report is coming
                raise busy
        self._computed = game_id
        try:
            kept = self._kept(game_id)  # computed by another thread while this one waited
            if kept is not None:
                return kept
            report = compute()
            with self._lock:
                self._reports[game_id] = report
                while len(self._reports) > self.size:
                    self._reports.popitem(last=False)
            return report
        finally:
            self._computed = None
            self._computing.release()

    def __len__(self) -> int:
        return len(self._reports)

    def _kept(self, game_id: str) -> Report | None:
        with self._lock:
            report = self._reports.get(game_id)
            if report is not None:
                self._reports.move_to_end(game_id)
            return report
