"""Consequences in the log (docs/design.md, "Consequences"): what a decision caused that no
decision shows — draws (NT-5.1, NT-4.2, NT-5.3; SSP-4.1), settled claims (NT-6.1 to NT-6.3,
SSP-5.2), unclaimed cards (SSP-5.4), won rounds (CP-4.3) — are events of their own, in the
order they happened, derived again by the verifier; games stored before they were logged
(no "log_format" in game_created) still load, play on and verify without them."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from domain.registry import RULESETS
from service.chain import event_hash
from service.game_service import GameService
from service.replay import DECISION_EVENT_TYPES, LOG_FORMAT
from service.verify import verify_export
from store.base import StoredEvent
from store.sqlite import SqliteStore
from tests.forgery import rechain

CONSEQUENCE_TYPES = {
    "nantong": {"draw", "claim_settled"},
    "sisepai": {"draw", "claim_settled", "unclaimed"},
    "chuopai": {"round_won"},
}


def play_out(service: GameService, game_id: str, people: int) -> None:
    for _ in range(5000):
        if service.view(game_id, None)["status"] == "finished":
            return
        turns = [service.legal_actions(game_id, seat) for seat in range(people)]
        seat, legal = next((seat, t) for seat, t in enumerate(turns) if t["actions"])
        service.act(game_id, seat, legal["actions"][0]["id"], legal["version"])
    raise AssertionError("the game did not finish")


def seats(ruleset_id: str, people: int) -> list[dict]:
    return [{"kind": "human"}] * people + [{"kind": "ai"}] * (RULESETS[ruleset_id].players - people)


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_a_finished_log_holds_each_consequence_right_after_its_cause(tmp_path, ruleset_id):
    service = GameService(SqliteStore(str(tmp_path / "db.sqlite3")))
    options = {"deals": 1} if ruleset_id == "nantong" else {}
    game = service.create_game(ruleset_id, seats(ruleset_id, 1), seed=5, options=options)
    play_out(service, game["id"], 1)
    export = service.export(game["id"])
    assert export["events"][0]["payload"]["log_format"] == LOG_FORMAT
    types = {e["type"] for e in export["events"]} - set(DECISION_EVENT_TYPES)
    assert types == CONSEQUENCE_TYPES[ruleset_id]
    # Replaying the decisions alone derives exactly the logged consequences, in place.
    ruleset = RULESETS[ruleset_id]
    state = ruleset.new_game(5, options, None)
    derived = [(c.type, c.payload()) for c in state.consequences()]
    for e in export["events"][1:]:
        if e["type"] == "action":
            state.apply(e["payload"]["seat"], e["payload"]["action"])
            derived += [(c.type, c.payload()) for c in state.consequences()]
    logged = [(e["type"], e["payload"]) for e in export["events"] if e["type"] not in DECISION_EVENT_TYPES]
    assert logged == derived
    assert service.verify(game["id"])["ok"]


def test_a_game_stored_before_consequences_were_logged_plays_on_and_verifies(tmp_path):
    """A log of format 1: game_created without "log_format", decisions only. It is folded,
    played on (still without consequences: a game keeps its format) and verified."""
    store = SqliteStore(str(tmp_path / "db.sqlite3"))
    service = GameService(store)
    game = service.create_game("nantong", seats("nantong", 1), seed=9, options={"deals": 1})
    while not any(e.type == "draw" for e in store.load_events(game["id"])):
        legal = service.legal_actions(game["id"], 0)
        service.act(game["id"], 0, legal["actions"][0]["id"], legal["version"])
    new = store.load_events(game["id"])
    record = store.get_game(game["id"])
    old_record = dataclasses.replace(record, id="0" * 32)
    kept = [e for e in new if e.type in DECISION_EVENT_TYPES]
    created = {k: v for k, v in kept[0].payload.items() if k != "log_format"}
    old, prev = [], ""
    for version, e in enumerate(kept, start=1):
        payload = created if version == 1 else e.payload
        digest = event_hash(old_record.id, version, e.type, payload, e.time, prev)
        old.append(StoredEvent(old_record.id, version, e.type, payload, e.time, prev, digest))
        prev = digest
    store.create_game(old_record, {}, old)

    fresh = GameService(store)  # no cache: folds the old log
    view = fresh.view(old_record.id, 0)
    assert view["version"] == len(old)
    assert view["hand"] == service.view(game["id"], 0)["hand"]
    play_out(fresh, old_record.id, 1)
    events = store.load_events(old_record.id)
    assert {e.type for e in events} <= set(DECISION_EVENT_TYPES)
    report = fresh.verify(old_record.id)
    assert report["ok"], report["checks"]
    # A consequence injected into a log of decisions only is refused.
    export = fresh.export(old_record.id)
    forged = dict(export, events=[dict(e) for e in export["events"]])
    draw = next(e for e in new if e.type == "draw")
    forged["events"].insert(2, {**forged["events"][2], "type": "draw", "payload": draw.payload})
    for version, e in enumerate(forged["events"], start=1):
        e["version"] = version
    report = verify_export(rechain(forged), RULESETS)
    failing = [c for c in report["checks"] if not c["ok"]]
    assert [c["name"] for c in failing] == ["replay"], report["checks"]
    assert (
        'event 3: "draw" is no decision, and the replay derives no consequence here' in failing[0]["detail"]
    )


@pytest.mark.parametrize("log_format", [0, 3, "2", True, None])
def test_an_unknown_log_format_is_refused(tmp_path, log_format):
    service = GameService(SqliteStore(str(tmp_path / "db.sqlite3")))
    game = service.create_game("chuopai", [{"kind": "ai"}] * 3, seed=3)
    export = service.export(game["id"])
    export["events"][0]["payload"]["log_format"] = log_format
    report = verify_export(rechain(export), RULESETS)
    failing = [c for c in report["checks"] if not c["ok"]]
    assert [c["name"] for c in failing] == ["created"], report["checks"]
    assert "log_format must be one of [1, 2]" in failing[0]["detail"]


@pytest.mark.parametrize("name", ["nantong-person", "sisepai-person"])
def test_an_export_of_log_format_1_still_verifies(name):
    """Exports written before consequences were logged (the goldens as they were then)."""
    path = Path(__file__).parent / "data" / f"{name}-log-format-1.json"
    export = json.loads(path.read_text(encoding="utf-8"))
    assert "log_format" not in export["events"][0]["payload"]
    assert {e["type"] for e in export["events"]} == set(DECISION_EVENT_TYPES)
    report = verify_export(export, RULESETS)
    assert report["ok"], report["checks"]
