"""Game creation is rate-limited per client address (RATE_LIMIT), answered 429 problem+json
with Retry-After and RateLimit headers; with REDIS_URL the counters are shared by every
node. Windows are an hour long here, so no window ends during a test."""

from __future__ import annotations

import uuid

import httpx
import pytest

from api import create_app
from tests.redis_server import REDIS_URL
from tests.servers import gunicorn_server

PROBLEM = "application/problem+json"


def create(client: httpx.Client, **headers) -> httpx.Response:
    return client.post("/v1/games", json={"ruleset": "chuopai"}, headers=headers)


def assert_throttled(response: httpx.Response, limit: int) -> None:
    assert response.status_code == 429, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body = response.json()
    assert body["status"] == 429 and body["type"] == "/problems/too-many-requests"
    assert body["request_id"] == response.headers["X-Request-Id"]
    assert 0 < int(response.headers["Retry-After"]) <= 3600
    assert response.headers["RateLimit-Limit"] == str(limit)
    assert response.headers["RateLimit-Remaining"] == "0"
    assert response.headers["RateLimit-Policy"] == f"{limit};w=3600"


def test_creation_is_limited_per_address_on_one_node(tmp_path):
    env = {"RATE_LIMIT": "3/hour"}
    # One worker: without Redis each worker process counts on its own (README).
    with gunicorn_server(f"sqlite:///{tmp_path / 'rl.sqlite3'}", workers=1, env=env) as (url, _proc):
        with httpx.Client(base_url=url, timeout=30) as client:
            remaining = []
            for _ in range(3):
                response = create(client)
                assert response.status_code == 201, response.text
                remaining.append(int(response.headers["RateLimit-Remaining"]))
                assert 0 < int(response.headers["RateLimit-Reset"]) <= 3600
            assert remaining == [2, 1, 0]
            game = response.json()
            assert_throttled(create(client), 3)
            # X-Forwarded-For is ignored without a trusted proxy (PROXY_COUNT=0): no way around.
            assert_throttled(create(client, **{"X-Forwarded-For": "203.0.113.9"}), 3)
            # Only creation is limited: the game goes on being read and played.
            view = client.get(f"/v1/games/{game['id']}")
            assert view.status_code == 200 and "RateLimit-Limit" not in view.headers
            assert client.get("/v1/rulesets").status_code == 200


def test_trusted_proxy_address_is_the_client(tmp_path):
    """Behind one proxy (PROXY_COUNT=1) the address it appends is the client's."""
    env = {"RATE_LIMIT": "1/hour", "PROXY_COUNT": "1"}
    with gunicorn_server(f"sqlite:///{tmp_path / 'rl.sqlite3'}", workers=1, env=env) as (url, _proc):
        with httpx.Client(base_url=url, timeout=30) as client:
            first = {"X-Forwarded-For": "203.0.113.1"}
            assert create(client, **first).status_code == 201
            assert_throttled(create(client, **first), 1)
            assert create(client, **{"X-Forwarded-For": "203.0.113.2"}).status_code == 201


@pytest.fixture
def redis_prefix(redis_client):
    """A key prefix of this test run in the real Redis; its keys are deleted afterwards."""
    prefix = f"cardgames-test-{uuid.uuid4().hex}"
    try:
        yield prefix, redis_client
    finally:
        keys = list(redis_client.scan_iter(f"*{prefix}*"))
        if keys:
            redis_client.delete(*keys)


def test_counters_are_shared_by_nodes_through_redis(tmp_path, redis_prefix):
    """Two gunicorn nodes (2 workers each) on one database and one Redis: 4 games an hour
    from one address in all, wherever they land."""
    prefix, redis_client = redis_prefix
    env = {"RATE_LIMIT": "4/hour", "REDIS_URL": REDIS_URL, "RATE_LIMIT_KEY_PREFIX": prefix}
    database = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    with gunicorn_server(database, env=env) as (a, _), gunicorn_server(database, env=env) as (b, _):
        with httpx.Client(base_url=a, timeout=30) as node_a, httpx.Client(base_url=b, timeout=30) as node_b:
            for client in (node_a, node_b, node_a, node_b):
                assert create(client).status_code == 201
            assert_throttled(create(node_a), 4)
            assert_throttled(create(node_b), 4)
        assert list(redis_client.scan_iter(f"*{prefix}*")), "no counter in Redis under the test's prefix"


