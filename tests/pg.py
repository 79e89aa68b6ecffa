"""PostgreSQL for the tests: the server named by TEST_POSTGRES_URL, scratch databases.

The PostgreSQL cases are skipped when no server answers, except where
REQUIRE_POSTGRES=1 (CI's .ci/run sets it after starting one): there an
unreachable server fails them, so a green CI never hides skipped backends.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit

import psycopg
import pytest

PG_URL = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")


def admin_url_or_skip() -> str:
    """The server's URL; skip (or fail under REQUIRE_POSTGRES=1) when it does not answer."""
    try:
        with psycopg.connect(PG_URL, connect_timeout=3):
            return PG_URL
    except psycopg.Error as exc:
        reason = f"PostgreSQL unreachable at {PG_URL} ({str(exc).strip().splitlines()[0]})"
    if os.environ.get("REQUIRE_POSTGRES") == "1":
        pytest.fail(reason + " and REQUIRE_POSTGRES=1")
    pytest.skip(reason)


def with_dbname(url: str, dbname: str) -> str:
    return urlsplit(url)._replace(path="/" + dbname).geturl()


@contextlib.contextmanager
def scratch_database(admin_url: str, prefix: str = "cg_test") -> Iterator[str]:
    """A new empty database, dropped afterwards; yields its URL."""
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield with_dbname(admin_url, name)
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
