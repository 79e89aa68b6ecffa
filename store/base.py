"""The event-store interface shared by the SQLite and PostgreSQL adapters.

A game is its secret seed (plus an optional custom deck) and an ordered,
hash-chained stream of events. `UNIQUE(game_id, version)` is the
optimistic-concurrency guard: two writers that read the same version cannot
both append.
"""

from __future__ import annotations

import abc
import os
from dataclasses import dataclass
from typing import Any

# `head_and_sealed` in one statement, in either store's SQL (`%s` the placeholder): the head as
# the first two columns of every row, each sealed answer in the rest, in the order kept (one row
# of NULLs after the head when there is none; no row for a game without events).
HEAD_AND_SEALED = (
    "SELECT head.version, head.hash, s.game_id, s.at_version, s.seat, s.action, s.time, s.events"
    " FROM (SELECT version, hash FROM events WHERE game_id = %s ORDER BY version DESC LIMIT 1) AS head"
    " LEFT JOIN sealed_answers AS s ON s.game_id = %s ORDER BY s.ordinal"
)


@dataclass(frozen=True)
class GameRecord:
    id: str
    ruleset: str
    seed: int  # secret until the game is finished
    nonce: str  # random salt of the seed commitment, secret until finished
    deck: list[str] | None  # custom deck, secret until finished
    created_at: str
    # "server" (drawn by the service from `secrets`) or "client" (chosen by whoever created the
    # game, who may then know every hand); a game stored before this was recorded counts as
    # "client", the claim that promises less.
    seed_source: str = "client"


@dataclass(frozen=True)
class StoredEvent:
    game_id: str
    version: int
    type: str
    payload: dict[str, Any]
    time: str
    prev_hash: str
    hash: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "type": self.type,
            "payload": self.payload,
            "time": self.time,
            "prev_hash": self.prev_hash,
            "hash": self.hash,
        }


@dataclass(frozen=True)
class IdempotentResponse:
    """The response of an acknowledged request, kept under its Idempotency-Key.

    Keys belong to one seat of one game: another seat's identical key is another request.
    """

    key: str
    request_hash: str
    response: dict[str, Any]
    seat: int | None = None


@dataclass(frozen=True)
class SealedAnswer:
    """A person's decision, acknowledged but not yet in the log.

    With several people: an answer to an open claim window. While other people still have
    to answer, an answer is kept here, durably, instead of being appended: an appended event
    would tell everyone (by its version number alone) that this seat has answered. The
    window's answers enter the log together, in the window's recording order, when the last
    one arrives.

    With one person: each of that person's decisions since the log's head, in order, until one
    reaches a point the log may grow to (service/lone_person.py); then everything they led to
    enters the log together.
    """

    game_id: str
    at_version: int  # the log's head when it was kept; the log does not move while any is sealed
    seat: int
    action: str
    time: str
    # A lone person's decision: the events it led to ({"type", "payload"} each: the decision, the
    # AI seats' and automatic ones after it, their consequences), as the person was shown them,
    # so the person's table and, later, the log hold exactly these. None for a window answer.
    events: list[dict[str, Any]] | None = None


@dataclass(frozen=True)
class CreationKey:
    """A game creation kept under its Idempotency-Key, so that a retry is answered with the same
    game instead of dealing another.

    The key is kept only as its SHA-256 hash; the seat tokens are not kept at all (the store
    holds their hashes alone): they are derived from the key and `salt`, so a retry bearing the
    key gets them again and the rows without the key give nobody a seat."""

    key_hash: str
    request_hash: str
    game_id: str
    salt: str
    response: dict[str, Any]  # the creation's answer without the seat tokens


class VersionConflict(Exception):
    """Another request appended first: the caller's expected version is stale."""

    def __init__(self, current_version: int):
        super().__init__(f"stale version; current version is {current_version}")
        self.current_version = current_version


class CreationKeyTaken(Exception):
    """Another creation with the same Idempotency-Key was stored first (nothing was written)."""


