"""Event-store contract tests, run against SQLite and PostgreSQL alike.

Both adapters must behave the same behind store.base.EventStore: the
service cannot tell them apart. PostgreSQL is reached at TEST_POSTGRES_URL
(default postgresql://postgres@127.0.0.1:5432/test; scripts/ensure_postgres.sh
starts one); each test session works in a fresh database of its own, dropped
afterwards. The PostgreSQL cases are skipped only when no server answers.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import psycopg
import pytest

from service.chain import GENESIS, event_hash
from service.errors import ServiceUnavailable
from service.store_guard import CREATION_IN_DOUBT_DETAIL, IN_DOUBT_DETAIL, GuardedStore
from store.base import (
    GameRecord,
    IdempotentResponse,
    SealedAnswer,
    StoredEvent,
    StoreUnavailable,
    VersionConflict,
    open_store,
)
from store.postgres import PostgresStore
from store.sqlite import SqliteStore
from tests.servers import free_port

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'events.sqlite3'}"
    return request.getfixturevalue("pg_url")


@pytest.fixture
def store(store_url):
    s = open_store(store_url)
    yield s
    s.close()


# -- helpers ------------------------------------------------------------------


def new_id() -> str:
    return "g" + uuid.uuid4().hex


def make_events(game_id: str, start: int, payloads: list[dict], prev_hash: str) -> list[StoredEvent]:
    """A correctly chained run of events with versions start, start+1, ..."""
    out = []
    for i, payload in enumerate(payloads):
        version, etype, t = (
            start + i,
            ("game_created" if start + i == 1 else "action"),
            f"2026-01-01T00:00:{i:02d}Z",
        )
        h = event_hash(game_id, version, etype, payload, t, prev_hash)
        out.append(StoredEvent(game_id, version, etype, payload, t, prev_hash, h))
        prev_hash = h
    return out


def new_game(store, *, events: int = 1, seats: int = 4, deck=None) -> tuple[str, dict[int, str]]:
    gid = new_id()
    tokens = {seat: f"tok-{gid}-{seat}" for seat in range(seats)}
    record = GameRecord(gid, "sisepai", 12345, "nonce-" + gid, deck, "2026-01-01T00:00:00Z")
    store.create_game(record, tokens, make_events(gid, 1, [{"n": i} for i in range(events)], GENESIS))
    return gid, tokens


def append_next(store, gid: str, payload: dict, idem: IdempotentResponse | None = None) -> int:
    version, head_hash = store.head(gid)
    store.append(gid, version, make_events(gid, version + 1, [payload], head_hash), idem)
    return version + 1


def assert_chain(store, gid: str) -> list[StoredEvent]:
    """Versions 1..n with no gap, every hash recomputes, every prev_hash links."""
    events = store.load_events(gid)
    assert [e.version for e in events] == list(range(1, len(events) + 1))
    prev = GENESIS
    for e in events:
        assert e.prev_hash == prev
        assert e.hash == event_hash(e.game_id, e.version, e.type, e.payload, e.time, e.prev_hash)
        prev = e.hash
    assert store.head(gid) == ((events[-1].version, events[-1].hash) if events else (0, ""))
    return events


def positions_after(url: str, after: int) -> list[tuple[int, str, int]]:
    """(position, game_id, version) of every committed event past `after`, read straight from the DB."""
    sql = "SELECT position, game_id, version FROM events WHERE position > {} ORDER BY position"
    if url.startswith("sqlite:///"):
        conn = sqlite3.connect(url[len("sqlite:///") :])
        try:
            return conn.execute(sql.format("?"), (after,)).fetchall()
        finally:
            conn.close()
    with psycopg.connect(url, autocommit=True) as conn:
        return conn.execute(sql.format("%s"), (after,)).fetchall()


# -- the contract ----------------------------------------------------------------


def test_open_store_picks_the_adapter_from_the_url(store, store_url):
    expected = "sqlite" if store_url.startswith("sqlite") else "postgresql"
    assert store.kind == expected
    assert isinstance(store, SqliteStore if expected == "sqlite" else PostgresStore)


def test_head_and_sealed_is_the_head_and_the_sealed_answers_read_together(store):
    """One statement gives what `head` and `sealed_answers` give: for an unknown game, a game with
    no sealed answer, with answers (in the order kept, their events as kept), and once an append
    settles them."""
    assert store.head_and_sealed("nope") == ((0, ""), [])
    gid, _ = new_game(store, events=2)
    assert store.head_and_sealed(gid) == (store.head(gid), []) and store.head(gid)[0] == 2
    kept = [
        SealedAnswer(gid, 2, 1, "pass", "2026-01-01T00:01:00Z", None),
        SealedAnswer(gid, 2, 0, "claim", "2026-01-01T00:01:01Z", [{"type": "action", "n": 1}]),
    ]
    for n, answer in enumerate(kept):
        store.seal(answer, sealed_before=n)
    assert store.head_and_sealed(gid) == (store.head(gid), store.sealed_answers(gid))
    assert store.head_and_sealed(gid)[1] == kept
    version, head_hash = store.head(gid)
    store.append(gid, version, make_events(gid, version + 1, [{"n": "settled"}], head_hash), sealed_before=2)
    assert store.head_and_sealed(gid) == ((3, store.head(gid)[1]), [])


def test_create_game_and_get_game_round_trip(store):
    big_seed = 2**80 + 7  # seeds are not limited to 64 bits
    gid = new_id()
    deck = ["rH", "wS", "gC", "yE"]
    store.create_game(
        GameRecord(gid, "nantong", big_seed, "n0nce", deck, "2026-05-01T12:00:00Z"),
        {0: "h0", 2: "h2"},
        make_events(gid, 1, [{"ruleset": "nantong"}], GENESIS),
    )
    assert store.get_game(gid) == GameRecord(gid, "nantong", big_seed, "n0nce", deck, "2026-05-01T12:00:00Z")
    plain, _ = new_game(store)
    assert store.get_game(plain).deck is None
    assert store.get_game("no-such-game") is None


def test_seat_for_token(store):
    gid, tokens = new_game(store, seats=3)
    for seat, tok in tokens.items():
        assert store.seat_for_token(tok) == (gid, seat)
    assert store.seat_for_token("unknown-token-hash") is None


def test_create_game_is_atomic(store):
    """A failing part (a token hash already taken) leaves no trace of the new game."""
    _, tokens = new_game(store)
    gid = new_id()
    with pytest.raises(Exception):  # noqa: B017 - the driver's own IntegrityError
        store.create_game(
            GameRecord(gid, "sisepai", 1, "n", None, "t"), {0: tokens[0]}, make_events(gid, 1, [{}], GENESIS)
        )
    assert store.get_game(gid) is None
    assert store.load_events(gid) == []
    assert store.head(gid) == (0, "")


def test_head_of_unknown_or_empty_stream(store):
    assert store.head("no-such-game") == (0, "")
    gid, _ = new_game(store, events=0)
    assert store.head(gid) == (0, "")
    assert store.load_events(gid) == []


def test_load_events_after_and_limit(store):
    gid, _ = new_game(store, events=1)
    for i in range(9):
        append_next(store, gid, {"i": i})
    events = assert_chain(store, gid)
    assert len(events) == 10
    assert [e.version for e in store.load_events(gid, after=3)] == list(range(4, 11))
    assert [e.version for e in store.load_events(gid, after=3, limit=2)] == [4, 5]
    assert [e.version for e in store.load_events(gid, limit=1)] == [1]
    assert store.load_events(gid, after=10) == []
    assert store.load_events(gid, after=9, limit=5) == [events[-1]]
    assert store.load_events(gid, limit=0) == []
    other, _ = new_game(store, events=3)
    assert all(e.game_id == gid for e in store.load_events(gid))


def test_payload_and_hash_round_trip(store):
    """What comes back is what went in, so the hash chain still verifies."""
    payload = {
        "zeta": 1,
        "alpha": [1, 2.5, -3],
        "nested": {"b": None, "a": True, "c": False},
        "text": '將 士 象 車 馬 包 卒 — "quoted" \\ back\nslash',
        "empty": {},
        "list": [],
        "big": 2**62,
        "float": 0.1,
        "cards": ["rH", "wS"],
    }
    gid, _ = new_game(store)
    append_next(store, gid, payload)
    stored = store.load_events(gid)[-1]
    assert stored.payload == payload
    assert list(stored.payload) == list(payload)  # key order kept
    assert json.dumps(stored.payload) == json.dumps(payload)
    assert stored.hash == event_hash(gid, stored.version, stored.type, payload, stored.time, stored.prev_hash)
    assert stored.to_dict()["payload"] == payload
    assert_chain(store, gid)


def test_append_with_stale_version_conflicts_and_writes_nothing(store):
    gid, _ = new_game(store, events=2)
    version, head_hash = store.head(gid)
    stale = make_events(gid, version, [{"late": True}], "whatever")
    with pytest.raises(VersionConflict) as info:
        store.append(gid, version - 1, stale)
    assert info.value.current_version == version
    ahead = make_events(gid, version + 2, [{}], head_hash)
    with pytest.raises(VersionConflict) as info:
        store.append(gid, version + 1, ahead)
    assert info.value.current_version == version
    assert store.head(gid) == (version, head_hash)
    assert len(assert_chain(store, gid)) == 2


def test_raced_unique_version_is_a_conflict_and_writes_nothing(store):
    """UNIQUE(game_id, version) is the last guard: a batch whose versions collide with
    stored ones (what a writer that raced past the head check would produce) fails
    as VersionConflict, atomically: not even the non-colliding events are kept."""
    gid, _ = new_game(store, events=3)
    version, head_hash = store.head(gid)
    colliding = make_events(gid, version, [{"dup": 1}, {"dup": 2}], "x")  # versions 3 and 4
    with pytest.raises(VersionConflict):
        store.append(gid, version, colliding)
    duplicated = make_events(gid, version + 1, [{}], head_hash) * 2  # version 4 twice in one batch
    with pytest.raises(VersionConflict):
        store.append(gid, version, duplicated)
    assert store.head(gid) == (version, head_hash)
    assert len(assert_chain(store, gid)) == 3


def test_append_to_unknown_game_writes_nothing(store):
    with pytest.raises(VersionConflict):
        store.append("no-such-game", 0, make_events("no-such-game", 1, [{}], GENESIS))
    assert store.load_events("no-such-game") == []


def test_append_empty_batch_checks_version_only(store):
    gid, _ = new_game(store, events=2)
    store.append(gid, 2, [])
    with pytest.raises(VersionConflict):
        store.append(gid, 1, [])
    assert store.head(gid)[0] == 2


def test_idempotency_record_is_stored_with_the_append(store):
    gid, _ = new_game(store)
    response = {"version": 2, "events": [{"type": "action", "payload": {"a": "將"}}], "view": {"x": None}}
    append_next(store, gid, {"a": 1}, IdempotentResponse("key-1", "sha-of-request", response))
    got = store.idempotent_response(gid, "key-1")
    assert got == IdempotentResponse("key-1", "sha-of-request", response)
    assert store.idempotent_response(gid, "key-2") is None
    other, _ = new_game(store)
    assert store.idempotent_response(other, "key-1") is None  # keys are per game
    append_next(store, other, {}, IdempotentResponse("key-1", "h", {"other": True}))  # same key, other game
    assert store.idempotent_response(other, "key-1").response == {"other": True}


def test_idempotency_key_reuse_conflicts_and_rolls_back_events(store):
    gid, _ = new_game(store)
    append_next(store, gid, {"a": 1}, IdempotentResponse("k", "h1", {"first": True}))
    head = store.head(gid)
    with pytest.raises(VersionConflict):
        append_next(store, gid, {"a": 2}, IdempotentResponse("k", "h2", {"second": True}))
    assert store.head(gid) == head  # the events of the failed batch are gone too
    assert store.idempotent_response(gid, "k").response == {"first": True}


def test_failed_append_stores_no_idempotency_record(store):
    gid, _ = new_game(store, events=2)
    with pytest.raises(VersionConflict):
        store.append(gid, 1, make_events(gid, 2, [{}], "x"), IdempotentResponse("k", "h", {}))
    assert store.idempotent_response(gid, "k") is None


def test_positions_follow_versions_within_a_game(store, store_url):
    gid, _ = new_game(store)
    for i in range(4):
        append_next(store, gid, {"i": i})
    rows = [r for r in positions_after(store_url, 0) if r[1] == gid]
    assert [r[2] for r in rows] == [1, 2, 3, 4, 5]  # ordered by position = ordered by version


# -- concurrency ------------------------------------------------------------------


def test_threads_racing_on_one_version_exactly_one_wins(store):
    threads_n, rounds = 6, 15
    gid, _ = new_game(store)
    barrier = threading.Barrier(threads_n)
    wins: list[list[int]] = [[] for _ in range(rounds)]
    errors: list[BaseException] = []

    def worker(me: int) -> None:
        try:
            for r in range(rounds):
                barrier.wait()
                version, head_hash = store.head(gid)
                barrier.wait()  # everybody has read the same head
                try:
                    store.append(gid, version, make_events(gid, version + 1, [{"w": me, "r": r}], head_hash))
                    wins[r].append(me)
                except VersionConflict as exc:
                    assert exc.current_version == version + 1
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
            barrier.abort()

    ts = [threading.Thread(target=worker, args=(i,)) for i in range(threads_n)]
    for t in ts:
        t.start()
    for t in ts:
        t.join(60)
    assert not errors, errors
    assert [len(w) for w in wins] == [1] * rounds
    events = assert_chain(store, gid)
    assert len(events) == 1 + rounds


def _race_in_process(url: str, gid: str, me: int, rounds: int, barrier, results) -> None:
    # Runs in a forked child (multiprocessing ends it with os._exit once the
    # queue is flushed): it opens its own store, as a gunicorn worker does.
    store = open_store(url)
    try:
        for r in range(rounds):
            barrier.wait(30)
            version, head_hash = store.head(gid)
            barrier.wait(30)
            try:
                store.append(gid, version, make_events(gid, version + 1, [{"p": me, "r": r}], head_hash))
                results.put((r, me, "win"))
            except VersionConflict:
                results.put((r, me, "conflict"))
        results.put((None, me, "done"))
    except BaseException as exc:  # noqa: BLE001
        results.put((None, me, f"error: {exc!r}"))
    finally:
        store.close()


def test_processes_racing_on_one_version_exactly_one_wins(store, store_url):
    procs_n, rounds = 4, 10
    gid, _ = new_game(store)
    ctx = multiprocessing.get_context("fork")
    barrier, results = ctx.Barrier(procs_n), ctx.Queue()
    procs = [
        ctx.Process(target=_race_in_process, args=(store_url, gid, i, rounds, barrier, results))
        for i in range(procs_n)
    ]
    for p in procs:
        p.start()
    outcomes = [results.get(timeout=60) for _ in range(procs_n * (rounds + 1))]
    for p in procs:
        p.join(30)
    assert [o for o in outcomes if o[2].startswith("error")] == []
    for r in range(rounds):
        assert sorted(o[2] for o in outcomes if o[0] == r) == ["conflict"] * (procs_n - 1) + ["win"]
    assert len(assert_chain(store, gid)) == 1 + rounds


def test_writers_retrying_leave_no_gap(store):
    """Several threads each append K events to one game, retrying on conflict."""
    threads_n, per_thread = 5, 12
    gid, _ = new_game(store)
    errors: list[BaseException] = []
    conflicts = [0]

    def worker(me: int) -> None:
        try:
            done = 0
            while done < per_thread:
                try:
                    append_next(store, gid, {"w": me, "k": done})
                    done += 1
                except VersionConflict:
                    conflicts[0] += 1
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    ts = [threading.Thread(target=worker, args=(i,)) for i in range(threads_n)]
    for t in ts:
        t.start()
    for t in ts:
        t.join(120)
    assert not errors, errors
    events = assert_chain(store, gid)
    assert len(events) == 1 + threads_n * per_thread
    for me in range(threads_n):  # each writer's events kept their own order
        ks = [e.payload["k"] for e in events if e.payload.get("w") == me]
        assert ks == list(range(per_thread))


def test_global_positions_are_in_commit_order(store, store_url):
    """A feed reader that follows `position > cursor` while writers append to many
    games concurrently never skips an event: positions become visible in order."""
    writers_n, per_writer = 4, 25
    games = [new_game(store)[0] for _ in range(writers_n)]
    start = positions_after(store_url, 0)[-1][0]
    stop = threading.Event()
    seen: list[int] = []
    errors: list[BaseException] = []

    def reader() -> None:
        cursor = start
        try:
            while True:
                finished = stop.is_set()
                rows = positions_after(store_url, cursor)
                if rows:
                    seen.extend(r[0] for r in rows)
                    cursor = rows[-1][0]
                elif finished:
                    return
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    def writer(gid: str) -> None:
        try:
            for i in range(per_writer):
                append_next(store, gid, {"i": i})
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    rt = threading.Thread(target=reader)
    rt.start()
    ws = [threading.Thread(target=writer, args=(g,)) for g in games]
    for t in ws:
        t.start()
    for t in ws:
        t.join(120)
    stop.set()
    rt.join(60)
    assert not errors, errors
    everything = [r[0] for r in positions_after(store_url, start)]
    assert len(everything) == writers_n * per_writer
    assert seen == everything  # nothing skipped, nothing out of order


# -- PostgreSQL specifics -----------------------------------------------------------


def test_pg_schema_command_is_idempotent(fresh_pg_url):
    cmd = [sys.executable, "-m", "store.postgres", "init", fresh_pg_url]
    for _ in range(2):
        done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert "schema ready" in done.stdout
    with psycopg.connect(fresh_pg_url) as conn:
        tables = {
            r[0]
            for r in conn.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
            )
        }
        assert {"games", "seat_tokens", "events", "idempotency"} <= tables
        uniques = conn.execute(
            "SELECT pg_get_constraintdef(oid) FROM pg_constraint"
            " WHERE conrelid = 'events'::regclass AND contype = 'u'"
        ).fetchall()
        assert ("UNIQUE (game_id, version)",) in uniques
    bad = subprocess.run(
        [sys.executable, "-m", "store.postgres", "init", "sqlite:///x"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2
    # a server that does not answer (a port nothing listens on, behind a host that drops the
    # connection would be the same): one line, within PG_CONNECT_TIMEOUT, no traceback
    unreachable = f"postgresql://cardgames:secret-password@127.0.0.1:{free_port()}/cardgames"
    down = subprocess.run(
        [sys.executable, "-m", "store.postgres", "init", unreachable],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert down.returncode == 1 and "Traceback" not in down.stderr, down.stderr
    assert down.stderr.startswith("schema not created: PostgreSQL did not accept the connection")
    assert "secret-password" not in down.stderr


def test_pg_store_creates_schema_on_first_use_from_many_processes(fresh_pg_url):
    """Workers starting together on an empty database all succeed (advisory lock)."""
    ctx = multiprocessing.get_context("fork")
    barrier, results = ctx.Barrier(4), ctx.Queue()

    def first_use() -> None:
        try:
            s = PostgresStore(fresh_pg_url)
            barrier.wait(30)
            results.put(repr(s.head("nothing")))
        except BaseException as exc:  # noqa: BLE001
            results.put(f"error: {exc!r}")

    procs = [ctx.Process(target=first_use) for _ in range(4)]
    for p in procs:
        p.start()
    got = [results.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(30)
    assert got == ["(0, '')"] * 4


def test_pg_pool_is_per_process_across_fork(pg_url):
    """A store used before fork keeps working in the parent and in the child: the
    child opens its own pool instead of sharing the parent's connections."""
    store = PostgresStore(pg_url)
    gid, _ = new_game(store)
    parent_pool = store._pool()
    ctx = multiprocessing.get_context("fork")
    results = ctx.Queue()

    def child() -> None:
        try:
            append_next(store, gid, {"from": "child"})
            results.put(("ok", store._pool() is not parent_pool, store.head(gid)[0]))
        except BaseException as exc:  # noqa: BLE001
            results.put(("error", repr(exc), 0))

    p = ctx.Process(target=child)
    p.start()
    status, own_pool, version = results.get(timeout=60)
    p.join(30)
    assert (status, own_pool, version) == ("ok", True, 2)
    append_next(store, gid, {"from": "parent"})  # the parent's connections are intact
    assert [e.payload for e in assert_chain(store, gid)][1:] == [{"from": "child"}, {"from": "parent"}]
    store.close()


