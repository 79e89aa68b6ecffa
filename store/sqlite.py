"""Event store on stdlib sqlite3: WAL, busy timeout, BEGIN IMMEDIATE, UNIQUE(game_id, version).

Durability: journal_mode=WAL with synchronous=FULL, so a committed append
survives a process crash and a power loss (the WAL is fsynced at each commit).
Each thread gets its own connection; gunicorn workers are separate processes
and share nothing but the file.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import threading
import time
import urllib.parse
from collections.abc import Callable
from typing import Any, TypeVar

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
)

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    ruleset TEXT NOT NULL,
    seed TEXT NOT NULL,
    nonce TEXT NOT NULL,
    deck TEXT,
    created_at TEXT NOT NULL,
    seed_source TEXT
);
CREATE TABLE IF NOT EXISTS seat_tokens (
    token_hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id TEXT NOT NULL REFERENCES games(id),
    version INTEGER NOT NULL,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
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
    response TEXT NOT NULL,
    PRIMARY KEY (game_id, seat, key)
);
CREATE TABLE IF NOT EXISTS sealed_answers (
    ordinal INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id TEXT NOT NULL REFERENCES games(id),
    at_version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    time TEXT NOT NULL,
    events TEXT
);
CREATE TABLE IF NOT EXISTS creations (
    key_hash TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id),
    request_hash TEXT NOT NULL,
    salt TEXT NOT NULL,
    response TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sealed_answers_game_id ON sealed_answers (game_id);
CREATE INDEX IF NOT EXISTS creations_game_id ON creations (game_id);
"""
# Columns added after the first release: (table, column, definition) for ALTER TABLE.
MIGRATIONS = (("games", "seed_source", "TEXT"), ("sealed_answers", "events", "TEXT"))
NO_SEAT = -1  # the seat column of a key kept without a seat
# A node whose database's disk has less free space is not ready (`ping`): SQLite finds a full
# disk only when it commits, and then every write fails. Some megabytes are thousands of moves.
MIN_FREE_BYTES = 16 * 1024 * 1024
SQLITE_IOERR = 10  # the primary result code of every extended I/O error (sqlite3.h)


