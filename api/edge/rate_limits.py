"""Rate limit on game creation per client address (Flask-Limiter), counters shared through Redis.

RATE_LIMIT    "60/minute" by default; any Flask-Limiter rate string ("120/minute",
              "10/second;500/hour"); "off" switches limits off. A bad value stops start-up.
REDIS_URL     redis://host:6379/0 — counters shared by every node and worker that names the
              same Redis. Without it each worker process counts on its own (so one node with
              W workers lets a client create up to W times the limit).
RATE_LIMIT_KEY_PREFIX  prefix of the Redis keys ("cardgames"), for deployments sharing a Redis.
PROXY_COUNT   (api.edge.client_address) how many proxies in front set X-Forwarded-For.

Game creation is the one request whose work a client chooses freely (a whole all-AI game
is played inside it) and which stores something new; reads and actions are bounded by a
game's own length. A refused request gets 429 problem+json with `Retry-After`; every
limited response carries RateLimit-Limit / -Remaining / -Reset (seconds) and
RateLimit-Policy (draft-ietf-httpapi-ratelimit-headers).

A creation refused for what it asked (400, 413, 415, 422: nothing was created) is not counted:
its hit is given back, so a client's mistakes never use up its allowance of games. A 429 and
a failure of the service (5xx) stay counted.

If Redis becomes unreachable, requests are not refused for it: counting falls back to
each process's memory (logged), and /v1/health/ready still reports the node ready (with
`rate_limit_counters: "memory"`): requests are served all the same.
"""

from __future__ import annotations

import functools
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import cast
from urllib.parse import urlsplit

import redis
from flask import Flask, Response
from flask.typing import ResponseReturnValue
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import parse_many
from redis.connection import parse_url

from api.i18n import request_translator
from service.i18n import N_, Translator, joined

DEFAULT_RATE_LIMIT = "60/minute"
LIMITED_ENDPOINT = "games.create_game"
REDIS_TIMEOUT_SECONDS = 1


RATE_LIMITED = N_("too many games created from this address (limit {limit})")

# A limit in words ("60 per minute", "2 every 3 seconds"): a window of one unit names the unit
# once; a window of several counts them, always more than one, so the plural needs no rule.
PER_UNIT = N_("{count} per {unit}")
EVERY_UNITS = N_("{count} every {multiples} {units}")
UNITS: dict[str, tuple[str, str]] = {
    "second": (N_("second"), N_("seconds")),
    "minute": (N_("minute"), N_("minutes")),
    "hour": (N_("hour"), N_("hours")),
    "day": (N_("day"), N_("days")),
    "month": (N_("month"), N_("months")),
    "year": (N_("year"), N_("years")),
}


def limit_in_words(rate: str, words: Translator) -> str:
    """RATE_LIMIT ("60/minute", "10 per hour; 100/day") as a reader says it; the setting as
    written when the limits library reads a granularity this table does not know."""
    said = []
    for limit in parse_many(rate):
        unit = UNITS.get(limit.GRANULARITY.name)
        if unit is None:
            return rate
        if limit.multiples == 1:
            said.append(words.format(PER_UNIT, count=limit.amount, unit=words.gettext(unit[0])))
        else:
            said.append(
                words.format(
                    EVERY_UNITS, count=limit.amount, multiples=limit.multiples, units=words.gettext(unit[1])
                )
            )
    return joined(words.language, said)


def refusal(rate: str) -> str:
    """The 429 problem's detail, in the request's language (Flask-Limiter asks for it when it
    refuses, inside the request)."""
    words = request_translator()
    return words.format(RATE_LIMITED, limit=limit_in_words(rate, words))


class CounterStorage(StrEnum):
    REDIS = "redis"
    MEMORY = "memory"
    OFF = "off"


def _redis_url(url: str | None) -> str | None:
    """REDIS_URL as redis-py will read it, refused with the variable's name when it cannot be:
    a scheme other than redis://, rediss:// or unix://, a port that is not a number, or a
    database that is not one (redis-py reads `/abc` as no database at all, so db 0, silently)."""
    if url is None:
        return None
    try:
        parsed = parse_url(url)  # type: ignore[no-untyped-call]  # redis-py leaves it unannotated
    except ValueError as exc:
        raise ValueError(f"REDIS_URL: {exc}") from None
    path = urlsplit(url).path.strip("/")
    if url.startswith(("redis://", "rediss://")) and path and "db" not in parsed:
        raise ValueError(f"REDIS_URL: the database {path!r} is not a number (redis://host:port/0)")
    return url


