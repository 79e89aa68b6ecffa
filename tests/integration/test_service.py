"""The application service over a real SQLite store: replay, cache, AI loop, audit."""

from __future__ import annotations

import json
import random

import pytest

from domain.registry import RULESETS
from service import audit
from service.chain import event_hash, seed_commitment
from service.errors import IllegalActionError, InvalidRequest, StaleVersion
from service.game_service import GameService
from service.stream import StreamLoader
from service.verify import verify_export
from store.base import open_store
from store.sqlite import SqliteStore

RULESET_IDS = sorted(RULESETS)


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    """The service's tests run on both event stores."""
    if request.param == "sqlite":
        s = SqliteStore(str(tmp_path / "events.sqlite3"))
    else:
        s = open_store(request.getfixturevalue("pg_url"))
    yield s
    s.close()


def play_randomly(service, game_id, seats, rng, max_steps=5000):
    """Drive every human seat with random legal actions until the game ends."""
    for _ in range(max_steps):
        view = service.view(game_id, None)
        if view["status"] == "finished":
            return view
        seat = next(s for s in view["to_act"] if s in seats) if view["to_act"] else None
        if seat is None:  # claim windows hide to_act from spectators: ask each seat
            seat = next(s for s in seats if service.legal_actions(game_id, s)["actions"])
        legal = service.legal_actions(game_id, seat)
        action = rng.choice(legal["actions"])["id"]
        service.act(game_id, seat, action, legal["version"])
    raise AssertionError("no end")


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_cached_state_equals_a_fresh_replay(store, ruleset):
    """Snapshots are a cache: a service with an empty cache replays to the same state."""
    players = RULESETS[ruleset].players
    service = GameService(store)
    created = service.create_game(ruleset, [{"kind": "human"}] * players, seed=5)
    rng = random.Random(1)
    for _ in range(25):
        view = service.view(created["id"], None)
        if view["status"] == "finished":
            break
        seat = next(s for s in range(players) if service.legal_actions(created["id"], s)["actions"])
        legal = service.legal_actions(created["id"], seat)
        service.act(created["id"], seat, rng.choice(legal["actions"])["id"], legal["version"])
        fresh = GameService(store)  # no cache: replays from the log
        assert fresh.load(created["id"]).state.full_state() == service.load(created["id"]).state.full_state()
        for seat in range(players):
            assert fresh.view(created["id"], seat) == service.view(created["id"], seat)


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_a_replay_from_a_kept_checkpoint_equals_a_fold_of_the_whole_log(store, ruleset, monkeypatch):
    """A replay folds on from the nearest kept checkpoint (service/audit.py): any version, asked in
    any order, reads as a service that folds the whole log up to it (a fresh one for each)."""
    monkeypatch.setattr(audit, "REPLAY_CHECKPOINT_EVERY", 16)
    players = RULESETS[ruleset].players
    options = {"deals": 2} if ruleset == "nantong" else {}
    service = GameService(store)
    game = service.create_game(ruleset, [{"kind": "ai", "level": "basic"}] * players, seed=8, options=options)
    last = game["version"]
    rng = random.Random(3)
    versions = [last, 1, 16, 17, 15, 32, *rng.sample(range(1, last + 1), 12), last - 1, 2]
    for version in versions:
        assert service.replay(game["id"], version) == GameService(store).replay(game["id"], version), version
    kept = service.audit.checkpoints.nearest((game["id"], service.load(game["id"]).head_hash), last)
    assert kept is not None and kept.version == last // 16 * 16


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_ai_games_are_reproducible_and_verify(store, ruleset):
    """AI randomness comes from the seed and the event version: the same seed, the same game."""
    players = RULESETS[ruleset].players
    seats = [{"kind": "ai", "level": "basic"}] * (players - 1) + [{"kind": "ai", "level": "random"}]
    service = GameService(store)
    a = service.create_game(ruleset, seats, seed=77)
    b = service.create_game(ruleset, seats, seed=77)
    assert a["status"] == b["status"] == "finished"
    ea, eb = service.export(a["id"]), service.export(b["id"])
    strip = [
        (
            e["type"],
            json.dumps(
                {k: v for k, v in e["payload"].items() if k != "seed_commitment" and k != "nonce"},
                sort_keys=True,
            ),
        )
        for e in ea["events"]
    ]
    strip_b = [
        (
            e["type"],
            json.dumps(
                {k: v for k, v in e["payload"].items() if k != "seed_commitment" and k != "nonce"},
                sort_keys=True,
            ),
        )
        for e in eb["events"]
    ]
    assert strip == strip_b
    report = service.verify(a["id"])
    assert report["ok"], report


def test_game_finished_reveals_the_committed_seed(store):
    service = GameService(store)
    created = service.create_game("chuopai", [{"kind": "ai"}] * 3, seed=123)
    export = service.export(created["id"])
    finished = export["events"][-1]
    assert finished["type"] == "game_finished" and finished["payload"]["seed"] == "123"
    assert seed_commitment(123, finished["payload"]["nonce"], None) == created["seed_commitment"]
    # The seed never appears before the end: game_created holds only its commitment.
    assert "123" not in json.dumps(export["events"][0]["payload"]).replace(created["seed_commitment"], "")


