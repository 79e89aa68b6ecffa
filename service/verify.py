"""Verify an exported game offline: `python -m service.verify EXPORT.json`.

Trusts nothing in the export but what it can re-derive. It re-derives the deal
from the revealed seed (checking the published commitment), re-checks the hash
chain, checks the seats declared in `game_created`, and replays every decision:
each must be legal for a seat that was awaited; its `by` must fit that seat (a
person's seat: `human`; an AI seat: `ai:<its level>`; either: `auto` only where
exactly one action was legal); every AI decision is decided again from the same
view and seed-derived rng, and every automatic one is the seat's only legal
action. In a log of format 2 (game_created's "log_format"), every consequence the
replay derives (a draw, a settled claim, a won round: `State.consequences`) must be logged
right after the decision (or the deal) that caused it, exactly, and no other event may
stand there; a log of format 1 (no "log_format": stored before consequences were logged)
holds decisions only. Finally the logged result must be the replayed result, and each event's
sentence (`text`, not hashed) the one its hashed payload gives. Values are compared by type as
well (16 is not 16.0, 1 is not true); a field the format does not know, a key twice in one object,
NaN or Infinity make the export malformed. Each failure says which event, what was expected and
what was found. Exits 0 when every check
passes, 1 otherwise, 2 when the file cannot be read. Needs no server and no
database: only the domain code.

The answers to one claim window must be logged in the window's order
(`State.answer_window`), as the service records them: the versions, and so the AI's
seed-derived randomness, follow from it.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from domain.base import PASS, DomainError, Ruleset, State
from service.chain import canonical_json, event_hash, seed_commitment
from service.export_format import (
    ACTION_FIELDS,
    BY_AI_PREFIX,
    BY_AUTO,
    BY_HUMAN,
    CREATED_FIELDS,
    CREATED_OPTIONAL_FIELDS,
    FINISHED_FIELDS,
    SEED_SOURCES,
    by_ai,
    printable,
    read_export,
    shape_problem,
    shown,
)
from service.narration import narrator_for
from service.replay import (
    DECISION_EVENT_TYPES,
    DECISIONS_ONLY,
    LOG_FORMAT,
    ai_rng,
    consequence_events,
    new_state,
)
from service.wording import has_messages, without_messages

EXPORT_FORMAT = "cardgames-export/1"
EVENT_TYPES = DECISION_EVENT_TYPES
LOG_FORMATS = (DECISIONS_ONLY, LOG_FORMAT)
SEAT_KINDS = ("human", "ai")


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON, types included: 16 is not 16.0, and 1 is not true."""
    return canonical_json(a) == canonical_json(b)


class Mismatch(Exception):
    """A check of the replay failed; the message says what differed."""


def _not_a_hash(given: str) -> str:
    """What to add when a hash the reader gave is none: a SHA-256 is 64 hexadecimal digits."""
    if re.fullmatch(r"[0-9a-f]{64}", given):
        return ""
    return " (which is no SHA-256 hash: one is 64 hexadecimal digits; copy it whole)"


# A check's detail quotes the file; a forged one may carry anything. Cut, it leaves the verdict
# in sight (a 100 MB sentence quoted whole would bury it); escaped, it cannot act on a terminal.
DETAIL_LIMIT = 1000


def _check(checks: list[dict[str, Any]], name: str, ok: bool, detail: str) -> bool:
    checks.append({"name": name, "ok": bool(ok), "detail": printable(detail, DETAIL_LIMIT)})
    return ok


