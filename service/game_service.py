"""The application service: load a game's events, fold them into state, check
and apply one action, let AI and auto-pass seats act, append the new events
in one transaction (DESIGN.md, "Layers").

It is stateless across requests: the only in-process memory is a cache of
replayed states keyed by (game id, version, head hash) and checked against
the store's head before use, so any worker can serve any request.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from domain.base import Action, DomainError, IllegalAction, InvalidHand, InvalidSetup, Ruleset, State
from domain.registry import RULESETS
from service import redaction
from service.chain import canonical_json, event_hash, seed_commitment
from service.errors import (
    Forbidden,
    GameActive,
    IdempotencyMismatch,
    IllegalActionError,
    InvalidRequest,
    NotFound,
    StaleVersion,
    Unauthorized,
)
from service.observer import NullObserver, ServiceObserver
from service.replay import MAX_DECISIONS, ai_rng, decide_automatically, new_state
from store.base import EventStore, GameRecord, IdempotentResponse, StoredEvent, VersionConflict

SEAT_KINDS = ("human", "ai")
RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"
DEFAULT_AI_LEVEL = "basic"


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Loaded:
    """A game folded from its events, at `version`."""

    record: GameRecord
    created: dict[str, Any]  # the game_created payload: ruleset, options, seats, ...
    ruleset: Ruleset
    state: State
    version: int
    head_hash: str
    finished: bool


class _StateCache:
    """LRU of replayed states keyed by game id. An entry is never the truth: it is
    used as is only when its (version, head hash) is the store's head, and extended
    only by events whose hash chain continues from its head hash."""

    def __init__(self, size: int = 512):
        self.size = size
        self._entries: OrderedDict[str, Loaded] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> Loaded | None:
        with self._lock:
            entry = self._entries.get(game_id)
            if entry is not None:
                self._entries.move_to_end(game_id)
            return entry

    def put(self, entry: Loaded) -> None:
        with self._lock:
            self._entries[entry.record.id] = entry
            self._entries.move_to_end(entry.record.id)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)


class GameService:
    def __init__(
        self,
        store: EventStore,
        rulesets: dict[str, Ruleset] | None = None,
        clock: Callable[[], str] = utc_now,
        cache_size: int = 512,
        observer: ServiceObserver | None = None,
    ):
        self.store = store
        self.observer: ServiceObserver = observer or NullObserver()
        self.rulesets = RULESETS if rulesets is None else rulesets
        self.clock = clock
        self._cache = _StateCache(cache_size)

    # ---------------------------------------------------------------- rulesets
    def ruleset(self, ruleset_id: str) -> Ruleset:
        try:
            return self.rulesets[ruleset_id]
        except KeyError:
            raise NotFound(f"unknown ruleset {ruleset_id!r}; known: {', '.join(self.rulesets)}") from None

    def rules_text(self, ruleset_id: str) -> str:
        """The canonical rules of a ruleset (Markdown, rule numbers as cited in code and tests)."""
        ruleset = self.ruleset(ruleset_id)
        return (RULES_DIR / f"{ruleset.id}.md").read_text(encoding="utf-8")

    def score_hand(self, ruleset_id: str, body: dict[str, Any]) -> dict[str, Any]:
        ruleset = self.ruleset(ruleset_id)
        try:
            return ruleset.score_hand(body)
        except NotImplementedError:
            raise NotFound(f"ruleset {ruleset_id!r} has no hand calculator") from None
        except InvalidHand as exc:
            raise InvalidRequest(exc.message, rule=exc.rule) from None

    # ---------------------------------------------------------------- creation
    def create_game(
        self,
        ruleset_id: str,
        seats: list[dict[str, Any]] | None = None,
        seed: int | None = None,
        deck: list[str] | None = None,
        options: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Deal a new game; return the creation response, with one token per human seat."""
        ruleset = self.ruleset(ruleset_id)
        seat_specs = self._seat_specs(ruleset, seats)
        options = dict(options or {})
        if seed is None:
            seed = secrets.randbits(63)
        nonce = secrets.token_hex(16)
        try:
            state = ruleset.new_game(seed, options, deck)
        except InvalidSetup as exc:
            raise InvalidRequest(exc.message, rule=exc.rule) from None

        game_id = uuid.uuid4().hex
        commitment = seed_commitment(seed, nonce, deck)
        created = {
            "ruleset": ruleset.id,
            "options": options,
            "seats": seat_specs,
            "seed_commitment": commitment,
            "custom_deck": deck is not None,
        }
        record = GameRecord(game_id, ruleset.id, seed, nonce, deck, self.clock())
        tokens = {spec["seat"]: secrets.token_urlsafe(32) for spec in seat_specs if spec["kind"] == "human"}

        pending = _PendingEvents(game_id, 0, "", self.clock)
        pending.add("game_created", created)
        loaded = Loaded(record, created, ruleset, state, 0, "", False)
        self._advance(loaded, pending)
        started = time.perf_counter()
        self.store.create_game(
            record, {seat: token_hash(tok) for seat, tok in tokens.items()}, pending.events
        )
        self.observer.store_appended(time.perf_counter() - started)
        self.observer.game_created(ruleset.id)
        if loaded.finished:
            self.observer.game_finished(ruleset.id)
        self._remember(loaded, pending)
        return {
            "id": game_id,
            "ruleset": ruleset.id,
            "version": pending.version,
            "status": "finished" if loaded.finished else "active",
            "seed_commitment": commitment,
            "custom_deck": deck is not None,
            "seats": [
                {**spec, **({"token": tokens[spec["seat"]]} if spec["seat"] in tokens else {})}
                for spec in seat_specs
            ],
        }

    @staticmethod
    def _seat_specs(ruleset: Ruleset, seats: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
        if seats is None:
            seats = [{"kind": "human"}] + [{"kind": "ai"}] * (ruleset.players - 1)
        if len(seats) != ruleset.players:
            raise InvalidRequest(f"{ruleset.id} needs exactly {ruleset.players} seats, got {len(seats)}")
        specs = []
        for i, seat in enumerate(seats):
            kind = seat.get("kind", "human")
            if kind not in SEAT_KINDS:
                raise InvalidRequest(f"seat {i}: kind must be one of {SEAT_KINDS}")
            spec: dict[str, Any] = {"seat": i, "kind": kind}
            if kind == "ai":
                level = seat.get("level") or DEFAULT_AI_LEVEL
                if level not in ruleset.ai_levels:
                    raise InvalidRequest(
                        f"seat {i}: AI level {level!r} not offered for {ruleset.id}; "
                        f"choose one of {', '.join(ruleset.ai_levels)}"
                    )
                spec["level"] = level
            elif seat.get("level") is not None:
                raise InvalidRequest(f"seat {i}: only AI seats take a level")
            specs.append(spec)
        return specs

    # ---------------------------------------------------------------- loading
    def load(self, game_id: str) -> Loaded:
        version, head_hash = self.store.head(game_id)
        if version == 0:
            raise NotFound(f"no game {game_id!r}")
        cached = self._cache.get(game_id)
        if cached is not None and (cached.version, cached.head_hash) == (version, head_hash):
            return cached
        if cached is not None and cached.version < version:
            # Another worker appended: fold in only the newer events, if they chain onto ours.
            newer = self.store.load_events(game_id, after=cached.version)
            if newer and newer[0].prev_hash == cached.head_hash:
                loaded = Loaded(
                    cached.record,
                    cached.created,
                    cached.ruleset,
                    cached.state.clone(),
                    cached.version,
                    cached.head_hash,
                    cached.finished,
                )
                self._apply_events(loaded, newer)
                self._cache.put(loaded)
                return loaded
        record = self.store.get_game(game_id)
        if record is None:
            raise NotFound(f"no game {game_id!r}")
        loaded = self._fold(record, self.store.load_events(game_id))
        self._cache.put(loaded)
        return loaded

    def _fold(self, record: GameRecord, events: list[StoredEvent]) -> Loaded:
        """Replay a game from its first event (a full replay)."""
        created = events[0].payload
        ruleset = self.ruleset(record.ruleset)
        state = new_state(ruleset, record.seed, created, record.deck)
        loaded = Loaded(record, created, ruleset, state, events[0].version, events[0].hash, False)
        self._apply_events(loaded, events[1:])
        return loaded

    @staticmethod
    def _apply_events(loaded: Loaded, events: list[StoredEvent]) -> None:
        for event in events:
            if event.type == "action":
                loaded.state.apply(event.payload["seat"], event.payload["action"])
            elif event.type == "game_finished":
                loaded.finished = True
            loaded.version, loaded.head_hash = event.version, event.hash

    def _remember(self, loaded: Loaded, pending: _PendingEvents) -> None:
        loaded.version, loaded.head_hash = pending.version, pending.head_hash
        self._cache.put(loaded)

    # ---------------------------------------------------------------- auth
    def authenticate(self, game_id: str, token: str | None) -> int | None:
        """The seat a bearer token speaks for in this game (None without a token)."""
        if token is None:
            return None
        found = self.store.seat_for_token(token_hash(token))
        if found is None:
            raise Unauthorized("the seat token is not valid")
        token_game, seat = found
        # The lookup is by hash; compare game ids in constant time all the same.
        if not hmac.compare_digest(token_game.encode(), game_id.encode()):
            raise Forbidden("this token belongs to another game")
        return seat

    # ---------------------------------------------------------------- reads
    def view(self, game_id: str, seat: int | None) -> dict[str, Any]:
        return self._view(self.load(game_id), seat)

    def _view(self, loaded: Loaded, seat: int | None) -> dict[str, Any]:
        inner = loaded.state.view(seat)
        seats = []
        for spec, public in zip(loaded.created["seats"], inner.get("seats", []), strict=False):
            seats.append({**public, **spec})
        view = {
            "id": loaded.record.id,
            "ruleset": loaded.record.ruleset,
            "version": loaded.version,
            "status": "finished" if loaded.finished else "active",
            "seat": seat,
            "to_act": [] if loaded.finished else inner.get("to_act", []),
            "phase": inner.get("phase", ""),
            "hand": inner.get("hand"),
            "seats": seats,
            "table": inner.get("table", {}),
            "seed_commitment": loaded.created["seed_commitment"],
            "custom_deck": loaded.created["custom_deck"],
            "options": loaded.created["options"],
            "result": loaded.state.result() if loaded.finished else None,
        }
        return view

    def legal_actions(self, game_id: str, seat: int) -> dict[str, Any]:
        loaded = self.load(game_id)
        actions: list[Action] = []
        if not loaded.finished and seat in loaded.state.to_act():
            actions = loaded.state.legal_actions(seat)
        return {"version": loaded.version, "seat": seat, "actions": [a.to_dict() for a in actions]}

    def events(self, game_id: str, seat: int | None, after: int = 0, limit: int = 100) -> dict[str, Any]:
        loaded = self.load(game_id)
        events = self.store.load_events(game_id, after=after, limit=limit)
        # Redact against the version we loaded: an event appended meanwhile is not returned.
        events = [e for e in events if e.version <= loaded.version]
        out = [redaction.event_for(e, seat, loaded.finished) for e in events]
        more = bool(events) and events[-1].version < loaded.version
        return {"version": loaded.version, "events": out, "next": events[-1].version if more else None}

    def feed(self, after: int = 0, limit: int = 100) -> dict[str, Any]:
        """Every game's events in global commit order, as a spectator may see them."""
        rows = self.store.feed(after=after, limit=limit)
        finished = self.store.finished_games(sorted({e.game_id for _, e in rows}))
        events = [
            {
                "position": position,
                "game_id": e.game_id,
                **redaction.event_for(e, None, e.game_id in finished),
            }
            for position, e in rows
        ]
        return {"events": events, "next": rows[-1][0] if len(rows) == limit else None}

    def score(self, game_id: str) -> dict[str, Any]:
        loaded = self.load(game_id)
        if not loaded.finished:
            raise GameActive("the score exists once the game is finished")
        return {
            "id": game_id,
            "ruleset": loaded.record.ruleset,
            "version": loaded.version,
            "custom_deck": loaded.created["custom_deck"],
            **loaded.state.result(),
        }

    def replay(self, game_id: str, version: int | None) -> dict[str, Any]:
        loaded = self.load(game_id)
        if not loaded.finished:
            raise GameActive("replays are public once the game is finished")
        target = loaded.version if version is None else version
        if not 1 <= target <= loaded.version:
            # A schema-valid version past the end names no event: 404, like any missing resource.
            raise NotFound(f"no event {target}: the log runs from version 1 to {loaded.version}")
        events = self.store.load_events(game_id, limit=target)
        folded = self._fold(loaded.record, events)
        return {
            "id": game_id,
            "version": target,
            "seed": str(loaded.record.seed),
            "nonce": loaded.record.nonce,
            "custom_deck": loaded.record.deck is not None,
            "state": folded.state.full_state(),
            "event": redaction.event_for(events[-1], None, True),
        }

    def export(self, game_id: str) -> dict[str, Any]:
        loaded = self.load(game_id)
        if not loaded.finished:
            raise GameActive("a game can be exported once it is finished")
        events = [e for e in self.store.load_events(game_id) if e.version <= loaded.version]
        record = loaded.record
        return {
            "format": EXPORT_FORMAT,
            "game": {
                "id": record.id,
                "ruleset": record.ruleset,
                "created_at": record.created_at,
                "seed": str(record.seed),
                "nonce": record.nonce,
                "deck": record.deck,
                "custom_deck": record.deck is not None,
            },
            "events": [e.to_dict() for e in events],
        }

    def verify(self, game_id: str) -> dict[str, Any]:
        from service.verify import verify_export

        return verify_export(self.export(game_id), self.rulesets)

    # ---------------------------------------------------------------- writes
    def act(
        self,
        game_id: str,
        seat: int,
        action_id: str,
        expected_version: int,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        request_hash = hashlib.sha256(
            canonical_json({"seat": seat, "action": action_id, "expected_version": expected_version}).encode()
        ).hexdigest()
        if idempotency_key is not None:
            earlier = self.store.idempotent_response(game_id, idempotency_key)
            if earlier is not None:
                return self._replayed(earlier, request_hash)

        loaded = self.load(game_id)
        if expected_version != loaded.version:
            if idempotency_key is not None:
                # The same request may have been appended by a concurrent retry since we looked.
                earlier = self.store.idempotent_response(game_id, idempotency_key)
                if earlier is not None:
                    return self._replayed(earlier, request_hash)
            raise StaleVersion(
                f"expected_version {expected_version} is stale; the game is at version {loaded.version}",
                current_version=loaded.version,
            )
        if loaded.finished:
            raise IllegalActionError("the game is finished", rule=None)
        working = Loaded(
            loaded.record,
            loaded.created,
            loaded.ruleset,
            loaded.state.clone(),
            loaded.version,
            loaded.head_hash,
            False,
        )
        legal = {a.id for a in working.state.legal_actions(seat)} if seat in working.state.to_act() else set()
        if action_id not in legal:
            raise self._illegal(working.state, seat, action_id)

        pending = _PendingEvents(game_id, loaded.version, loaded.head_hash, self.clock)
        self._record(working, pending, seat, action_id, "human")
        self._advance(working, pending)
        response = {
            "version": pending.version,
            "events": [redaction.event_for(e, seat, working.finished) for e in pending.events],
            "view": None,
        }
        working.version, working.head_hash = pending.version, pending.head_hash
        response["view"] = self._view(working, seat)
        idem = None
        if idempotency_key is not None:
            idem = IdempotentResponse(idempotency_key, request_hash, response)
        try:
            started = time.perf_counter()
            self.store.append(game_id, loaded.version, pending.events, idem)
            self.observer.store_appended(time.perf_counter() - started)
        except VersionConflict as exc:
            if idempotency_key is not None:
                earlier = self.store.idempotent_response(game_id, idempotency_key)
                if earlier is not None:  # the same request raced itself: answer as the first did
                    return self._replayed(earlier, request_hash)
            raise StaleVersion(
                f"another action was accepted first; the game is at version {exc.current_version}",
                current_version=exc.current_version,
            ) from None
        if working.finished:
            self.observer.game_finished(working.ruleset.id)
        self._cache.put(working)
        return response

    @staticmethod
    def _replayed(earlier: IdempotentResponse, request_hash: str) -> dict[str, Any]:
        if not hmac.compare_digest(earlier.request_hash, request_hash):
            raise IdempotencyMismatch("this Idempotency-Key was used with a different request")
        return earlier.response

    @staticmethod
    def _illegal(state: State, seat: int, action_id: str) -> IllegalActionError:
        try:
            state.clone().apply(seat, action_id)
        except IllegalAction as exc:
            return IllegalActionError(exc.message, rule=exc.rule)
        except DomainError as exc:  # pragma: no cover - a domain bug, still refused
            return IllegalActionError(exc.message, rule=exc.rule)
        if seat not in state.to_act():
            return IllegalActionError(f"seat {seat} is not awaited now", rule=None)
        return IllegalActionError(f"{action_id!r} is not a legal action now", rule=None)

    def _record(self, loaded: Loaded, pending: _PendingEvents, seat: int, action_id: str, by: str) -> None:
        public = loaded.state.public_action(seat, action_id)
        loaded.state.apply(seat, action_id)
        pending.add("action", {"seat": seat, "action": action_id, "by": by, "public": public})

    def _advance(self, loaded: Loaded, pending: _PendingEvents) -> None:
        """Let AI seats and seats with only `pass` act until a person must decide or the game ends."""
        state = loaded.state
        for _ in range(MAX_DECISIONS):
            if state.is_finished():
                record = loaded.record
                pending.add(
                    "game_finished",
                    {
                        "result": state.result(),
                        "seed": str(record.seed),
                        "nonce": record.nonce,
                        "deck": record.deck,
                    },
                )
                loaded.finished = True
                return
            started = time.perf_counter()
            decision = decide_automatically(
                state,
                loaded.created["seats"],
                loaded.ruleset,
                ai_rng(loaded.record.seed, pending.version + 1),
            )
            if decision is None:
                return
            seat, action, by = decision
            if by.startswith("ai:"):
                self.observer.ai_decided(loaded.ruleset.id, by[3:], time.perf_counter() - started)
            self._record(loaded, pending, seat, action.id, by)
        raise RuntimeError(f"game {loaded.record.id} did not settle after {MAX_DECISIONS} decisions")


EXPORT_FORMAT = "cardgames-export/1"


class _PendingEvents:
    """Events built by one request, hash-chained onto the stream's head."""

    def __init__(self, game_id: str, version: int, head_hash: str, clock: Callable[[], str]):
        self.game_id, self.version, self.head_hash, self.clock = game_id, version, head_hash, clock
        self.events: list[StoredEvent] = []

    def add(self, type_: str, payload: dict[str, Any]) -> None:
        version, time = self.version + 1, self.clock()
        digest = event_hash(self.game_id, version, type_, payload, time, self.head_hash)
        self.events.append(StoredEvent(self.game_id, version, type_, payload, time, self.head_hash, digest))
        self.version, self.head_hash = version, digest