def test_bad_rate_limit_stops_start_up(monkeypatch, tmp_path):
    monkeypatch.setenv("RATE_LIMIT", "sixty a minute")
    with pytest.raises(ValueError, match="RATE_LIMIT"):
        create_app(f"sqlite:///{tmp_path / 'x.sqlite3'}")


def test_off_switches_limits_off(monkeypatch, tmp_path):
    monkeypatch.setenv("RATE_LIMIT", "off")
    client = create_app(f"sqlite:///{tmp_path / 'x.sqlite3'}").test_client()
    for _ in range(3):
        response = client.post("/v1/games", json={"ruleset": "chuopai"})
        assert response.status_code == 201 and "RateLimit-Limit" not in response.headers


def test_default_is_60_a_minute(monkeypatch, tmp_path):
    monkeypatch.delenv("RATE_LIMIT", raising=False)
    monkeypatch.delenv("REDIS_URL", raising=False)
    client = create_app(f"sqlite:///{tmp_path / 'x.sqlite3'}").test_client()
    response = client.post("/v1/games", json={"ruleset": "chuopai"})
    assert response.status_code == 201
    assert response.headers["RateLimit-Limit"] == "60"
    assert response.headers["RateLimit-Policy"] == "60;w=60"


def test_the_refusal_is_in_the_requests_language(tmp_path):
    """The 429 problem's title and detail (with the limit) in French and Chinese."""
    with gunicorn_server(f"sqlite:///{tmp_path / 'rl.sqlite3'}", workers=1, env={"RATE_LIMIT": "1/hour"}) as (
        url,
        _proc,
    ):
        with httpx.Client(base_url=url, timeout=30) as client:
            assert create(client).status_code == 201
            french = client.post("/v1/games?lang=fr", json={"ruleset": "chuopai"})
            assert_throttled(french, 1)
            assert french.headers["Content-Language"] == "fr"
            assert french.json()["title"] == "Trop de requêtes"
            assert (
                french.json()["detail"] == "trop de parties créées depuis cette adresse (limite 1 par heure)"
            )
            chinese = create(client, **{"Accept-Language": "zh-CN"})
            assert_throttled(chinese, 1)
            assert chinese.json()["detail"] == "从此地址创建的对局太多（上限 每小时 1 次）"
            english = create(client)
            assert english.json()["detail"] == "too many games created from this address (limit 1 per hour)"


@pytest.mark.parametrize("counters", ["memory", "redis"])
def test_a_refused_creation_is_not_counted(monkeypatch, tmp_path, counters, request):
    """A creation refused for what it asked creates nothing, and so uses up none of the
    address's allowance (docs/api.md: a refused request changes nothing): malformed JSON (400),
    an unknown ruleset (422), a body that is not JSON (415) or too large (413). A 429 counts."""
    monkeypatch.setenv("RATE_LIMIT", "2/hour")
    if counters == "redis":
        prefix, _redis = request.getfixturevalue("redis_prefix")
        monkeypatch.setenv("REDIS_URL", REDIS_URL)
        monkeypatch.setenv("RATE_LIMIT_KEY_PREFIX", prefix)
    else:
        monkeypatch.delenv("REDIS_URL", raising=False)
    client = create_app(f"sqlite:///{tmp_path / 'x.sqlite3'}").test_client()
    json_type = {"Content-Type": "application/json"}
    refused = [
        (client.post("/v1/games", data="{", headers=json_type), 400),
        (client.post("/v1/games", json={"ruleset": "bogus"}), 422),
        (client.post("/v1/games", data="ruleset=chuopai", headers={"Content-Type": "text/plain"}), 415),
        (client.post("/v1/games", data=b"x" * 70_000, headers=json_type), 413),
    ]
    for response, status in refused:
        assert response.status_code == status, response.get_data(as_text=True)
        assert response.headers.get("RateLimit-Remaining") in (None, "2"), (status, response.headers)
    remaining = []
    for _ in range(2):
        response = client.post("/v1/games", json={"ruleset": "chuopai"})
        assert response.status_code == 201
        remaining.append(response.headers["RateLimit-Remaining"])
    assert remaining == ["1", "0"]
    throttled = client.post("/v1/games", json={"ruleset": "chuopai"})
    assert throttled.status_code == 429 and throttled.headers["RateLimit-Remaining"] == "0"
    assert client.post("/v1/games", json={"ruleset": "chuopai"}).status_code == 429
