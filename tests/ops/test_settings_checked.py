"""A bad setting stops a node before it listens, with one line naming the variable (README,
"Operating the service"): gunicorn's master checks the app's settings (api/edge/settings.py) in
`on_starting`, before it binds; without that the master said "Listening at", and each worker
failed to boot with a traceback."""

from __future__ import annotations

import os
import subprocess

import httpx
import pytest

from tests.servers import CONFIG, GUNICORN, ROOT, free_port, gunicorn_server


def started(env: dict[str, str]) -> subprocess.CompletedProcess:
    full = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    full.pop("PROMETHEUS_MULTIPROC_DIR", None)
    return subprocess.run(
        [GUNICORN, "-c", str(CONFIG), "--bind", f"127.0.0.1:{free_port()}", "api:create_app()"],
        cwd=ROOT,
        env=full,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("env", "said"),
    [
        (
            {"REDIS_URL": "garbage"},
            "cardgames: REDIS_URL: Redis URL must specify one of the following schemes",
        ),
        (
            {"REDIS_URL": "redis://127.0.0.1:6379/abc"},
            "cardgames: REDIS_URL: the database 'abc' is not a number",
        ),
        ({"DATABASE_URL": "postgresql://u@h:notaport/db"}, "cardgames: DATABASE_URL: Port could not be cast"),
        ({"DATABASE_URL": "mysql://h/db"}, "cardgames: unsupported DATABASE_URL: mysql:"),
        (
            {"DATABASE_URL": "postgresql://u@127.0.0.1:1/db", "PG_POOL_MAX": "x"},
            "cardgames: PG_POOL_MAX='x' is not a whole number",
        ),
        ({"RATE_LIMIT": "often"}, "cardgames: RATE_LIMIT='often' is not a rate"),
        ({"PROXY_COUNT": "-1"}, "cardgames: PROXY_COUNT='-1' must be at least 0"),
        ({"METRICS_FROM": "10.0.0.0/33"}, "cardgames: METRICS_FROM:"),
        ({"PORT": "70000", "GUNICORN_BIND": ""}, "PORT='70000': at most 65535"),
    ],
)
def test_a_bad_setting_stops_the_node_before_it_listens(env, said):
    done = started(env)
    assert done.returncode != 0
    assert said in done.stderr.strip().splitlines()[-1], done.stderr[-2000:]
    assert "Listening at" not in done.stderr and "Traceback" not in done.stderr


def test_a_metrics_folder_named_but_missing_is_created(tmp_path):
    folder = tmp_path / "not" / "yet"
    with gunicorn_server(
        f"sqlite:///{tmp_path / 'g.sqlite3'}", workers=1, env={"PROMETHEUS_MULTIPROC_DIR": str(folder)}
    ) as (url, _proc):
        assert httpx.get(f"{url}/metrics", timeout=10).status_code == 200
    assert folder.is_dir()