@contextlib.contextmanager
def events_locked_elsewhere(pg_url: str) -> Iterator[None]:
    """Another connection holds the lock writers take (EXCLUSIVE on events) until the block ends."""
    with psycopg.connect(pg_url, autocommit=True) as holder, holder.transaction():
        holder.execute("LOCK TABLE events IN EXCLUSIVE MODE")
        yield


def test_pg_lock_keeps_writers_serial_but_readers_free(pg_url):
    """While an append transaction holds the events lock, reads still answer."""
    store = PostgresStore(pg_url)
    gid, _ = new_game(store)
    with events_locked_elsewhere(pg_url):
        t0 = time.monotonic()
        assert store.head(gid)[0] == 1
        assert len(store.load_events(gid)) == 1
        assert time.monotonic() - t0 < 5
        blocked = threading.Thread(target=append_next, args=(store, gid, {"waited": True}))
        blocked.start()
        blocked.join(0.5)
        assert blocked.is_alive()  # the writer waits for the lock
    blocked.join(30)
    assert store.head(gid)[0] == 2
    store.close()


def test_pg_a_lock_held_elsewhere_bounds_writes_and_readiness(pg_url, monkeypatch):
    """A table lock taken by hand (or a migration) made every write wait as long as it was held:
    now a write gives up after PG_LOCK_TIMEOUT, unwritten, and readiness says the node is not
    ready; reads still answer."""
    monkeypatch.setenv("PG_LOCK_TIMEOUT", "0.5")
    store = PostgresStore(pg_url)
    gid, _ = new_game(store)
    with events_locked_elsewhere(pg_url):
        t0 = time.monotonic()
        with pytest.raises(StoreUnavailable) as refused:
            append_next(store, gid, {"during": "the lock"})
        assert not refused.value.in_doubt  # it never reached its commit: nothing written
        with pytest.raises(StoreUnavailable):
            store.ping(timeout=3)
        assert time.monotonic() - t0 < 4  # two lock waits of 0.5 s, not the lock's length
        assert store.head(gid)[0] == 1  # reads answer
    store.ping(timeout=3)
    append_next(store, gid, {"after": "the lock"})
    assert [e.payload for e in assert_chain(store, gid)][1:] == [{"after": "the lock"}]
    store.close()


