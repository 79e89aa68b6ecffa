"""The store as the service uses it: an unreachable store becomes the service's own error.

Every EventStore method may raise store.base.StoreUnavailable (database down, no pooled
connection in time). The service's callers — the API — see only service errors, so
`GuardedStore` turns it into `ServiceUnavailable` on the way out of every store call,
whichever service module made it. Every other result and exception passes unchanged.
It is an EventStore itself: a method added to the interface must be added here too, or
the service does not start (abstract method).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from service.errors import ServiceUnavailable
from service.i18n import N_
from store.base import (
    CreationKey,
    EventStore,
    GameRecord,
    IdempotentResponse,
    SealedAnswer,
    StoredEvent,
    StoreUnavailable,
)

UNAVAILABLE_DETAIL = N_("the event store is unavailable; nothing was changed, try again later")
IN_DOUBT_DETAIL = N_(
    "the event store stopped answering while it recorded this change: it may have been recorded. "
    "Retry with the same Idempotency-Key to get its answer, or read the game before acting again"
)


# A creation without an Idempotency-Key whose answer (the id, the seat tokens) never reached the
# client: a game that may have been stored is one nobody can ever act in or be shown as theirs.
CREATION_IN_DOUBT_DETAIL = N_(
    "the event store stopped answering while it recorded the new game: it may have been stored, "
    "but its id and seat tokens are only in the answer that was lost, so nobody can play it. "
    "Create the game again"
)
# With a key, the retry finds the game if it was stored, and deals it if it was not.
KEYED_CREATION_IN_DOUBT_DETAIL = N_(
    "the event store stopped answering while it recorded the new game: it may have been stored. "
    "Retry with the same Idempotency-Key: it answers with that game if it was stored, and creates "
    "it if it was not"
)


@contextlib.contextmanager
def _unavailable_as_service_error(in_doubt_detail: str = IN_DOUBT_DETAIL) -> Iterator[None]:
    try:
        yield
    except StoreUnavailable as exc:
        # The store's own message names hosts and paths: it goes to the log (as the cause),
        # not to clients. A write lost while committing may have been recorded: saying
        # "nothing was changed" then would send a client off believing its move refused.
        raise ServiceUnavailable(in_doubt_detail if exc.in_doubt else UNAVAILABLE_DETAIL) from exc


class GuardedStore(EventStore):
    def __init__(self, inner: EventStore):
        self.inner = inner
        self.kind = inner.kind

    def ping(self, timeout: float) -> None:
        with _unavailable_as_service_error():
            self.inner.ping(timeout)

    def create_game(
        self,
        game: GameRecord,
        token_hashes: dict[int, str],
        events: list[StoredEvent],
        sealed: SealedAnswer | None = None,
        creation: CreationKey | None = None,
    ) -> None:
        in_doubt = CREATION_IN_DOUBT_DETAIL if creation is None else KEYED_CREATION_IN_DOUBT_DETAIL
        with _unavailable_as_service_error(in_doubt):
            self.inner.create_game(game, token_hashes, events, sealed, creation)

    def creation(self, key_hash: str) -> CreationKey | None:
        with _unavailable_as_service_error():
            return self.inner.creation(key_hash)

    def get_game(self, game_id: str) -> GameRecord | None:
        with _unavailable_as_service_error():
            return self.inner.get_game(game_id)

    def seat_for_token(self, token_hash: str) -> tuple[str, int] | None:
        with _unavailable_as_service_error():
            return self.inner.seat_for_token(token_hash)

    def load_events(self, game_id: str, after: int = 0, limit: int | None = None) -> list[StoredEvent]:
        with _unavailable_as_service_error():
            return self.inner.load_events(game_id, after, limit)

    def head(self, game_id: str) -> tuple[int, str]:
        with _unavailable_as_service_error():
            return self.inner.head(game_id)

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: list[StoredEvent],
        idempotent: IdempotentResponse | None = None,
        sealed_before: int = 0,
    ) -> None:
        with _unavailable_as_service_error():
            self.inner.append(game_id, expected_version, events, idempotent, sealed_before)

    def idempotent_response(
        self, game_id: str, key: str, seat: int | None = None
    ) -> IdempotentResponse | None:
        with _unavailable_as_service_error():
            return self.inner.idempotent_response(game_id, key, seat)

    def seal(
        self, answer: SealedAnswer, sealed_before: int, idempotent: IdempotentResponse | None = None
    ) -> None:
        with _unavailable_as_service_error():
            self.inner.seal(answer, sealed_before, idempotent)

    def head_and_sealed(self, game_id: str) -> tuple[tuple[int, str], list[SealedAnswer]]:
        with _unavailable_as_service_error():
            return self.inner.head_and_sealed(game_id)

    def sealed_answers(self, game_id: str) -> list[SealedAnswer]:
        with _unavailable_as_service_error():
            return self.inner.sealed_answers(game_id)

    def seed_sources(self, game_ids: list[str]) -> dict[str, str]:
        with _unavailable_as_service_error():
            return self.inner.seed_sources(game_ids)

    def feed(self, after: int = 0, limit: int = 100) -> list[tuple[int, StoredEvent]]:
        with _unavailable_as_service_error():
            return self.inner.feed(after, limit)

    def finished_games(self, game_ids: list[str]) -> set[str]:
        with _unavailable_as_service_error():
            return self.inner.finished_games(game_ids)

    def stale_games(
        self, finished_before: str | None, idle_before: str | None
    ) -> tuple[list[str], list[str]]:
        with _unavailable_as_service_error():
            return self.inner.stale_games(finished_before, idle_before)

    def delete_games(self, game_ids: list[str]) -> int:
        with _unavailable_as_service_error():
            return self.inner.delete_games(game_ids)

    def close(self) -> None:
        self.inner.close()
