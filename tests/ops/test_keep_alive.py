"""gthread workers keep connections alive. A body refused with 413 is read to its end, so the
connection stays usable: the next request on it is answered (gunicorn drains at most 64 KiB
of an unread body itself and would otherwise close the connection without a word)."""

from __future__ import annotations

import socket

import pytest

from tests.servers import gunicorn_server

OVER_LIMIT = 64 * 1024 + 4096


def read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"connection closed before a response: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, "connection closed inside a response"
        body += chunk
    return status, headers, body[:length]


def chunked(payload: bytes, size: int = 8192) -> bytes:
    parts = [
        b"%x\r\n%s\r\n" % (len(payload[i : i + size]), payload[i : i + size])
        for i in range(0, len(payload), size)
    ]
    return b"".join(parts) + b"0\r\n\r\n"


@pytest.mark.parametrize("framing", ["content-length", "chunked"])
def test_connection_survives_a_refused_oversized_body(tmp_path, framing):
    with gunicorn_server(f"sqlite:///{tmp_path / 'ka.sqlite3'}", workers=1) as (url, _proc):
        port = int(url.rsplit(":", 1)[1])
        body = b'{"ruleset": "chuopai", "deck": ["' + b"x" * OVER_LIMIT + b'"]}'
        if framing == "content-length":
            head = b"Content-Length: %d\r\n" % len(body)
        else:
            head, body = b"Transfer-Encoding: chunked\r\n", chunked(body)
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(
                b"POST /v1/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                + head
                + b"\r\n"
                + body
            )
            status, headers, _ = read_response(sock)
            assert status == 413 and headers["content-type"].startswith("application/problem+json")
            assert headers.get("connection", "").lower() != "close"
            sock.sendall(b"GET /v1/health HTTP/1.1\r\nHost: t\r\n\r\n")
            status, _, body = read_response(sock)
            assert status == 200 and b'"ok"' in body
