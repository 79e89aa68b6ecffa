from __future__ import annotations

import pytest

from tests.servers import gunicorn_server


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """One gunicorn (2 workers) on a fresh SQLite file for the e2e tests."""
    db = tmp_path_factory.mktemp("db") / "e2e.sqlite3"
    with gunicorn_server(f"sqlite:///{db}", workers=2) as (base_url, _proc):
        yield base_url


@pytest.fixture
def client(server):
    from cardgames_client import Client

    return Client(base_url=server, raise_on_unexpected_status=True)


def seat_client(server, token):
    from cardgames_client import AuthenticatedClient

    return AuthenticatedClient(base_url=server, token=token, raise_on_unexpected_status=True)
