"""The export's format (`GET /v1/games/{id}/export`): the fields it has, and how its text is read.

Read strictly, so that a file means one thing to every reader: a key given twice in one
object (readers differ on which counts), NaN, Infinity or a number too large to hold, a lone
surrogate, and nesting too deep for the parser make it unreadable; its outline (every field
known, each of the type it must have) is checked before any of its content.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any

from service.strict_json import RepeatedKey, unique_keys

# The fields an export has (what GET /v1/games/{id}/export writes, and wrote before: a missing
# optional field is an older export), and the fields of the events it logs.
EXPORT_FIELDS = frozenset({"format", "game", "events"})
GAME_FIELDS = frozenset({"id", "ruleset", "seed", "nonce", "deck", "custom_deck"})
GAME_OPTIONAL_FIELDS = frozenset({"created_at", "seed_source"})
EVENT_FIELDS = frozenset({"version", "type", "time", "payload", "prev_hash", "hash"})
EVENT_OPTIONAL_FIELDS = frozenset({"text"})
CREATED_FIELDS = frozenset({"ruleset", "options", "seats", "seed_commitment", "custom_deck"})
CREATED_OPTIONAL_FIELDS = frozenset({"seed_source", "log_format"})
FINISHED_FIELDS = frozenset({"result", "seed", "nonce", "deck"})
TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})", re.ASCII)
DECIMAL = re.compile(r"0|[1-9][0-9]*")  # a seed as the export writes it: no sign, space, "_" or leading zero
HEX = re.compile(r"[0-9a-f]+")
ACTION_FIELDS = frozenset({"seat", "action", "by", "public"})  # a decision's payload, exactly
SEED_SOURCES = ("server", "client")


def is_timestamp(value: Any) -> bool:
    """An ISO 8601 time as the service writes it (`2026-12-02T03:21:31.5Z`), and a time that
    exists: month 13 or hour 99 has the shape, not the meaning."""
    if not (isinstance(value, str) and TIMESTAMP.fullmatch(value)):
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


class UnreadableExport(ValueError):
    """The text is not one JSON document a reader can take only one way."""


def read_export(text: str) -> Any:
    """Parse an export's text strictly: a byte-order mark is skipped (an editor may add one),
    but a key given twice in one object (readers differ on which one counts), NaN or Infinity
    (not JSON), a number too large to hold (1e400), a lone surrogate and nesting too deep for
    the parser are refused (UnreadableExport)."""

    def constant(name: str) -> Any:
        raise UnreadableExport(f"{name} is not a JSON value")

    def finite(literal: str) -> float:
        value = float(literal)
        if value in (float("inf"), float("-inf")):  # 1e400: JSON, but no number a reader can hold
            raise UnreadableExport(f"{literal} is too large a number to read")
        return value

    try:
        doc = json.loads(
            text.removeprefix("\ufeff"),
            object_pairs_hook=unique_keys,
            parse_constant=constant,
            parse_float=finite,
        )
    except RepeatedKey as exc:
        raise UnreadableExport(str(exc)) from None
    except RecursionError:
        raise UnreadableExport("nested too deeply to read") from None
    try:
        json.dumps(doc, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:  # "\ud800": a lone surrogate, which is no character
        raise UnreadableExport(
            "a string holds a lone surrogate (\\ud800-\\udfff), which is no character"
        ) from None
    return doc


def shape_problem(doc: dict[str, Any]) -> str | None:
    """What makes the export's outline malformed (fields, types), or None."""
    extra = set(doc) - EXPORT_FIELDS
    if extra:
        return f"unknown fields {sorted(extra)} in the export"
    game, events = doc.get("game"), doc.get("events")
    if not isinstance(game, dict):
        return "game must be an object"
    missing, extra = GAME_FIELDS - set(game), set(game) - GAME_FIELDS - GAME_OPTIONAL_FIELDS
    if missing or extra:
        return f"game: missing fields {sorted(missing)}, unknown fields {sorted(extra)}"
    if not isinstance(game["id"], str) or not HEX.fullmatch(game["id"]):
        return f"game id must be lowercase hexadecimal; found {game['id']!r}"
    if not (isinstance(game["seed"], str) and DECIMAL.fullmatch(game["seed"])):
        return f"game seed must be a decimal string without sign, spaces or leading zeros; found {game['seed']!r}"
    if not isinstance(game["nonce"], str) or not HEX.fullmatch(game["nonce"]):
        return f"game nonce must be lowercase hexadecimal; found {game['nonce']!r}"
    if "seed_source" in game and game["seed_source"] not in SEED_SOURCES:
        return f"game seed_source must be one of {', '.join(SEED_SOURCES)}; found {game['seed_source']!r}"
    if "created_at" in game and not is_timestamp(game["created_at"]):
        return f"game created_at must be a timestamp; found {game['created_at']!r}"
    if not isinstance(events, list) or not all(isinstance(e, dict) for e in events):
        return "events must be a list of objects"
    if not events:
        return "events is empty: a game's log begins with its game_created event"
    for i, e in enumerate(events, start=1):
        missing, extra = EVENT_FIELDS - set(e), set(e) - EVENT_FIELDS - EVENT_OPTIONAL_FIELDS
        if missing or extra:
            return f"event {i}: missing fields {sorted(missing)}, unknown fields {sorted(extra)}"
        if not isinstance(e["type"], str) or not isinstance(e["payload"], dict):
            return f"event {i}: type must be a string and payload an object"
        if not is_timestamp(e["time"]):
            return f"event {i}: time must be a timestamp; found {e['time']!r}"
        if "text" in e and not isinstance(e["text"], str):
            return f"event {i}: text must be a string; found {e['text']!r}"
    return None