def test_pg_a_failure_while_committing_is_in_doubt_and_said_so(fresh_pg_url):
    """The connection lost after COMMIT was sent: the write may have been recorded. A deferred
    trigger fails the commit itself, as a cut connection would, to tell the two apart."""
    store = PostgresStore(fresh_pg_url)
    gid, _ = new_game(store)
    with psycopg.connect(fresh_pg_url, autocommit=True) as admin:
        admin.execute(
            "CREATE FUNCTION fail_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            " RAISE EXCEPTION 'lost at commit' USING ERRCODE = 'admin_shutdown'; END $$"
        )
        admin.execute(
            "CREATE CONSTRAINT TRIGGER fail_at_commit AFTER INSERT ON events"
            " DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fail_at_commit()"
        )
    with pytest.raises(StoreUnavailable) as lost:
        append_next(store, gid, {"at": "commit"})
    assert lost.value.in_doubt
    with pytest.raises(ServiceUnavailable) as answered:
        append_next(GuardedStore(store), gid, {"at": "commit"})
    assert answered.value.detail == IN_DOUBT_DETAIL and "may have been recorded" in IN_DOUBT_DETAIL
    # a creation has no Idempotency-Key to retry with: its words say to create the game again
    with pytest.raises(ServiceUnavailable) as creating:
        new_game(GuardedStore(store))
    assert (
        creating.value.detail == CREATION_IN_DOUBT_DETAIL
        and "Create the game again" in CREATION_IN_DOUBT_DETAIL
    )
    store.close()


