"""Prometheus metrics at /metrics (prometheus-client), correct with several gunicorn workers.

Under gunicorn each worker is a process with its own counters. prometheus-client's
multiprocess mode keeps every worker's values in files under PROMETHEUS_MULTIPROC_DIR
and /metrics sums them, whichever worker answers the scrape. gunicorn.conf.py sets that
folder up (a fresh temporary one unless the environment names one) before any worker
starts, as the mode requires. Without it (one process, e.g. tests in-process), the
process's own registry is served.

Names (README, "Metrics"):
  cardgames_http_requests_total{method,route,status}      method: an HTTP method, or "other"
  cardgames_http_request_duration_seconds{route}          histogram
  cardgames_games_created_total{ruleset}
  cardgames_games_finished_total{ruleset}
  cardgames_ai_decision_seconds{ruleset,level}            histogram
  cardgames_store_append_seconds                          histogram

Who may scrape: METRICS_FROM, a comma-separated list of networks (default loopback only).
The counters move with every request, a sealed claim answer's and a lone person's held
decision's included, so a viewer reading them on a quiet server would learn that someone
answered while the game's version stands still; any other address gets the 404 of an unknown path.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Callable

from flask import Response, abort, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)

MULTIPROC_DIR_VARIABLE = "PROMETHEUS_MULTIPROC_DIR"

HTTP_REQUESTS = Counter("cardgames_http_requests", "HTTP requests answered", ["method", "route", "status"])
HTTP_DURATION = Histogram(
    "cardgames_http_request_duration_seconds",
    "Time from the start of the app's handling of a request to its response",
    ["route"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60),
)
GAMES_CREATED = Counter("cardgames_games_created", "Games created", ["ruleset"])
GAMES_FINISHED = Counter("cardgames_games_finished", "Games that reached their end", ["ruleset"])
AI_DECISION = Histogram(
    "cardgames_ai_decision_seconds",
    "Wall-clock time of one AI seat's choice of one action",
    ["ruleset", "level"],
    buckets=(0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
STORE_APPEND = Histogram(
    "cardgames_store_append_seconds",
    "Time of one append transaction (or game creation) in the event store",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5),
)


# The methods HTTP defines; any other name a client sends is counted as "other", or each
# invented one ("FOOBAR1", "FOOBAR2", …) would add a series to every worker's files for good.
KNOWN_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"})


def observe_request(method: str, route: str, status: int, seconds: float) -> None:
    HTTP_REQUESTS.labels(method if method in KNOWN_METHODS else "other", route, str(status)).inc()
    HTTP_DURATION.labels(route).observe(seconds)


class PrometheusObserver:
    """The service's observer hooks (service.observer.ServiceObserver) as Prometheus metrics."""

    def game_created(self, ruleset: str) -> None:
        GAMES_CREATED.labels(ruleset).inc()

    def game_finished(self, ruleset: str) -> None:
        GAMES_FINISHED.labels(ruleset).inc()

    def ai_decided(self, ruleset: str, level: str, seconds: float) -> None:
        AI_DECISION.labels(ruleset, level).observe(seconds)

    def store_appended(self, seconds: float) -> None:
        STORE_APPEND.observe(seconds)


METRICS_FROM_VARIABLE = "METRICS_FROM"
LOOPBACK = "127.0.0.0/8,::1/128"

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def scraper_networks(value: str | None) -> tuple[Network, ...]:
    """The networks METRICS_FROM names (None or empty: loopback); a bad one stops start-up."""
    networks = []
    for part in (value or LOOPBACK).split(","):
        try:
            networks.append(ipaddress.ip_network(part.strip()))
        except ValueError as exc:
            raise ValueError(f"{METRICS_FROM_VARIABLE}: {exc}") from None
    return tuple(networks)


def may_scrape(address: str | None, networks: tuple[Network, ...]) -> bool:
    """Whether the client address (after the trusted proxies, api.edge.client_address) is in one
    of `networks`; an address that is not an IP (a Unix socket's peer) may not."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in network for network in networks)


def metrics_endpoint(networks: tuple[Network, ...]) -> Callable[[], Response]:
    """The /metrics view, answering only the scrapers' networks."""

    def metrics() -> Response:
        if not may_scrape(request.remote_addr, networks):
            abort(404)
        return metrics_response()

    return metrics


def metrics_response() -> Response:
    if os.environ.get(MULTIPROC_DIR_VARIABLE):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    return Response(generate_latest(registry), headers={"Content-Type": CONTENT_TYPE_LATEST})