def test_auto_passes_are_only_forced_passes(store):
    service = GameService(store)
    created = service.create_game("chuopai", [{"kind": "ai"}] * 3, seed=99)
    export = service.export(created["id"])
    autos = [e for e in export["events"] if e["type"] == "action" and e["payload"]["by"] == "auto"]
    assert autos and all(e["payload"]["action"] == "pass" for e in autos)
    assert verify_export(export, RULESETS)["ok"]  # the verifier re-checks each was the only choice


def test_refused_actions_change_nothing(store):
    service = GameService(store)
    created = service.create_game("chuopai", seed=3)
    before = store.load_events(created["id"])
    legal = service.legal_actions(created["id"], 0)
    with pytest.raises(StaleVersion) as stale:
        service.act(created["id"], 0, legal["actions"][0]["id"], legal["version"] - 1)
    assert "is stale" in stale.value.detail
    with pytest.raises(StaleVersion) as ahead:  # a version no view ever had is not "stale"
        service.act(created["id"], 0, legal["actions"][0]["id"], legal["version"] + 5)
    assert (
        "is ahead of the game" in ahead.value.detail
        and ahead.value.extra["current_version"] == legal["version"]
    )
    with pytest.raises(IllegalActionError):
        service.act(created["id"], 0, "play:00", legal["version"])
    with pytest.raises(IllegalActionError):
        # seat 1 is not awaited (at the version it reads: the log's, while the person's table runs ahead)
        service.act(created["id"], 1, legal["actions"][0]["id"], service.view(created["id"], 1)["version"])
    with pytest.raises(InvalidRequest):
        service.create_game("chuopai", [{"kind": "human"}] * 2)
    assert store.load_events(created["id"]) == before


def test_verifier_catches_a_rehashed_forgery(store):
    """Changing an AI decision and recomputing every hash still fails: the AI replay disagrees."""
    service = GameService(store)
    created = service.create_game("chuopai", [{"kind": "ai"}] * 3, seed=31)
    export = service.export(created["id"])
    forged = json.loads(json.dumps(export))
    events = forged["events"]
    idx = next(
        i
        for i, e in enumerate(events)
        if e["type"] == "action" and e["payload"]["by"].startswith("ai:") and e["payload"]["action"] != "pass"
    )
    from service.replay import new_state

    state = new_state(RULESETS["chuopai"], 31, events[0]["payload"], None)
    for e in events[1:idx]:
        if e["type"] == "action":
            state.apply(e["payload"]["seat"], e["payload"]["action"])
    seat = events[idx]["payload"]["seat"]
    alternatives = [a.id for a in state.legal_actions(seat) if a.id != events[idx]["payload"]["action"]]
    if not alternatives:
        pytest.skip("the AI had a single choice at that point")
    events[idx]["payload"]["action"] = alternatives[0]
    events[idx]["payload"]["public"] = state.public_action(seat, alternatives[0])
    prev = events[idx - 1]["hash"]
    for e in events[idx:]:
        e["prev_hash"] = prev
        e["hash"] = prev = event_hash(
            forged["game"]["id"], e["version"], e["type"], e["payload"], e["time"], e["prev_hash"]
        )
    report = verify_export(forged, RULESETS)
    assert not report["ok"]
    assert any(c["name"] == "replay" and not c["ok"] for c in report["checks"])
    assert next(c for c in report["checks"] if c["name"] == "hash_chain")["ok"]


def test_tokens_are_stored_only_as_hashes(tmp_path):
    service = GameService(SqliteStore(str(tmp_path / "events.sqlite3")))
    created = service.create_game("chuopai", [{"kind": "human"}] * 3, seed=1)
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("events.sqlite3*"))  # the db and its WAL
    assert len(raw) > 10_000
    for seat in created["seats"]:
        assert len(seat["token"]) >= 43  # 32 random bytes, url-safe base64
        assert seat["token"].encode() not in raw
        assert service.authenticate(created["id"], seat["token"]) == seat["seat"]


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_a_worker_behind_folds_in_only_newer_events(store, ruleset, monkeypatch):
    """Two workers share a store: the one that is behind extends its cached state with the newer
    events (no full replay) and reaches exactly the state a full replay reaches."""
    players = RULESETS[ruleset].players
    worker_a, worker_b = GameService(store), GameService(store)
    created = worker_a.create_game(ruleset, [{"kind": "human"}] * players, seed=12)
    worker_b.load(created["id"])  # B caches version 1..k
    rng = random.Random(4)
    for _ in range(6):
        seat = next((s for s in range(players) if worker_a.legal_actions(created["id"], s)["actions"]), None)
        if seat is None:
            break
        legal = worker_a.legal_actions(created["id"], seat)
        worker_a.act(created["id"], seat, rng.choice(legal["actions"])["id"], legal["version"])
    full_replays = []
    original = StreamLoader.fold
    monkeypatch.setattr(StreamLoader, "fold", lambda self, *a: full_replays.append(1) or original(self, *a))
    extended = worker_b.load(created["id"])
    assert full_replays == []
    fresh = GameService(store).load(created["id"])
    assert extended.version == fresh.version and extended.head_hash == fresh.head_hash
    assert extended.state.full_state() == fresh.state.full_state()
