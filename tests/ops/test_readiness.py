"""Liveness and readiness, and requests while the store is down: answered 503 problem+json
within 5 s (the client gives up after 5 s), never a 500 after 30 s; the service starts with
its database unreachable and becomes ready when it comes back."""

from __future__ import annotations

import json
import selectors
import signal
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
        self.frozen = threading.Event()  # set: bytes are taken in but nothing is passed on
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
                if self.frozen.is_set():  # a frozen server: connections stay open, unanswered
                    time.sleep(0.05)
                    continue
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


def test_a_drain_file_takes_the_node_out_of_service_before_it_stops(tmp_path, monkeypatch):
    """DRAIN_FILE: while the named file exists readiness answers 503 (a load balancer following
    it sends new requests elsewhere), and the node still serves the requests that reach it."""
    drain = tmp_path / "drain"
    monkeypatch.setenv("DRAIN_FILE", str(drain))
    with gunicorn_server(f"sqlite:///{tmp_path / 'drain.sqlite3'}") as (url, _proc):
        assert httpx.get(f"{url}/v1/health/ready", timeout=FIVE_SECONDS).status_code == 200
        drain.touch()
        body = assert_unavailable(httpx.get(f"{url}/v1/health/ready", timeout=FIVE_SECONDS))
        assert "draining" in body["detail"]
        assert httpx.post(f"{url}/v1/games", json={"ruleset": "chuopai"}, timeout=30).status_code == 201
        drain.unlink()
        assert httpx.get(f"{url}/v1/health/ready", timeout=FIVE_SECONDS).status_code == 200