def test_numeric_settings_are_checked_and_named(monkeypatch, tmp_path):
    for name, bad in (
        ("PG_POOL_MAX", "0"),
        ("PG_POOL_MAX", "eight"),
        ("PG_POOL_TIMEOUT", "-5"),
        ("PG_LOCK_TIMEOUT", "nan"),
    ):
        monkeypatch.setenv(name, bad)
        with pytest.raises(ValueError, match=name):
            PostgresStore("postgresql://nobody@127.0.0.1:1/none")
        monkeypatch.delenv(name)
    from api import create_app

    for name, bad in (("PROXY_COUNT", "-1"), ("RATE_LIMIT", "0/minute")):
        monkeypatch.setenv(name, bad)
        with pytest.raises(ValueError, match=name):
            create_app(f"sqlite:///{tmp_path / 'x.sqlite3'}")
        monkeypatch.delenv(name)


def drop_connection(pg_url: str, store: PostgresStore) -> None:
    """The server drops the store's pooled connection (as a restart or a failover does), and its
    server process has gone: the termination is a signal, and until the process has gone the
    connection has not been dropped yet. Only this store's: other tests share the database."""
    [(pid,)] = store._read("SELECT pg_backend_pid()", ())
    with psycopg.connect(pg_url, autocommit=True) as admin:
        assert admin.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone()[0]
        deadline = time.monotonic() + 10
        while admin.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", (pid,)).fetchone()[0]:
            assert time.monotonic() < deadline, "the server process did not go"
            time.sleep(0.01)


