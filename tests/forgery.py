"""Forged exports: what an operator could write into a log, with the hash chain re-computed
so that only the verifier's replay can catch it. Shared by the offline and the HTTP tests.

Each forgery is a function (export, decisions) -> (forged export, words the verifier's
failure message must contain); `decisions` describes the untouched log's decisions.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.registry import RULESETS
from service.chain import event_hash
from service.replay import new_state


@dataclass(frozen=True)
class Decision:
    """One `action` event of an export, with what the replay knew when it was taken."""

    index: int  # position in export["events"]
    version: int
    seat: int
    action: str
    by: str
    legal: tuple[str, ...]
    kind: str  # the seat's kind in game_created
    level: str | None


def rechain(export: dict[str, Any]) -> dict[str, Any]:
    """Recompute every event's prev_hash and hash, as a forger holding the log would."""
    prev = ""
    for e in export["events"]:
        e["prev_hash"] = prev
        e["hash"] = event_hash(export["game"]["id"], e["version"], e["type"], e["payload"], e["time"], prev)
        prev = e["hash"]
    return export


def decisions(export: dict[str, Any]) -> list[Decision]:
    ruleset = RULESETS[export["game"]["ruleset"]]
    created = export["events"][0]["payload"]
    state = new_state(ruleset, int(export["game"]["seed"]), created, export["game"]["deck"])
    out = []
    for i, e in enumerate(export["events"]):
        if e["type"] != "action":
            continue
        p = e["payload"]
        spec = created["seats"][p["seat"]]
        legal = tuple(a.id for a in state.legal_actions(p["seat"]))
        out.append(
            Decision(i, e["version"], p["seat"], p["action"], p["by"], legal, spec["kind"], spec.get("level"))
        )
        state.apply(p["seat"], p["action"])
    return out


def public_form(export: dict[str, Any], upto: int, seat: int, action: str) -> Any:
    """The public form of `action` by `seat` in the state before event index `upto`."""
    ruleset = RULESETS[export["game"]["ruleset"]]
    state = new_state(
        ruleset, int(export["game"]["seed"]), export["events"][0]["payload"], export["game"]["deck"]
    )
    for e in export["events"][1:upto]:
        if e["type"] == "action":
            state.apply(e["payload"]["seat"], e["payload"]["action"])
    return state.public_action(seat, action)


Forgery = Callable[[dict[str, Any], list[Decision]], tuple[dict[str, Any], list[str]]]


def _first(ds: list[Decision], test: Callable[[Decision], bool]) -> Decision:
    found = next((d for d in ds if test(d)), None)
    assert found is not None, "the game has no decision this forgery needs"
    return found


def ai_seats_logged_as_human(export, ds):
    """The operator played the AI seats and logged them as a person's decisions."""
    forged = copy.deepcopy(export)
    for d in ds:
        if d.by.startswith("ai:"):
            forged["events"][d.index]["payload"]["by"] = "human"
    first = _first(ds, lambda d: d.by.startswith("ai:"))
    return rechain(forged), [f"event {first.version}:", f'expected by "ai:{first.level}", found "human"']


def auto_with_a_choice_on_an_ai_seat(export, ds):
    d = _first(ds, lambda d: d.kind == "ai" and len(d.legal) > 1)
    forged = copy.deepcopy(export)
    forged["events"][d.index]["payload"]["by"] = "auto"
    words = [
        f"event {d.version}:",
        f'by "auto" is only for a seat whose one legal action is pass; seat {d.seat} had {len(d.legal)}',
    ]
    return rechain(forged), words


def auto_with_a_choice_on_a_human_seat(export, ds):
    d = _first(ds, lambda d: d.kind == "human" and len(d.legal) > 1)
    forged = copy.deepcopy(export)
    forged["events"][d.index]["payload"]["by"] = "auto"
    words = [
        f"event {d.version}:",
        f'by "auto" is only for a seat whose one legal action is pass; seat {d.seat} had {len(d.legal)}',
    ]
    return rechain(forged), words


def auto_for_a_lone_action_that_is_no_pass(export, ds):
    """The service makes only a lone pass for a seat; a lone play or discard logged as "auto"
    would hide who made it. (Not among FORGERIES: a game of Sì Sè Pái may offer no lone action
    but a pass.)"""
    d = _first(ds, lambda d: d.legal == (d.action,) and d.action != "pass")
    forged = copy.deepcopy(export)
    forged["events"][d.index]["payload"]["by"] = "auto"
    words = [
        f"event {d.version}:",
        f'by "auto" is only for a seat whose one legal action is pass; seat {d.seat} had 1',
    ]
    return rechain(forged), words


