"""Slow clients: 8 connections sending their request headers byte by byte stay open while
other clients are served, by the configuration `make run` uses (gunicorn.conf.py: gthread
workers). With sync workers, 4 such connections were enough to stop the service."""

from __future__ import annotations

import socket
import sqlite3
import threading
from contextlib import closing

import httpx

from tests.servers import gunicorn_server

SLOW_CONNECTIONS = 8
PROBES = 10
# A probe that waits this long is not being served; a served one takes milliseconds.
PROBE_TIMEOUT = httpx.Timeout(10.0)
HEADERS = b"GET /v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow-" + b"x" * 200 + b"\r\n\r\n"


class SlowClient(threading.Thread):
    """Connects, then sends one byte of its headers every 0.2 s until told to stop."""

    def __init__(self, port: int, stop: threading.Event):
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.stop_event = stop
        self.sent = 0
        self.broken: OSError | None = None

    def run(self) -> None:
        try:
            while not self.stop_event.wait(0.2) and self.sent < len(HEADERS) - 1:
                self.sock.sendall(HEADERS[self.sent : self.sent + 1])
                self.sent += 1
        except OSError as exc:
            self.broken = exc


def test_slow_connections_do_not_starve_other_clients(tmp_path):
    with gunicorn_server(f"sqlite:///{tmp_path / 'slow.sqlite3'}", workers=2) as (url, _proc):
        port = int(url.rsplit(":", 1)[1])
        stop = threading.Event()
        slow = [SlowClient(port, stop) for _ in range(SLOW_CONNECTIONS)]
        for client in slow:
            client.start()
        try:
            stop.wait(2.0)  # every slow connection has reached a worker and holds a thread
            assert all(client.sent > 0 for client in slow)
            for _ in range(PROBES):
                # A new connection each time, so probes reach every worker.
                with httpx.Client(base_url=url, timeout=PROBE_TIMEOUT) as probe:
                    assert probe.get("/v1/health").status_code == 200
                    assert probe.post("/v1/games", json={"ruleset": "chuopai"}).status_code == 201
            # The slow connections were open, unfinished and unrefused all along.
            assert all(client.is_alive() and client.broken is None for client in slow)
            assert all(client.sent < len(HEADERS) - 1 for client in slow)
        finally:
            stop.set()
            for client in slow:
                client.join(timeout=5)
                client.sock.close()


STALLED_BODIES = 40  # more than the 2 × 16 threads of the two workers
BODY_SECONDS = 1


def test_bodies_that_stop_arriving_are_cut_and_do_not_starve_other_clients(tmp_path):
    """A client that sends whole headers, then part of its body and nothing more, held a thread
    for as long as it kept the connection: some 30 of them made the node look dead. Each is
    answered 408 once BODY_READ_TIMEOUT passes without a byte of its body, nothing done."""
    db = tmp_path / "stalled.sqlite3"
    env = {"BODY_READ_TIMEOUT": str(BODY_SECONDS)}
    with gunicorn_server(f"sqlite:///{db}", workers=2, env=env) as (url, _proc):
        port = int(url.rsplit(":", 1)[1])
        stalled = []
        for _ in range(STALLED_BODIES):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(
                b"POST /v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b'Content-Length: 1000\r\n\r\n{"rule'
            )
            stalled.append(sock)
        try:
            with httpx.Client(base_url=url, timeout=PROBE_TIMEOUT) as probe:
                for _ in range(PROBES):
                    assert probe.get("/v1/health").status_code == 200
            for sock in stalled:
                sock.settimeout(10)
                received = b""
                while chunk := sock.recv(65536):  # the answer, then the connection is closed
                    received += chunk
                answer = received.decode("latin-1")
                assert answer.startswith("HTTP/1.1 408 "), answer[:200]
                assert "application/problem+json" in answer and "/problems/request-timeout" in answer
        finally:
            for sock in stalled:
                sock.close()
        with closing(sqlite3.connect(db)) as conn:
            assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 0  # nothing done


class DribblingBody(threading.Thread):
    """Sends whole headers, then its body one byte every 0.3 s: each byte restarts a timeout on
    each read, so only a deadline on the whole body cuts it."""

    def __init__(self, port: int, chunked: bool):
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port))
        framing = b"Transfer-Encoding: chunked" if chunked else b"Content-Length: 1000"
        self.sock.sendall(
            b"POST /v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + framing
            + b"\r\n\r\n"
            + (b"3e8\r\n" if chunked else b"")
        )
        self.answer = b""

    def run(self) -> None:
        self.sock.settimeout(0.3)
        try:
            for _ in range(200):  # 60 s at most: far past the deadline
                self.sock.sendall(b" ")
                try:
                    chunk = self.sock.recv(65536)
                except TimeoutError:
                    continue
                if not chunk:
                    return
                self.answer += chunk
        except OSError:
            return


def test_bodies_sent_a_byte_at_a_time_are_cut_at_the_deadline(tmp_path):
    """BODY_READ_TIMEOUT bounds the whole body, not each read: a client dribbling its body holds a
    thread that long, then gets 408, nothing done, whether the body is announced or chunked."""
    db = tmp_path / "dribbled.sqlite3"
    env = {"BODY_READ_TIMEOUT": str(BODY_SECONDS)}
    with gunicorn_server(f"sqlite:///{db}", workers=1, env=env) as (url, _proc):
        port = int(url.rsplit(":", 1)[1])
        clients = [DribblingBody(port, chunked) for chunked in (False, True, False, True)]
        for client in clients:
            client.start()
        try:
            for client in clients:
                client.join(timeout=20)
                assert not client.is_alive(), "a dribbled body was never cut"
                answer = client.answer.decode("latin-1")
                assert answer.startswith("HTTP/1.1 408 "), answer[:200]
                assert "/problems/request-timeout" in answer
        finally:
            for client in clients:
                client.sock.close()
        with httpx.Client(base_url=url, timeout=PROBE_TIMEOUT) as probe:
            assert probe.get("/v1/health").status_code == 200
        with closing(sqlite3.connect(db)) as conn:
            assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 0  # nothing done
