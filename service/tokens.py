"""Seat tokens: how they are made, how they are kept, and what looks like one.

A token is 256 random bits in URL-safe base64 (43 characters of [A-Za-z0-9_-]); the store keeps
only its SHA-256 hash. `TOKEN_LIKE` finds any run of that alphabet at least a token long: what
the service writes about a request (its log line) keeps no such run, so a token a client put in
the wrong place (a request id, the path) is not written down either.
"""

from __future__ import annotations

import hashlib
import re
import secrets

TOKEN_BYTES = 32
TOKEN_LIKE = re.compile(r"[A-Za-z0-9_-]{43,}")
REDACTED = "[redacted]"


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def looks_like_token(text: str) -> bool:
    """Whether `text` holds a run of characters that could be a seat token."""
    return TOKEN_LIKE.search(text) is not None


def without_tokens(text: str) -> str:
    """`text` with every run that could be a seat token replaced by `REDACTED`."""
    return TOKEN_LIKE.sub(REDACTED, text)


__all__ = ["REDACTED", "TOKEN_BYTES", "looks_like_token", "new_token", "token_hash", "without_tokens"]