def ai_by_on_a_human_seat(export, ds):
    d = _first(ds, lambda d: d.by == "human")
    forged = copy.deepcopy(export)
    forged["events"][d.index]["payload"]["by"] = "ai:basic"
    words = [f"event {d.version}: seat {d.seat} is a person's seat", 'expected by "human", found "ai:basic"']
    return rechain(forged), words


def unknown_by(export, ds):
    d = _first(ds, lambda d: d.by.startswith("ai:"))
    forged = copy.deepcopy(export)
    forged["events"][d.index]["payload"]["by"] = "operator"
    return rechain(forged), [f'event {d.version}: unknown by "operator"']


def ai_decision_changed(export, ds):
    """An AI's decision replaced by another legal one (with its true public form)."""
    d = _first(ds, lambda d: d.by.startswith("ai:") and len(d.legal) > 1)
    other = next(a for a in d.legal if a != d.action)
    forged = copy.deepcopy(export)
    payload = forged["events"][d.index]["payload"]
    payload["action"], payload["public"] = other, public_form(export, d.index, d.seat, other)
    words = [
        f"event {d.version}: seat {d.seat}'s AI ({d.level}) decides {json.dumps(d.action)}",
        f"found {json.dumps(other)}",
        "written by another version of the service",  # what else fails here, said in the detail
    ]
    return rechain(forged), words


def automatic_pass_changed(export, ds):
    d = _first(ds, lambda d: d.by == "auto")
    forged = copy.deepcopy(export)
    forged["events"][d.index]["payload"]["action"] = "forged"
    words = [f'event {d.version}: the automatic decision is {json.dumps(d.legal[0])}; found "forged"']
    return rechain(forged), words


def _other_level(level: str) -> str:
    return "random" if level != "random" else "basic"


def seat_level_changed(export, ds):
    """game_created says another level for an AI seat; its decisions still say the old one."""
    d = _first(ds, lambda d: d.by.startswith("ai:"))
    forged = copy.deepcopy(export)
    new = _other_level(d.level)
    forged["events"][0]["payload"]["seats"][d.seat]["level"] = new
    words = [
        f"event {d.version}: seat {d.seat} is an AI seat of level {json.dumps(new)}",
        f'found "ai:{d.level}"',
    ]
    return rechain(forged), words


def seat_level_changed_everywhere(export, ds):
    """An AI seat's level changed in game_created and in each of its decisions: the
    re-derived decisions of the claimed level differ from the logged ones."""
    d = _first(ds, lambda d: d.by.startswith("ai:"))
    forged = copy.deepcopy(export)
    new = _other_level(d.level)
    forged["events"][0]["payload"]["seats"][d.seat]["level"] = new
    for other in ds:
        if other.seat == d.seat and other.by.startswith("ai:"):
            forged["events"][other.index]["payload"]["by"] = f"ai:{new}"
    return rechain(forged), [f"'s AI ({new}) decides", "found"]


def human_seat_declared_ai(export, ds):
    """A person's seat declared an AI seat in game_created: its decisions say human."""
    d = _first(ds, lambda d: d.by == "human")
    forged = copy.deepcopy(export)
    forged["events"][0]["payload"]["seats"][d.seat] = {"seat": d.seat, "kind": "ai", "level": "basic"}
    words = [f'event {d.version}: seat {d.seat} is an AI seat of level "basic"', 'found "human"']
    return rechain(forged), words


def seat_missing_in_created(export, ds):
    forged = copy.deepcopy(export)
    seats = forged["events"][0]["payload"]["seats"]
    n = len(seats)
    del seats[-1]
    return rechain(forged), ["FAIL created", f"has {n} seats; game_created declares {n - 1}"]


def unoffered_level_in_created(export, ds):
    d = _first(ds, lambda d: d.kind == "ai")
    forged = copy.deepcopy(export)
    forged["events"][0]["payload"]["seats"][d.seat]["level"] = "oracle"
    return rechain(forged), ["FAIL created", f"seat {d.seat}: an AI seat's level must be one of", '"oracle"']


