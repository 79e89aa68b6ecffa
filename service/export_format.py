"""The export's format (`GET /v1/games/{id}/export`): the fields it has, and how its text is read.

Read strictly, so that a file means one thing to every reader: a key given twice in one
object (readers differ on which counts), NaN, Infinity or a number too large to hold, a lone
surrogate, and nesting too deep for the parser make it unreadable; its outline (every field
known, each of the type it must have) is checked before any of its content.
"""

from __future__ import annotations

import json
import re
import unicodedata
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
# What the service writes: a game id is a UUID's 32 lowercase hexadecimal digits, a nonce 16
# random bytes in 32 of them (a short nonce would let anyone try every seed against the
# commitment while the game ran), a seed at most 128 bits (the server draws 128; a creator
# gives at most 63).
ID_OR_NONCE = re.compile(r"[0-9a-f]{32}")
MAX_SEED_BITS = 128
ACTION_FIELDS = frozenset({"seat", "action", "by", "public"})  # a decision's payload, exactly
# Who made a decision (its `by`): a person, the service for a person whose one legal action was
# a pass, or an AI seat ("ai:<level>").
BY_HUMAN, BY_AUTO, BY_AI_PREFIX = "human", "auto", "ai:"


def by_ai(level: str | None) -> str:
    """The `by` of a decision made by an AI seat of this level."""
    return f"{BY_AI_PREFIX}{level}"


SEED_SOURCES = ("server", "client")


def shown(value: Any, limit: int = 80) -> str:
    """`value` as JSON writes it (`null`, `true`, `"text"`: a reader of an export reads JSON),
    cut to `limit` characters, non-ASCII escaped (a report must print on any terminal)."""
    try:
        text = json.dumps(value, ensure_ascii=True, sort_keys=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# Characters a terminal may act on rather than show: controls (an escape sequence can erase a
# line and write another verdict in its place, or hide the rest), format characters (a bidi
# override reorders what is read), line and paragraph separators, and unassigned, private and
# surrogate code points.
UNPRINTABLE_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"})


def printable(text: str, limit: int = 1000) -> str:
    """`text` safe to print on a terminal and short enough to leave the verdict in sight: every
    character a terminal could act on written as its escape (`\\x1b`, `\\u202e`), then cut to
    `limit` characters. A report quotes a forged file's words; they must read as words."""
    shown_text = "".join(
        ch.encode("unicode_escape").decode("ascii")
        if unicodedata.category(ch) in UNPRINTABLE_CATEGORIES
        else ch
        for ch in text[: limit * 2]  # an escape is longer than its character: cut after escaping
    )
    if len(shown_text) > limit or len(text) > limit * 2:
        return shown_text[: limit - 3] + "..."
    return shown_text


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
    if not isinstance(game["id"], str) or not ID_OR_NONCE.fullmatch(game["id"]):
        return f"game id must be 32 lowercase hexadecimal digits; found {shown(game['id'])}"
    if not isinstance(game["ruleset"], str):
        return f"game ruleset must be a string; found {shown(game['ruleset'])}"
    if not isinstance(game["custom_deck"], bool):
        return f"game custom_deck must be true or false; found {shown(game['custom_deck'])}"
    if game["deck"] is not None and not (
        isinstance(game["deck"], list) and all(isinstance(c, str) for c in game["deck"])
    ):
        return f"game deck must be null or a list of card codes; found {shown(game['deck'])}"
    if not (isinstance(game["seed"], str) and DECIMAL.fullmatch(game["seed"])):
        return (
            "game seed must be a decimal string without sign, spaces or leading zeros; "
            f"found {shown(game['seed'])}"
        )
    # the length first: a decimal string of thousands of digits is not even read as a number
    if len(game["seed"]) > len(str(2**MAX_SEED_BITS)) or int(game["seed"]) >= 2**MAX_SEED_BITS:
        return f"game seed must be below 2^{MAX_SEED_BITS}; found a number of {len(game['seed'])} digits"
    if not isinstance(game["nonce"], str) or not ID_OR_NONCE.fullmatch(game["nonce"]):
        return f"game nonce must be 32 lowercase hexadecimal digits; found {shown(game['nonce'])}"
    if "seed_source" in game and game["seed_source"] not in SEED_SOURCES:
        return (
            f"game seed_source must be one of {', '.join(SEED_SOURCES)}; found {shown(game['seed_source'])}"
        )
    if "created_at" in game and not is_timestamp(game["created_at"]):
        return f"game created_at must be a timestamp; found {shown(game['created_at'])}"
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
            return f"event {i}: time must be a timestamp; found {shown(e['time'])}"
        if "text" in e and not isinstance(e["text"], str):
            return f"event {i}: text must be a string; found {shown(e['text'])}"
    return None
