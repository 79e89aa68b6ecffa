"""/metrics under gunicorn with several workers: whichever worker answers the scrape, the
counts are those of the whole server (prometheus-client multiprocess mode)."""

from __future__ import annotations

import os
import signal
import tempfile
import time
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from api import create_app
from tests.servers import gunicorn_server

GAMES = 6


def scrape(url: str) -> dict[tuple[str, tuple], float]:
    response = httpx.get(f"{url}/metrics", timeout=10)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    samples = {}
    for family in text_string_to_metric_families(response.text):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def value(samples, name: str, **labels) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_metrics_add_up_across_workers(tmp_path):
    with gunicorn_server(f"sqlite:///{tmp_path / 'm.sqlite3'}", workers=3) as (url, _proc):
        with httpx.Client(base_url=url, timeout=60) as client:
            for _ in range(GAMES):  # all-AI games: created and finished in one request each
                seats = [{"kind": "ai", "level": "basic"}] * 3
                assert (
                    client.post("/v1/games", json={"ruleset": "chuopai", "seats": seats}).status_code == 201
                )
            person = client.post("/v1/games", json={"ruleset": "chuopai"}).json()
            assert client.get(f"/v1/games/{person['id']}").status_code == 200
            assert client.post("/v1/games", json={"ruleset": "nope"}).status_code == 422

        # Several scrapes land on different workers; every one sees the server's totals.
        for samples in [scrape(url) for _ in range(8)]:
            assert value(samples, "cardgames_games_created_total", ruleset="chuopai") == GAMES + 1
            assert value(samples, "cardgames_games_finished_total", ruleset="chuopai") == GAMES
            created = value(
                samples, "cardgames_http_requests_total", method="POST", route="/v1/games", status="201"
            )
            assert created == GAMES + 1
            assert (
                value(
                    samples, "cardgames_http_requests_total", method="POST", route="/v1/games", status="422"
                )
                == 1
            )
            assert (
                value(
                    samples,
                    "cardgames_http_requests_total",
                    method="GET",
                    route="/v1/games/<game_id>",
                    status="200",
                )
                == 1
            )
            assert (
                value(samples, "cardgames_http_request_duration_seconds_count", route="/v1/games")
                == GAMES + 2
            )
            assert value(samples, "cardgames_ai_decision_seconds_count", ruleset="chuopai", level="basic") > 0
            assert value(samples, "cardgames_store_append_seconds_count") == GAMES + 1


def test_unknown_paths_share_one_route_label(tmp_path):
    """A client cannot mint label values: every unmatched path counts as route 'unmatched'."""
    with gunicorn_server(f"sqlite:///{tmp_path / 'm.sqlite3'}", workers=1) as (url, _proc):
        for i in range(5):
            assert httpx.get(f"{url}/v1/no-such-thing-{i}").status_code == 404
        samples = scrape(url)
        assert (
            value(samples, "cardgames_http_requests_total", method="GET", route="unmatched", status="404")
            == 5
        )
        assert not any("no-such-thing" in str(key) for key in samples)


def test_invented_methods_share_one_method_label(tmp_path):
    """Nor by method: "FOOBAR1", "FOOBAR2", … all count as method 'other'."""
    with gunicorn_server(f"sqlite:///{tmp_path / 'm.sqlite3'}", workers=1) as (url, _proc):
        for i in range(4):
            assert httpx.request(f"FOOBAR{i}", f"{url}/v1/health").status_code == 405
        assert httpx.delete(f"{url}/v1/health").status_code == 405
        samples = scrape(url)
        assert (
            value(samples, "cardgames_http_requests_total", method="other", route="unmatched", status="405")
            == 4
        )
        assert (
            value(samples, "cardgames_http_requests_total", method="DELETE", route="unmatched", status="405")
            == 1
        )
        assert not any("FOOBAR" in str(key) for key in samples)