def test_pg_store_survives_dropped_connections(pg_url):
    """Connections the server drops (a restart, a failover) are replaced at checkout."""
    store = PostgresStore(pg_url, max_size=1)
    gid, _ = new_game(store)
    drop_connection(pg_url, store)
    assert store.head(gid)[0] == 1
    append_next(store, gid, {"after": "reconnect"})
    assert len(assert_chain(store, gid)) == 2
    store.close()


def test_pg_checkout_of_a_quiet_idle_connection_costs_no_round_trip(pg_url, monkeypatch):
    """A healthy idle connection is taken from the pool without the empty round trip; one the
    server dropped has the server's words and the end of the stream waiting on its socket, so it
    is checked, found dead and replaced."""
    from psycopg_pool import ConnectionPool

    checked = []
    real_check = ConnectionPool.check_connection
    monkeypatch.setattr(
        ConnectionPool, "check_connection", staticmethod(lambda c: (checked.append(c), real_check(c)))
    )
    store = PostgresStore(pg_url, max_size=1)
    gid, _ = new_game(store)
    for _ in range(5):
        assert store.head(gid)[0] == 1
    assert checked == []
    drop_connection(pg_url, store)
    assert store.head(gid)[0] == 1
    assert len(checked) >= 1
    append_next(store, gid, {"after": "replaced"})
    assert len(assert_chain(store, gid)) == 2
    store.close()