@dataclass(frozen=True)
class RateLimitSettings:
    rate: str | None  # None: off
    redis_url: str | None
    key_prefix: str

    @classmethod
    def from_environment(cls) -> RateLimitSettings:
        setting = (os.environ.get("RATE_LIMIT") or DEFAULT_RATE_LIMIT).strip()
        rate: str | None = None
        if setting.lower() != "off":
            try:
                items = parse_many(setting)
            except ValueError:
                raise ValueError(
                    f"RATE_LIMIT={setting!r} is not a rate like '60/minute' (or 'off')"
                ) from None
            if any(item.amount < 1 for item in items):  # "0/minute" refuses every game
                raise ValueError(f"RATE_LIMIT={setting!r} allows no game at all: at least 1, or 'off'")
            rate = setting
        return cls(
            rate=rate,
            redis_url=_redis_url(os.environ.get("REDIS_URL") or None),
            key_prefix=os.environ.get("RATE_LIMIT_KEY_PREFIX", "cardgames"),
        )

    @property
    def storage(self) -> CounterStorage:
        if self.rate is None:
            return CounterStorage.OFF
        return CounterStorage.REDIS if self.redis_url else CounterStorage.MEMORY


class RateLimits:
    def __init__(self, app: Flask, settings: RateLimitSettings):
        self.settings = settings
        options: dict[str, str | int] = {}
        if settings.redis_url:
            options = {
                "socket_connect_timeout": REDIS_TIMEOUT_SECONDS,
                "socket_timeout": REDIS_TIMEOUT_SECONDS,
            }
        self.limiter = Limiter(
            get_remote_address,
            app=app,
            storage_uri=settings.redis_url or "memory://",
            storage_options=options,
            key_prefix=settings.key_prefix,
            strategy="fixed-window",
            headers_enabled=False,  # ours below: Flask-Limiter names them X-RateLimit-*
            swallow_errors=True,
            in_memory_fallback_enabled=True,
            enabled=settings.rate is not None,
        )
        if settings.rate is not None:
            # The route is registered by its blueprint; its view is wrapped here, where the
            # limit is known. The check runs before the body is parsed.
            # create_game is a synchronous view. Flask types a view as sync or async, a union
            # that Flask-Limiter's generic decorator would join into neither.
            view = cast(Callable[..., ResponseReturnValue], app.view_functions[LIMITED_ENDPOINT])
            app.view_functions[LIMITED_ENDPOINT] = self.limiter.limit(
                settings.rate,
                methods=["POST"],
                error_message=functools.partial(refusal, settings.rate),
            )(view)
        app.after_request(self._headers)

    def _headers(self, response: Response) -> Response:
        current = self.limiter.current_limit if self.limiter.enabled else None
        if current is None:
            return response
        if 400 <= response.status_code < 500 and response.status_code != 429:
            self._give_back()
        try:
            reset_in = max(0, math.ceil(current.window[0] - time.time()))
            remaining = max(0, current.remaining)
        except Exception:  # counters unreachable: no headers rather than a failed response
            return response
        amount, window = current.limit.amount, current.limit.get_expiry()
        response.headers["RateLimit-Limit"] = str(amount)
        response.headers["RateLimit-Remaining"] = str(remaining)
        response.headers["RateLimit-Reset"] = str(reset_in)
        response.headers["RateLimit-Policy"] = f"{amount};w={window}"
        if response.status_code == 429:
            response.headers["Retry-After"] = str(max(1, reset_in))
        return response

    def _give_back(self) -> None:
        """The hits of a refused creation, given back (a fixed window's counter goes down by
        one; none of the limits was breached, or the answer would be a 429)."""
        for limit in self.limiter.current_limits:
            try:
                limit.limiter.hit(limit.limit, *limit.request_args, cost=-1)
            except Exception:  # counters unreachable: the hit stays counted
                return

    def check_shared_counters(self) -> None:
        """Raises ConnectionError when the configured Redis does not answer within a second."""
        url = self.settings.redis_url
        if self.settings.storage is not CounterStorage.REDIS or url is None:
            return
        client = redis.Redis.from_url(
            url,
            socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
            socket_timeout=REDIS_TIMEOUT_SECONDS,
        )
        try:
            client.ping()
        except redis.RedisError as exc:
            raise ConnectionError(f"Redis: {type(exc).__name__}") from exc
        finally:
            client.close()