def test_only_the_scrapers_networks_may_read_the_metrics(monkeypatch, tmp_path):
    """A sealed claim answer moves the request counters while a game's version stands still, so
    the metrics are no player's to read: METRICS_FROM (default loopback) names who may."""
    monkeypatch.delenv("METRICS_FROM", raising=False)
    monkeypatch.delenv("PROXY_COUNT", raising=False)
    client = create_app(f"sqlite:///{tmp_path / 'm.sqlite3'}").test_client()
    assert client.get("/metrics", environ_base={"REMOTE_ADDR": "127.0.0.1"}).status_code == 200
    assert client.get("/metrics", environ_base={"REMOTE_ADDR": "::1"}).status_code == 200
    for outsider in ("203.0.113.7", "192.168.1.20", "::ffff:203.0.113.7", "2001:db8::1"):
        refused = client.get("/metrics", environ_base={"REMOTE_ADDR": outsider})
        assert refused.status_code == 404, outsider
        assert refused.headers["Content-Type"] == "application/problem+json"
        assert "cardgames_" not in refused.get_data(as_text=True)
    # The header a client writes proves nothing without a trusted proxy (PROXY_COUNT=0).
    spoofed = client.get(
        "/metrics", environ_base={"REMOTE_ADDR": "203.0.113.7"}, headers={"X-Forwarded-For": "127.0.0.1"}
    )
    assert spoofed.status_code == 404

    monkeypatch.setenv("METRICS_FROM", "10.0.0.0/8, 192.168.0.0/16")
    client = create_app(f"sqlite:///{tmp_path / 'm2.sqlite3'}").test_client()
    assert client.get("/metrics", environ_base={"REMOTE_ADDR": "192.168.1.20"}).status_code == 200
    assert client.get("/metrics", environ_base={"REMOTE_ADDR": "::ffff:10.1.2.3"}).status_code == 200
    assert client.get("/metrics", environ_base={"REMOTE_ADDR": "127.0.0.1"}).status_code == 404


def test_a_bad_metrics_from_stops_start_up(monkeypatch, tmp_path):
    monkeypatch.setenv("METRICS_FROM", "10.0.0.0/8,the office")
    with pytest.raises(ValueError, match="METRICS_FROM"):
        create_app(f"sqlite:///{tmp_path / 'x.sqlite3'}")


def _metrics_folder_of(master_pid: int) -> Path | None:
    for folder in Path(tempfile.gettempdir()).glob("cardgames-metrics-*"):
        owner = folder / "master.pid"
        if owner.is_file() and owner.read_text().strip() == str(master_pid):
            return folder
    return None


def test_a_killed_masters_metrics_folder_is_removed_by_the_next_start(tmp_path):
    """A master killed with SIGKILL never removes its metrics folder; the next master does,
    and leaves alone the folders of masters still running."""
    db = f"sqlite:///{tmp_path / 'm.sqlite3'}"
    with gunicorn_server(db, workers=1) as (_url, proc):
        killed = _metrics_folder_of(proc.pid)
        assert killed is not None and killed.is_dir()
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        assert killed.is_dir()  # left behind
        with gunicorn_server(db, workers=1) as (_url, running):
            assert not killed.exists()
            assert _metrics_folder_of(running.pid) is not None


def test_a_reloaded_masters_metrics_folder_is_removed_when_it_stops(tmp_path):
    """A reload (SIGHUP) reads gunicorn.conf.py again with the folder already named in the
    environment: the folder is still this master's, and its clean exit removes it."""
    db = f"sqlite:///{tmp_path / 'm.sqlite3'}"
    with gunicorn_server(db, workers=1) as (url, proc):
        folder = _metrics_folder_of(proc.pid)
        assert folder is not None
        proc.send_signal(signal.SIGHUP)
        for _ in range(100):  # the reloaded worker answers (no time measured)
            time.sleep(0.1)
            try:
                if httpx.get(f"{url}/v1/health", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                continue
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
        assert not folder.exists(), "the reloaded master left its metrics folder behind"
