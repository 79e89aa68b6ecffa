from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.servers import gunicorn_server
from tests.web.browser import chromium_or_skip


@dataclass(frozen=True)
class TableService:
    """The served table's address, and its SQLite store (for tests that rewrite a log in it, as
    an operator with the database could)."""

    url: str
    db: Path


@pytest.fixture(scope="session")
def table_service(tmp_path_factory):
    """A real gunicorn (2 workers) on a fresh SQLite store, serving the API and the table."""
    db = tmp_path_factory.mktemp("web") / "web.sqlite3"
    with gunicorn_server(f"sqlite:///{db}", workers=2) as (base_url, _proc):
        yield TableService(base_url, db)


@pytest.fixture(scope="session")
def table_server(table_service):
    """The base URL of `table_service`."""
    return table_service.url


@pytest.fixture(scope="session")
def browser():
    executable = chromium_or_skip()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, headless=True)
        yield chromium
        chromium.close()