def an_event_of_unknown_type(export, ds):
    d = ds[len(ds) // 2]
    forged = copy.deepcopy(export)
    forged["events"][d.index]["type"] = "note"
    return rechain(forged), [
        f'event {d.version}: "note" is no decision, and the replay derives no consequence'
    ]


def _renumbered(export: dict[str, Any]) -> dict[str, Any]:
    for version, e in enumerate(export["events"], start=1):
        e["version"] = version
    return rechain(export)


def finished_before_the_end(export, ds):
    """The last decision dropped, with its consequences: game_finished follows while the
    replayed game still runs."""
    last = ds[-1]
    forged = copy.deepcopy(export)
    del forged["events"][last.index : -1]
    words = [f"event {last.version}: game_finished, but the replayed game awaits seats", str(last.seat)]
    return _renumbered(forged), words


# ---------------------------------------------------------------- consequences (log format 2)
CONSEQUENCE_PREFERENCE = ("claim_settled", "draw", "round_won", "unclaimed")


def _consequences(export: dict[str, Any]) -> list[int]:
    """Indexes of the consequence events (draws, settled claims, won rounds...)."""
    return [
        i
        for i, e in enumerate(export["events"])
        if e["type"] not in ("game_created", "action", "game_finished")
    ]


def _a_consequence(export: dict[str, Any], types: tuple[str, ...] = CONSEQUENCE_PREFERENCE) -> int:
    indexes = _consequences(export)
    for type_ in types:
        found = [i for i in indexes if export["events"][i]["type"] == type_]
        if found:
            return found[len(found) // 2]
    raise AssertionError("the game has no consequence event this forgery needs")


def _other_card(export: dict[str, Any], code: str) -> str:
    return next(c for c in RULESETS[export["game"]["ruleset"]].card_codes() if c != code)


def a_drawn_card_altered(export, ds):
    """A draw names another card (a settled claim or a won round where no ruleset draws)."""
    forged = copy.deepcopy(export)
    i = _a_consequence(forged, ("draw", "claim_settled", "round_won", "unclaimed"))
    e = forged["events"][i]
    holder = e["payload"] if "card" in e["payload"] else e["payload"]["public"]
    if "card" in holder:
        holder["card"] = _other_card(export, holder["card"])
    else:
        holder["cards"] = [_other_card(export, holder["cards"][0]), *holder["cards"][1:]]
    return rechain(forged), [f"event {e['version']}: the replay derives {e['type']}", "found"]


def a_settled_claim_altered(export, ds):
    """A settled claim (a won round where none settles) credited to another seat."""
    forged = copy.deepcopy(export)
    e = forged["events"][_a_consequence(forged)]
    e["payload"]["seat"] = (e["payload"]["seat"] + 1) % RULESETS[export["game"]["ruleset"]].players
    return rechain(forged), [f"event {e['version']}: the replay derives {e['type']}", "found"]


def a_consequence_dropped(export, ds):
    """A settled claim (or a draw, a won round) left out of the log."""
    forged = copy.deepcopy(export)
    i = _a_consequence(forged)
    version = forged["events"][i]["version"]
    want = forged["events"][i]["type"]
    del forged["events"][i]
    return _renumbered(forged), [f"event {version}: the replay derives {want}"]


def a_consequence_injected(export, ds):
    """A copy of the last consequence of a decision logged once more after it."""
    forged = copy.deepcopy(export)
    indexes = set(_consequences(forged))
    i = max(i for i in indexes if i + 1 not in indexes)
    forged["events"].insert(i + 1, copy.deepcopy(forged["events"][i]))
    type_ = forged["events"][i]["type"]
    return _renumbered(forged), [
        f"event {i + 2}: {json.dumps(type_)} is no decision, and the replay derives no consequence here"
    ]


def a_format_2_log_without_consequences(export, ds):
    """Every consequence removed from a log that declares them."""
    forged = copy.deepcopy(export)
    dropped = set(_consequences(forged))
    first = min(dropped)
    forged["events"] = [e for i, e in enumerate(forged["events"]) if i not in dropped]
    return _renumbered(forged), [f"event {first + 1}: the replay derives"]


FORGERIES: dict[str, Forgery] = {
    f.__name__: f
    for f in (
        ai_seats_logged_as_human,
        auto_with_a_choice_on_an_ai_seat,
        auto_with_a_choice_on_a_human_seat,
        ai_by_on_a_human_seat,
        unknown_by,
        ai_decision_changed,
        automatic_pass_changed,
        seat_level_changed,
        seat_level_changed_everywhere,
        human_seat_declared_ai,
        seat_missing_in_created,
        unoffered_level_in_created,
        an_event_of_unknown_type,
        finished_before_the_end,
        a_drawn_card_altered,
        a_settled_claim_altered,
        a_consequence_dropped,
        a_consequence_injected,
        a_format_2_log_without_consequences,
    )
}
