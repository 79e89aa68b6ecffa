"""The store as the service uses it: an unreachable store becomes the service's own error.

Every EventStore method may raise store.base.StoreUnavailable (database down, no pooled
connection in time). The service's callers — the API — see only service errors, so
`GuardedStore` turns it into `ServiceUnavailable` on the way out of every store call,
whichever service method made it. Every other result and exception passes unchanged.
"""

from __future__ import annotations

import functools
from typing import Any

from service.errors import ServiceUnavailable
from store.base import EventStore, StoreUnavailable

UNAVAILABLE_DETAIL = "the event store is unavailable; nothing was changed, try again later"


class GuardedStore:
    def __init__(self, store: EventStore):
        self.inner = store

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self.inner, name)
        if not callable(attribute):
            return attribute

        @functools.wraps(attribute)
        def guarded(*args, **kwargs):
            try:
                return attribute(*args, **kwargs)
            except StoreUnavailable as exc:
                # The store's own message names hosts and paths: it goes to the log, not to clients.
                raise ServiceUnavailable(UNAVAILABLE_DETAIL) from exc

        return guarded
