"""Fixtures shared by every test folder."""

from __future__ import annotations

import pytest

from tests.pg import admin_url_or_skip, scratch_database


@pytest.fixture(scope="session")
def pg_admin_url():
    return admin_url_or_skip()


@pytest.fixture(scope="session")
def pg_url(pg_admin_url):
    """A database of this test session, dropped at its end."""
    with scratch_database(pg_admin_url) as url:
        yield url


@pytest.fixture
def fresh_pg_url(pg_admin_url):
    """A brand-new empty database (no schema yet), for schema-creation tests."""
    with scratch_database(pg_admin_url) as url:
        yield url
