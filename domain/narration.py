"""What happened, described structurally, for the service to put into words.

Each ruleset package may have a `narration` module (`domain/<ruleset>/narration.py`) with two
pure functions:

- `event_happening(seat, payload)`: what an action event says, from the payload exactly as
  a viewer receives it (`{"seat", "public"}` for another seat's decision while the game runs;
  `{"seat", "action", "by", "public"}` for the viewer's own decisions and once the game is
  finished). It must use nothing else, so a description never holds more than the viewer
  was sent.
- `action_happening(action, table)`: what a legal action would do, from the action as the
  API lists it (`Action.to_dict()`) and the table of the acting seat's view.

A `Happening` names its cards by code; the service turns it into a sentence in the reader's
language (service/narration.py). Terms the sentence shows as words (a meld's kind, a
combination's name) are English message ids marked with `N_` so that message extraction
finds them; the service translates them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def N_(message: str) -> str:
    """Marks a message id for extraction (gettext_noop); the service translates it."""
    return message


@dataclass(frozen=True)
class Happening:
    """One decision, described structurally.

    `kind` picks the sentence (e.g. "discard", "pong_bid", "play"); `seat` is who acts;
    `card` the one card the sentence is about; `cards` the cards it lists (codes, in order);
    `term` a word to show (an `N_` message id); `other` another seat named (the discarder of a
    claimed card); `automatic` marks a decision the service made because it was the only one.
    """

    kind: str
    seat: int | None = None
    card: str | None = None
    cards: tuple[str, ...] = ()
    term: str | None = None
    other: int | None = None
    automatic: bool = False


def answer_happening(seat: int, payload: dict[str, Any]) -> Happening | None:
    """A claim-window answer as the viewer received it: secret (no action id) or in full."""
    action = payload.get("action")
    if action is None:
        return Happening("answer", seat)
    if action == "pass":
        return Happening("pass", seat, automatic=payload.get("by") == "auto")
    return None
