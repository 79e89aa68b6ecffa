"""The table's files as served: same-origin only, ES modules, no build step, no CDN or fonts."""

from __future__ import annotations

import re

import pytest

from api import create_app
from api.web.routes import STATIC_DIR

EXTERNAL_URL = re.compile(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}", re.IGNORECASE)
SVG_NAMESPACE = "http://www.w3.org/2000/svg"


@pytest.fixture
def client(tmp_path):
    return create_app(f"sqlite:///{tmp_path / 'files.sqlite3'}", testing=True).test_client()


def test_the_page_is_served_at_the_root_with_a_same_origin_policy(client):
    response = client.get("/")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    csp = response.headers["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "script-src 'self'" in csp and "connect-src 'self'" in csp
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert b'data-testid="new-game"' in response.data and b'data-testid="table"' in response.data


@pytest.mark.parametrize("name", sorted(p.name for p in STATIC_DIR.iterdir() if p.suffix == ".js"))
def test_every_module_is_served_as_javascript(client, name):
    response = client.get(f"/static/{name}")
    assert response.status_code == 200
    assert response.mimetype in ("text/javascript", "application/javascript")
    assert "Content-Security-Policy" in response.headers


def test_no_file_names_another_origin():
    for path in STATIC_DIR.iterdir():
        text = path.read_text(encoding="utf-8").replace(SVG_NAMESPACE, "")
        assert not EXTERNAL_URL.search(text), f"{path.name} refers to {EXTERNAL_URL.search(text).group(0)}"
        assert "@import" not in text and "@font-face" not in text


def test_an_unknown_static_file_is_a_404_and_the_api_is_unchanged(client):
    assert client.get("/static/nope.js").status_code == 404
    assert client.get("/v1/rulesets").status_code == 200