# -- the global feed ------------------------------------------------------------


def test_feed_lists_every_game_in_position_order_and_pages(store):
    a, _ = new_game(store, events=2)
    b, _ = new_game(store, events=1)
    append_next(store, a, {"n": "a3"})
    start = store.feed(after=0, limit=100_000)[-4][0]  # the four events just written (sessions share a db)
    mine = [(e.game_id, e.version) for _, e in store.feed(after=start - 1, limit=100)]
    assert mine == [(a, 1), (a, 2), (b, 1), (a, 3)]  # commit order, across games
    first, second = store.feed(after=start - 1, limit=2), store.feed(after=start + 1, limit=2)
    assert [p for p, _ in first] == [start, start + 1] and [p for p, _ in second] == [start + 2, start + 3]
    assert all(e.payload == {"n": "a3"} for _, e in store.feed(after=start + 2, limit=1))


def test_finished_games_are_those_with_a_game_finished_event(store):
    done, _ = new_game(store, events=1)
    running, _ = new_game(store, events=1)
    version, head = store.head(done)
    finished = StoredEvent(
        done,
        version + 1,
        "game_finished",
        {"result": {}},
        "2026-01-01T00:01:00Z",
        head,
        event_hash(done, version + 1, "game_finished", {"result": {}}, "2026-01-01T00:01:00Z", head),
    )
    store.append(done, version, [finished])
    assert store.finished_games([done, running, "nope"]) == {done}
    assert store.finished_games([]) == set()


def _open_fresh_sqlite(path: str, barrier, results) -> None:
    from store.sqlite import SqliteStore

    barrier.wait()
    try:
        SqliteStore(path).close()
        results.put("ok")
    except Exception as exc:  # noqa: BLE001 - reported to the parent
        results.put(repr(exc))


