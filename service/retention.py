"""Retention: deleting the games an operator no longer keeps (`cardgames purge`, README
"Operating the service").

The store keeps every game for good; a service open to the public gathers games finished long
ago and games abandoned half-way. This deletes, on the operator's word, the games finished
before one time and the games never finished whose last move is older than another, each with
everything stored of it. A deleted game is gone: its seats' tokens, view, export and
verification answer 404 from then on, so keep a backup (README, "Backing up and restoring") of
what must stay auditable. Nothing else is touched.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from store.base import EventStore


@dataclass(frozen=True)
class PurgeReport:
    """What a purge found and, unless it was a dry run, deleted."""

    finished: list[str]  # ids of the games finished before the cut-off
    idle: list[str]  # ids of the games never finished, idle since before theirs
    deleted: int  # games deleted (0 for a dry run)


def event_time(moment: datetime) -> str:
    """`moment` written as events record their time (service.game_service: ISO 8601 in UTC,
    microseconds, `Z`), so that the store compares the two as strings."""
    if moment.tzinfo is None:
        raise ValueError("a cut-off time needs its time zone (e.g. 2026-01-01T00:00:00Z)")
    return moment.astimezone(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def purge(
    store: EventStore,
    finished_before: datetime | None,
    idle_before: datetime | None,
    now: datetime,
    dry_run: bool = False,
) -> PurgeReport:
    """Delete the games finished before `finished_before` and the unfinished ones whose last
    event is before `idle_before` (None: none of that kind). A cut-off after `now` is refused
    (ValueError): it would take games still being played."""
    for name, cut in (("finished_before", finished_before), ("idle_before", idle_before)):
        if cut is not None and cut > now:
            raise ValueError(f"{name} {cut.isoformat()} is in the future")
    finished, idle = store.stale_games(
        None if finished_before is None else event_time(finished_before),
        None if idle_before is None else event_time(idle_before),
    )
    deleted = 0 if dry_run else store.delete_games(finished + idle)
    return PurgeReport(finished, idle, deleted)
