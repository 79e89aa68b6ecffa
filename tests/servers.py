"""Start real gunicorn servers on 127.0.0.1 for end-to-end tests, with the serving
configuration of `make run` (gunicorn.conf.py)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))
CONFIG = ROOT / "gunicorn.conf.py"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def gunicorn_server(
    database_url: str,
    workers: int = 2,
    extra_args: tuple[str, ...] = (),
    env: dict[str, str] | None = None,
    ready_path: str = "/v1/health",
    app: str = "api:create_app()",
):
    """A gunicorn master with `workers` workers serving `app`; yields (base_url, process).

    Rate limits are off unless `env` sets RATE_LIMIT: most tests create many games from one
    address. The process's stderr (the JSON request log) is written to `process.log_path`.
    """
    port = free_port()
    pidfile = Path(tempfile.gettempdir()) / f"gunicorn-{port}.pid"
    log_path = Path(tempfile.gettempdir()) / f"gunicorn-{port}.stderr.log"
    # each server gets its own metrics folder (gunicorn.conf.py), unless `env` names one
    inherited = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    full_env = {
        **inherited,
        "RATE_LIMIT": "off",
        **(env or {}),
        "DATABASE_URL": database_url,
        "PYTHONPATH": str(ROOT),
    }
    log_file = log_path.open("wb")
    proc = subprocess.Popen(
        [
            GUNICORN,
            "-c",
            str(CONFIG),
            "--workers",
            str(workers),
            "--bind",
            f"127.0.0.1:{port}",
            "--pid",
            str(pidfile),
            "--graceful-timeout",
            "2",
            *extra_args,
            app,
        ],
        cwd=ROOT,
        env=full_env,
        stdout=subprocess.DEVNULL,
        # A file, not a pipe: nobody reads a pipe while the server runs, and a full one
        # would block every worker writing its request log.
        stderr=log_file,
        start_new_session=True,
    )
    proc.log_path = log_path
    base_url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {log_path.read_text(errors='replace')[-2000:]}")
            try:
                if httpx.get(f"{base_url}{ready_path}", timeout=1).status_code == 200:
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
        log_file.close()
        pidfile.unlink(missing_ok=True)
        log_path.unlink(missing_ok=True)