def test_sqlite_workers_booting_together_on_a_fresh_file_all_start(tmp_path):
    """gunicorn -w N opens a new database file from N processes at once: switching it to WAL
    must not fail any of them with "database is locked" (seen as 'Worker failed to boot')."""
    ctx = multiprocessing.get_context("fork")
    outcomes = []
    for round_no in range(25):
        path = str(tmp_path / f"fresh-{round_no}.sqlite3")
        barrier, results = ctx.Barrier(4), ctx.Queue()
        procs = [ctx.Process(target=_open_fresh_sqlite, args=(path, barrier, results)) for _ in range(4)]
        for p in procs:
            p.start()
        for p in procs:
            p.join(30)
        outcomes += [results.get(timeout=5) for _ in procs]
    assert set(outcomes) == {"ok"}, [o for o in outcomes if o != "ok"][:3]


def test_an_old_sqlite_store_with_keys_per_game_is_rebuilt_with_keys_per_seat(tmp_path):
    """Idempotency keys were once per game: opened again, the table is rebuilt per (game, seat),
    each kept response under the seat of the view it holds (or no seat), its rows kept."""
    path = str(tmp_path / "old.sqlite3")
    SqliteStore(path).close()
    conn = sqlite3.connect(path)
    conn.executescript(
        "DROP TABLE idempotency;"
        "CREATE TABLE idempotency (game_id TEXT NOT NULL REFERENCES games(id), key TEXT NOT NULL,"
        " request_hash TEXT NOT NULL, response TEXT NOT NULL, PRIMARY KEY (game_id, key));"
        "INSERT INTO games (id, ruleset, seed, nonce, created_at) VALUES ('g', 'sisepai', '1', 'n', 't');"
        """INSERT INTO idempotency VALUES ('g', 'k1', 'h1', '{"view": {"seat": 2}}');"""
        """INSERT INTO idempotency VALUES ('g', 'k2', 'h2', '{"version": 3}');"""
    )
    conn.commit()
    conn.close()
    store = SqliteStore(path)
    try:
        kept = store.idempotent_response("g", "k1", 2)
        assert kept is not None and (kept.request_hash, kept.response) == ("h1", {"view": {"seat": 2}})
        assert store.idempotent_response("g", "k1", 0) is None
        assert store.idempotent_response("g", "k2", None) is not None
    finally:
        store.close()


def timed_events(game_id: str, steps: list[tuple[str, str]]) -> list[StoredEvent]:
    """A chained run of events of the given (type, time), from version 1."""
    out, prev = [], GENESIS
    for version, (etype, at) in enumerate(steps, start=1):
        payload = {"n": version}
        h = event_hash(game_id, version, etype, payload, at, prev)
        out.append(StoredEvent(game_id, version, etype, payload, at, prev, h))
        prev = h
    return out


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_store(request, tmp_path):
    """A store of its own: a purge reads every game in it."""
    if request.param == "sqlite":
        store = SqliteStore(str(tmp_path / "purge.sqlite3"))
    else:
        store = PostgresStore(request.getfixturevalue("fresh_pg_url"))
    yield store
    store.close()


def test_stale_games_are_found_and_deleted_with_everything_stored_of_them(empty_store):
    """service.retention: games finished before one time, and games never finished whose last
    event is older than another, go with their events, tokens, idempotent and sealed answers;
    a game finished later, or played since, stays whole."""
    store = empty_store
    old = "2026-01-0{}T10:00:00.000000Z"
    games = {
        "finished_old": [
            ("game_created", old.format(1)),
            ("action", old.format(2)),
            ("game_finished", old.format(3)),
        ],
        "idle_old": [("game_created", old.format(1)), ("action", old.format(4))],
        "finished_new": [("game_created", old.format(1)), ("game_finished", "2026-05-01T00:00:00.000000Z")],
        "played_since": [("game_created", old.format(1)), ("action", "2026-05-02T00:00:00.000000Z")],
    }
    ids = {}
    for name, steps in games.items():
        gid = new_id()
        ids[name] = gid
        record = GameRecord(gid, "sisepai", 1, "nonce-" + gid, None, steps[0][1])
        store.create_game(record, {0: f"tok-{gid}"}, timed_events(gid, steps[:1]))
        rest = timed_events(gid, steps)[1:]
        idem = IdempotentResponse("key-1", "hash", {"ok": True}, 0)
        store.append(gid, 1, rest, idem)
    store.seal(SealedAnswer(ids["idle_old"], len(games["idle_old"]), 0, "pass", old.format(5)), 0)
    cut = "2026-03-01T00:00:00.000000Z"
    finished, idle = store.stale_games(cut, cut)
    assert (finished, idle) == ([ids["finished_old"]], [ids["idle_old"]])
    assert store.stale_games(None, cut) == ([], [ids["idle_old"]])
    assert store.stale_games(cut, None) == ([ids["finished_old"]], [])
    assert store.delete_games(finished + idle) == 2
    for gone in ("finished_old", "idle_old"):
        gid = ids[gone]
        assert store.get_game(gid) is None and store.load_events(gid) == []
        assert store.seat_for_token(f"tok-{gid}") is None
        assert store.idempotent_response(gid, "key-1", 0) is None and store.sealed_answers(gid) == []
    for kept in ("finished_new", "played_since"):
        gid = ids[kept]
        assert store.get_game(gid) is not None and len(store.load_events(gid)) == 2
        assert store.seat_for_token(f"tok-{gid}") == (gid, 0)
        assert store.idempotent_response(gid, "key-1", 0) is not None
    assert store.stale_games(cut, cut) == ([], []) and store.delete_games([]) == 0
    # the feed goes on from where a reader was, without the deleted games' events
    assert {e.game_id for _, e in store.feed(0, 100)} == {ids["finished_new"], ids["played_since"]}