class SqliteStore(EventStore):
    kind = "sqlite"

    # A write waits this long for the write lock, then answers 503: within the 5 s a client
    # of a store that is down is promised an answer (docs/guarantees.md §7). The service's own
    # writes hold it for milliseconds.
    def __init__(self, path: str, busy_timeout_ms: int = 4_000):
        self.path = path
        self.location = path if path == ":memory:" else os.path.abspath(path)
        self.busy_timeout_ms = busy_timeout_ms
        if path != ":memory:":
            os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self._local = threading.local()
        self._inode: int | None = None  # set once the schema is in place
        # One thread of this process at a time asks SQLite for the write lock (`_write`).
        self._writers = threading.Lock()
        # Read first: a store whose schema is current needs no write lock to open, so a worker
        # (re)started while a backup holds that lock serves reads and answers writes 503, as
        # every worker already running does, instead of failing to boot (and gunicorn, seeing a
        # worker fail to boot, stopping the whole server).
        if not self._schema_is_current(self._connect()):
            self._write(self._create_schema)
        # The file this store writes to, to tell when it is moved or replaced (`_check_same_file`).
        self._inode = None if path == ":memory:" else os.stat(self.location).st_ino

    @staticmethod
    def _schema_is_current(conn: sqlite3.Connection) -> bool:
        """Whether every table and index of SCHEMA and every migration is in place already."""
        present = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        if not set(re.findall(r"CREATE (?:TABLE|INDEX) IF NOT EXISTS (\w+)", SCHEMA)) <= present:
            return False
        for table, column, _definition in (*MIGRATIONS, ("idempotency", "seat", "")):
            if column not in {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}:
                return False
        sealed = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'sealed_answers'").fetchone()
        return "UNIQUE" not in sealed[0]

    @staticmethod
    def _create_schema(conn: sqlite3.Connection) -> None:
        SqliteStore._migrate_idempotency(conn)
        SqliteStore._migrate_sealed_answers(conn)
        for stmt in SCHEMA.split(";"):
            if stmt.strip():
                conn.execute(stmt)
        for table, column, definition in MIGRATIONS:
            columns = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
            if column not in columns:
                conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")

    @staticmethod
    def _migrate_idempotency(conn: sqlite3.Connection) -> None:
        """Keys were once per game; now per (game, seat). Rebuild an old table, taking each
        kept response's seat from the view it holds."""
        columns = {row[1] for row in conn.execute("PRAGMA table_info(idempotency)")}
        if not columns or "seat" in columns:
            return
        SqliteStore._rebuild(
            conn,
            "idempotency",
            "game_id, seat, key, request_hash, response",
            "game_id, COALESCE(json_extract(response, '$.view.seat'), -1), key, request_hash, response",
        )

    @staticmethod
    def _migrate_sealed_answers(conn: sqlite3.Connection) -> None:
        """Sealed answers were once one per seat; a lone person now holds several decisions
        (service/lone_person.py). SQLite cannot drop a UNIQUE constraint: rebuild the table."""
        row = conn.execute(
            "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'sealed_answers'"
        ).fetchone()
        if row is None or "UNIQUE" not in row[0]:
            return
        SqliteStore._rebuild(
            conn,
            "sealed_answers",
            "ordinal, game_id, at_version, seat, action, time",
            "ordinal, game_id, at_version, seat, action, time",
        )

    @staticmethod
    def _rebuild(conn: sqlite3.Connection, table: str, columns: str, selected: str) -> None:
        """Recreate `table` as SCHEMA defines it now, its rows kept (`selected` from the old table
        into `columns`): SQLite cannot change a table's keys or constraints in place."""
        conn.execute(f"ALTER TABLE {table} RENAME TO {table}_before")
        conn.execute(SCHEMA[SCHEMA.index(f"CREATE TABLE IF NOT EXISTS {table} ") :].split(";")[0])
        conn.execute(f"INSERT INTO {table} ({columns}) SELECT {selected} FROM {table}_before")
        conn.execute(f"DROP TABLE {table}_before")

    def _connect(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            # isolation_level=None: we issue BEGIN IMMEDIATE ourselves.
            conn = sqlite3.connect(self.path, isolation_level=None, timeout=self.busy_timeout_ms / 1000)
            conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
            self._until_unlocked(lambda: conn.execute("PRAGMA journal_mode = WAL"))
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            self._local.conn = conn
        return conn

    def _until_unlocked(self, fn: Callable[[], T]) -> T:
        """Retry `fn` while SQLite reports the database locked, up to the busy timeout.

        Switching a new file to WAL takes an exclusive lock and does not wait on the busy
        handler, so workers that boot together on a fresh file (gunicorn -w 2) can get
        "database is locked" at once; they wait their turn here instead.
        """
        deadline = time.monotonic() + self.busy_timeout_ms / 1000
        while True:
            try:
                return fn()
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    def _write(self, fn: Callable[[sqlite3.Connection], object]) -> None:
        self._check_same_file()
        conn = self._connect()
        # The threads of one process queue here, and one of them at a time asks SQLite: SQLite's
        # busy handler sleeps ever longer between tries and keeps no queue, so with a worker's 16
        # threads writing at once some starved past the busy timeout (a 503 under the service's
        # own load). Queueing and SQLite's own wait share the one busy timeout.
        deadline = time.monotonic() + self.busy_timeout_ms / 1000
        if not self._writers.acquire(timeout=self.busy_timeout_ms / 1000):
            raise StoreUnavailable(
                f"SQLite database {self.path}: this process's writes queued past the busy timeout"
            )
        try:
            left_ms = max(1, int((deadline - time.monotonic()) * 1000))
            conn.execute(f"PRAGMA busy_timeout = {left_ms}")
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                # Another process (a worker, a backup, a VACUUM, a sqlite3 shell) has held the
                # write lock past the busy timeout: nothing was written; a retry may succeed.
                if "locked" in str(exc) or "busy" in str(exc):
                    raise StoreUnavailable(
                        f"SQLite database {self.path}: write lock held elsewhere: {exc}"
                    ) from exc
                self._abandon(conn)  # a read-only connection, say: the next write opens another
                raise StoreUnavailable(f"SQLite database {self.path}: cannot write: {exc}") from exc
            try:
                fn(conn)
            except sqlite3.OperationalError as exc:
                # The file turned read-only, the disk is full, an I/O error: nothing was
                # written (the transaction is rolled back), and a retry may succeed once the
                # operator has made room.
                self._abandon(conn)
                raise StoreUnavailable(f"SQLite database {self.path}: cannot write: {exc}") from exc
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            try:
                conn.execute("COMMIT")
            except sqlite3.OperationalError as exc:
                # A COMMIT that fails with the transaction still open wrote nothing, nor does
                # one on a full disk (SQLite rolls it back); an I/O error may come after the
                # commit's frame reached the WAL, which the next open replays: in doubt.
                in_doubt = (exc.sqlite_errorcode & 0xFF) == SQLITE_IOERR and not conn.in_transaction
                self._abandon(conn)
                raise StoreUnavailable(
                    f"SQLite database {self.path}: the commit failed: {exc}", in_doubt=in_doubt
                ) from exc
        finally:
            self._writers.release()

    def _check_same_file(self) -> None:
        """StoreUnavailable when the file at the store's path is no longer the one it opened: moved
        or replaced under the running store, whose connections still write to the one moved
        away, a write acknowledged now would be lost to the next start."""
        if self._inode is None:
            return
        try:
            same = os.stat(self.location).st_ino == self._inode
        except FileNotFoundError:
            same = False
        if not same:
            raise StoreUnavailable(f"SQLite database {self.path}: the file was moved, replaced or removed")

    def _abandon(self, conn: sqlite3.Connection) -> None:
        """Roll back what `conn` holds and drop it: a connection that met a read-only file stays
        read-only after the file is writable again, so this thread opens a new one next time."""
        try:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # the connection is dropped anyway, and SQLite rolls back what it held
        finally:
            conn.close()
            if getattr(self._local, "conn", None) is conn:
                self._local.conn = None

    @staticmethod
    def _insert_events(conn: sqlite3.Connection, events: list[StoredEvent]) -> None:
        conn.executemany(
            "INSERT INTO events (game_id, version, type, payload, time, prev_hash, hash)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    e.game_id,
                    e.version,
                    e.type,
                    json.dumps(e.payload, separators=(",", ":")),
                    e.time,
                    e.prev_hash,
                    e.hash,
                )
                for e in events
            ],
        )

    def create_game(
        self,
        game: GameRecord,
        token_hashes: dict[int, str],
        events: list[StoredEvent],
        sealed: SealedAnswer | None = None,
        creation: CreationKey | None = None,
    ) -> None:
        def tx(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT INTO games (id, ruleset, seed, nonce, deck, created_at, seed_source)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game.id,
                    game.ruleset,
                    str(game.seed),
                    game.nonce,
                    None if game.deck is None else json.dumps(game.deck),
                    game.created_at,
                    game.seed_source,
                ),
            )
            conn.executemany(
                "INSERT INTO seat_tokens (token_hash, game_id, seat) VALUES (?, ?, ?)",
                [(h, game.id, seat) for seat, h in token_hashes.items()],
            )
            self._insert_events(conn, events)
            if sealed is not None:
                self._insert_sealed(conn, sealed)
            if creation is not None:
                try:
                    conn.execute(
                        "INSERT INTO creations (key_hash, game_id, request_hash, salt, response)"
                        " VALUES (?, ?, ?, ?, ?)",
                        (
                            creation.key_hash,
                            game.id,
                            creation.request_hash,
                            creation.salt,
                            json.dumps(creation.response),
                        ),
                    )
                except sqlite3.IntegrityError as exc:  # the same key's other creation came first
                    raise CreationKeyTaken() from exc

        self._write(tx)

    def _row(self, sql: str, params: tuple[object, ...]) -> tuple[Any, ...] | None:
        """The first row a read finds, or None."""
        row: tuple[Any, ...] | None = self._connect().execute(sql, params).fetchone()
        return row

    def creation(self, key_hash: str) -> CreationKey | None:
        row = self._row(
            "SELECT key_hash, request_hash, game_id, salt, response FROM creations WHERE key_hash = ?",
            (key_hash,),
        )
        return None if row is None else CreationKey(row[0], row[1], row[2], row[3], json.loads(row[4]))

    def get_game(self, game_id: str) -> GameRecord | None:
        row = self._row(
            "SELECT id, ruleset, seed, nonce, deck, created_at, seed_source FROM games WHERE id = ?",
            (game_id,),
        )
        if row is None:
            return None
        deck = None if row[4] is None else json.loads(row[4])
        return GameRecord(row[0], row[1], int(row[2]), row[3], deck, row[5], row[6] or "client")

    def seat_for_token(self, token_hash: str) -> tuple[str, int] | None:
        row = (
            self._connect()
            .execute("SELECT game_id, seat FROM seat_tokens WHERE token_hash = ?", (token_hash,))
            .fetchone()
        )
        return None if row is None else (row[0], int(row[1]))

    def load_events(self, game_id: str, after: int = 0, limit: int | None = None) -> list[StoredEvent]:
        rows = (
            self._connect()
            .execute(
                "SELECT game_id, version, type, payload, time, prev_hash, hash FROM events"
                " WHERE game_id = ? AND version > ? ORDER BY version LIMIT ?",
                (game_id, after, -1 if limit is None else limit),
            )
            .fetchall()
        )
        return [StoredEvent(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5], r[6]) for r in rows]

    def head(self, game_id: str) -> tuple[int, str]:
        row = (
            self._connect()
            .execute(
                "SELECT version, hash FROM events WHERE game_id = ? ORDER BY version DESC LIMIT 1", (game_id,)
            )
            .fetchone()
        )
        return (0, "") if row is None else (row[0], row[1])

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: list[StoredEvent],
        idempotent: IdempotentResponse | None = None,
        sealed_before: int = 0,
    ) -> None:
        def tx(conn: sqlite3.Connection) -> None:
            current = self._check_head(conn, game_id, expected_version, sealed_before)
            try:
                self._insert_events(conn, events)
                if sealed_before:
                    conn.execute("DELETE FROM sealed_answers WHERE game_id = ?", (game_id,))
                self._insert_idempotent(conn, game_id, idempotent)
            except sqlite3.IntegrityError as exc:  # UNIQUE(game_id, version) or a key raced us
                raise VersionConflict(current) from exc

        self._write(tx)

    @staticmethod
    def _check_head(conn: sqlite3.Connection, game_id: str, expected_version: int, sealed_before: int) -> int:
        row = conn.execute("SELECT MAX(version) FROM events WHERE game_id = ?", (game_id,)).fetchone()
        current = row[0] or 0
        if current != expected_version:
            raise VersionConflict(current)
        (sealed,) = conn.execute(
            "SELECT COUNT(*) FROM sealed_answers WHERE game_id = ?", (game_id,)
        ).fetchone()
        if sealed != sealed_before:
            raise SealConflict(f"{sealed} sealed answers, expected {sealed_before}")
        return current

    @staticmethod
    def _insert_idempotent(conn: sqlite3.Connection, game_id: str, idem: IdempotentResponse | None) -> None:
        if idem is not None:
            conn.execute(
                "INSERT INTO idempotency (game_id, seat, key, request_hash, response) VALUES (?, ?, ?, ?, ?)",
                (
                    game_id,
                    NO_SEAT if idem.seat is None else idem.seat,
                    idem.key,
                    idem.request_hash,
                    json.dumps(idem.response),
                ),
            )

    def idempotent_response(
        self, game_id: str, key: str, seat: int | None = None
    ) -> IdempotentResponse | None:
        row = self._row(
            "SELECT key, request_hash, response FROM idempotency WHERE game_id = ? AND seat = ? AND key = ?",
            (game_id, NO_SEAT if seat is None else seat, key),
        )
        return None if row is None else IdempotentResponse(row[0], row[1], json.loads(row[2]), seat)

    def seal(
        self, answer: SealedAnswer, sealed_before: int, idempotent: IdempotentResponse | None = None
    ) -> None:
        def tx(conn: sqlite3.Connection) -> None:
            current = self._check_head(conn, answer.game_id, answer.at_version, sealed_before)
            try:
                self._insert_sealed(conn, answer)
                self._insert_idempotent(conn, answer.game_id, idempotent)
            except sqlite3.IntegrityError as exc:
                raise VersionConflict(current) from exc

        self._write(tx)

    @staticmethod
    def _insert_sealed(conn: sqlite3.Connection, answer: SealedAnswer) -> None:
        conn.execute(
            "INSERT INTO sealed_answers (game_id, at_version, seat, action, time, events) VALUES (?, ?, ?, ?, ?, ?)",
            (
                answer.game_id,
                answer.at_version,
                answer.seat,
                answer.action,
                answer.time,
                None if answer.events is None else json.dumps(answer.events),
            ),
        )

    def head_and_sealed(self, game_id: str) -> tuple[tuple[int, str], list[SealedAnswer]]:
        # one statement reads one snapshot of the database (WAL)
        rows = self._connect().execute(HEAD_AND_SEALED.replace("%s", "?"), (game_id, game_id)).fetchall()
        if not rows:
            return (0, ""), []
        answers = [
            SealedAnswer(r[2], r[3], r[4], r[5], r[6], None if r[7] is None else json.loads(r[7]))
            for r in rows
            if r[2] is not None
        ]
        return (rows[0][0], rows[0][1]), answers

    def sealed_answers(self, game_id: str) -> list[SealedAnswer]:
        rows = (
            self._connect()
            .execute(
                "SELECT game_id, at_version, seat, action, time, events FROM sealed_answers"
                " WHERE game_id = ? ORDER BY ordinal",
                (game_id,),
            )
            .fetchall()
        )
        return [
            SealedAnswer(r[0], r[1], r[2], r[3], r[4], None if r[5] is None else json.loads(r[5]))
            for r in rows
        ]

    def seed_sources(self, game_ids: list[str]) -> dict[str, str]:
        if not game_ids:
            return {}
        marks = ",".join("?" * len(game_ids))
        rows = (
            self._connect()
            .execute(f"SELECT id, seed_source FROM games WHERE id IN ({marks})", list(game_ids))
            .fetchall()
        )
        return {r[0]: r[1] or "client" for r in rows}

    def feed(self, after: int = 0, limit: int = 100) -> list[tuple[int, StoredEvent]]:
        # Writers are serialised by BEGIN IMMEDIATE, so AUTOINCREMENT positions follow commit order.
        rows = (
            self._connect()
            .execute(
                "SELECT position, game_id, version, type, payload, time, prev_hash, hash FROM events"
                " WHERE position > ? ORDER BY position LIMIT ?",
                (after, limit),
            )
            .fetchall()
        )
        return [(r[0], StoredEvent(r[1], r[2], r[3], json.loads(r[4]), r[5], r[6], r[7])) for r in rows]

    def stale_games(
        self, finished_before: str | None, idle_before: str | None
    ) -> tuple[list[str], list[str]]:
        conn = self._connect()
        finished = (
            []
            if finished_before is None
            else conn.execute(FINISHED_BEFORE_SQL.replace("%s", "?"), (finished_before,)).fetchall()
        )
        idle = (
            []
            if idle_before is None
            else conn.execute(IDLE_BEFORE_SQL.replace("%s", "?"), (idle_before,)).fetchall()
        )
        return [r[0] for r in finished], [r[0] for r in idle]

    def delete_games(self, game_ids: list[str]) -> int:
        deleted = 0

        def tx(conn: sqlite3.Connection) -> None:
            nonlocal deleted
            for start in range(0, len(game_ids), 500):  # SQLite's bound on ? in one statement
                chunk = game_ids[start : start + 500]
                marks = ",".join("?" * len(chunk))
                for table in GAME_TABLES:
                    conn.execute(f"DELETE FROM {table} WHERE game_id IN ({marks})", chunk)
                deleted += conn.execute(f"DELETE FROM games WHERE id IN ({marks})", chunk).rowcount

        if game_ids:
            self._write(tx)
        return deleted

    def finished_games(self, game_ids: list[str]) -> set[str]:
        if not game_ids:
            return set()
        marks = ",".join("?" * len(game_ids))
        rows = (
            self._connect()
            .execute(
                f"SELECT DISTINCT game_id FROM events WHERE type = 'game_finished' AND game_id IN ({marks})",
                list(game_ids),
            )
            .fetchall()
        )
        return {r[0] for r in rows}

    def ping(self, timeout: float) -> None:
        # Readers never wait on a writer in WAL mode, so one read answers at once or fails. A
        # write waits for the write lock: ready only if it can be had within `timeout` (taken
        # and given back at once, on a connection of its own). The lock alone proves no write
        # possible: a read-only file grants it too, so the probe writes (the schema's version,
        # unchanged) and rolls back; a full disk only shows at commit, so its free space is read.
        if self.path == ":memory:":
            return
        self._check_same_file()
        free = shutil.disk_usage(os.path.dirname(self.location)).free
        if free < MIN_FREE_BYTES:
            raise StoreUnavailable(
                f"SQLite database {self.path}: {free} bytes free on its disk, fewer than {MIN_FREE_BYTES}"
            )
        try:
            self._connect().execute("SELECT 1 FROM games LIMIT 1").fetchall()
            # mode=rw: the probe never creates the file it checks
            probe = sqlite3.connect(
                f"file:{urllib.parse.quote(self.location)}?mode=rw",
                uri=True,
                isolation_level=None,
                timeout=timeout,
            )
            try:
                probe.execute("BEGIN IMMEDIATE")
                version = probe.execute("PRAGMA user_version").fetchone()[0]
                probe.execute(f"PRAGMA user_version = {int(version)}")
                probe.execute("ROLLBACK")
            finally:
                probe.close()
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"SQLite database {self.path}: {exc}") from exc

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None
