"""Event store on PostgreSQL (psycopg 3 + psycopg-pool), for several API nodes.

Same tables, columns and semantics as store.sqlite: `UNIQUE (game_id, version)`
is the optimistic-concurrency guard, and every append checks the stream head
inside its transaction.

Global positions in commit order. `events.position` is a BIGSERIAL, and a
sequence hands out numbers when rows are *inserted*, not when transactions
*commit*: with two concurrent writers, T1 may take position 10, T2 position
11, and T2 commit first. A reader of a global feed (`position > last_seen`)
that polls between the two commits sees 11, moves its cursor past 10, and
never sees 10. The eventsourcing library (its PostgreSQL recorder) avoids
this by taking `LOCK TABLE ... IN EXCLUSIVE MODE` inside the insert
transaction before inserting: writers to the table are serialised, so
positions are assigned and committed in the same order, while plain reads
(ACCESS SHARE) are not blocked. We do the same. (message-db instead takes a
per-stream advisory lock, which keeps writers of different streams parallel
but does not order the global position by commit.) The cost is one writer at
a time across all games; an append is a few small inserts, so this is
thousands per second and far from the bottleneck of a rules service.

Processes: gunicorn forks its workers, and a libpq connection must never be
used by two processes. The pool is therefore created lazily on first use in
each process, keyed by os.getpid(); a pool inherited across fork is left
untouched (kept referenced, never closed, so the child never sends anything on
the parent's sockets).

Schema: `python -m store.postgres init [URL]` creates it idempotently; the
store also ensures it on first connect in each process.

PostgreSQL down: the pool opens without waiting for its first connection, so
the service starts while the database is unreachable and connects when it
comes back. A connection attempt gives up after PG_CONNECT_TIMEOUT seconds
(default 2) and a request waits at most PG_POOL_TIMEOUT seconds (default 3)
for a connection; every failure to reach the database surfaces as
StoreUnavailable, which the API answers 503 — well within 5 s, instead of a
500 after libpq's and the pool's defaults (30 s each).

PostgreSQL up but stuck: a statement is cancelled by the server after
PG_STATEMENT_TIMEOUT seconds (default 5) and a lock wait after PG_LOCK_TIMEOUT
(default 2) — a table lock held elsewhere (a migration, a manual LOCK) made
writes hang for as long as it was held. A connection whose packets go
unanswered (a partition) is dropped after about 5 s (tcp_user_timeout,
keepalives). All of these are StoreUnavailable too. The readiness check takes
the lock a write takes (ROW EXCLUSIVE on events, then rolls back): a node whose
writes would wait past the lock timeout is not ready.

PostgreSQL (or a proxy in front of it) frozen with its TCP connections open: the
kernel still acknowledges every packet, so neither the server's timeouts nor
tcp_user_timeout and keepalives ever fire, and a request would wait as long as
the freeze lasts. The service cuts such a connection itself: a connection that
has not answered within PG_CLIENT_TIMEOUT seconds (default 4) of being checked
out, checked or used is shut down under the waiting thread (by one watchdog
thread per process), which then fails with StoreUnavailable like any lost
connection.

A failure while committing a write (the connection lost after COMMIT was sent)
leaves it unknown whether the write was recorded: StoreUnavailable(in_doubt=True),
which the service words as such instead of "nothing was changed".
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import sys
import threading
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import psycopg
from psycopg.pq import TransactionStatus
from psycopg.types.json import Json
from psycopg_pool import ConnectionPool, PoolTimeout

from store.base import (
    FINISHED_BEFORE_SQL,
    GAME_TABLES,
    HEAD_AND_SEALED,
    IDLE_BEFORE_SQL,
    CreationKey,
    CreationKeyTaken,
    EventStore,
    GameRecord,
    IdempotentResponse,
    SealConflict,
    SealedAnswer,
    StoredEvent,
    StoreUnavailable,
    VersionConflict,
    env_number,
)
from store.watchdog import Watchdog

# `payload`, `deck` and `response` are `json` (not `jsonb`): json keeps the
# exact text that was written, so key order and number spelling survive a
# round trip just as with SQLite's TEXT columns; the event hash chain is
# computed by the service over its own canonical encoding, never over what
# the database hands back, but keeping the text exact costs nothing.
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    seed TEXT NOT NULL,
    nonce TEXT NOT NULL,
    deck JSON,
    created_at TEXT NOT NULL,
    seed_source TEXT
);
CREATE TABLE IF NOT EXISTS seat_tokens (
    token_hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    position BIGSERIAL PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id),
    version INTEGER NOT NULL,
    type TEXT NOT NULL,
    payload JSON NOT NULL,
    time TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    UNIQUE (game_id, version)
);
CREATE TABLE IF NOT EXISTS idempotency (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    response JSON NOT NULL,
    PRIMARY KEY (game_id, seat, key)
);
CREATE TABLE IF NOT EXISTS sealed_answers (
    ordinal BIGSERIAL PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id),
    at_version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    time TEXT NOT NULL,
    events JSON
);
CREATE TABLE IF NOT EXISTS creations (
    key_hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id),
    request_hash TEXT NOT NULL,
    salt TEXT NOT NULL,
    response JSON NOT NULL
);
CREATE INDEX IF NOT EXISTS seat_tokens_game_id ON seat_tokens (game_id);
CREATE INDEX IF NOT EXISTS sealed_answers_game_id ON sealed_answers (game_id);
CREATE INDEX IF NOT EXISTS creations_game_id ON creations (game_id);
"""
NO_SEAT = -1  # the seat column of a key kept without a seat

