"""The application service (docs/design.md, "Layers"): the one place that knows both the domain
and the store. `GameService` is the facade the API calls; the work is done by
- `service.commands` (create a game, take a decision, let AI seats play on),
- `service.queries` (views, legal actions, events, the feed, the score),
- `service.audit` (replay, export, verify),
around `service.stream` (loading a game's stream and the unit of work that writes it).

It is stateless across requests: the only in-process memory is a cache of replayed
states keyed by (game id, version, head hash) and checked against the store's head
before use, so any worker can serve any request.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from domain.base import CANONICAL_RULES_LANGUAGE, InvalidHand, Ruleset
from domain.registry import RULESETS
from service.audit import Audit
from service.commands import SEAT_KINDS, Commands
from service.errors import Forbidden, InvalidRequest, NotFound, Unauthorized
from service.i18n import ENGLISH, N_, Translator
from service.lone_person import HeldTables
from service.narration import narrator_for
from service.observer import NullObserver, ServiceObserver
from service.queries import Queries
from service.store_guard import GuardedStore
from service.stream import GameStream, StateCache, StreamLoader
from service.tokens import token_hash
from service.verify import EXPORT_FORMAT
from service.wording import rendered, without_messages
from store.base import EventStore

__all__ = ["EXPORT_FORMAT", "SEAT_KINDS", "GameService", "GameStream", "token_hash", "utc_now"]


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


@dataclass(frozen=True)
class RulesText:
    """A ruleset's rules as served: the Markdown, the language it is written in, and every
    language they can be read in (English, the canonical text, first)."""

    text: str
    language: str
    languages: tuple[str, ...]

    @property
    def canonical(self) -> bool:
        """Whether this is the canonical English text (a translation's differences yield to it)."""
        return self.language == CANONICAL_RULES_LANGUAGE


class GameService:
    def __init__(
        self,
        store: EventStore,
        rulesets: dict[str, Ruleset] | None = None,
        clock: Callable[[], str] = utc_now,
        cache_size: int = 512,
        observer: ServiceObserver | None = None,
    ):
        store = GuardedStore(store)  # an unreachable store raises ServiceUnavailable
        self.store = store
        self.observer: ServiceObserver = observer or NullObserver()
        self.rulesets = RULESETS if rulesets is None else rulesets
        self.clock = clock
        held_tables = HeldTables()
        self.loader = StreamLoader(store, self.rulesets, StateCache(cache_size), held_tables)
        self.queries = Queries(store, self.loader)
        self.commands = Commands(store, self.loader, self.queries, self.observer, clock, held_tables)
        self.audit = Audit(store, self.loader, self.rulesets)

    # ---------------------------------------------------------------- rulesets
    def ruleset(self, ruleset_id: str) -> Ruleset:
        return self.loader.ruleset(ruleset_id)

    def rules_text(self, ruleset_id: str, language: str = CANONICAL_RULES_LANGUAGE) -> RulesText:
        """A ruleset's rules (Markdown, rule numbers as cited in code and tests) in `language`
        when they are translated into it, else the canonical English."""
        ruleset = self.ruleset(ruleset_id)
        languages = ruleset.rules_languages()
        if language not in languages:
            language = CANONICAL_RULES_LANGUAGE
        return RulesText(ruleset.rules_text(language), language, languages)

    def score_hand(
        self, ruleset_id: str, body: dict[str, Any], words: Translator = ENGLISH
    ) -> dict[str, Any]:
        """A hand calculator's report, its lines and labels in `words`' language."""
        ruleset = self.ruleset(ruleset_id)
        try:
            report = ruleset.score_hand(body)
        except NotImplementedError:
            raise NotFound(
                N_("ruleset {ruleset!r} has no hand calculator"), {"ruleset": ruleset_id}
            ) from None
        except InvalidHand as exc:
            raise InvalidRequest(exc.template, exc.params, rule=exc.rule) from None
        # Worded for this request; a report is never logged, so its items need no `message`
        # (and the calculators' schemas list none).
        narrator = narrator_for(ruleset, words)
        return narrator.labelled_plays(without_messages(rendered(report, words, narrator.names_of)))

    # ---------------------------------------------------------------- the store, as the API may see it
    @property
    def store_kind(self) -> str:
        return self.store.kind

    def ready(self, timeout: float = 2.0) -> None:
        """Returns once the store answered a round trip within `timeout` s; ServiceUnavailable otherwise."""
        self.store.ping(timeout)

    def exists(self, game_id: str) -> bool:
        return self.loader.exists(game_id)

    def load(self, game_id: str, reader: int | None = None) -> GameStream:
        """The game's stream; with `reader` the lone person, with that person's table too."""
        return self.loader.load(game_id, reader)

    # ---------------------------------------------------------------- auth
    def authenticate(self, game_id: str, token: str | None) -> int | None:
        """The seat a bearer token speaks for in this game (None without a token)."""
        if token is None:
            return None
        found = self.store.seat_for_token(token_hash(token))
        if found is None:
            raise Unauthorized(N_("the seat token is not valid"))
        token_game, seat = found
        # The lookup is by hash; compare game ids in constant time all the same.
        if not hmac.compare_digest(token_game.encode(), game_id.encode()):
            raise Forbidden(N_("this token belongs to another game"))
        return seat

    # ---------------------------------------------------------------- commands
    def create_game(
        self,
        ruleset_id: str,
        seats: list[dict[str, Any]] | None = None,
        seed: int | None = None,
        deck: list[str] | None = None,
        options: dict[str, Any] | None = None,
        idempotency_key: str | None = None,
    ) -> dict[str, Any]:
        return self.commands.create_game(ruleset_id, seats, seed, deck, options, idempotency_key)

    def act(
        self,
        game_id: str,
        seat: int,
        action_id: str,
        expected_version: int,
        idempotency_key: str | None = None,
        words: Translator = ENGLISH,
    ) -> dict[str, Any]:
        return self.commands.act(game_id, seat, action_id, expected_version, idempotency_key, words)

    # ---------------------------------------------------------------- queries
    def view(self, game_id: str, seat: int | None, words: Translator = ENGLISH) -> dict[str, Any]:
        return self.queries.view(game_id, seat, words)

    # `words`: the reader's language for labels and texts (service/i18n.py); English by default.
    def legal_actions(self, game_id: str, seat: int, words: Translator = ENGLISH) -> dict[str, Any]:
        return self.queries.legal_actions(game_id, seat, words)

    def events(
        self, game_id: str, seat: int | None, after: int = 0, limit: int = 100, words: Translator = ENGLISH
    ) -> dict[str, Any]:
        return self.queries.events(game_id, seat, after, limit, words)

    def feed(self, after: int = 0, limit: int = 100, words: Translator = ENGLISH) -> dict[str, Any]:
        return self.queries.feed(after, limit, words)

    def score(self, game_id: str, words: Translator = ENGLISH) -> dict[str, Any]:
        return self.queries.score(game_id, words)

    # ---------------------------------------------------------------- audit
    def replay(self, game_id: str, version: int | None, words: Translator = ENGLISH) -> dict[str, Any]:
        return self.audit.replay(game_id, version, words)

    def export(self, game_id: str) -> dict[str, Any]:
        return self.audit.export(game_id)

    def verify(self, game_id: str, creation_hash: str | None = None) -> dict[str, Any]:
        return self.audit.verify(game_id, creation_hash)