class SealConflict(Exception):
    """Another answer was sealed (or the window settled) since the caller looked: reload and retry."""


class StoreUnavailable(Exception):
    """The store cannot be reached or did not answer in time (database down, pool exhausted,
    a lock or statement past its timeout). Retrying later may succeed.

    Nothing was written by the call that raised it, unless `in_doubt`: the connection failed
    while the store was committing a write, so whether it was recorded is unknown."""

    def __init__(self, message: str, in_doubt: bool = False):
        super().__init__(message)
        self.in_doubt = in_doubt


def env_number(name: str, default: float, minimum: float, integer: bool = False) -> float:
    """A numeric setting from the environment, refused at start-up with its name when it is
    not a number or below `minimum` (a pool of 0 connections, a negative timeout)."""
    raw = os.environ.get(name, "").strip() or str(default)
    try:
        value = int(raw) if integer else float(raw)
    except ValueError:
        raise ValueError(f"{name}={raw!r} is not {'a whole number' if integer else 'a number'}") from None
    if not value >= minimum:  # NaN fails too
        raise ValueError(f"{name}={raw!r} must be at least {minimum:g}")
    return value


class EventStore(abc.ABC):
    kind: str  # "sqlite" | "postgresql"
    # where the games are, for an operator's log: a file's absolute path, or a server's
    # host:port/database (never a user or a password)
    location: str

    @abc.abstractmethod
    def ping(self, timeout: float) -> None:
        """One round trip to the store within `timeout` seconds; raises StoreUnavailable otherwise."""

    @abc.abstractmethod
    def create_game(
        self,
        game: GameRecord,
        token_hashes: dict[int, str],
        events: list[StoredEvent],
        sealed: SealedAnswer | None = None,
        creation: CreationKey | None = None,
    ) -> None:
        """Store a new game, its seat-token hashes and its first events atomically (and, for a
        game with one person whose deal is logged alone, what the AI seats played after it:
        `sealed`, kept as a sealed answer; and the creation's Idempotency-Key, `creation`).

        Raises CreationKeyTaken, writing nothing, when `creation`'s key is stored already."""

    @abc.abstractmethod
    def creation(self, key_hash: str) -> CreationKey | None:
        """The creation kept under this Idempotency-Key hash, or None."""

    @abc.abstractmethod
    def get_game(self, game_id: str) -> GameRecord | None: ...

    @abc.abstractmethod
    def seat_for_token(self, token_hash: str) -> tuple[str, int] | None:
        """(game id, seat) of a token hash, or None."""

    @abc.abstractmethod
    def load_events(self, game_id: str, after: int = 0, limit: int | None = None) -> list[StoredEvent]:
        """Events with version > after, in version order."""

    @abc.abstractmethod
    def head(self, game_id: str) -> tuple[int, str]:
        """(last version, its hash); (0, "") for a game with no events."""

    @abc.abstractmethod
    def append(
        self,
        game_id: str,
        expected_version: int,
        events: list[StoredEvent],
        idempotent: IdempotentResponse | None = None,
        sealed_before: int = 0,
    ) -> None:
        """Append events in one transaction if the stream is still at expected_version.

        Raises VersionConflict otherwise (nothing is written). `idempotent`, when
        given, is stored in the same transaction. The game's sealed answers, which
        must number `sealed_before` (else SealConflict), are deleted in the same
        transaction: the events appended now carry them.
        """

    @abc.abstractmethod
    def idempotent_response(
        self, game_id: str, key: str, seat: int | None = None
    ) -> IdempotentResponse | None:
        """The response kept under (game, seat, key), or None."""

    @abc.abstractmethod
    def seal(
        self, answer: SealedAnswer, sealed_before: int, idempotent: IdempotentResponse | None = None
    ) -> None:
        """Keep `answer` in one transaction if the stream is still at `answer.at_version`
        (else VersionConflict) and the game holds exactly `sealed_before` sealed answers
        (else SealConflict). Nothing is written on a conflict."""

    @abc.abstractmethod
    def sealed_answers(self, game_id: str) -> list[SealedAnswer]:
        """The game's sealed answers, in the order they were kept."""

    @abc.abstractmethod
    def head_and_sealed(self, game_id: str) -> tuple[tuple[int, str], list[SealedAnswer]]:
        """`head` and `sealed_answers` read together, in one statement: no append or seal comes
        between them (an append that settles a window deletes the answers the head expects)."""

    @abc.abstractmethod
    def seed_sources(self, game_ids: list[str]) -> dict[str, str]:
        """`seed_source` of each of `game_ids` that exists."""

    @abc.abstractmethod
    def feed(self, after: int = 0, limit: int = 100) -> list[tuple[int, StoredEvent]]:
        """Events of every game with global position > after, as (position, event), in
        position order. Positions are assigned in commit order, so a reader that follows
        `after = last position seen` never skips an event."""

    @abc.abstractmethod
    def finished_games(self, game_ids: list[str]) -> set[str]:
        """Those of `game_ids` that have a game_finished event."""

    @abc.abstractmethod
    def stale_games(
        self, finished_before: str | None, idle_before: str | None
    ) -> tuple[list[str], list[str]]:
        """(the games whose game_finished event is older than `finished_before`, the games with
        none whose last event is older than `idle_before`), each in id order; the times are
        events' `time` strings (ISO 8601, UTC, `Z`), compared as such; None: none of that kind."""

    @abc.abstractmethod
    def delete_games(self, game_ids: list[str]) -> int:
        """Delete these games with everything stored of them (events, seat tokens, idempotent
        answers, creation keys, sealed answers) in one write, under the appends' lock: an action racing it finds
        no game. The number of games deleted."""

    def close(self) -> None:  # noqa: B027 - optional hook
        pass


