"""/metrics under gunicorn with several workers: whichever worker answers the scrape, the
counts are those of the whole server (prometheus-client multiprocess mode)."""

from __future__ import annotations

import httpx
from prometheus_client.parser import text_string_to_metric_families

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
