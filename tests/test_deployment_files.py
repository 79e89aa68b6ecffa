"""docker-compose.yml cannot be run here (no Docker engine); check its wiring instead."""

from __future__ import annotations

import os
import subprocess
import tomllib
from pathlib import Path

import pytest
import yaml

from tests.servers import GUNICORN

ROOT = Path(__file__).resolve().parent.parent


def test_compose_runs_two_nodes_behind_a_load_balancer_on_postgresql():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    assert {"postgres", "api1", "api2", "lb", "single"} <= set(services)
    for node in ("api1", "api2"):
        assert services[node]["environment"]["DATABASE_URL"].startswith("postgresql://")
        assert "healthcheck" in services[node]
        assert "api:create_app()" in services[node]["command"]
    assert "healthcheck" in services["postgres"] and "healthcheck" in services["lb"]
    assert services["single"]["environment"]["DATABASE_URL"].startswith("sqlite:////data/")
    nginx = (ROOT / "deploy" / "nginx.conf").read_text()
    assert "api1:8000" in nginx and "api2:8000" in nginx


def test_the_image_ships_everything_the_app_reads():
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    # every package pip installs (the `cardgames` command's `cli` too: without it the image's
    # console script failed at import)
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    folders = [pattern.rstrip("*") for pattern in packages["include"]]
    assert "cli" in folders
    for folder in folders:
        assert f"COPY {folder} ./{folder}" in dockerfile, folder
    # The rules text is package data of each ruleset (domain/<id>/rules.md and its translations
    # rules.<lang>.md), installed by pip.
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'domain = ["*/rules.md", "*/rules.*.md"]' in pyproject


def test_one_serving_configuration_everywhere():
    """make run, the image, compose and the tests' servers all start gunicorn with gunicorn.conf.py."""
    makefile = (ROOT / "Makefile").read_text()
    assert "gunicorn -c gunicorn.conf.py 'api:create_app()'" in makefile
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    assert "COPY gunicorn.conf.py ./" in dockerfile
    assert '"gunicorn", "-c", "gunicorn.conf.py", "api:create_app()"' in dockerfile
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    for node in ("api1", "api2"):
        assert compose["services"][node]["command"] == [
            "gunicorn",
            "-c",
            "gunicorn.conf.py",
            "api:create_app()",
        ]
    assert 'CONFIG = ROOT / "gunicorn.conf.py"' in (ROOT / "tests" / "servers.py").read_text()


def test_gunicorn_conf_defaults_and_environment_overrides(tmp_path):
    """The settings gunicorn reads from gunicorn.conf.py, as printed by gunicorn itself."""

    def printed(env: dict[str, str]) -> dict[str, str]:
        base = {k: v for k, v in os.environ.items() if not k.startswith(("GUNICORN_", "WEB_CONCURRENCY"))}
        base["PROMETHEUS_MULTIPROC_DIR"] = str(tmp_path)  # so no folder is created
        out = subprocess.run(
            [GUNICORN, "-c", "gunicorn.conf.py", "--print-config", "api:create_app()"],
            cwd=ROOT,
            env={**base, **env},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        return {k.strip(): v.strip() for k, _, v in (line.partition("=") for line in out.splitlines()) if _}

    defaults = printed({})
    assert defaults["worker_class"] == "gthread" and int(defaults["threads"]) >= 8
    assert defaults["workers"] == "2" and defaults["bind"] == "['127.0.0.1:8000']"
    assert defaults["control_socket_disable"] == "True"
    assert defaults["max_requests"] == "200000" and defaults["max_requests_jitter"] == "20000"
    changed = printed(
        {
            "WEB_CONCURRENCY": "5",
            "GUNICORN_THREADS": "3",
            "GUNICORN_BIND": "0.0.0.0:9000",
            "GUNICORN_TIMEOUT": "45",
            "LOG_LEVEL": "warning",
        }
    )
    assert changed["workers"] == "5" and changed["threads"] == "3"
    assert changed["bind"] == "['0.0.0.0:9000']" and changed["timeout"] == "45"
    assert changed["loglevel"] == "warning"
    # a setting that is no whole number, or too small, stops start-up naming the variable
    for name, raw, said in (
        ("GUNICORN_TIMEOUT", "abc", "a whole number is needed"),
        ("GUNICORN_KEEPALIVE", "-3", "at least 0"),
        ("GUNICORN_GRACEFUL_TIMEOUT", "0", "at least 1"),
    ):
        with pytest.raises(subprocess.CalledProcessError) as refused:
            printed({name: raw})
        assert f"{name}={raw!r}: {said}" in refused.value.stderr, refused.value.stderr


def test_health_checks_use_readiness_and_compose_has_redis_and_prometheus():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    for node in ("api1", "api2"):
        assert "/v1/health/ready" in " ".join(services[node]["healthcheck"]["test"])
        assert services[node]["environment"]["REDIS_URL"].startswith("redis://redis:")
        assert services[node]["environment"]["PROXY_COUNT"] == "1"
    assert "redis" in services and "healthcheck" in services["redis"]
    prometheus = services["prometheus"]
    assert any("deploy/prometheus.yml" in volume for volume in prometheus["volumes"])
    scrape = yaml.safe_load((ROOT / "deploy" / "prometheus.yml").read_text())
    targets = scrape["scrape_configs"][0]["static_configs"][0]["targets"]
    assert (
        set(targets) == {"api1:8000", "api2:8000"}
        and scrape["scrape_configs"][0]["metrics_path"] == "/metrics"
    )
    assert "/v1/health/ready" in (ROOT / "deploy" / "Dockerfile").read_text()
