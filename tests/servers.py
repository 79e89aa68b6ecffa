"""Start real gunicorn servers on 127.0.0.1 for end-to-end tests."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def gunicorn_server(
    database_url: str, workers: int = 2, extra_args: tuple[str, ...] = (), app: str = "api:create_app()"
):
    """A gunicorn master with `workers` workers serving `app`; yields (base_url, process)."""
    port = free_port()
    pidfile = Path(os.environ.get("TMPDIR", "/tmp")) / f"gunicorn-{port}.pid"
    env = {**os.environ, "DATABASE_URL": database_url, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [
            GUNICORN,
            "--workers",
            str(workers),
            "--bind",
            f"127.0.0.1:{port}",
            "--no-control-socket",
            "--pid",
            str(pidfile),
            "--graceful-timeout",
            "2",
            *extra_args,
            app,
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    base_url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {proc.stderr.read().decode()[-2000:]}")
            try:
                if httpx.get(f"{base_url}/v1/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("gunicorn did not become healthy in 30 s")
            time.sleep(0.1)
        yield base_url, proc
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        pidfile.unlink(missing_ok=True)
