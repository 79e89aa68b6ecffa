"""Audit: a finished game's replay at any version, its export (the whole log with the seed
revealed) and its verification (the offline verifier's checks, run by the service)."""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

from domain.base import Ruleset
from service import redaction
from service.errors import GameActive, NotFound
from service.i18n import ENGLISH, N_, Translator
from service.narration import narrator_for, with_text
from service.stream import GameStream, StreamLoader, apply_events
from service.verification_cache import VerificationCache
from service.verify import EXPORT_FORMAT, known_creation, verify_export
from service.wording import rendered
from store.base import EventStore, GameRecord, StoredEvent

# A replay folds at most this many events past a kept checkpoint.
REPLAY_CHECKPOINT_EVERY = 128


class ReplayCheckpoints:
    """Finished games folded at every REPLAY_CHECKPOINT_EVERY-th version, for the replays of the
    `games` games replayed last (least recently replayed first out). A finished game's log
    never changes through the service; the key holds its head hash all the same."""

    def __init__(self, games: int = 32):
        self.games = games
        self._kept: OrderedDict[Hashable, dict[int, GameStream]] = OrderedDict()
        self._lock = threading.Lock()

    def nearest(self, key: Hashable, version: int) -> GameStream | None:
        """The kept checkpoint of `key` with the highest version at or before `version`."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is None:
                return None
            self._kept.move_to_end(key)
            below = [v for v in kept if v <= version]
            return kept[max(below)] if below else None

    def keep(self, key: Hashable, stream: GameStream) -> None:
        with self._lock:
            self._kept.setdefault(key, {})[stream.version] = stream
            self._kept.move_to_end(key)
            while len(self._kept) > self.games:
                self._kept.popitem(last=False)


class Audit:
    def __init__(self, store: EventStore, loader: StreamLoader, rulesets: dict[str, Ruleset]):
        self.store = store
        self.loader = loader
        self.rulesets = rulesets
        self.verifications = VerificationCache()
        self.checkpoints = ReplayCheckpoints()

    def replay(self, game_id: str, version: int | None, words: Translator = ENGLISH) -> dict[str, Any]:
        stream = self.loader.load(game_id)
        if not stream.finished:
            raise GameActive(N_("replays are public once the game is finished"))
        target = stream.version if version is None else version
        if not 1 <= target <= stream.version:
            # A schema-valid version past the end names no event: 404, like any missing resource.
            raise NotFound(
                N_("no event {version}: the log runs from version 1 to {last}"),
                {"version": target, "last": stream.version},
            )
        folded, event = self._folded(stream, target)
        return {
            "id": game_id,
            "version": target,
            "seed": str(stream.record.seed),
            "nonce": stream.record.nonce,
            "custom_deck": stream.record.deck is not None,
            "seed_source": stream.record.seed_source,
            "state": rendered(folded.state.full_state(), words, narrator_for(stream.ruleset, words).names_of),
            "event": redaction.event_for(event, None, True, narrator_for(stream.ruleset, words)),
        }

    def _folded(self, stream: GameStream, target: int) -> tuple[GameStream, StoredEvent]:
        """The finished game folded up to event `target`, and that event. Folded on from the
        nearest kept checkpoint at or before it (every REPLAY_CHECKPOINT_EVERY events, kept on
        the way): a person stepping through a long match's replay asks for one version after
        another, and each was a fold of the whole log up to it (0.1 s and more, a 16-deal
        Nantong match)."""
        key = (stream.record.id, stream.head_hash)  # a log changed in the store is folded anew
        base = self.checkpoints.nearest(key, target)
        if base is None:
            events = self.store.load_events(stream.record.id, limit=1)
            folded = self.loader.fold(stream.record, events)
        else:
            folded, events = base.copy(), []
        while folded.version < target:
            stop = min(target, (folded.version // REPLAY_CHECKPOINT_EVERY + 1) * REPLAY_CHECKPOINT_EVERY)
            events = self.store.load_events(
                stream.record.id, after=folded.version, limit=stop - folded.version
            )
            apply_events(folded, events)
            if folded.version % REPLAY_CHECKPOINT_EVERY == 0:
                self.checkpoints.keep(key, folded.copy())
        if not events or events[-1].version != target:
            events = self.store.load_events(stream.record.id, after=target - 1, limit=1)
        return folded, events[-1]

    def export(
        self, game_id: str, refusal: str = N_("a game can be exported once it is finished")
    ) -> dict[str, Any]:
        # Straight from the store, without replaying: a finished game's log is final, and a
        # log that no longer replays must still be exported (and verified: NOT VERIFIED).
        # `refusal`: what a running game's 409 says (a verification exports first).
        record = self._finished(game_id, refusal)
        events = self.store.load_events(game_id)
        narrator = narrator_for(self.loader.ruleset(record.ruleset))
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
                "seed_source": record.seed_source,
            },
            # The log itself, each event with its sentence for a spectator (all is public now).
            "events": [with_text(e.to_dict(), None, narrator) for e in events],
        }

    def _finished(self, game_id: str, refusal: str) -> GameRecord:
        """The record of a finished game; NotFound, or GameActive saying `refusal`."""
        record = self.store.get_game(game_id)
        if record is None:
            raise NotFound(N_("no game {game_id!r}"), {"game_id": game_id})
        if game_id not in self.store.finished_games([game_id]):
            raise GameActive(refusal)
        return record

    def verify(self, game_id: str, creation_hash: str | None = None) -> dict[str, Any]:
        """The verifier's report on the game's export, with what it vouches for: the log's
        `creation_hash`, `last_hash` and `version` (its length). With `creation_hash` (the
        receipt the reader kept from the game's start), also whether the log begins with that
        very event (`known_creation`), as `cardgames verify --creation-hash` checks it."""
        refusal = N_("a game can be verified once it is finished")
        # A running game is refused before a verification is waited for: its 409 does not turn
        # into a 503 while this process computes another game's report.
        self._finished(game_id, refusal)
        # A finished game's log never changes through the service, so its report is computed
        # once and kept, by the log's fingerprint: a log changed in the store behind the
        # service's back (rewritten, its hashes computed again or not) is verified afresh, and
        # no report kept for the old log vouches for the new one.
        doc = self.export(game_id, refusal)
        fingerprint = hashlib.sha256(json.dumps(doc, sort_keys=True, default=str).encode()).hexdigest()
        report = self.verifications.report((game_id, fingerprint), lambda: _vouched(doc, self.rulesets))
        if creation_hash is None:
            return report
        check = known_creation(report.get("creation_hash"), creation_hash)
        return {**report, "ok": report["ok"] and check["ok"], "checks": [*report["checks"], check]}


def _vouched(doc: dict[str, Any], rulesets: dict[str, Ruleset]) -> dict[str, Any]:
    """The report on `doc`, with the hashes and the length of the log it is about."""
    events = doc.get("events") or [{}]
    first, last = events[0], events[-1]
    return {
        **verify_export(doc, rulesets),
        "creation_hash": first.get("hash"),
        "last_hash": last.get("hash"),
        "version": last.get("version"),
    }
