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
- optionally `consequence_happening(type_, seat, payload)`: what a consequence event says
  (`domain.base.Consequence`: a draw, a settled claim...), from its payload as the viewer
  receives it. Without one, `consequence_happening` below reads the shared vocabulary.

A `Happening` names its cards by code; the service turns it into a sentence in the reader's
language (service/narration.py). Terms the sentence shows as words (a meld's kind, a
combination's name) are English message ids marked with `N_` so that message extraction
finds them; the service translates them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypedDict


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
    number: int | None = None  # a number the sentence shows (a deal's)


def answer_happening(seat: int, payload: dict[str, Any]) -> Happening | None:
    """A claim-window answer as the viewer received it: secret (no action id) or in full."""
    action = payload.get("action")
    if action is None:
        return Happening("answer", seat)
    if action == "pass":
        return Happening("pass", seat, automatic=payload.get("by") == "auto")
    return None


# ---------------------------------------------------------------- worded lines
# A score breakdown line (and a calculator's item) says what it counts in a language-free form:
# `message`, a list of parts, each a message id (its English text, marked with `N_`) with named
# parameters: numbers and codes as they are, or other parts (a term, a reason) translated in
# turn. The line's `what` is its English rendering, kept for every reader of the log as it was;
# the service renders `message` again in the reader's language (service/wording.py). A
# translation keeps the arithmetic as the English writes it (docs/api.md, "Reading a breakdown").


class Said(TypedDict):
    """One part of a message: a message id and its named parameters."""

    id: str
    params: dict[str, Any]


def said(message: str, **params: Any) -> Said:
    """A part: `message` (an `N_` id) with its parameters (int, str, a Said or a list of them)."""
    return {"id": message, "params": params}


# Parameters that may hold card codes: `card` one code, `cards` codes separated by spaces. The
# log keeps the codes (language-free); a reader's rendering names the cards instead. The namer
# answers None for a value that is not all codes of the ruleset (Chuo Pai's `cards` is a sum,
# "2 + 1 = 3"), which is then written as logged.
CARD_PARAMETERS = ("card", "cards")

CardNamer = Callable[[list[str]], str | None]


def render(
    parts: list[Said] | Said, gettext: Callable[[str], str] = str, name_cards: CardNamer | None = None
) -> str:
    """The parts one after another, each message passed through `gettext` (the identity by
    default: English, the message ids' language) and its parameters filled in; with
    `name_cards`, the card parameters (CARD_PARAMETERS) are written as its words for the codes."""
    if isinstance(parts, dict):
        parts = [parts]
    return "".join(_render_part(part, gettext, name_cards) for part in parts)


def _render_part(part: Said, gettext: Callable[[str], str], name_cards: CardNamer | None) -> str:
    text = gettext(part["id"])
    params = part.get("params") or {}
    if not params:
        return text
    return text.format(
        **{name: _render_value(name, value, gettext, name_cards) for name, value in params.items()}
    )


def _render_value(name: str, value: Any, gettext: Callable[[str], str], name_cards: CardNamer | None) -> Any:
    if isinstance(value, dict) and "id" in value:
        return _render_part(value, gettext, name_cards)  # type: ignore[arg-type]
    if isinstance(value, list):
        return render(value, gettext, name_cards)
    if name_cards is not None and name in CARD_PARAMETERS and isinstance(value, str):
        named = name_cards(value.split())
        return value if named is None else named
    return value


class Worded(TypedDict):
    """A line's words: `what` in English and `message`, the same language-free."""

    what: str
    message: list[Said]


def worded(*parts: Said) -> Worded:
    """`what` (English) and `message` (the language-free parts) of a line."""
    message = list(parts)
    return {"what": render(message), "message": message}


def consequence_happening(
    type_: str, seat: int, payload: dict[str, Any], terms: dict[str, str] | None = None
) -> Happening:
    """A consequence event (`domain.base.Consequence`, the shared vocabulary) as the viewer
    received it: another seat's hidden draw has no card. `terms`: a meld kind's words, for a
    claim settled by a meld a ruleset names (`claim` is then the meld kind)."""
    public = payload["public"]
    if type_ == "draw":
        card = public.get("card", payload.get("card"))
        kind = "replacement" if public.get("replacement") else "draw"
        return Happening(kind if card is not None else f"{kind}_hidden", seat, card=card)
    if type_ == "claim_settled":
        claim, card, source = public["claim"], public["card"], public["from"]
        own = source == seat  # a card the claimer drew itself
        if claim in ("pong", "kong", "rob"):
            return Happening(f"settled_{claim}", seat, card=card, other=source)
        if claim == "win":
            return Happening("settled_win_own" if own else "settled_win", seat, card=card, other=source)
        term = (terms or {})[claim]
        cards = tuple(public.get("cards") or ())
        return Happening("settled_meld_own" if own else "settled_meld", seat, card, cards, term, source)
    if type_ == "unclaimed":
        return Happening(f"unclaimed_{public['becomes']}", seat, card=public["card"])
    if type_ == "round_won":
        return Happening("round_won", seat, cards=tuple(public["cards"]))
    if type_ == "deal_over":  # the sentence is about the deal's winner, not its dealer
        if public["winner"] is None:
            return Happening("deal_no_winner", None, number=public["deal"])
        return Happening("deal_won", public["winner"], number=public["deal"])
    return Happening(type_, seat)
