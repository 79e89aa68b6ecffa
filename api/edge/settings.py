"""Every setting the app reads from the environment, checked once in gunicorn's master before it
binds (gunicorn.conf.py, `on_starting`): a bad one stops the node with one line naming the
variable, where each worker would otherwise fail to boot with a traceback after the master had
already said it was listening (README, "Operating the service")."""

from __future__ import annotations

import os

from api.edge.client_address import proxy_count
from api.edge.metrics import METRICS_FROM_VARIABLE, scraper_networks
from api.edge.rate_limits import RateLimitSettings
from store.base import check_database_url


def check_settings() -> None:
    """Read each setting as the app will (RATE_LIMIT, REDIS_URL, METRICS_FROM, PROXY_COUNT,
    DATABASE_URL with the PG_* settings of a PostgreSQL store), opening nothing; ValueError
    naming the variable of the first bad one."""
    RateLimitSettings.from_environment()
    scraper_networks(os.environ.get(METRICS_FROM_VARIABLE))
    proxy_count()
    check_database_url(os.environ.get("DATABASE_URL"))
