"""Verification reports of finished games, computed once per process and kept.

`GET /verify` re-deals a game and re-derives every AI decision: for strong AI seats that
is seconds of CPU. Only a finished game can be verified, and a finished game's log never
changes, so its report never changes either: it is kept (least recently used first out,
`size` reports at most). Computations are serialised per process, so a burst of requests
for one game computes its report once, and a burst for many games occupies one thread
of a worker at a time, not all of them.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

Report = dict[str, Any]


class VerificationCache:
    def __init__(self, size: int = 1024):
        self.size = size
        self._reports: OrderedDict[str, Report] = OrderedDict()
        self._lock = threading.Lock()  # guards _reports
        self._computing = threading.Lock()  # one computation at a time in this process

    def report(self, game_id: str, compute: Callable[[], Report]) -> Report:
        """The kept report of `game_id`, else `compute()` (kept when it returns)."""
        kept = self._kept(game_id)
        if kept is not None:
            return kept
        with self._computing:
            kept = self._kept(game_id)  # computed by another thread while this one waited
            if kept is not None:
                return kept
            report = compute()
            with self._lock:
                self._reports[game_id] = report
                while len(self._reports) > self.size:
                    self._reports.popitem(last=False)
            return report

    def __len__(self) -> int:
        return len(self._reports)

    def _kept(self, game_id: str) -> Report | None:
        with self._lock:
            report = self._reports.get(game_id)
            if report is not None:
                self._reports.move_to_end(game_id)
            return report
