"""One game's event stream: loading it (with a per-worker cache) and the unit of work
that writes to it.

A game is its record (secret seed, nonce, custom deck), its hash-chained events and,
while a claim window waits for several people, the answers already given to that
window ("sealed": kept durably but not yet in the log, see `store.base.SealedAnswer`).
The state folded from the events is the *log state*; the state a seat plays on is the
log state with the sealed answers applied (`GameStream.current_state`). In a game with exactly
one person, the sealed answers are that person's decisions since the log's head, and the person
plays on a table beyond the log derived from them (`HeldTable`, service/lone_person.py), which
only that person reads (`GameStream.state_for`).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from domain.base import DomainError, Ruleset, State
from service.chain import event_hash
from service.errors import NotFound, StoredLogInvalid
from service.i18n import N_
from service.observer import ServiceObserver
from service.replay import new_state
from store.base import EventStore, GameRecord, IdempotentResponse, SealedAnswer, StoredEvent


@dataclass
class HeldTable:
    """The lone person's table beyond the log: the state after the person's held decisions and
    everything they led to, and the events that will enter the log when it is published."""

    state: State
    events: list[StoredEvent]
    version: int  # the version of the last held event (the log's head when none is held)
    head_hash: str
    # Whether one of the held decisions was one the person had to make (passing no choice):
    # service/lone_person.py `may_be_published`.
    person_decided: bool = False


@dataclass
class GameStream:
    """A game folded from its events, at `version` (the log's head)."""

    record: GameRecord
    created: dict[str, Any]  # the game_created payload: ruleset, options, seats, ...
    ruleset: Ruleset
    state: State  # the log state: every logged event applied, no sealed answer
    version: int
    head_hash: str
    finished: bool
    sealed: list[SealedAnswer] = field(default_factory=list)
    # The hash of the game_created event: it holds nothing secret, so every view shows it, and an
    # export of this game must begin with it (a reader keeps it as the game's receipt).
    creation_hash: str = ""
    # With exactly one person: that person's table beyond the log (service/lone_person.py).
    held: HeldTable | None = None

    @property
    def seats(self) -> list[dict[str, Any]]:
        seats: list[dict[str, Any]] = self.created["seats"]
        return seats

    @property
    def human_seats(self) -> int:
        return sum(1 for spec in self.seats if spec["kind"] == "human")

    @property
    def lone_person(self) -> int | None:
        """The seat of the only person at the table, or None (no person, or several)."""
        people = [spec["seat"] for spec in self.seats if spec["kind"] == "human"]
        return people[0] if len(people) == 1 else None

    def state_for(self, seat: int | None) -> State:
        """The state `seat` (None: a spectator) reads and plays on: the lone person's own table
        beyond the log for that person, the log state for everyone else; with several people,
        the log state with the window's sealed answers applied."""
        if self.held is not None:
            return self.held.state if seat == self.lone_person else self.state
        return self.current_state()

    def version_for(self, seat: int | None) -> int:
        """The version `seat` reads: the head of its own table for the lone person, else the log's."""
        if self.held is not None and seat == self.lone_person:
            return self.held.version
        return self.version

    def current_state(self) -> State:
        """The log state with the sealed answers applied: what each seat plays on (with several
        people; with one, `state_for`)."""
        if not self.sealed:
            return self.state
        state = self.state.clone()
        for answer in self.sealed:
            state.apply(answer.seat, answer.action)
        return state

    def copy(self) -> GameStream:
        """A copy whose state may be changed without touching this one (or the cache)."""
        return replace(self, state=self.state.clone(), sealed=list(self.sealed))


# Reads of a game's head and of its sealed answers that an append came between are read again;
# each retry needs another append of the same game in between, so a few always suffice (the
# last is taken as it is).
CONSISTENT_READ_TRIES = 16

# What replaying a stored event can raise when the log was changed outside the service: the
# rules refuse the action (DomainError), or the payload lacks or mistypes a field.
_UNREPLAYABLE = (DomainError, KeyError, TypeError, ValueError, IndexError)


def _unreplayable(game_id: str, version: int) -> StoredLogInvalid:
    return StoredLogInvalid(
        N_(
            "the stored log of game {game_id!r} does not replay at event {version}: it was changed "
            "outside the service; nothing was changed"
        ),
        {"game_id": game_id, "version": version},
    )


def apply_events(stream: GameStream, events: list[StoredEvent]) -> None:
    """Fold stored events into the stream. A log is only ever written by the service from
    legal actions, so one that does not replay was changed outside it: StoredLogInvalid."""
    for event in events:
        if event.type == "action":
            try:
                stream.state.apply(event.payload["seat"], event.payload["action"])
            except _UNREPLAYABLE as exc:
                raise _unreplayable(event.game_id, event.version) from exc
        elif event.type == "game_finished":
            stream.finished = True
        stream.version, stream.head_hash = event.version, event.hash


class StateCache:
    """LRU of log states keyed by game id. An entry is never the truth: it is used as is
    only when its (version, head hash) is the store's head, and extended only by events
    whose hash chain continues from its head hash. Sealed answers and held tables are never
    cached here."""

    def __init__(self, size: int = 512):
        self.size = size
        self._entries: OrderedDict[str, GameStream] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> GameStream | None:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is not None:
                self._entries.move_to_end(game_id)
            return entry

    def put(self, entry: GameStream) -> None:
        if entry.sealed or entry.held is not None:
            entry = replace(entry, sealed=[], held=None)
        with self._lock:
            self._entries[entry.record.id] = entry
            self._entries.move_to_end(entry.record.id)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)


