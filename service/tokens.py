"""Seat tokens: how they are made, how they are kept, and what looks like one.

A token is 256 random bits in URL-safe base64 (43 characters of [A-Za-z0-9_-]); the store keeps
only its SHA-256 hash. A game created under an Idempotency-Key has tokens derived from that key
and a random salt kept with the game (`derived_token`) instead, so that a retry of the creation
can be answered with them again while the store still keeps no token: they are as secret as
the key, which is why a creation's key must be long (api/games/schemas.py). `TOKEN_LIKE` finds any run of that alphabet at least a token long: what
the service writes about a request (its log line) keeps no such run, so a token a client put in
the wrong place (a request id, the path) is not written down either.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

TOKEN_BYTES = 32
TOKEN_LIKE = re.compile(r"[A-Za-z0-9_-]{43,}")
REDACTED = "[redacted]"


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def derived_token(key: str, salt: str, seat: int) -> str:
    """The token of `seat` in the game created under Idempotency-Key `key` with `salt`: HMAC-SHA256
    in URL-safe base64, a token's own alphabet and length."""
    digest = hmac.new(key.encode(), f"seat token {salt} {seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def creation_key_hash(key: str) -> str:
    """How the store keeps a creation's Idempotency-Key: like a token, by its hash alone."""
    return hashlib.sha256(f"creation key {key}".encode()).hexdigest()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def looks_like_token(text: str) -> bool:
    """Whether `text` holds a run of characters that could be a seat token."""
    return TOKEN_LIKE.search(text) is not None


def without_tokens(text: str) -> str:
    """`text` with every run that could be a seat token replaced by `REDACTED`."""
    return TOKEN_LIKE.sub(REDACTED, text)


__all__ = [
    "REDACTED",
    "TOKEN_BYTES",
    "creation_key_hash",
    "derived_token",
    "looks_like_token",
    "new_token",
    "token_hash",
    "without_tokens",
]