def verify_export(
    doc: Any, rulesets: dict[str, Ruleset], commitment: str | None = None, creation_hash: str | None = None
) -> dict[str, Any]:
    """The checks of an export (module docstring). `commitment`: the seed commitment the reader
    was shown while the game ran; `creation_hash`: the hash of its game_created event (every
    view of the game carries both). With either, the export must be that game: the commitment
    pins the deal; the creation hash pins, through the chain, the whole of game_created too (the
    id, the options, the seats, who chose the seed, the log's format). Without either, the checks
    prove the log consistent with itself only (`report_lines(..., Anchor.NONE)` says so)."""
    checks: list[dict[str, Any]] = []
    try:
        _verify(doc, rulesets, checks)
        if (commitment is not None or creation_hash is not None) and not _has_events(doc):
            given = "seed commitment" if creation_hash is None else "creation hash"
            _check(
                checks, "format", False, f"the export has no game_created event to compare the {given} with"
            )
            return {"ok": False, "checks": checks}
        if commitment is not None:
            logged, given = doc["events"][0]["payload"]["seed_commitment"], commitment.strip().lower()
            _check(
                checks,
                "known_commitment",
                logged == given,
                "the published commitment is the one you were shown"
                if logged == given
                else f"the published commitment is {logged}; you were shown {given}{_not_a_hash(given)}",
            )
        if creation_hash is not None:
            checks.append(known_creation(doc["events"][0]["hash"], creation_hash))
    except KeyError as exc:  # a forged export may have any shape: every surprise is a failure
        _check(checks, "format", False, f"malformed export: the field {exc} is missing")
    except Exception as exc:
        _check(checks, "format", False, f"malformed export: {exc} ({type(exc).__name__})")
    return {"ok": bool(checks) and all(c["ok"] for c in checks), "checks": checks}


def known_creation(logged: Any, creation_hash: str) -> dict[str, Any]:
    """The check that a log begins with the game_created event whose hash the reader was shown
    (`logged`: the hash of the log's first event)."""
    given = creation_hash.strip().lower()
    ok = logged == given
    detail = (
        "the game_created event is the one whose hash you were shown (its id, options, seats, "
        "seed commitment and who chose the seed)"
        if ok
        else f"the game_created event's hash is {logged}; you were shown {given}{_not_a_hash(given)}"
    )
    return {"name": "known_creation", "ok": ok, "detail": detail}


