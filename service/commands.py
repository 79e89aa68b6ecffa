"""Commands: create a game, and take one seat's decision (then let the AI seats and
forced passes play on until a person must decide or the game ends).

Claim windows. In a window several seats answer the same public card (`State.answer_window`),
and nobody may learn who answered, or how, before it settles. So:
- A window's answers enter the log together, in the window's recording order, once every
  answer is in; until then the log (and every version number) stands still.
- With two or more people at the table, every person in the window answers it, even when
  `pass` is all they may do: an automatic pass would tell the others at once that this seat
  had no claim. A person's answer given while another person still has to answer is kept
  sealed (`store.base.SealedAnswer`).
- The same outside windows wherever passing is a choice (`State.pass_is_a_choice`, Chuo Pai's
  opening-bonus round): with two or more people a person's lone `pass` is theirs to make
  (`replay.passes_automatically`).
- With exactly one person, a lone `pass` of that person is still automatic: every other seat
  is an AI, which learns nothing from the log. The game then stops where passing is a choice
  only when the person may claim, so the log grows only where being asked tells nothing; the
  person's decisions in between are held (service/lone_person.py).
- AI answers are decided at settlement, at the position they are recorded in, from the AI's
  own view (which no other answer changes) and the seed-derived randomness of that event,
  exactly as the verifier re-derives them.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
import uuid
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from domain.base import DomainError, IllegalAction, InvalidSetup, Ruleset, State
from service import playing, redaction
from service.chain import canonical_json, seed_commitment
from service.errors import IdempotencyMismatch, IllegalActionError, InvalidRequest, StaleVersion
from service.export_format import BY_HUMAN
from service.i18n import ENGLISH, N_, Translator
from service.lone_person import AFTER_THE_DEAL, HeldTables, decided_by_now, may_be_published, published
from service.narration import narrator_for
from service.observer import ServiceObserver
from service.queries import Queries
from service.replay import LOG_FORMAT, consequence_events, new_state
from service.stream import GameStream, HeldTable, PendingEvents, StreamLoader, UnitOfWork
from service.tokens import creation_key_hash, derived_token, new_token, token_hash
from store.base import (
    CreationKey,
    CreationKeyTaken,
    EventStore,
    GameRecord,
    IdempotentResponse,
    SealConflict,
    SealedAnswer,
    StoredEvent,
    VersionConflict,
)

SEAT_KINDS = ("human", "ai")
DEFAULT_AI_LEVEL = "basic"
SERVER_SEED_BITS = 128  # a seed nobody can guess from the cards played
SEAL_RETRIES = 8  # concurrent answers to one window: each retry sees one more sealed answer
# The language an action's answer was worded in, kept with it: an idempotent retry gets the first
# answer as it was, in that language, whatever the retry asks for (the API says which).
LANGUAGE_KEY = "language"
# In the answer to a retry that the idempotency key matched: the first answer, as it was.
REPLAYED_KEY = "replayed"


def _with_tokens(answer: dict[str, Any], tokens: dict[int, str]) -> dict[str, Any]:
    """A creation's answer with each person's seat token beside the seat."""
    return {
        **answer,
        "seats": [
            {**spec, **({"token": tokens[spec["seat"]]} if spec["seat"] in tokens else {})}
            for spec in answer["seats"]
        ],
    }


class Commands:
    def __init__(
        self,
        store: EventStore,
        loader: StreamLoader,
        queries: Queries,
        observer: ServiceObserver,
        clock: Callable[[], str],
        held_tables: HeldTables,
    ):
        self.store = store
        self.loader = loader
        self.queries = queries
        self.observer = observer
        self.clock = clock
        self.held_tables = held_tables  # the lone person's tables, as the loader derives them

    # ---------------------------------------------------------------- creation
    def create_game(
        self,
        ruleset_id: str,
        seats: list[dict[str, Any]] | None = None,
        seed: int | None = None,
        deck: list[str] | None = None,
        options: dict[str, Any] | None = None,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        """Deal a new game; return the creation response, with one token per human seat.

        Under an `idempotency_key` already used for the same request, the game created then is
        answered again instead (its first answer, tokens and all), and nothing is dealt."""
        request_hash = hashlib.sha256(
            canonical_json(
                {"ruleset": ruleset_id, "seats": seats, "seed": seed, "deck": deck, "options": options}
            ).encode()
        ).hexdigest()
        earlier = self._earlier_creation(idempotency_key, request_hash)
        if earlier is not None:
            return earlier
        ruleset = self.loader.ruleset(ruleset_id)
        seat_specs = self._seat_specs(ruleset, seats)
        options = dict(options or {})
        seed_source = "client" if seed is not None else "server"
        if seed is None:
            seed = secrets.randbits(SERVER_SEED_BITS)
        nonce = secrets.token_hex(16)
        try:
            state = ruleset.new_game(seed, options, deck)
        except InvalidSetup as exc:
            raise InvalidRequest(exc.template, exc.params, rule=exc.rule) from None

        game_id = uuid.uuid4().hex
        commitment = seed_commitment(seed, nonce, deck)
        created = {
            "ruleset": ruleset.id,
            "options": options,
            "seats": seat_specs,
            "seed_commitment": commitment,
            "custom_deck": deck is not None,
            "seed_source": seed_source,
            "log_format": LOG_FORMAT,
        }
        record = GameRecord(game_id, ruleset.id, seed, nonce, deck, self.clock(), seed_source)
        salt = secrets.token_hex(16)
        tokens = {
            spec["seat"]: new_token()
            if idempotency_key is None
            else derived_token(idempotency_key, salt, spec["seat"])
            for spec in seat_specs
            if spec["kind"] == "human"
        }

        stream = GameStream(record, created, ruleset, state, 0, "", False)
        work = UnitOfWork(self.store, self.observer, stream, self.clock)
        work.pending.add("game_created", created)
        for type_, payload in consequence_events(state, created):  # what the deal did (a first draw)
            work.pending.add(type_, payload)
        dealt, dealt_events = state.clone(), len(work.pending.events)
        playing.advance(stream, work.pending, self.observer)
        seat_version = work.pending.version  # what the creator, holding every seat, reads
        after_the_deal: SealedAnswer | None = None
        if stream.lone_person is not None and not stream.finished:
            # With one person the log holds the deal alone until the person decides
            # (service/lone_person.py): the play up to then is kept sealed, the person's table,
            # in a row kept even when empty: while it is there, the log stands at the deal.
            played = work.pending.events[dealt_events:]
            stream.state = dealt
            work.pending.truncate(dealt_events)
            shown = [{"type": e.type, "payload": e.payload} for e in played]
            after_the_deal = SealedAnswer(
                game_id, work.pending.version, AFTER_THE_DEAL, "", record.created_at, shown
            )
        answer = {
            "id": game_id,
            "ruleset": ruleset.id,
            "version": seat_version,
            "status": "finished" if stream.finished else "active",
            "seed_commitment": commitment,
            "creation_hash": work.pending.events[0].hash,
            "custom_deck": deck is not None,
            "seed_source": seed_source,
            "seats": seat_specs,
        }
        creation = None
        if idempotency_key is not None:
            creation = CreationKey(creation_key_hash(idempotency_key), request_hash, game_id, salt, answer)
        started = time.perf_counter()
        try:
            self.store.create_game(
                record,
                {seat: token_hash(tok) for seat, tok in tokens.items()},
                work.pending.events,
                after_the_deal,
                creation,
            )
        except CreationKeyTaken:
            # The same key's other creation was stored first (a retry racing its original):
            # this deal is dropped, and both are answered with that game.
            earlier = self._earlier_creation(idempotency_key, request_hash)
            if earlier is None:  # deleted as soon as it was made (retention): make another
                return self.create_game(ruleset_id, seats, seed, deck, options, idempotency_key)
            return earlier
        self.observer.store_appended(time.perf_counter() - started)
        self.observer.game_created(ruleset.id)
        if stream.finished:
            self.observer.game_finished(ruleset.id)
        stream.version, stream.head_hash = work.pending.version, work.pending.head_hash
        stream.creation_hash = work.pending.events[0].hash
        self.loader.cache.put(stream)
        return _with_tokens(answer, tokens)

    def _earlier_creation(self, key: str | None, request_hash: str) -> dict[str, Any] | None:
        """The answer of the creation kept under `key`, its seat tokens derived again; None when
        there is none (or no key)."""
        if key is None:
            return None
        earlier = self.store.creation(creation_key_hash(key))
        if earlier is None:
            return None
        if not hmac.compare_digest(earlier.request_hash, request_hash):
            raise IdempotencyMismatch(N_("this Idempotency-Key was used with a different request"))
        tokens = {
            seat["seat"]: derived_token(key, earlier.salt, seat["seat"])
            for seat in earlier.response["seats"]
            if seat["kind"] == "human"
        }
        return {**_with_tokens(earlier.response, tokens), REPLAYED_KEY: True}

    @staticmethod
    def _seat_specs(ruleset: Ruleset, seats: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
        if seats is None:
            seats = [{"kind": "human"}] + [{"kind": "ai"}] * (ruleset.players - 1)
        if len(seats) != ruleset.players:
            raise InvalidRequest(
                N_("{ruleset} needs exactly {players} seats, got {seats}"),
                {"ruleset": ruleset.id, "players": ruleset.players, "seats": len(seats)},
            )
        specs = []
        for i, seat in enumerate(seats):
            kind = seat.get("kind", "human")
            if kind not in SEAT_KINDS:
                raise InvalidRequest(
                    N_("seat {seat}: kind must be one of {kinds}"), {"seat": i, "kinds": SEAT_KINDS}
                )
            spec: dict[str, Any] = {"seat": i, "kind": kind}
            if kind == "ai":
                level = seat.get("level") or DEFAULT_AI_LEVEL
                if level not in ruleset.ai_levels:
                    raise InvalidRequest(
                        N_(
                            "seat {seat}: AI level {level!r} not offered for {ruleset}; choose one of {levels}"
                        ),
                        {
                            "seat": i,
                            "level": level,
                            "ruleset": ruleset.id,
                            "levels": ", ".join(ruleset.ai_levels),
                        },
                    )
                spec["level"] = level
            elif seat.get("level") is not None:
                raise InvalidRequest(N_("seat {seat}: only AI seats take a level"), {"seat": i})
            specs.append(spec)
        return specs

    # ---------------------------------------------------------------- a decision
    def act(
        self,
        game_id: str,
        seat: int,
        action_id: str,
        expected_version: int,
        idempotency_key: str | None = None,
        words: Translator = ENGLISH,
    ) -> dict[str, Any]:
        """Take one decision for `seat`. The events in the answer have their texts in `words`'
        language; an idempotent retry gets the first answer as it was (in its language)."""
        request_hash = hashlib.sha256(
            canonical_json({"seat": seat, "action": action_id, "expected_version": expected_version}).encode()
        ).hexdigest()
        earlier = self._earlier(game_id, seat, idempotency_key, request_hash)
        if earlier is not None:
            return earlier
        for _ in range(SEAL_RETRIES):
            try:
                return self._act_once(
                    game_id, seat, action_id, expected_version, idempotency_key, request_hash, words
                )
            except SealConflict:
                continue  # another person answered the same window meanwhile: look again
            except IllegalActionError:
                # A window answer sealed by a concurrent retry of this very request changes no
                # version: this attempt then finds the seat has answered. The retry's answer is
                # the first one's (stored with the sealed answer, in one transaction).
                earlier = self._earlier(game_id, seat, idempotency_key, request_hash)
                if earlier is not None:
                    return earlier
                raise
            except VersionConflict:
                earlier = self._earlier(game_id, seat, idempotency_key, request_hash)
                if earlier is not None:  # the same request raced itself: answer as the first did
                    return earlier
                current = self.loader.load(game_id, seat).version_for(seat)  # the lone person's own
                raise StaleVersion(
                    N_("another action was accepted first; the game is at version {version}"),
                    {"version": current},
                    current_version=current,
                ) from None
        raise StaleVersion(N_("the claim window kept changing; try again"), current_version=expected_version)

    def _act_once(
        self,
        game_id: str,
        seat: int,
        action_id: str,
        expected_version: int,
        idempotency_key: str | None,
        request_hash: str,
        words: Translator,
    ) -> dict[str, Any]:
        loaded = self.loader.load(game_id, seat)
        version = loaded.version_for(seat)
        if expected_version != version:
            earlier = self._earlier(game_id, seat, idempotency_key, request_hash)
            if earlier is not None:  # the same request may have been appended by a concurrent retry
                return earlier
            raise StaleVersion(
                N_("expected_version {expected} is stale; the game is at version {version}")
                if expected_version < version
                # no version the caller could have read: a number made up, or another game's
                else N_(
                    "expected_version {expected} is ahead of the game, which is at version {version}: "
                    "send the version of the view or legal actions you decided on"
                ),
                {"expected": expected_version, "version": version},
                current_version=version,
            )
        if loaded.finished:
            raise IllegalActionError(N_("the game is finished"), rule=None)
        if seat not in {spec["seat"] for spec in loaded.seats if spec["kind"] == "human"}:  # AIs decide here
            raise IllegalActionError(N_("seat {seat} is not awaited now"), {"seat": seat}, rule=None)
        current = loaded.state_for(seat)
        legal = {a.id for a in current.legal_actions(seat)} if seat in current.to_act() else set()
        if action_id not in legal:
            raise self._illegal(current, seat, action_id)
        if loaded.held is not None:
            return self._act_alone(loaded, loaded.held, seat, action_id, idempotency_key, request_hash, words)

        working = loaded.copy()
        work = UnitOfWork(self.store, self.observer, loaded, self.clock)
        window = working.state.answer_window()
        if window is not None:
            given = {a.seat: a.action for a in loaded.sealed}
            given[seat] = action_id
            if playing.people_to_wait_for(working, working.state, given):
                return self._seal(loaded, work, seat, action_id, idempotency_key, request_hash, words)
            playing.answer_window(working, work.pending, given, self.observer)
        else:
            playing.record(working, work.pending, seat, action_id, BY_HUMAN)
        playing.advance(working, work.pending, self.observer)
        working.sealed = []
        working.version, working.head_hash = work.pending.version, work.pending.head_hash
        response = self._answer(working, seat, work.pending.events, words)
        work.commit(self._idempotent(idempotency_key, request_hash, response, seat))
        if working.finished:
            self.observer.game_finished(working.ruleset.id)
        self.loader.cache.put(working)
        return response

    def _seal(
        self,
        loaded: GameStream,
        work: UnitOfWork,
        seat: int,
        action_id: str,
        idempotency_key: str | None,
        request_hash: str,
        words: Translator,
    ) -> dict[str, Any]:
        """Keep a person's window answer sealed: nothing enters the log yet."""
        answer = SealedAnswer(loaded.record.id, loaded.version, seat, action_id, self.clock())
        after = loaded.copy()
        after.sealed = [*loaded.sealed, answer]
        response = self._answer(after, seat, [], words)
        work.seal(answer, self._idempotent(idempotency_key, request_hash, response, seat))
        return response

    def _act_alone(
        self,
        loaded: GameStream,
        held: HeldTable,
        seat: int,
        action_id: str,
        idempotency_key: str | None,
        request_hash: str,
        words: Translator,
    ) -> dict[str, Any]:
        """A decision of the only person at the table, played on their table beyond the log:
        where the log may grow to what follows, everything held is appended with it, at this
        request's time; elsewhere the decision is held (service/lone_person.py)."""
        now = self.clock()
        working = replace(loaded, state=held.state.clone(), sealed=[], held=None)
        pending = PendingEvents(loaded.record.id, held.version, held.head_hash, lambda: now)
        playing.decide(working, pending, seat, action_id, self.observer)
        playing.advance(working, pending, self.observer)
        work = UnitOfWork(self.store, self.observer, loaded, self.clock)
        if may_be_published(loaded, held, working.state):
            work.pending = published(loaded, [*held.events, *pending.events], now)
            new = work.pending.events[len(held.events) :]
            working.version, working.head_hash = work.pending.version, work.pending.head_hash
            response = self._answer(working, seat, new, words)
            work.commit(self._idempotent(idempotency_key, request_hash, response, seat))
            if working.finished:
                self.observer.game_finished(working.ruleset.id)
            self.loader.cache.put(working)
            return response
        shown = [{"type": e.type, "payload": e.payload} for e in pending.events]
        answer = SealedAnswer(loaded.record.id, loaded.version, seat, action_id, now, shown)
        table = HeldTable(
            working.state,
            [*held.events, *pending.events],
            pending.version,
            pending.head_hash,
            decided_by_now(held),
        )
        after = replace(loaded, sealed=[*loaded.sealed, answer], held=table)
        response = self._answer(after, seat, pending.events, words)
        work.seal(answer, self._idempotent(idempotency_key, request_hash, response, seat))
        self.held_tables.remember(loaded, after.sealed, table)
        return response

    def _answer(
        self, stream: GameStream, seat: int, events: list[StoredEvent], words: Translator
    ) -> dict[str, Any]:
        """An action's answer: the events it added, as `seat` may read them, and its view after."""
        narrator = narrator_for(stream.ruleset, words)
        return {
            "version": stream.version_for(seat),
            "events": [redaction.event_for(e, seat, stream.finished, narrator) for e in events],
            "view": self.queries.view_of(stream, seat, words),
            LANGUAGE_KEY: words.language,
        }

    # ---------------------------------------------------------------- idempotency
    def _earlier(self, game_id: str, seat: int, key: str | None, request_hash: str) -> dict[str, Any] | None:
        if key is None:
            return None
        earlier = self.store.idempotent_response(game_id, key, seat)
        if earlier is None:
            return None
        if not hmac.compare_digest(earlier.request_hash, request_hash):
            raise IdempotencyMismatch(N_("this Idempotency-Key was used with a different request"))
        return {**earlier.response, REPLAYED_KEY: True}

    @staticmethod
    def _idempotent(
        key: str | None, request_hash: str, response: dict[str, Any], seat: int
    ) -> IdempotentResponse | None:
        return None if key is None else IdempotentResponse(key, request_hash, response, seat)

    @staticmethod
    def _illegal(state: State, seat: int, action_id: str) -> IllegalActionError:
        try:
            state.clone().apply(seat, action_id)
        except IllegalAction as exc:
            return IllegalActionError(exc.template, exc.params, rule=exc.rule)
        except DomainError as exc:  # pragma: no cover - a domain bug, still refused
            return IllegalActionError(exc.template, exc.params, rule=exc.rule)
        if seat not in state.to_act():
            return IllegalActionError(N_("seat {seat} is not awaited now"), {"seat": seat}, rule=None)
        return IllegalActionError(
            N_("{action!r} is not a legal action now"), {"action": action_id}, rule=None
        )


__all__ = ["Commands", "LANGUAGE_KEY", "REPLAYED_KEY", "SEAT_KINDS", "new_state"]
