"""Queries: what a seat (or a spectator) may read of a game — its view, its legal actions,
the game's events, every game's feed, and the score. Nothing here writes."""

from __future__ import annotations

import functools
from typing import Any

from domain.base import Action, Ruleset
from service import redaction
from service.errors import GameActive
from service.i18n import ENGLISH, N_, Translator
from service.narration import narrator_for
from service.stream import GameStream, StreamLoader
from service.wording import rendered
from store.base import EventStore


class Queries:
    def __init__(self, store: EventStore, loader: StreamLoader):
        self.store = store
        self.loader = loader
        # A game's ruleset never changes: the feed asked the store for each game of every page
        # (one query per game, twenty and more a page on PostgreSQL); asked once per game now.
        self._ruleset_id_of = functools.lru_cache(maxsize=8_192)(self._stored_ruleset_id)

    def view(self, game_id: str, seat: int | None, words: Translator = ENGLISH) -> dict[str, Any]:
        return self.view_of(self.loader.load(game_id, seat), seat, words)

    @staticmethod
    def view_of(stream: GameStream, seat: int | None, words: Translator = ENGLISH) -> dict[str, Any]:
        state = stream.state_for(seat)
        inner = state.view(seat)
        narrator = narrator_for(stream.ruleset, words)
        seats = [
            {**public, **spec} for spec, public in zip(stream.seats, inner.get("seats", []), strict=False)
        ]
        return {
            "id": stream.record.id,
            "ruleset": stream.record.ruleset,
            "version": stream.version_for(seat),
            "status": "finished" if stream.finished else "active",
            "seat": seat,
            "to_act": [] if stream.finished else inner.get("to_act", []),
            "phase": inner.get("phase", ""),
            "hand": inner.get("hand"),
            "drawn": inner.get("drawn"),
            "seats": seats,
            # A table may hold score lines (a Nantong match's finished deals, NT-3.3): in the
            # reader's words like the result's (service/wording.py)
            "table": rendered(inner.get("table", {}), words, narrator.names_of),
            "seed_commitment": stream.created["seed_commitment"],
            "creation_hash": stream.creation_hash,
            "custom_deck": stream.created["custom_deck"],
            "seed_source": stream.record.seed_source,
            "options": stream.created["options"],
            "result": rendered(state.result(), words, narrator.names_of) if stream.finished else None,
            "own_answer": Queries._own_answer(stream, seat, words),
        }

    @staticmethod
    def _own_answer(stream: GameStream, seat: int | None, words: Translator) -> dict[str, str] | None:
        """The reader's own answer to the open claim window while it is sealed (kept out of the
        log until every person has answered, SSP-5.1, NT-6.1): {action, label}, for that seat
        alone; nothing else of the view tells the person what they chose. None otherwise."""
        if seat is None or stream.finished:
            return None
        answer = next((a for a in stream.sealed if a.seat == seat and a.events is None), None)
        if answer is None:
            return None
        # the window as it was asked (the log state): the answer is one of its legal actions there
        asked = next((a for a in stream.state.legal_actions(seat) if a.id == answer.action), None)
        if asked is None:
            return {"action": answer.action, "label": answer.action}
        table = stream.state.view(seat).get("table", {})
        return {
            "action": answer.action,
            "label": narrator_for(stream.ruleset, words).label(asked.to_dict(), table),
        }

    def legal_actions(self, game_id: str, seat: int, words: Translator = ENGLISH) -> dict[str, Any]:
        stream = self.loader.load(game_id, seat)
        state = stream.state_for(seat)
        actions: list[Action] = []
        if not stream.finished and seat in state.to_act():
            actions = state.legal_actions(seat)
        listed = [a.to_dict() for a in actions]
        if listed:  # labels name the cards, from what this seat sees of the table
            listed = narrator_for(stream.ruleset, words).labelled(listed, state.view(seat).get("table", {}))
        return {
            "version": stream.version_for(seat),
            "ruleset": stream.ruleset.id,
            "seat": seat,
            "actions": listed,
        }

    def events(
        self, game_id: str, seat: int | None, after: int = 0, limit: int = 100, words: Translator = ENGLISH
    ) -> dict[str, Any]:
        stream = self.loader.load(game_id, seat)
        version = stream.version_for(seat)
        events = self.store.load_events(game_id, after=after, limit=limit)
        # Redact against the version we loaded: an event appended meanwhile is not returned.
        events = [e for e in events if e.version <= stream.version]
        if version > stream.version and len(events) < limit:  # the lone person's table beyond the log
            assert stream.held is not None
            events += [e for e in stream.held.events if e.version > after][: limit - len(events)]
        narrator = narrator_for(stream.ruleset, words)
        out = [redaction.event_for(e, seat, stream.finished, narrator) for e in events]
        more = bool(events) and events[-1].version < version
        return {"version": version, "events": out, "next": events[-1].version if more else None}

    def feed(self, after: int = 0, limit: int = 100, words: Translator = ENGLISH) -> dict[str, Any]:
        """Every game's events in global commit order, as a spectator may see them."""
        rows = self.store.feed(after=after, limit=limit)
        game_ids = sorted({e.game_id for _, e in rows})
        finished = self.store.finished_games(game_ids)
        sources = self.store.seed_sources(game_ids)
        narrators = {gid: narrator_for(self._ruleset_of(gid), words) for gid in game_ids}
        events = [
            {
                "position": position,
                "game_id": e.game_id,
                "seed_source": sources.get(e.game_id, "client"),
                **redaction.event_for(e, None, e.game_id in finished, narrators[e.game_id]),
            }
            for position, e in rows
        ]
        return {"events": events, "next": rows[-1][0] if len(rows) == limit else None}

    def _ruleset_of(self, game_id: str) -> Ruleset:
        return self.loader.ruleset(self._ruleset_id_of(game_id))

    def _stored_ruleset_id(self, game_id: str) -> str:
        record = self.store.get_game(game_id)
        assert record is not None, f"the feed names game {game_id}, which the store does not hold"
        return record.ruleset

    def score(self, game_id: str, words: Translator = ENGLISH) -> dict[str, Any]:
        stream = self.loader.load(game_id)
        result = stream.state.result()
        if not stream.finished or result is None:
            raise GameActive(N_("the score exists once the game is finished"))
        return {
            "id": game_id,
            "ruleset": stream.record.ruleset,
            "version": stream.version,
            "custom_deck": stream.created["custom_deck"],
            "seed_source": stream.record.seed_source,
            **rendered(result, words, narrator_for(stream.ruleset, words).names_of),
        }