# Concurrent `CREATE TABLE IF NOT EXISTS` from several processes can still
# fail on the catalog's unique index; an advisory lock serialises them.
_SCHEMA_LOCK_KEY = 0x63617264  # "card"

_EVENT_COLUMNS = "game_id, version, type, payload, time, prev_hash, hash"


def _dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"))


def ensure_schema(conn: psycopg.Connection) -> None:
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK_KEY,))
        _migrate_idempotency(conn)
        _migrate_seed_source(conn)
        conn.execute(SCHEMA)
        _migrate_sealed_answers(conn)


# The columns a current schema has, per table, beyond those every release had (the migrations).
_MIGRATED_COLUMNS = {"games": "seed_source", "idempotency": "seat", "sealed_answers": "events"}
_TABLES = ("games", "seat_tokens", "events", "idempotency", "sealed_answers", "creations")


def schema_is_current(conn: psycopg.Connection) -> bool:
    """Whether every table and migration is in place already: read only, so that a node can
    serve reads from a database it cannot write (a standby, a read-only default)."""
    for table in _TABLES:
        columns = _columns(conn, table)
        migrated = _MIGRATED_COLUMNS.get(table)
        if not columns or (migrated is not None and migrated not in columns):
            return False
    return not conn.execute(
        "SELECT 1 FROM pg_constraint WHERE conname = 'sealed_answers_game_id_seat_key'"
    ).fetchone()


def _columns(conn: psycopg.Connection, table: str) -> set[str]:
    return {
        r[0]
        for r in conn.execute(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = %s",
            (table,),
        ).fetchall()
    }


def _migrate_seed_source(conn: psycopg.Connection) -> None:
    """Games stored before `seed_source` existed get the column (NULL: read as "client").
    Only when it is missing: ALTER TABLE locks the table against every writer."""
    columns = _columns(conn, "games")
    if columns and "seed_source" not in columns:
        conn.execute("ALTER TABLE games ADD COLUMN seed_source TEXT")


def _migrate_sealed_answers(conn: psycopg.Connection) -> None:
    """Sealed answers were once one per seat, and held no events; a lone person now holds several
    decisions, each with its events (service/lone_person.py). Only what is missing: ALTER TABLE
    locks the table."""
    found = conn.execute(
        "SELECT 1 FROM pg_constraint WHERE conname = 'sealed_answers_game_id_seat_key'"
        " AND conrelid = 'sealed_answers'::regclass"
    ).fetchone()
    if found:
        conn.execute("ALTER TABLE sealed_answers DROP CONSTRAINT sealed_answers_game_id_seat_key")
    if "events" not in _columns(conn, "sealed_answers"):
        conn.execute("ALTER TABLE sealed_answers ADD COLUMN events JSON")


