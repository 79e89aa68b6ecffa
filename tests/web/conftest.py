from __future__ import annotations

import pytest

from tests.servers import gunicorn_server
from tests.web.browser import chromium_or_skip


@pytest.fixture(scope="session")
def table_server(tmp_path_factory):
    """A real gunicorn (2 workers) on a fresh SQLite store, serving the API and the table."""
    db = tmp_path_factory.mktemp("web") / "web.sqlite3"
    with gunicorn_server(f"sqlite:///{db}", workers=2) as (base_url, _proc):
        yield base_url


@pytest.fixture(scope="session")
def browser():
    executable = chromium_or_skip()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, headless=True)
        yield chromium
        chromium.close()