def _json_kind(value: Any) -> str:
    """What JSON calls `value`'s type."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object" if isinstance(value, dict) else type(value).__name__


def _has_events(doc: Any) -> bool:
    return isinstance(doc, dict) and isinstance(doc.get("events"), list) and bool(doc["events"])


QUOTE_LIMIT = 300  # a value the file gives, quoted in a detail


def _key(key: str) -> str:
    """A key of the file in a path: as it is when it is a name, else quoted (a forged key may be
    any text)."""
    return key if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,40}", key) else shown(key)


def first_difference(found: Any, expected: Any, where: str) -> str:
    """Where two JSON values first differ, and how: "scores[1]: 40, expected 30"."""
    if isinstance(found, dict) and isinstance(expected, dict):
        for key in sorted(set(found) | set(expected), key=str):
            if key not in found:
                return f"{where}.{_key(key)} is missing (expected {canonical_json(expected[key])})"
            if key not in expected:
                return f"{where}.{_key(key)} should not be there (found {shown(found[key], QUOTE_LIMIT)})"
            if not _same(found[key], expected[key]):
                return first_difference(found[key], expected[key], f"{where}.{_key(key)}")
    if isinstance(found, list) and isinstance(expected, list) and len(found) == len(expected):
        for i, (a, b) in enumerate(zip(found, expected, strict=True)):
            if not _same(a, b):
                return first_difference(a, b, f"{where}[{i}]")
    return f"{where}: {shown(found, QUOTE_LIMIT)}, expected {canonical_json(expected)}"


def anchors(doc: dict[str, Any]) -> list[tuple[str, str]]:
    """What a verified export says of its game, to compare with what a player saw: the id, the
    commitment, the options, the seats and who chose the seed (every view of the game shows
    them), the log's format and length, the result, and the last hash (to keep, and compare with
    a copy exported later). The checks prove the log consistent with itself and with the
    commitment; they cannot prove that an operator holding the log did not replace it whole with
    another one of the same commitment (docs/guarantees.md §5)."""
    created = doc["events"][0]["payload"]
    result = next(e for e in doc["events"] if e["type"] == "game_finished")["payload"]["result"]
    seats = ", ".join(
        f"{s['seat']} {s['kind']}" + (f" {s['level']}" if s.get("level") else "") for s in created["seats"]
    )
    return [
        ("game", doc["game"]["id"]),
        ("ruleset", doc["game"]["ruleset"]),
        ("creation hash", doc["events"][0]["hash"]),
        ("created", doc["events"][0]["time"]),
        ("seed commitment", created["seed_commitment"]),
        ("options", canonical_json(created["options"])),
        ("seats", seats),
        ("seed chosen by", created.get("seed_source", "not recorded (an older log)")),
        (
            "log format",
            f"{created.get('log_format', 1)}, {len(doc['events'])} events (version {doc['events'][-1]['version']})",
        ),
        ("winners", ", ".join(str(w) for w in result.get("winners", [])) or "none"),
        ("scores", ", ".join(str(x) for x in result.get("scores", []))),
        ("last hash", doc["events"][-1]["hash"]),
    ]


def _plain(value: Any) -> Any:
    """`value` as JSON reads it (an enum as its value, a tuple as a list), to be compared and
    shown field by field."""
    return json.loads(canonical_json(value))


def _is_int(value: Any) -> bool:
    return type(value) is int  # bool is an int subclass, and no seat is True


@dataclass(frozen=True)
class SeatSpec:
    kind: str  # "human" or "ai"
    level: str | None  # the AI level, None for a person's seat

    @property
    def expected_by(self) -> str:
        return BY_HUMAN if self.kind == "human" else by_ai(self.level)

    def describe(self, seat: int) -> str:
        if self.kind == "human":
            return f"seat {seat} is a person's seat in game_created"
        return f"seat {seat} is an AI seat of level {shown(self.level)} in game_created"


def _seat_specs(created: dict[str, Any], ruleset: Ruleset) -> tuple[list[SeatSpec], str]:
    """The seats game_created declares, or ([], what is wrong with them)."""
    seats = created.get("seats")
    if not isinstance(seats, list) or len(seats) != ruleset.players:
        count = len(seats) if isinstance(seats, list) else type(seats).__name__
        return [], f"{ruleset.id} has {ruleset.players} seats; game_created declares {count}"
    specs = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("seat") != i or not _is_int(seat.get("seat")):
            return [], f"seats[{i}] must be an object with seat {i}; found {shown(seat)}"
        kind, level = seat.get("kind"), seat.get("level")
        if kind not in SEAT_KINDS:
            return [], f"seat {i}: kind must be one of {', '.join(SEAT_KINDS)}; found {shown(kind)}"
        if kind == "ai" and level not in ruleset.ai_levels:
            return [], (
                f"seat {i}: an AI seat's level must be one of {', '.join(ruleset.ai_levels)}; found {shown(level)}"
            )
        if kind == "human" and "level" in seat:
            return [], f"seat {i}: a person's seat has no level; found {shown(level)}"
        extra = sorted(set(seat) - {"seat", "kind", "level"})
        if extra:
            return [], f"seat {i}: unknown fields {extra}"
        specs.append(SeatSpec(kind, level if kind == "ai" else None))
    return specs, f"{len(specs)} seats: " + ", ".join(s.expected_by for s in specs)


def _verify(doc: Any, rulesets: dict[str, Ruleset], checks: list[dict[str, Any]]) -> None:
    found_format = doc.get("format") if isinstance(doc, dict) else f"a JSON {_json_kind(doc)}, not an object"
    if found_format != EXPORT_FORMAT:
        _check(checks, "format", False, f"format is {shown(found_format)}, expected {shown(EXPORT_FORMAT)}")
        return
    problem = shape_problem(doc)
    if not _check(
        checks, "format", problem is None, problem or f"{EXPORT_FORMAT}, every field of the type it must have"
    ):
        return
    game, events = doc["game"], doc["events"]
    game_id = game["id"]
    if not _check(checks, "ruleset", game["ruleset"] in rulesets, f"ruleset {shown(game['ruleset'])}"):
        return
    ruleset = rulesets[game["ruleset"]]

    # 1. The hash chain and versions 1..n without gaps.
    prev, chain_ok, detail = "", True, f"{len(events)} events chained"
    for i, e in enumerate(events, start=1):
        if not _is_int(e["version"]) or e["version"] != i:
            chain_ok, detail = False, f"event {i}: expected version {i}, found {shown(e['version'])}"
            break
        if e["prev_hash"] != prev:
            chain_ok, detail = False, f"event {i}: prev_hash does not match the hash of event {i - 1}"
            break
        digest = event_hash(game_id, e["version"], e["type"], e["payload"], e["time"], e["prev_hash"])
        if digest != e["hash"]:
            chain_ok, detail = False, f"event {i}: hash does not match its content"
            break
        prev = e["hash"]
    _check(checks, "hash_chain", chain_ok, detail)
    if not events or events[0]["type"] != "game_created":
        _check(checks, "created", False, "the first event must be game_created")
        return
    created = events[0]["payload"]

    # 2. game_created declares this ruleset, a deck if one was given, and valid seats.
    created_ok, detail = True, ""
    deck = game.get("deck")
    unknown = set(created) - CREATED_FIELDS - CREATED_OPTIONAL_FIELDS
    if CREATED_FIELDS - set(created) or unknown:
        created_ok, detail = (
            False,
            f"game_created: missing fields {sorted(CREATED_FIELDS - set(created))}, unknown fields {sorted(unknown)}",
        )
    elif "seed_source" in created and created["seed_source"] not in SEED_SOURCES:
        created_ok, detail = (
            False,
            f"game_created seed_source must be one of {', '.join(SEED_SOURCES)}; found {shown(created['seed_source'])}",
        )
    elif "seed_source" in game and game["seed_source"] != created.get("seed_source"):
        created_ok, detail = (
            False,
            f"seed_source is {shown(game['seed_source'])} in the export and "
            f"{shown(created.get('seed_source'))} in game_created (the hashed one)",
        )
    elif created.get("ruleset") != ruleset.id:
        created_ok, detail = (
            False,
            f"game_created says ruleset {shown(created.get('ruleset'))}, the export {shown(ruleset.id)}",
        )
    elif created.get("custom_deck") is not (deck is not None) or game.get("custom_deck") is not (
        deck is not None
    ):
        created_ok, detail = (
            False,
            f"custom_deck is {shown(created.get('custom_deck'))} in game_created and "
            f"{shown(game.get('custom_deck'))} in the export; the export {'has' if deck is not None else 'has no'} deck",
        )
    elif not isinstance(created.get("options"), dict):
        created_ok, detail = (
            False,
            f"game_created options must be an object; found {shown(created.get('options'))}",
        )
    elif "log_format" in created and (
        not _is_int(created["log_format"]) or created["log_format"] not in LOG_FORMATS
    ):
        created_ok, detail = (
            False,
            f"game_created log_format must be one of {list(LOG_FORMATS)}; found {shown(created['log_format'])}",
        )
    specs: list[SeatSpec] = []
    if created_ok:
        specs, detail = _seat_specs(created, ruleset)
        created_ok = bool(specs)
    if not _check(checks, "created", created_ok, detail):
        return

    # 3. The commitment published at creation opens to the revealed seed (and deck).
    seed, nonce = int(game["seed"]), game["nonce"]
    opened = seed_commitment(seed, nonce, deck)
    _check(
        checks,
        "seed_commitment",
        opened == created["seed_commitment"],
        "SHA-256 of the revealed nonce, seed and deck equals the published commitment"
        if opened == created["seed_commitment"]
        else f"SHA-256 of the revealed nonce, seed and deck is {opened}; game_created published "
        f"{created['seed_commitment']}",
    )
    finished = [e for e in events if e["type"] == "game_finished"]
    if finished:
        fin = finished[-1]["payload"]
        revealed = {"seed": game["seed"], "nonce": nonce, "deck": deck}
        logged = {key: fin[key] for key in revealed if key in fin}
        missing, extra = sorted(FINISHED_FIELDS - set(fin)), sorted(set(fin) - FINISHED_FIELDS)
        keys_ok = not missing and not extra
        values_ok = all(_same(value, revealed[key]) for key, value in logged.items())
        problems = [
            f"game_finished lacks {', '.join(missing)}" if missing else "",
            f"game_finished has unknown fields {shown(extra)}" if extra else "",
            "" if values_ok else first_difference(logged, {k: revealed[k] for k in logged}, "game_finished"),
        ]
        _check(
            checks,
            "revealed_seed",
            keys_ok and values_ok,
            "the game_finished event reveals the same seed, nonce and deck, and nothing else"
            if keys_ok and values_ok
            else "; ".join(p for p in problems if p),
        )

    # 4. Replay: re-deal, then every decision legal, by the right hand, re-derived where it can be.
    try:
        state = new_state(ruleset, seed, created, deck)
    except DomainError as exc:
        _check(checks, "deal", False, f"cannot deal: {exc.message}")
        return
    try:
        counts = _replay(state, events, specs, ruleset, seed, created)
    except Mismatch as exc:
        _check(checks, "replay", False, str(exc))
        return
    by_counts = ", ".join(f"{n} {by}" for by, n in sorted(counts.items()))
    _check(
        checks,
        "replay",
        True,
        f"{sum(counts.values())} decisions replayed, each legal and by its seat ({by_counts})",
    )

    # 5. The result the log claims is the result the replay reaches.
    if finished:
        logged = finished[-1]["payload"]["result"]
        replayed = state.result() if state.is_finished() else None
        if replayed is not None and not has_messages(logged):
            # Logged before breakdown lines carried their words language-free (`message`):
            # the same result, the same English `what`, without them.
            replayed = without_messages(replayed)
        same = replayed is not None and _same(replayed, logged)
        _check(
            checks,
            "result",
            same,
            "the replayed result equals the logged result"
            if same
            else "the replay does not finish the game"
            if replayed is None
            else "the logged result is not the replayed one: "
            + first_difference(_plain(logged), _plain(replayed), "result"),
        )
    else:
        _check(checks, "result", False, "the log has no game_finished event")
        return

    # 6. The sentences: not hashed, so each must be the one its hashed payload gives (in
    #    English, as the service exports; a spectator's, as everything is public at the end).
    narrator = narrator_for(ruleset)
    wrong = [e["version"] for e in events if "text" in e and e["text"] != narrator.event_text(e, None)]
    _check(
        checks,
        "texts",
        not wrong,
        f"event {wrong[0]}'s text is not the sentence its payload gives: "
        f"{shown(narrator.event_text(events[wrong[0] - 1], None))}; found {shown(events[wrong[0] - 1]['text'], QUOTE_LIMIT)} "
        f"({len(wrong)} such events)"
        if wrong
        else "each event's sentence is the one its hashed payload gives",
    )


def _replay(
    state: State,
    events: list[dict[str, Any]],
    specs: list[SeatSpec],
    ruleset: Ruleset,
    seed: int,
    created: dict[str, Any],
) -> dict[str, int]:
    """Fold every event into `state`, checking each; returns the decisions counted by `by`."""
    counts: dict[str, int] = {}
    # The consequences derived from the last decision (first: from the deal) not yet matched.
    expected = list(reversed(consequence_events(state, created)))
    for index, e in enumerate(events[1:], start=2):
        version, type_ = e["version"], e["type"]
        where = f"event {version}"
        if expected:
            want_type, want_payload = expected.pop()
            if type_ != want_type or not _same(e["payload"], want_payload):
                raise Mismatch(
                    f"{where}: the replay derives {want_type} {canonical_json(want_payload)} here; "
                    f"found {shown(type_)} {shown(e['payload'], QUOTE_LIMIT)}"
                )
            continue
        if type_ not in EVENT_TYPES:
            # a consequence (a draw, a settled claim) no decision before it causes, or a type no
            # log holds: a dropped decision or an added event reads the same from here
            raise Mismatch(
                f"{where}: {shown(type_)} is no decision, and the replay derives no consequence here (the "
                "decision that would cause it may be missing, or the event was added); "
                f"expected a decision: one of {', '.join(EVENT_TYPES)}"
            )
        if type_ == "game_created":
            raise Mismatch(f"{where}: game_created again; it may only be event 1")
        if type_ == "game_finished":
            if not state.is_finished():
                raise Mismatch(f"{where}: game_finished, but the replayed game awaits seats {state.to_act()}")
            if index != len(events):
                raise Mismatch(f"{where}: game_finished must be the last event; {len(events) - index} follow")
            continue
        by = _replay_decision(state, e["payload"], where, specs, ruleset, seed, version)
        counts[by] = counts.get(by, 0) + 1
        expected = list(reversed(consequence_events(state, created)))
    if expected:
        want_type, want_payload = expected[-1]
        raise Mismatch(
            f"the log ends before the derived {want_type} {canonical_json(want_payload)} (an event may be missing)"
        )
    return counts


def _replay_decision(
    state: State,
    payload: Any,
    where: str,
    specs: list[SeatSpec],
    ruleset: Ruleset,
    seed: int,
    version: int,
) -> str:
    if not isinstance(payload, dict):
        raise Mismatch(f"{where}: an action's payload must be an object; found {shown(payload)}")
    if set(payload) != ACTION_FIELDS:
        raise Mismatch(
            f"{where}: an action's payload has exactly the fields {sorted(ACTION_FIELDS)}; found {sorted(payload)}"
        )
    seat, action_id, by = payload.get("seat"), payload.get("action"), payload.get("by")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(specs):
        raise Mismatch(f"{where}: seat must be a seat number 0..{len(specs) - 1}; found {shown(seat)}")
    if not isinstance(action_id, str):
        raise Mismatch(f"{where}: action must be an action id; found {shown(action_id)}")
    if not isinstance(by, str) or not (by in (BY_HUMAN, BY_AUTO) or by.startswith(BY_AI_PREFIX)):
        raise Mismatch(f'{where}: unknown by {shown(by)}; expected "human", "ai:<level>" or "auto"')
    if state.is_finished():
        raise Mismatch(f"{where}: seat {seat} acts ({shown(action_id)}) after the replayed game finished")
    if seat not in state.to_act():
        raise Mismatch(
            f"{where}: seat {seat} was not awaited; expected one of seats {state.to_act()} "
            "(an event before it may be missing, moved or added)"
        )
    window = state.answer_window()
    if window is not None:
        # The service records a window's answers together, in the window's own order (SSP-5.1,
        # NT-6.1), whatever order they arrived in. Any other order would move the versions, and
        # with them the seed-derived randomness of the AI answers after it: a log free in that
        # order could be written with other AI answers, under the same commitment.
        due = next(s for s in window if s in state.to_act())
        if seat != due:
            raise Mismatch(
                f"{where}: a claim window's answers are logged in its order (seats {list(window)}): "
                f"seat {due}'s answer is due here; found seat {seat}'s"
            )
    legal = state.legal_actions(seat)
    legal_ids = [a.id for a in legal]
    spec = specs[seat]
    if by == BY_AUTO:
        # An automatic decision is a seat's lone legal pass, whoever holds the seat: the service
        # decides nothing else for anyone (replay.decide_automatically). Any other lone action
        # is the seat's own, so that "auto" never hides who made a move.
        if legal_ids != [PASS]:
            raise Mismatch(
                f'{where}: by "auto" is only for a seat whose one legal action is pass; seat {seat} had '
                f"{len(legal)} ({_sample(legal_ids)}); expected by {shown(spec.expected_by)}"
            )
        if action_id != legal_ids[0]:
            raise Mismatch(
                f"{where}: the automatic decision is {shown(legal_ids[0])}; found {shown(action_id)}"
            )
    elif by != spec.expected_by:
        raise Mismatch(
            f"{where}: {spec.describe(seat)}: expected by {shown(spec.expected_by)}, found {shown(by)}"
        )
    if action_id not in legal_ids:
        raise Mismatch(
            f"{where}: {shown(action_id)} was not legal for seat {seat}; legal: {_sample(legal_ids)}"
        )
    if by.startswith(BY_AI_PREFIX):
        level = by[len(BY_AI_PREFIX) :]  # equals the seat's level: checked above
        expected = ruleset.policy(level)(state.view(seat), legal, ai_rng(seed, version))
        if expected.id != action_id:
            raise Mismatch(
                f"{where}: seat {seat}'s AI ({level}) decides {shown(expected.id)} from its view and the seed; "
                f"found {shown(action_id)} (a log written by another version of the service, whose "
                f"{level} AI plays otherwise, fails here too: verify with the version that played it)"
            )
    public = state.public_action(seat, action_id)
    if not _same(payload.get("public"), public):
        raise Mismatch(
            f"{where}: the public form should be {shown(public)}; found {shown(payload.get('public'))}"
        )
    state.apply(seat, action_id)
    return by


class Anchor(StrEnum):
    """What the reader gave to tie an export to the game they saw."""

    NONE = "none"
    COMMITMENT = "commitment"  # --commitment alone: the deal, not the id, options or seats
    CREATION = "creation"  # --creation-hash: the game_created event, and through the chain the log


def anchor_of(commitment: str | None, creation_hash: str | None) -> Anchor:
    if creation_hash is not None:
        return Anchor.CREATION
    return Anchor.COMMITMENT if commitment is not None else Anchor.NONE


def report_lines(doc: Any, report: dict[str, Any], anchor: Anchor = Anchor.NONE) -> list[str]:
    """The checks, one a line, then (verified) what to compare with what you saw of the game,
    and, unless the reader gave the creation hash, how little ties the log to the reader's game:
    nothing, or (a commitment alone) the deal but not the game's id, options or seats."""
    lines = [f"{'ok  ' if c['ok'] else 'FAIL'} {c['name']}: {c['detail']}" for c in report["checks"]]
    if report["ok"]:
        lines.append("Compare with what you saw of the game (docs/guarantees.md §5 says why):")
        lines += [f"  {name}: {value}" for name, value in anchors(doc)]
        if anchor is Anchor.NONE:
            lines.append(
                "Not anchored: this proves the log consistent with itself, not that it is the game you "
                "played. Give --creation-hash (every view of the game shows creation_hash) to tie it to it."
            )
        elif anchor is Anchor.COMMITMENT:
            lines.append(
                "Anchored to the seed commitment only: the deal is the one you were shown, but another "
                "game id, other options or other seats would check out as well. Give --creation-hash "
                "(every view of the game shows creation_hash) to tie the log to your game."
            )
    return lines


