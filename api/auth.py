"""Bearer seat tokens: parsed here, checked by the service (constant-time, hashed at rest)."""

from __future__ import annotations

from flask import request

from service.errors import Unauthorized
from service.i18n import N_


def bearer_token() -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > 200:
        raise Unauthorized(N_("Authorization must be 'Bearer <seat token>'"))
    return token
