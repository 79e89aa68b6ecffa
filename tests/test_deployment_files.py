"""docker-compose.yml cannot be run here (no Docker engine); check its wiring instead."""

from __future__ import annotations

from pathlib import Path

import yaml

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
    for folder in ("api", "domain", "service", "store"):
        assert f"COPY {folder} ./{folder}" in dockerfile, folder
    # The rules text is package data of each ruleset (domain/<id>/rules.md), installed by pip.
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'domain = ["*/rules.md"]' in pyproject