def _sample(ids: list[str], limit: int = 6) -> str:
    listed = ", ".join(shown(i) for i in ids[:limit])
    return listed + (f", … {len(ids) - limit} more" if len(ids) > limit else "")


def readable_anywhere() -> None:
    """Standard output and error written on any terminal: a character the terminal's encoding
    lacks (a forged export's text, quoted in a detail) is escaped, not a traceback in place of
    the verdict."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


def read_export_file(path: str) -> Any:
    """The export at `path` ("-": standard input) read as UTF-8 from its bytes: standard input
    decoded by the terminal's settings turned a byte that is no UTF-8 into a lone surrogate, and
    the reader then blamed a character the file does not hold. OSError or ValueError (a byte
    that is no UTF-8, JSON errors, the export read two ways: `read_export`)."""
    data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    return read_export(data.decode("utf-8"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m service.verify", description=__doc__.splitlines()[0])
    parser.add_argument("export", help="an exported game (JSON from GET /v1/games/{id}/export); - for stdin")
    parser.add_argument("--quiet", action="store_true", help="print only the verdict")
    parser.add_argument(
        "--commitment", help="the seed commitment you were shown while the game ran: the export must have it"
    )
    parser.add_argument(
        "--creation-hash",
        help="the creation_hash you were shown while the game ran: the export must begin with that "
        "game_created event (its id, options, seats, commitment and who chose the seed)",
    )
    args = parser.parse_args(argv)
    readable_anywhere()
    from domain.registry import RULESETS

    try:
        doc = read_export_file(args.export)
    except (OSError, ValueError) as exc:
        # ValueError: UnreadableExport, JSON errors, and integers past Python's digit limit.
        print(f"cannot read {args.export}: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    report = verify_export(doc, RULESETS, args.commitment, args.creation_hash)
    if not args.quiet:
        print("\n".join(report_lines(doc, report, anchor_of(args.commitment, args.creation_hash))))
    print("VERIFIED" if report["ok"] else "NOT VERIFIED")
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
