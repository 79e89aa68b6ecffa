"""One redaction per viewer for every event that leaves the service.

While a game runs, a seat sees its own decisions in full and of the others
only what `State.public_action` said at the time (no action id, no `by`:
nothing tells whether a pass was chosen or automatic). A consequence of a decision
(`State.consequences`: a draw, a settled claim...) has the same payload shape,
{"seat", "public", ...what only that seat may know}, and the same rule: its seat reads it
in full, every other viewer {"seat", "public"} (another seat's drawn card stays hidden).
Redacted events carry no hashes either: a hash over a hidden action could be brute-forced
back to the action. Once the game is finished everything is public. Every event leaves with `text`, one
sentence for its viewer (service/narration.py), written from the redacted event.

Times: while a game runs, an event read by anyone but its own seat carries its time
to the second only. Microseconds would tell an AI's instant automatic pass from a
decision that took thought; whole seconds do not. A consequence (a draw...) is written in the
same instant as the decision that caused it, so it too carries whole seconds, even for its
seat. So does an answer in a claim window (public type "answer"): the window's answers are
written when it settles, in the instant of whichever request settled it, maybe another
person's, whose time to the microsecond is not this seat's to know. And so does a person's
automatic pass (`by` "auto": the only legal action, CP-4.2): it is written in the instant of
the request that moved the game to it, maybe another person's or after an AI's thought, so to
the microsecond it would date that request and time that AI. Only a seat's own chosen
decision (`by` "human"), written by its own request, reaches it to the microsecond. The hash
chain covers the full time, which the export reveals once the game is over.
"""

from __future__ import annotations

from typing import Any

from service.export_format import BY_HUMAN
from service.narration import Narrator, with_text
from service.wording import rendered
from store.base import StoredEvent


def event_for(event: StoredEvent, viewer: int | None, finished: bool, narrator: Narrator) -> dict[str, Any]:
    """The event as `viewer` (None: a spectator) may see it, with its sentence (`text`) for that
    viewer, written from the redacted event only."""
    seen = redacted(event, viewer, finished)
    if event.type == "game_finished":  # its result's lines in the reader's words (service/wording.py)
        seen = rendered(seen, narrator.translator, narrator.names_of)
    return with_text(seen, viewer, narrator)


def redacted(event: StoredEvent, viewer: int | None, finished: bool) -> dict[str, Any]:
    if finished:
        return event.to_dict()
    base = {"version": event.version, "type": event.type, "time": to_the_second(event.time)}
    payload = event.payload
    if event.type == "game_created":
        return {**base, "payload": dict(payload)}  # holds no secret: the seed and deck are not in it
    if event.type == "game_finished" or "seat" not in payload or "public" not in payload:
        # Not public before the end (game_finished only exists at the end).
        return {**base, "payload": {}}
    # A decision ("action") or one of its consequences: one seat's event.
    if viewer is not None and payload["seat"] == viewer:
        window_answer = payload["public"].get("type") == "answer"
        own_request = payload.get("by") == BY_HUMAN  # not an automatic pass (see the module doc)
        if event.type == "action" and own_request and not window_answer:  # to the microsecond
            base = {**base, "time": event.time}
        return {**base, "payload": dict(payload)}
    return {**base, "payload": {"seat": payload["seat"], "public": payload["public"]}}


def to_the_second(time: str) -> str:
    """An ISO-8601 UTC time without its fraction of a second ("…T13:20:02.123456Z" → "…T13:20:02Z")."""
    head, dot, _ = time.partition(".")
    return head + "Z" if dot else time
