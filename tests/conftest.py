"""Fixtures shared by every test folder."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

from tests.pg import admin_url_or_skip, scratch_database

# Property tests (hypothesis): bounded example counts so they run in seconds, and no per-example
# deadline (the machine may be busy; speed is measured in bench/, never asserted). "ci" draws the
# same examples on every run, so a CI failure reproduces; set HYPOTHESIS_PROFILE=ci to use it
# locally, "dev" (the default) explores new examples on each run.
settings.register_profile("dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", settings.get_profile("dev"), derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


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
