"""Fixtures of the operation tests."""

from __future__ import annotations

import pytest

from tests.redis_server import client_or_skip


@pytest.fixture
def redis_client():
    """A client of the test Redis (skipped, or failed under REQUIRE_REDIS=1, when it is down)."""
    client = client_or_skip()
    yield client
    client.close()