def test_sqlite_write_lock_held_elsewhere_is_503_and_not_ready(tmp_path):
    """Another process holding SQLite's write lock (a sqlite3 shell, a VACUUM, a backup that
    writes): a write answers 503 within 5 s and changes nothing, readiness says not ready, and
    both come back once the lock is let go."""
    import sqlite3

    db = tmp_path / "locked.sqlite3"
    with gunicorn_server(f"sqlite:///{db}") as (url, proc):
        created = httpx.post(f"{url}/v1/games", json={"ruleset": "chuopai"}, timeout=FIVE_SECONDS)
        assert created.status_code == 201
        holder = sqlite3.connect(db, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            games_before = holder.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            refused = httpx.post(f"{url}/v1/games", json={"ruleset": "chuopai"}, timeout=FIVE_SECONDS)
            assert "nothing was changed" in assert_unavailable(refused)["detail"]
            assert_unavailable(httpx.get(f"{url}/v1/health/ready", timeout=FIVE_SECONDS))
            # reading needs no write lock (WAL): a game is still served
            assert (
                httpx.get(f"{url}/v1/games/{created.json()['id']}", timeout=FIVE_SECONDS).status_code == 200
            )
            assert holder.execute("SELECT COUNT(*) FROM games").fetchone()[0] == games_before
            # workers (re)started meanwhile (a reload, a crashed worker) open the store without
            # the write lock: one that could not boot made gunicorn stop the whole server
            proc.send_signal(signal.SIGHUP)
            for _ in range(70):  # past the 4 s a worker would wait for the lock, and its boot
                time.sleep(0.1)
                assert proc.poll() is None, "the server stopped: a reloaded worker could not boot"
            game = httpx.get(f"{url}/v1/games/{created.json()['id']}", timeout=FIVE_SECONDS)
            assert game.status_code == 200
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert httpx.get(f"{url}/v1/health/ready", timeout=FIVE_SECONDS).status_code == 200
        assert (
            httpx.post(f"{url}/v1/games", json={"ruleset": "chuopai"}, timeout=FIVE_SECONDS).status_code
            == 201
        )


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


def test_postgresql_frozen_with_its_connections_open(pg_admin_url, tmp_path):
    """A database (or a proxy before it) that stops answering but keeps its TCP connections open:
    the kernel acknowledges every packet, so no server-side or TCP timeout fires. Requests on the
    pooled connections answer 503 within 5 s all the same (PG_CLIENT_TIMEOUT cuts them), and the
    node is serving again once the database answers."""
    admin = urlsplit(pg_admin_url)
    forwarder = TcpForwarder((admin.hostname or "127.0.0.1", admin.port or 5432))
    url_via_forwarder = with_dbname(
        admin._replace(netloc=f"{admin.username or 'postgres'}@127.0.0.1:{forwarder.port}").geturl(),
        (admin.path or "/postgres").lstrip("/") or "postgres",
    )
    forwarder.open()
    try:
        with gunicorn_server(url_via_forwarder, workers=1) as (url, _proc):
            game = httpx.post(f"{url}/v1/games", json={"ruleset": "chuopai"}, timeout=30)
            assert game.status_code == 201, game.text
            gid = game.json()["id"]
            forwarder.frozen.set()
            for request in (
                lambda c: c.get(f"/v1/games/{gid}"),
                lambda c: c.get("/v1/health/ready"),
                lambda c: c.post("/v1/games", json={"ruleset": "chuopai"}),
            ):
                with httpx.Client(base_url=url, timeout=FIVE_SECONDS) as client:
                    started = time.monotonic()
                    assert_unavailable(request(client))
                    assert time.monotonic() - started < 5
            forwarder.frozen.clear()
            deadline = time.monotonic() + 30
            while httpx.get(f"{url}/v1/games/{gid}", timeout=FIVE_SECONDS).status_code != 200:
                assert time.monotonic() < deadline, "not serving 30 s after the database answered again"
                time.sleep(0.25)
    finally:
        forwarder.close()


def test_postgresql_recreated_empty_gets_its_schema_again(pg_admin_url, tmp_path):
    """A database dropped and created again empty under a running node (a failover to a fresh
    server): a 503 at most while the schema is missing, then the node creates it again and
    serves, with no restart and no `store.postgres init`."""
    import psycopg

    from tests.pg import scratch_database

    with scratch_database(pg_admin_url, "cg_recreated") as db_url:
        name = urlsplit(db_url).path.lstrip("/")
        with gunicorn_server(db_url, workers=1) as (url, _proc):
            assert httpx.post(f"{url}/v1/games", json={"ruleset": "chuopai"}, timeout=30).status_code == 201
            with psycopg.connect(pg_admin_url, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
                admin.execute(f'CREATE DATABASE "{name}"')
            answers = []
            deadline = time.monotonic() + 30
            while not answers or answers[-1] != 201:
                assert time.monotonic() < deadline, answers
                created = httpx.post(f"{url}/v1/games", json={"ruleset": "chuopai"}, timeout=FIVE_SECONDS)
                answers.append(created.status_code)
                if created.status_code != 201:
                    assert_unavailable(created)
                    time.sleep(0.25)
            assert 500 not in answers and len(answers) <= 4, answers
            assert httpx.get(f"{url}/v1/health/ready", timeout=FIVE_SECONDS).status_code == 200


def test_redis_down_is_still_ready_and_serves(tmp_path):
    """Rate-limit counters in an unreachable Redis: games are still created (counting falls back
    to each worker's memory), and /ready says ready with the counters where they are now — a
    node not ready for Redis alone took every node out of service at once."""
    dead_redis = f"redis://127.0.0.1:{free_port()}/0"
    env = {"RATE_LIMIT": "100/hour", "REDIS_URL": dead_redis}
    with gunicorn_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", env=env) as (url, _proc):
        ready = httpx.get(f"{url}/v1/health/ready", timeout=FIVE_SECONDS)
        assert ready.status_code == 200, ready.text
        assert ready.json()["rate_limit_counters"] == "memory"
        created = httpx.post(f"{url}/v1/games", json={"ruleset": "chuopai"}, timeout=FIVE_SECONDS)
        assert created.status_code == 201, created.text


def test_ready_with_redis(tmp_path, redis_client):
    env = {"RATE_LIMIT": "100/hour", "REDIS_URL": REDIS_URL}
    with gunicorn_server(f"sqlite:///{tmp_path / 'r.sqlite3'}", env=env) as (url, _proc):
        ready = httpx.get(f"{url}/v1/health/ready", timeout=FIVE_SECONDS)
        assert ready.status_code == 200
        assert ready.json()["rate_limit_counters"] == "redis"
