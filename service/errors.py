"""Errors the service raises, typed by what went wrong. Each names its problem type
(`slug`) and a short title; the API maps each class to an HTTP status (api/problems.py)."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    slug = "bad-request"
    title = "Bad request"

    def __init__(self, detail: str, **extra: Any):
        super().__init__(detail)
        self.detail = detail
        self.extra = extra


class NotFound(ServiceError):
    slug, title = "not-found", "Not found"


class Unauthorized(ServiceError):
    slug, title = "unauthorized", "Missing or invalid seat token"


class Forbidden(ServiceError):
    slug, title = "forbidden", "Token of another game"


class InvalidRequest(ServiceError):
    """Well-formed JSON whose content cannot be accepted (bad deck, options, hand)."""

    slug, title = "invalid-request", "Invalid request"


class GameActive(ServiceError):
    slug, title = "game-active", "The game is not finished yet"


class StaleVersion(ServiceError):
    slug, title = "stale-version", "Stale expected_version"


class IllegalActionError(ServiceError):
    slug, title = "illegal-action", "Action not legal now"


class IdempotencyMismatch(ServiceError):
    slug, title = "idempotency-key-reused", "Idempotency-Key reused with a different request"


class ServiceUnavailable(ServiceError):
    """The event store cannot be reached now; nothing was changed and a retry may succeed."""

    slug, title = "service-unavailable", "Service unavailable"