def _migrate_idempotency(conn: psycopg.Connection) -> None:
    """Keys were once per game; now per (game, seat): add the seat, taken from the view each
    kept response holds, and widen the primary key."""
    columns = _columns(conn, "idempotency")
    if not columns or "seat" in columns:
        return
    conn.execute("ALTER TABLE idempotency ADD COLUMN seat INTEGER")
    conn.execute("UPDATE idempotency SET seat = COALESCE((response->'view'->>'seat')::int, -1)")
    conn.execute("ALTER TABLE idempotency ALTER COLUMN seat SET NOT NULL")
    conn.execute("ALTER TABLE idempotency DROP CONSTRAINT idempotency_pkey")
    conn.execute("ALTER TABLE idempotency ADD PRIMARY KEY (game_id, seat, key)")


_WATCHDOG = Watchdog("cardgames-pg-watchdog")


@contextlib.contextmanager
def _cut_after(conn: psycopg.Connection, seconds: float) -> Iterator[None]:
    """`conn`'s socket shut down if the block has not finished within `seconds` (_Watchdog)."""
    try:
        fileno = conn.pgconn.socket
    except psycopg.OperationalError:  # a connection already lost has no socket to watch
        yield
        return
    key = _WATCHDOG.watch(fileno, seconds)
    try:
        yield
    finally:
        _WATCHDOG.release(key)


def _idle_and_quiet(conn: psycopg.Connection) -> bool:
    """Whether `conn` is open, outside any transaction, and its socket has nothing to read
    (an idle connection the server has neither written to nor closed)."""
    if conn.closed or conn.info.transaction_status != TransactionStatus.IDLE:
        return False
    try:
        readable, _, _ = select.select([conn.fileno()], [], [], 0)
    except (OSError, ValueError, psycopg.Error):
        return False
    return not readable


