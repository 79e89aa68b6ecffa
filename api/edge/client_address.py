"""The client's address behind proxies, for rate limits: PROXY_COUNT (default 0) is how many
trusted proxies in front append to X-Forwarded-For. With 0 the header is ignored, as a
client could write anything in it; docker-compose's nginx sets PROXY_COUNT=1."""

from __future__ import annotations

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from store.base import env_number


def proxy_count() -> int:
    return int(env_number("PROXY_COUNT", 0, 0, integer=True))  # a bad value stops start-up


def trust_forwarded_for(app: Flask) -> None:
    count = proxy_count()
    if count > 0:
        # Flask's documented way to add WSGI middleware; Flask declares wsgi_app as a method.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count, x_host=0)  # type: ignore[method-assign]
