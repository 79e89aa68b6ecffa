"""Score breakdowns and calculator reports in the reader's language: a presentation step.

The domain writes each breakdown line (and each Nantong calculator item) with `what`, its
English text, and `message`, the same words language-free: message ids with named parameters
(`domain.narration.said`). Both are logged in `game_finished`; nothing translated is ever
stored. Whatever leaves the service for a reader (a view's result and the score lines of its
table — a Nantong match's finished deals —, the score, the `game_finished` event in the events,
the feed and an action's answer, a replay, a calculator's report) passes through `rendered`:
`what` is written again from `message` in the reader's language; `message` goes along as logged
(the API puts a result line's under its `details`; a table's lines carry it as they are), so a
finished game's events are its log with only the words changed, and a client with catalogues of
its own can word the lines itself. The export is the log itself and shows both as logged.

A line logged before lines carried `message` (a game finished by an earlier version) keeps its
English `what` in every language: its words cannot be rebuilt from a text.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from domain.base import is_settled
from domain.narration import CardNamer, render

if TYPE_CHECKING:  # the offline verifier (service/verify.py) imports this module: no Babel here
    from service.i18n import Translator

MESSAGE = "message"


def _worded(value: dict[str, Any]) -> bool:
    """A line with its words: `what` and `message` (a list of message parts)."""
    return "what" in value and isinstance(value.get(MESSAGE), list)


def rendered(value: Any, words: Translator, name_cards: CardNamer | None = None) -> Any:
    """A copy of `value` (any JSON: a result, an event, a report) with every line that has a
    `message` worded in the translator's language (`what`); with `name_cards` (the ruleset's
    card names in that language, `Narrator.cards`), the cards a line names are written as names,
    not codes."""
    if isinstance(value, dict):
        if is_settled(value):
            return _settled_rendering(value, words, name_cards)
        return _rendered_object(value, words, name_cards)
    if isinstance(value, list):
        # a table is mostly lists of card codes: their items are taken as they are, not visited
        return [item if type(item) in _SCALARS else rendered(item, words, name_cards) for item in value]
    return value


def _rendered_object(value: dict[str, Any], words: Translator, name_cards: CardNamer | None) -> Any:
    """`rendered` of one JSON object, settled or not."""
    if not _worded(value):
        return {
            key: item if type(item) in _SCALARS else rendered(item, words, name_cards)
            for key, item in value.items()
        }
    return {**value, "what": render(value[MESSAGE], words.gettext, name_cards)}


# JSON's leaves, which hold no line to word
_SCALARS = frozenset({str, int, float, bool, type(None)})

# What `rendered` made of each settled part (domain.base.settled: never changed once made, such
# as a finished deal of a Nantong match, which every later view of the match lists again), by the
# part's identity, the language and whether cards are named (the namer is the ruleset's, and a
# part belongs to one ruleset). Each entry holds the part itself, so its identity cannot pass to
# another object while the entry lives; least recently used entries go first.
_SETTLED_KEPT = 4096
_settled: OrderedDict[tuple[int, str, bool], tuple[Any, Any]] = OrderedDict()
_settled_lock = threading.Lock()


def _settled_rendering(value: dict[str, Any], words: Translator, name_cards: CardNamer | None) -> Any:
    key = (id(value), words.language, name_cards is None)
    with _settled_lock:
        kept = _settled.get(key)
        if kept is not None and kept[0] is value:
            _settled.move_to_end(key)
            return kept[1]
    made = _rendered_object(value, words, name_cards)
    with _settled_lock:
        _settled[key] = (value, made)
        if len(_settled) > _SETTLED_KEPT:
            _settled.popitem(last=False)
    return made


def has_messages(value: Any) -> bool:
    """Whether any object in `value` carries a `message` (a result logged by this version)."""
    if isinstance(value, dict):
        return _worded(value) or any(has_messages(item) for item in value.values())
    if isinstance(value, list):
        return any(has_messages(item) for item in value)
    return False


def without_messages(value: Any) -> Any:
    """`value` as a result was logged before its lines carried `message`: the same English
    `what`, no `message`."""
    if isinstance(value, dict):
        kept = value.items() if not _worded(value) else ((k, v) for k, v in value.items() if k != MESSAGE)
        return {key: without_messages(item) for key, item in kept}
    if isinstance(value, list):
        return [without_messages(item) for item in value]
    return value
