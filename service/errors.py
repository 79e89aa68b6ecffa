"""Errors the service raises, typed by what went wrong. Each names its problem type
(`slug`) and a short title; the API maps each class to an HTTP status (api/problems.py).

`title` and the `detail` message are message ids (service/i18n.py): the API translates both into
the language of the request. A detail's named placeholders are filled in after translation, so
a translator moves them, never rewrites them; messages that come from the domain (a rule's
refusal) pass through as they are when no catalogue has them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.i18n import ENGLISH, N_, Translator


class ServiceError(Exception):
    slug = "bad-request"
    title = N_("Bad request")

    def __init__(self, message: str, params: Mapping[str, Any] | None = None, /, **extra: Any):
        self.message = message
        self.params = dict(params or {})
        self.detail = self.detail_in(ENGLISH)
        super().__init__(self.detail)
        self.extra = extra

    def detail_in(self, translator: Translator) -> str:
        return (
            translator.format(self.message, **self.params)
            if self.params
            else translator.gettext(self.message)
        )

    def title_in(self, translator: Translator) -> str:
        return translator.gettext(self.title)


class NotFound(ServiceError):
    slug, title = "not-found", N_("Not Found")  # as HTTP names it: one title for the type, whatever raised it


class Unauthorized(ServiceError):
    slug, title = "unauthorized", N_("Missing or invalid seat token")


class Forbidden(ServiceError):
    slug, title = "forbidden", N_("Token of another game")


class InvalidRequest(ServiceError):
    """Well-formed JSON whose content cannot be accepted (bad deck, options, hand)."""

    slug, title = "invalid-request", N_("Invalid request")


class GameActive(ServiceError):
    slug, title = "game-active", N_("The game is not finished yet")


class StaleVersion(ServiceError):
    slug, title = "stale-version", N_("Stale expected_version")


class IllegalActionError(ServiceError):
    slug, title = "illegal-action", N_("Action not legal now")


class IdempotencyMismatch(ServiceError):
    slug, title = "idempotency-key-reused", N_("Idempotency-Key reused with a different request")


class StoredLogInvalid(ServiceError):
    """The store holds a log of the game that the rules refuse (it was changed outside the
    service): a fault of the server's data, not of the request; nothing was changed."""

    slug, title = "stored-log-invalid", N_("The stored game log does not replay")


class ServiceUnavailable(ServiceError):
    """The event store cannot be reached now; nothing was changed and a retry may succeed."""

    slug, title = "service-unavailable", N_("Service unavailable")


class VerificationBusy(ServiceUnavailable):
    """This process is computing another verification report (seconds of CPU for strong AI
    seats); the request did not wait for it, so a burst holds no threads. A retry may succeed."""

    slug, title = "verification-busy", N_("Another verification is being computed")
