"""One redaction per viewer for every event that leaves the service.

While a game runs, a seat sees its own decisions in full and of the others
only what `State.public_action` said at the time (no action id, no `by`:
nothing tells whether a pass was chosen or automatic). Redacted events carry
no hashes either: a hash over a hidden action could be brute-forced back to
the action. Once the game is finished everything is public.
"""

from __future__ import annotations

from typing import Any

from store.base import StoredEvent


def event_for(event: StoredEvent, viewer: int | None, finished: bool) -> dict[str, Any]:
    if finished:
        return event.to_dict()
    base = {"version": event.version, "type": event.type, "time": event.time}
    payload = event.payload
    if event.type == "action":
        if viewer is not None and payload["seat"] == viewer:
            return {**base, "payload": dict(payload)}
        return {**base, "payload": {"seat": payload["seat"], "public": payload["public"]}}
    if event.type == "game_created":
        return {**base, "payload": dict(payload)}  # holds no secret: the seed and deck are not in it
    # Any other event type is not public before the end (game_finished only exists at the end).
    return {**base, "payload": {}}
