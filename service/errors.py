"""Errors the service raises; the API maps each to one problem type and status."""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    status = 400
    slug = "bad-request"
    title = "Bad request"

    def __init__(self, detail: str, **extra: Any):
        super().__init__(detail)
        self.detail = detail
        self.extra = extra


class NotFound(ServiceError):
    status, slug, title = 404, "not-found", "Not found"


class Unauthorized(ServiceError):
    status, slug, title = 401, "unauthorized", "Missing or invalid seat token"


class Forbidden(ServiceError):
    status, slug, title = 403, "forbidden", "Token of another game"


class InvalidRequest(ServiceError):
    """Well-formed JSON whose content cannot be accepted (bad deck, options, hand)."""

    status, slug, title = 422, "invalid-request", "Invalid request"


class GameActive(ServiceError):
    status, slug, title = 409, "game-active", "The game is not finished yet"


class StaleVersion(ServiceError):
    status, slug, title = 409, "stale-version", "Stale expected_version"


class IllegalActionError(ServiceError):
    status, slug, title = 409, "illegal-action", "Action not legal now"


class IdempotencyMismatch(ServiceError):
    status, slug, title = 422, "idempotency-key-reused", "Idempotency-Key reused with a different request"