class StreamLoader:
    """Loads game streams from the store, through the cache."""

    def __init__(
        self,
        store: EventStore,
        rulesets: dict[str, Ruleset],
        cache: StateCache,
        held_table: Callable[[GameStream, list[SealedAnswer]], HeldTable],
    ):
        self.store = store
        self.rulesets = rulesets
        self.cache = cache
        self.held_table = held_table  # the lone person's table (service/lone_person.py)

    def ruleset(self, ruleset_id: str) -> Ruleset:
        try:
            return self.rulesets[ruleset_id]
        except KeyError:
            raise NotFound(
                N_("unknown ruleset {ruleset!r}; known: {known}"),
                {"ruleset": ruleset_id, "known": ", ".join(self.rulesets)},
            ) from None

    def exists(self, game_id: str) -> bool:
        return self.store.head(game_id)[0] > 0

    def load(self, game_id: str, reader: int | None = None) -> GameStream:
        """The game at the store's head, with its sealed answers; for the lone person's own
        reads (`reader`), with that person's table beyond the log too. Never a cached object:
        callers may read it; to change it, `copy()` first.

        Nobody else's read derives the person's table: it would cost them more the more the
        person has decided since the log's head, and so tell it by the time it takes."""
        tries = 0
        while True:
            tries += 1
            stream = self._load_log(game_id)
            if stream.finished or not self._has_sealed(stream, reader):
                return stream
            # The log was read at one head, the sealed answers now, with the head again in the
            # same statement: an append in between (one that settles a window, or publishes the
            # lone person's table) deleted the answers the log's head expects. Unchanged, the
            # head says they match.
            head, answers = self.store.head_and_sealed(game_id)
            sealed = [a for a in answers if a.at_version == stream.version]
            if tries == CONSISTENT_READ_TRIES or head == (stream.version, stream.head_hash):
                break
        if stream.lone_person is not None:
            return replace(stream, sealed=sealed, held=self.held_table(stream, sealed))
        return replace(stream, sealed=sealed) if sealed else stream

    @staticmethod
    def _has_sealed(stream: GameStream, reader: int | None) -> bool:
        """Whether the read needs the game's sealed answers: the lone person's own (their table),
        or anybody's while a window waits for several people."""
        if stream.lone_person is not None:
            return reader == stream.lone_person
        return stream.human_seats > 1 and stream.state.answer_window() is not None

    def _load_log(self, game_id: str) -> GameStream:
        version, head_hash = self.store.head(game_id)
        if version == 0:
            raise NotFound(N_("no game {game_id!r}"), {"game_id": game_id})
        cached = self.cache.get(game_id)
        if cached is not None and (cached.version, cached.head_hash) == (version, head_hash):
            return cached
        if cached is not None and cached.version < version:
            # Another worker appended: fold in only the newer events, if they chain onto ours.
            newer = self.store.load_events(game_id, after=cached.version)
            if newer and newer[0].prev_hash == cached.head_hash:
                stream = cached.copy()
                apply_events(stream, newer)
                self.cache.put(stream)
                return stream
        record = self.store.get_game(game_id)
        if record is None:
            raise NotFound(N_("no game {game_id!r}"), {"game_id": game_id})
        stream = self.fold(record, self.store.load_events(game_id))
        self.cache.put(stream)
        return stream

    def fold(self, record: GameRecord, events: list[StoredEvent]) -> GameStream:
        """Replay a game from its first event (a full replay)."""
        created = events[0].payload
        ruleset = self.ruleset(record.ruleset)
        try:
            state = new_state(ruleset, record.seed, created, record.deck)
        except _UNREPLAYABLE as exc:
            raise _unreplayable(record.id, events[0].version) from exc
        first = events[0]
        stream = GameStream(
            record, created, ruleset, state, first.version, first.hash, False, creation_hash=first.hash
        )
        apply_events(stream, events[1:])
        return stream


class PendingEvents:
    """Events built by one request, hash-chained onto the stream's head."""

    def __init__(self, game_id: str, version: int, head_hash: str, clock: Callable[[], str]):
        self.game_id, self.version, self.head_hash, self.clock = game_id, version, head_hash, clock
        self.events: list[StoredEvent] = []

    def add(self, type_: str, payload: dict[str, Any]) -> None:
        version, time_ = self.version + 1, self.clock()
        digest = event_hash(self.game_id, version, type_, payload, time_, self.head_hash)
        self.events.append(StoredEvent(self.game_id, version, type_, payload, time_, self.head_hash, digest))
        self.version, self.head_hash = version, digest

    def truncate(self, count: int) -> None:
        """Keep the first `count` events only (at least one)."""
        del self.events[count:]
        self.version, self.head_hash = self.events[-1].version, self.events[-1].hash


class UnitOfWork:
    """What one request writes to one game's stream, committed in one store transaction:
    either new events (which also carry and clear the window's sealed answers) or one
    sealed answer, each with the request's idempotent response."""

    def __init__(
        self, store: EventStore, observer: ServiceObserver, stream: GameStream, clock: Callable[[], str]
    ):
        self.store = store
        self.observer = observer
        self.base = stream  # as loaded: the version and sealed answers the commit expects
        self.pending = PendingEvents(stream.record.id, stream.version, stream.head_hash, clock)

    def commit(self, idempotent: IdempotentResponse | None) -> None:
        started = time.perf_counter()
        self.store.append(
            self.base.record.id,
            self.base.version,
            self.pending.events,
            idempotent,
            sealed_before=len(self.base.sealed),
        )
        self.observer.store_appended(time.perf_counter() - started)

    def seal(self, answer: SealedAnswer, idempotent: IdempotentResponse | None) -> None:
        started = time.perf_counter()
        self.store.seal(answer, len(self.base.sealed), idempotent)
        self.observer.store_appended(time.perf_counter() - started)
