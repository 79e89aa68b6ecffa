from __future__ import annotations

import pytest

from tests.pg import scratch_database
from tests.servers import gunicorn_server


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def server(request, tmp_path_factory):
    """One gunicorn (2 workers) per store: a fresh SQLite file, then a fresh PostgreSQL database.
    Every e2e test that takes `server` runs against both backends."""
    if request.param == "sqlite":
        db = tmp_path_factory.mktemp("db") / "e2e.sqlite3"
        with gunicorn_server(f"sqlite:///{db}", workers=2) as (base_url, _proc):
            yield base_url
    else:
        with scratch_database(request.getfixturevalue("pg_admin_url"), "cg_e2e") as url:
            with gunicorn_server(url, workers=2) as (base_url, _proc):
                yield base_url


@pytest.fixture
def client(server):
    from cardgames_client import Client

    return Client(base_url=server, raise_on_unexpected_status=True)


def seat_client(server, token):
    from cardgames_client import AuthenticatedClient

    return AuthenticatedClient(base_url=server, token=token, raise_on_unexpected_status=True)
