"""Liveness and readiness, and requests while the store is down: answered 503 problem+json
within 5 s (the client gives up after 5 s), never a 500 after 30 s; the service starts with
its database unreachable and becomes ready when it comes back."""

from __future__ import annotations

import json
import selectors
import socket
import threading
import time
from urllib.parse import urlsplit

import httpx

from tests.pg import with_dbname
from tests.redis_server import REDIS_URL
from tests.servers import free_port, gunicorn_server

PROBLEM = "application/problem+json"
FIVE_SECONDS = httpx.Timeout(5.0)


class TcpForwarder:
    """127.0.0.1:port → target, only once `open()` is called (before: nothing listens)."""

    def __init__(self, target: tuple[str, int]):
        self.target = target
        self.port = free_port()
        self._listener: socket.socket | None = None
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    def open(self) -> None:
        listener = socket.create_server(("127.0.0.1", self.port))
        listener.settimeout(0.2)
        self._listener = listener
        thread = threading.Thread(target=self._accept, daemon=True)
        thread.start()
        self._threads.append(thread)

    def close(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=5)
        if self._listener is not None:
            self._listener.close()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            upstream = socket.create_connection(self.target)
            thread = threading.Thread(target=self._pipe, args=(client, upstream), daemon=True)
            thread.start()
            self._threads.append(thread)

    def _pipe(self, a: socket.socket, b: socket.socket) -> None:
        selector = selectors.DefaultSelector()
        selector.register(a, selectors.EVENT_READ, b)
        selector.register(b, selectors.EVENT_READ, a)
        try:
            while not self._stop.is_set():
                for key, _ in selector.select(timeout=0.2):
                    data = key.fileobj.recv(65536)
                    if not data:
                        return
                    key.data.sendall(data)
        except OSError:
            return
        finally:
            a.close()
            b.close()


def assert_unavailable(response: httpx.Response) -> dict:
    assert response.status_code == 503, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    assert int(response.headers["Retry-After"]) > 0
    body = response.json()
    assert body["status"] == 503 and body["request_id"] == response.headers["X-Request-Id"]
    return body


def test_liveness_and_readiness_with_sqlite(tmp_path):
    with gunicorn_server(f"sqlite:///{tmp_path / 'ready.sqlite3'}") as (url, _proc):
        assert httpx.get(f"{url}/v1/health").json() == {"status": "ok", "store": "sqlite"}
        ready = httpx.get(f"{url}/v1/health/ready", timeout=FIVE_SECONDS)
        assert ready.status_code == 200
        assert ready.json() == {"status": "ready", "store": "sqlite", "rate_limit_counters": "off"}


def test_postgresql_down_then_back(pg_admin_url, tmp_path):
    """Started with PostgreSQL unreachable: alive, not ready, every store request a quick 503
    that changes nothing; once the database answers, ready and serving."""
    admin = urlsplit(pg_admin_url)
    forwarder = TcpForwarder((admin.hostname or "127.0.0.1", admin.port or 5432))
    url_via_forwarder = with_dbname(
        admin._replace(netloc=f"{admin.username or 'postgres'}@127.0.0.1:{forwarder.port}").geturl(),
        (admin.path or "/postgres").lstrip("/") or "postgres",
    )
    try:
        with gunicorn_server(url_via_forwarder) as (url, _proc):
            assert httpx.get(f"{url}/v1/health", timeout=FIVE_SECONDS).json()["status"] == "ok"
            body = assert_unavailable(httpx.get(f"{url}/v1/health/ready", timeout=FIVE_SECONDS))
            assert "store" in body["detail"] and "127.0.0.1" not in body["detail"]
            for request in (
                lambda c: c.post("/v1/games", json={"ruleset": "chuopai"}),
                lambda c: c.get("/v1/games/0123456789abcdef0123456789abcdef"),
                lambda c: c.get("/v1/events"),
            ):
                with httpx.Client(base_url=url, timeout=FIVE_SECONDS) as client:
                    assert_unavailable(request(client))

            # The app's own warning about each 503: a JSON line naming the request, cause included.
            warnings = [
                json.loads(line)
                for line in _proc.log_path.read_text().splitlines()
                if '"level": "warning"' in line and "answered 503" in line
            ]
            assert warnings and all(w["logger"] == "cardgames.api" and w["request_id"] for w in warnings)

            forwarder.open()
            # Each worker's pool reconnects on its own: wait until several probes in a row
            # (new connections, so both workers answer some) find the node ready.
            deadline, in_a_row = time.monotonic() + 60, 0
            while in_a_row < 8:
                assert time.monotonic() < deadline, "not ready 60 s after PostgreSQL came back"
                ready = httpx.get(f"{url}/v1/health/ready", timeout=FIVE_SECONDS)
                in_a_row = in_a_row + 1 if ready.status_code == 200 else 0
                time.sleep(0.25)
            assert ready.json()["store"] == "postgresql"
            created = httpx.post(f"{url}/v1/games", json={"ruleset": "chuopai"}, timeout=30)
            assert created.status_code == 201, created.text
    finally:
        forwarder.close()


def test_redis_down_is_not_ready_but_still_serves(tmp_path):
    """Rate-limit counters in an unreachable Redis: /ready says so; games are still created
    (counting falls back to each worker's memory)."""
    dead_redis = f"redis://127.0.0.1:{free_port()}/0"
    env = {"RATE_LIMIT": "100/hour", "REDIS_URL": dead_redis}
    with gunicorn_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", env=env) as (url, _proc):
        body = assert_unavailable(httpx.get(f"{url}/v1/health/ready", timeout=FIVE_SECONDS))
        assert "Redis" in body["detail"]
        created = httpx.post(f"{url}/v1/games", json={"ruleset": "chuopai"}, timeout=FIVE_SECONDS)
        assert created.status_code == 201, created.text


def test_ready_with_redis(tmp_path, redis_client):
    env = {"RATE_LIMIT": "100/hour", "REDIS_URL": REDIS_URL}
    with gunicorn_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", env=env) as (url, _proc):
        ready = httpx.get(f"{url}/v1/health/ready", timeout=FIVE_SECONDS)
        assert ready.status_code == 200
        assert ready.json()["rate_limit_counters"] == "redis"