# -- a store that cannot write ---------------------------------------------------------------


def _count_games(path) -> int:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        return conn.execute("SELECT count(*) FROM games").fetchone()[0]


@pytest.mark.parametrize(
    "refusal",
    [
        "PRAGMA query_only = 1",  # what a connection opened on a read-only file meets
        "PRAGMA max_page_count = 1",  # no page more (it stays at the file's size): a full disk
    ],
)
def test_sqlite_a_write_it_cannot_make_is_unavailable_writes_nothing_and_the_next_one_reopens(
    tmp_path, refusal
):
    """A read-only file or a full disk: a 503 that changed nothing (not a 500), and once the
    operator has fixed it the next write succeeds without a restart (a connection that met a
    read-only file stayed read-only)."""
    path = tmp_path / "refusing.sqlite3"
    store = SqliteStore(str(path))
    new_game(store)
    store._connect().execute(refusal)  # this thread's connection, as the fault left it
    with pytest.raises(StoreUnavailable) as refused:
        new_game(store, events=300)  # some pages more
    assert not refused.value.in_doubt and "cannot write" in str(refused.value)
    assert _count_games(path) == 1
    new_game(store)  # a new connection: the fault is gone
    assert _count_games(path) == 2
    store.close()


def test_sqlite_readiness_refuses_a_moved_file_and_a_disk_nearly_full(tmp_path, monkeypatch):
    import store.sqlite as sqlite_store

    path = tmp_path / "moved.sqlite3"
    store = SqliteStore(str(path))
    new_game(store)
    store.ping(1)
    monkeypatch.setattr(sqlite_store, "MIN_FREE_BYTES", 1 << 62)
    with pytest.raises(StoreUnavailable, match="bytes free on its disk"):
        store.ping(1)
    monkeypatch.undo()
    # moved away under the running store: its connections still write to the moved file, which
    # the next start would not read, so neither readiness nor a write may go on
    path.rename(tmp_path / "aside.sqlite3")
    with pytest.raises(StoreUnavailable, match="moved, replaced or removed"):
        store.ping(1)
    with pytest.raises(StoreUnavailable, match="moved, replaced or removed"):
        new_game(store)
    assert not path.exists()  # the probe never creates the file it checks
    store.close()


def test_sqlite_readiness_refuses_a_read_only_file(tmp_path):
    path = tmp_path / "read-only.sqlite3"
    store = SqliteStore(str(path))
    new_game(store)
    store.ping(1)
    store.close()  # the file turns read-only between two uses (a restored copy, a remount)
    if os.geteuid() == 0:  # root writes through file modes: make the file immutable instead
        if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
            pytest.skip("chattr +i is not supported here")
    else:
        path.chmod(0o444)
    try:
        with pytest.raises(StoreUnavailable, match="readonly"):
            store.ping(1)
        with pytest.raises(StoreUnavailable, match="cannot write"):
            new_game(store)
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        else:
            path.chmod(0o644)
    store.ping(1)
    new_game(store)  # with no restart
    assert _count_games(path) == 2
    store.close()


def test_pg_a_read_only_database_serves_reads_refuses_writes_and_is_not_ready(fresh_pg_url, pg_admin_url):
    """A standby after a failover, or a database set read-only: reads are served (a worker
    started meanwhile too), every write is a 503 that changed nothing, readiness says not
    ready; once writable again, writes go on with no restart."""
    store = PostgresStore(fresh_pg_url)
    gid, _ = new_game(store)
    name = urlsplit(fresh_pg_url).path.lstrip("/")
    with psycopg.connect(pg_admin_url, autocommit=True) as admin:
        admin.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,))
        store.close()
        started_meanwhile = PostgresStore(fresh_pg_url)
        try:
            assert started_meanwhile.head(gid)[0] == 1
            with pytest.raises(StoreUnavailable, match="read-only") as refused:
                append_next(started_meanwhile, gid, {"n": "refused"})
            assert not refused.value.in_doubt
            with pytest.raises(StoreUnavailable, match="read-only"):
                started_meanwhile.ping(5)
            admin.execute(f'ALTER DATABASE "{name}" RESET default_transaction_read_only')
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,)
            )
            deadline = time.monotonic() + 20
            while True:
                try:
                    append_next(started_meanwhile, gid, {"n": "written"})
                    break
                except StoreUnavailable:
                    assert time.monotonic() < deadline, "not writable 20 s after the database was"
                    time.sleep(0.2)
            assert started_meanwhile.head(gid)[0] == 2
        finally:
            started_meanwhile.close()
