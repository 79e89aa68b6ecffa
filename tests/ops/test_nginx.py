"""The shipped load balancer (deploy/nginx.conf, docker-compose's `lb`) in front of a real
gunicorn node: nginx itself, started on a free port with the file as shipped but for its
upstream addresses, listening port and log paths. Skipped where no nginx is installed, except
under REQUIRE_NGINX=1 (CI's .ci/run installs it: scripts/ensure_nginx.sh)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from tests.servers import ROOT, free_port, gunicorn_server


def nginx_or_skip() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
    if found is None:
        if os.environ.get("REQUIRE_NGINX") == "1":
            pytest.fail("no nginx installed and REQUIRE_NGINX=1")
        pytest.skip("no nginx installed")
    return found


def shipped_config(folder: Path, nodes: tuple[str, str], port: int) -> Path:
    """deploy/nginx.conf with its two nodes at `nodes`, listening on `port`, logging in `folder`."""
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    for name, address in zip(("api1:8000", "api2:8000"), nodes, strict=True):
        assert name in text
        text = text.replace(name, address)
    text = text.replace("listen 8000;", f"listen 127.0.0.1:{port};")
    text = text.replace("/dev/stdout", str(folder / "access.log")).replace(
        "/dev/stderr", str(folder / "error.log")
    )
    path = folder / "nginx.conf"
    path.write_text(f"pid {folder / 'nginx.pid'};\n" + text)
    return path


@pytest.fixture
def balancer(tmp_path):
    """(nginx's URL, the node's gunicorn process, the folder of nginx's logs): one live node and
    one that is down (a port nothing listens on)."""
    nginx = nginx_or_skip()
    with gunicorn_server(f"sqlite:///{tmp_path / 'lb.sqlite3'}", workers=1) as (node_url, node):
        port = free_port()
        config = shipped_config(
            tmp_path, (node_url.removeprefix("http://"), f"127.0.0.1:{free_port()}"), port
        )
        checked = subprocess.run(
            [nginx, "-t", "-c", str(config), "-p", str(tmp_path)], capture_output=True, text=True
        )
        assert checked.returncode == 0, checked.stderr
        # nginx goes to the background: a pipe it inherited would be waited on for ever
        started = subprocess.run(
            [nginx, "-c", str(config), "-p", str(tmp_path)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        assert started.returncode == 0, "nginx did not start (its error.log says why)"
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(100):  # nginx listens (no time measured)
                try:
                    httpx.get(f"{url}/v1/health", timeout=2)
                    break
                except httpx.TransportError:
                    time.sleep(0.05)
            yield url, node, tmp_path
        finally:
            subprocess.run(
                [nginx, "-c", str(config), "-p", str(tmp_path), "-s", "stop"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )


def test_the_shipped_balancer_serves_the_api_and_words_its_own_refusals(balancer):
    url, node, folder = balancer
    with httpx.Client(base_url=url, timeout=10) as client:
        created = client.post("/v1/games", json={"ruleset": "chuopai", "seed": 5})
        assert created.status_code == 201, created.text
        token = created.json()["seats"][0]["token"]
        # a token where it does not belong: in a query and a Referer
        read = client.get(
            f"/v1/games/{created.json()['id']}",
            params={"token": token},
            headers={"Referer": f"https://example.org/play?token={token}"},
        )
        assert read.status_code in (200, 422)
        assert client.get("/metrics").status_code == 404  # Prometheus scrapes the nodes
        too_large = client.post(
            "/v1/games", content=b"x" * 70_000, headers={"Content-Type": "application/json"}
        )
        assert too_large.status_code == 413
        assert too_large.headers["Content-Type"] == "application/problem+json"
        assert too_large.json()["type"] == "/problems/payload-too-large"
    # every node down: nginx's refusal is the API's 503, with Retry-After, not an HTML page
    os.killpg(node.pid, signal.SIGTERM)
    node.wait(timeout=60)
    down = httpx.get(f"{url}/v1/games/{created.json()['id']}", timeout=10)
    assert down.status_code == 503
    assert down.headers["Content-Type"] == "application/problem+json"
    assert down.headers["Retry-After"] == "5"
    assert down.json()["type"] == "/problems/service-unavailable"
    assert not re.search(r"nginx/\d", down.headers.get("Server", ""))  # server_tokens off
    access = (folder / "access.log").read_text()
    assert f"/v1/games/{created.json()['id']} HTTP/1.1" in access
    assert token not in access and "example.org" not in access
