"""Verification reports of finished games, computed once per process and kept.

`GET /verify` re-deals a game and re-derives every AI decision: for strong AI seats that
is seconds of CPU. Only a finished game can be verified, and a finished game's log never
changes, so its report never changes either: it is kept (least recently used first out,
`size` reports at most). Computations are serialised per process, so a burst of requests
for one game computes its report once. A request finds the computation busy waits `wait`
seconds at most, then is refused (VerificationBusy: 503 with Retry-After): a burst for many
games cannot hold every thread of a worker while one report is computed, which would stall
the worker's other requests.
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

    def report(self, game_id: str, compute: Callable[[], Report]) -> Report:
        """The kept report of `game_id`, else `compute()` (kept when it returns). Raises
        VerificationBusy when another computation holds this process longer than `wait`."""
        kept = self._kept(game_id)
        if kept is not None:
            return kept
        if not self._computing.acquire(timeout=self.wait):
            kept = self._kept(game_id)  # the busy computation may have been this game's
            if kept is not None:
                return kept
            raise VerificationBusy(N_("a verification is being computed by this server: retry shortly"))
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
            self._computing.release()

    def __len__(self) -> int:
        return len(self._reports)

    def _kept(self, game_id: str) -> Report | None:
        with self._lock:
            report = self._reports.get(game_id)
            if report is not None:
                self._reports.move_to_end(game_id)
            return report
