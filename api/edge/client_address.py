"""The client's address behind proxies, for rate limits: PROXY_COUNT (default 0) is how many
trusted proxies in front append to X-Forwarded-For. With 0 the header is ignored, as a
client could write anything in it; docker-compose's nginx sets PROXY_COUNT=1."""

from __future__ import annotations

import os

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix


def trust_forwarded_for(app: Flask) -> None:
    count = int(os.environ.get("PROXY_COUNT", "0"))
    if count > 0:
        # Flask's documented way to add WSGI middleware; Flask declares wsgi_app as a method.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count, x_host=0)  # type: ignore[method-assign]