class PostgresStore(EventStore):
    kind = "postgresql"

    def __init__(
        self,
        url: str,
        min_size: int = 1,
        max_size: int | None = None,
        timeout: float | None = None,
        connect_timeout: float | None = None,
    ):
        self.url = url
        parts = urlsplit(url)
        try:
            port = parts.port
        except ValueError as exc:  # "Port could not be cast to integer value as 'x'", "out of range"
            raise ValueError(f"DATABASE_URL: {exc}") from None
        self.location = f"{parts.hostname or 'localhost'}:{port or 5432}{parts.path or '/'}"
        self.min_size = min_size
        self.max_size = max_size or int(env_number("PG_POOL_MAX", 8, 1, integer=True))
        self.timeout = timeout if timeout is not None else env_number("PG_POOL_TIMEOUT", 3, 0.1)
        self.connect_timeout = (
            connect_timeout if connect_timeout is not None else env_number("PG_CONNECT_TIMEOUT", 2, 1)
        )
        self.reconnect_timeout = env_number("PG_RECONNECT_TIMEOUT", 10, 1)
        self.statement_timeout = env_number("PG_STATEMENT_TIMEOUT", 5, 0.1)
        self.lock_timeout = env_number("PG_LOCK_TIMEOUT", 2, 0.1)
        self.client_timeout = env_number("PG_CLIENT_TIMEOUT", 4, 0.5)
        self._pools: dict[int, ConnectionPool] = {}  # pid -> pool; see the module docstring
        self._schema_ready: set[int] = set()  # pids whose pool has ensured the schema
        self._lock = threading.Lock()

    # -- connections ---------------------------------------------------------

    def _pool(self) -> ConnectionPool:
        pid = os.getpid()
        pool = self._pools.get(pid)
        if pool is not None:
            return pool
        with self._lock:
            pool = self._pools.get(pid)
            if pool is None:
                pool = ConnectionPool(
                    self.url,
                    min_size=self.min_size,
                    max_size=max(self.max_size, self.min_size),
                    # libpq counts whole seconds and treats anything below 2 as 2.
                    kwargs={
                        "autocommit": True,
                        "connect_timeout": max(1, round(self.connect_timeout)),
                        # the server cancels a statement or a lock wait past these
                        "options": f"-c statement_timeout={round(self.statement_timeout * 1000)}"
                        f" -c lock_timeout={round(self.lock_timeout * 1000)}",
                        # a connection whose packets go unanswered is dropped, not waited on
                        "tcp_user_timeout": 5000,
                        "keepalives": 1,
                        "keepalives_idle": 5,
                        "keepalives_interval": 2,
                        "keepalives_count": 2,
                    },
                    timeout=self.timeout,
                    # While the database is down, the pool retries with a doubling delay.
                    # Giving up after 10 s (instead of 5 min) caps that delay at a few
                    # seconds: the next request then starts a fresh attempt at once, so a
                    # worker is ready again within seconds of the database's return.
                    reconnect_timeout=self.reconnect_timeout,
                    open=False,
                    # A connection that the server dropped (restart, failover,
                    # idle kill) is replaced at checkout instead of failing a
                    # request (`_check_within_timeout`).
                    check=self._check_within_timeout,
                    name=f"cardgames-{pid}",
                )
                # Not waiting for a first connection: the service starts with the database down.
                pool.open(wait=False)
                self._pools[pid] = pool
        return pool

    def _check_within_timeout(self, conn: psycopg.Connection) -> None:
        """The pool's check at checkout. A server that drops a connection (a restart, a
        failover, pg_terminate_backend) says so on its socket: a message, then the end of the
        stream. An idle connection with nothing waiting on its socket is therefore taken as it
        is, with no round trip (a request checks out a connection for each of its reads, and an
        empty round trip before each was a third of a view's round trips); any other is checked
        with one empty round trip, cut if it gets no answer. A server that vanishes without a
        word (a partition) is no better found by the round trip than by the request's own
        statement, which PG_CLIENT_TIMEOUT cuts all the same."""
        if _idle_and_quiet(conn):
            return
        with _cut_after(conn, self.client_timeout):
            ConnectionPool.check_connection(conn)

    @contextlib.contextmanager
    def _connection(self, timeout: float | None = None) -> Iterator[psycopg.Connection]:
        """A pooled connection, the schema ensured; an unreachable database raises StoreUnavailable."""
        try:
            with self._pool().connection(timeout=timeout) as conn, _cut_after(conn, self.client_timeout):
                pid = os.getpid()
                if pid not in self._schema_ready:
                    try:
                        ensure_schema(conn)
                        self._schema_ready.add(pid)
                    except psycopg.errors.ReadOnlySqlTransaction:
                        # A read-only database (a standby after a failover, a read-only default):
                        # reads are served if the schema is there; writes answer 503 below, and
                        # the schema is ensured again once the database takes writes.
                        if not schema_is_current(conn):
                            raise
                yield conn
        except PoolTimeout as exc:
            raise StoreUnavailable(f"no PostgreSQL connection within {timeout or self.timeout:g} s") from exc
        except psycopg.errors.UndefinedTable as exc:
            # The database was recreated empty (a failover to a fresh server, a restore gone
            # wrong): this answer is a 503, and the next use creates the schema again.
            self._schema_ready.discard(os.getpid())
            raise StoreUnavailable(
                "PostgreSQL: the schema is missing; creating it again on the next use"
            ) from exc
        except psycopg.errors.ReadOnlySqlTransaction as exc:
            # raised by the write itself, before anything is committed: nothing was written
            raise StoreUnavailable("PostgreSQL is read-only (a standby, or a read-only default)") from exc
        except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
            # QueryCanceled (statement_timeout) and LockNotAvailable (lock_timeout) are
            # OperationalErrors too
            raise StoreUnavailable(f"PostgreSQL: {type(exc).__name__}") from exc

    @staticmethod
    @contextlib.contextmanager
    def _writing(conn: psycopg.Connection) -> Iterator[None]:
        """conn.transaction(), where a connection failing while it commits is in doubt: the
        server may have committed before the answer was lost."""
        committing = False
        try:
            with conn.transaction():
                yield
                committing = True
        except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
            if committing:
                raise StoreUnavailable(
                    f"PostgreSQL while committing: {type(exc).__name__}", in_doubt=True
                ) from exc
            raise

    def ping(self, timeout: float) -> None:
        """One round trip, and the lock a write takes (ROW EXCLUSIVE on events, released at
        once): a node whose writes would wait past the lock timeout is not ready."""
        with self._connection(timeout=timeout) as conn, conn.transaction(force_rollback=True):
            conn.execute("LOCK TABLE events IN ROW EXCLUSIVE MODE")
            # the lock is granted in a read-only transaction too, where every write then fails
            read_only = conn.execute(
                "SELECT pg_is_in_recovery() OR current_setting('transaction_read_only') = 'on'"
            ).fetchone()
            if read_only and read_only[0]:
                raise StoreUnavailable("PostgreSQL is read-only (a standby, or a read-only default)")

    def _read(self, sql: str, params: tuple[object, ...]) -> list[tuple[Any, ...]]:
        if any(isinstance(p, str) and "\x00" in p for p in params):
            # PostgreSQL text cannot hold NUL (it refuses the query), so no row has such a key:
            # an id or key with NUL is simply not found.
            return []
        with self._connection() as conn:
            return conn.execute(sql, params).fetchall()

    @staticmethod
    def _insert_events(conn: psycopg.Connection, events: list[StoredEvent]) -> None:
        if not events:
            return
        with conn.cursor() as cur:
            cur.executemany(
                f"INSERT INTO events ({_EVENT_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s)",
                [
                    (e.game_id, e.version, e.type, Json(e.payload, dumps=_dumps), e.time, e.prev_hash, e.hash)
                    for e in events
                ],
            )

    @staticmethod
    def _lock_events(conn: psycopg.Connection) -> None:
        # EXCLUSIVE blocks other writers (and other EXCLUSIVE lockers) until
        # commit but not readers: positions are taken and committed in the
        # same order. See the module docstring.
        conn.execute("LOCK TABLE events IN EXCLUSIVE MODE")

    # -- EventStore ------------------------------------------------------------

    def create_game(
        self,
        game: GameRecord,
        token_hashes: dict[int, str],
        events: list[StoredEvent],
        sealed: SealedAnswer | None = None,
        creation: CreationKey | None = None,
    ) -> None:
        with self._connection() as conn, self._writing(conn):
            conn.execute(
                "INSERT INTO games (id, ruleset, seed, nonce, deck, created_at, seed_source)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (
                    game.id,
                    game.ruleset,
                    str(game.seed),
                    game.nonce,
                    None if game.deck is None else Json(game.deck, dumps=_dumps),
                    game.created_at,
                    game.seed_source,
                ),
            )
            if token_hashes:
                with conn.cursor() as cur:
                    cur.executemany(
                        "INSERT INTO seat_tokens (token_hash, game_id, seat) VALUES (%s, %s, %s)",
                        [(h, game.id, seat) for seat, h in token_hashes.items()],
                    )
            if events:
                self._lock_events(conn)
                self._insert_events(conn, events)
            if sealed is not None:
                self._insert_sealed(conn, sealed)
            if creation is not None:
                # ON CONFLICT: a unique violation would abort the transaction with the game in it;
                # no row inserted means the same key's other creation came first.
                inserted = conn.execute(
                    "INSERT INTO creations (key_hash, game_id, request_hash, salt, response)"
                    " VALUES (%s, %s, %s, %s, %s) ON CONFLICT (key_hash) DO NOTHING",
                    (
                        creation.key_hash,
                        game.id,
                        creation.request_hash,
                        creation.salt,
                        Json(creation.response, dumps=_dumps),
                    ),
                ).rowcount
                if inserted == 0:
                    raise CreationKeyTaken()

    def creation(self, key_hash: str) -> CreationKey | None:
        rows = self._read(
            "SELECT key_hash, request_hash, game_id, salt, response FROM creations WHERE key_hash = %s",
            (key_hash,),
        )
        return None if not rows else CreationKey(*rows[0])

    def get_game(self, game_id: str) -> GameRecord | None:
        rows = self._read(
            "SELECT id, ruleset, seed, nonce, deck, created_at, seed_source FROM games WHERE id = %s",
            (game_id,),
        )
        if not rows:
            return None
        r = rows[0]
        return GameRecord(r[0], r[1], int(r[2]), r[3], r[4], r[5], r[6] or "client")

    def seat_for_token(self, token_hash: str) -> tuple[str, int] | None:
        rows = self._read("SELECT game_id, seat FROM seat_tokens WHERE token_hash = %s", (token_hash,))
        return None if not rows else (rows[0][0], int(rows[0][1]))

    def load_events(self, game_id: str, after: int = 0, limit: int | None = None) -> list[StoredEvent]:
        rows = self._read(
            f"SELECT {_EVENT_COLUMNS} FROM events WHERE game_id = %s AND version > %s"
            " ORDER BY version LIMIT %s",
            (game_id, after, limit),
        )
        return [StoredEvent(r[0], r[1], r[2], r[3], r[4], r[5], r[6]) for r in rows]

    def head(self, game_id: str) -> tuple[int, str]:
        rows = self._read(
            "SELECT version, hash FROM events WHERE game_id = %s ORDER BY version DESC LIMIT 1", (game_id,)
        )
        return (0, "") if not rows else (rows[0][0], rows[0][1])

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: list[StoredEvent],
        idempotent: IdempotentResponse | None = None,
        sealed_before: int = 0,
    ) -> None:
        with self._connection() as conn:
            current = expected_version
            try:
                with self._writing(conn):
                    self._lock_events(conn)
                    current = self._check_head(conn, game_id, expected_version, sealed_before)
                    self._insert_events(conn, events)
                    if sealed_before:
                        conn.execute("DELETE FROM sealed_answers WHERE game_id = %s", (game_id,))
                    self._insert_idempotent(conn, game_id, idempotent)
            except psycopg.errors.IntegrityError as exc:
                # UNIQUE(game_id, version), an idempotency key or an unknown game; the
                # transaction was rolled back, nothing is written.
                raise VersionConflict(current) from exc

    @staticmethod
    def _check_head(conn: psycopg.Connection, game_id: str, expected_version: int, sealed_before: int) -> int:
        # READ COMMITTED: called after the lock is granted, so it sees every append
        # (and every sealed answer) committed before ours.
        # one round trip for both
        row = conn.execute(
            "SELECT (SELECT MAX(version) FROM events WHERE game_id = %s),"
            " (SELECT COUNT(*) FROM sealed_answers WHERE game_id = %s)",
            (game_id, game_id),
        ).fetchone()
        current = (row[0] if row else None) or 0
        if current != expected_version:
            raise VersionConflict(current)
        sealed = row[1] if row else 0
        if sealed != sealed_before:
            raise SealConflict(f"{sealed} sealed answers, expected {sealed_before}")
        return current

    @staticmethod
    def _insert_idempotent(conn: psycopg.Connection, game_id: str, idem: IdempotentResponse | None) -> None:
        if idem is not None:
            conn.execute(
                "INSERT INTO idempotency (game_id, seat, key, request_hash, response)"
                " VALUES (%s, %s, %s, %s, %s)",
                (
                    game_id,
                    NO_SEAT if idem.seat is None else idem.seat,
                    idem.key,
                    idem.request_hash,
                    Json(idem.response, dumps=_dumps),
                ),
            )

    def seal(
        self, answer: SealedAnswer, sealed_before: int, idempotent: IdempotentResponse | None = None
    ) -> None:
        with self._connection() as conn:
            current = answer.at_version
            try:
                with self._writing(conn):
                    # The same lock as appends: a seal and a settling append never interleave.
                    self._lock_events(conn)
                    current = self._check_head(conn, answer.game_id, answer.at_version, sealed_before)
                    self._insert_sealed(conn, answer)
                    self._insert_idempotent(conn, answer.game_id, idempotent)
            except psycopg.errors.IntegrityError as exc:
                raise VersionConflict(current) from exc

    @staticmethod
    def _insert_sealed(conn: psycopg.Connection, answer: SealedAnswer) -> None:
        conn.execute(
            "INSERT INTO sealed_answers (game_id, at_version, seat, action, time, events)"
            " VALUES (%s, %s, %s, %s, %s, %s)",
            (
                answer.game_id,
                answer.at_version,
                answer.seat,
                answer.action,
                answer.time,
                None if answer.events is None else Json(answer.events, dumps=_dumps),
            ),
        )

    def head_and_sealed(self, game_id: str) -> tuple[tuple[int, str], list[SealedAnswer]]:
        # one statement sees one snapshot (READ COMMITTED takes it per statement)
        rows = self._read(HEAD_AND_SEALED, (game_id, game_id))
        if not rows:
            return (0, ""), []
        answers = [SealedAnswer(r[2], r[3], r[4], r[5], r[6], r[7]) for r in rows if r[2] is not None]
        return (rows[0][0], rows[0][1]), answers

    def sealed_answers(self, game_id: str) -> list[SealedAnswer]:
        rows = self._read(
            "SELECT game_id, at_version, seat, action, time, events FROM sealed_answers"
            " WHERE game_id = %s ORDER BY ordinal",
            (game_id,),
        )
        return [SealedAnswer(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]

    def seed_sources(self, game_ids: list[str]) -> dict[str, str]:
        if not game_ids:
            return {}
        rows = self._read("SELECT id, seed_source FROM games WHERE id = ANY(%s)", (list(game_ids),))
        return {r[0]: r[1] or "client" for r in rows}

    def feed(self, after: int = 0, limit: int = 100) -> list[tuple[int, StoredEvent]]:
        # Positions are committed in order (see _lock_events), so `position > after` skips nothing.
        rows = self._read(
            f"SELECT position, {_EVENT_COLUMNS} FROM events WHERE position > %s ORDER BY position LIMIT %s",
            (after, limit),
        )
        return [(r[0], StoredEvent(r[1], r[2], r[3], r[4], r[5], r[6], r[7])) for r in rows]

    def stale_games(
        self, finished_before: str | None, idle_before: str | None
    ) -> tuple[list[str], list[str]]:
        finished = [] if finished_before is None else self._read(FINISHED_BEFORE_SQL, (finished_before,))
        idle = [] if idle_before is None else self._read(IDLE_BEFORE_SQL, (idle_before,))
        return [r[0] for r in finished], [r[0] for r in idle]

    def delete_games(self, game_ids: list[str]) -> int:
        if not game_ids:
            return 0
        with self._connection() as conn, self._writing(conn):
            self._lock_events(conn)  # as appends: an action racing it waits, then finds no game
            for table in GAME_TABLES:
                conn.execute(f"DELETE FROM {table} WHERE game_id = ANY(%s)", (list(game_ids),))
            deleted = conn.execute("DELETE FROM games WHERE id = ANY(%s)", (list(game_ids),)).rowcount
        return deleted

    def finished_games(self, game_ids: list[str]) -> set[str]:
        if not game_ids:
            return set()
        rows = self._read(
            "SELECT DISTINCT game_id FROM events WHERE type = 'game_finished' AND game_id = ANY(%s)",
            (list(game_ids),),
        )
        return {r[0] for r in rows}

    def idempotent_response(
        self, game_id: str, key: str, seat: int | None = None
    ) -> IdempotentResponse | None:
        rows = self._read(
            "SELECT key, request_hash, response FROM idempotency"
            " WHERE game_id = %s AND seat = %s AND key = %s",
            (game_id, NO_SEAT if seat is None else seat, key),
        )
        return None if not rows else IdempotentResponse(rows[0][0], rows[0][1], rows[0][2], seat)

    def close(self) -> None:
        pool = self._pools.pop(os.getpid(), None)
        self._schema_ready.discard(os.getpid())
        if pool is not None:
            pool.close()


def main(argv: list[str]) -> int:
    usage = "usage: python -m store.postgres init [postgresql://URL]  (default: $DATABASE_URL)"
    if not argv or argv[0] != "init" or len(argv) > 2:
        print(usage, file=sys.stderr)
        return 2
    url = argv[1] if len(argv) == 2 else os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgresql://", "postgres://")):
        print(usage, file=sys.stderr)
        return 2
    # as the service's own connections: a database that does not answer is said within
    # PG_CONNECT_TIMEOUT seconds, not after the system's TCP timeout (some two minutes)
    timeout = env_number("PG_CONNECT_TIMEOUT", 2, 1)
    try:
        with psycopg.connect(url, autocommit=True, connect_timeout=max(1, round(timeout))) as conn:
            ensure_schema(conn)
            info = conn.info
            print(f"schema ready: database {info.dbname} on {info.host}:{info.port}")
    except psycopg.OperationalError as exc:
        # the server's own words, which name neither the URL nor its password
        print(f"schema not created: PostgreSQL did not accept the connection: {exc}".strip(), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
