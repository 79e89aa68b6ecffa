"""Redis for the tests of shared rate-limit counters: the server at TEST_REDIS_URL
(default redis://127.0.0.1:6379/0). Tests that need it are skipped when it does not answer,
except where REQUIRE_REDIS=1 (CI's .ci/run sets it after starting one): there they fail."""

from __future__ import annotations

import os

import pytest
import redis

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def client_or_skip() -> redis.Redis:
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3)
    try:
        client.ping()
    except redis.RedisError as exc:
        client.close()
        reason = f"Redis unreachable at {REDIS_URL} ({exc})"
        if os.environ.get("REQUIRE_REDIS") == "1":
            pytest.fail(reason + " and REQUIRE_REDIS=1")
        pytest.skip(reason)
    return client