# Both stores' queries for `stale_games` (as HEAD_AND_SEALED: SQLite's store swaps `?` in for `%s`).
FINISHED_BEFORE_SQL = "SELECT game_id FROM events WHERE type = 'game_finished' AND time < %s ORDER BY game_id"
IDLE_BEFORE_SQL = (
    "SELECT game_id FROM events GROUP BY game_id"
    " HAVING MAX(time) < %s AND SUM(CASE WHEN type = 'game_finished' THEN 1 ELSE 0 END) = 0"
    " ORDER BY game_id"
)
# The tables holding a game's rows by `game_id`, deleted before the game's own row (in `games`,
# by `id`), which they refer to.
GAME_TABLES = ("sealed_answers", "idempotency", "creations", "seat_tokens", "events")

DEFAULT_SQLITE_PATH = os.path.join("var", "cardgames.sqlite3")


def check_database_url(database_url: str | None) -> None:
    """DATABASE_URL (and a PostgreSQL store's PG_* settings) as `open_store` reads them, without
    opening anything: ValueError naming the variable when one cannot be used."""
    url = database_url or f"sqlite:///{DEFAULT_SQLITE_PATH}"
    if url.startswith(("postgresql://", "postgres://")):
        from store.postgres import PostgresStore

        PostgresStore(url)  # reads the settings; its pool connects on first use only
    elif not url.startswith("sqlite:///"):
        raise ValueError(f"unsupported DATABASE_URL: {url.split(':', 1)[0]}:…")


def open_store(database_url: str | None = None) -> EventStore:
    """Open the store named by DATABASE_URL: `sqlite:///path`, `postgresql://...`.

    Default: a SQLite file under the git-ignored `var/` folder.
    """
    url = database_url or os.environ.get("DATABASE_URL") or f"sqlite:///{DEFAULT_SQLITE_PATH}"
    if url.startswith(("postgresql://", "postgres://")):
        from store.postgres import PostgresStore

        return PostgresStore(url)
    if url.startswith("sqlite:///"):
        from store.sqlite import SqliteStore

        return SqliteStore(url[len("sqlite:///") :])
    raise ValueError(f"unsupported DATABASE_URL: {url.split(':', 1)[0]}:…")
