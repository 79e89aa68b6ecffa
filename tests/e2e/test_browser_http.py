"""Browser-ready HTTP against a real gunicorn: CORS and its preflight, Location on 201, per-viewer
ETags with 304, WWW-Authenticate on 401, 415 for a body that is not JSON, a page for every
problem type, and the interactive docs at /docs served with no asset from another origin."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import httpx
import pytest
import yaml
from werkzeug.exceptions import default_exceptions

from api.problems import http_problem_slug
from service.errors import ServiceError
from tests.servers import ROOT, gunicorn_server
from tests.trust.http import PROBLEM, auth, create

# Every request header the API reads (README, docs/api.md), and cache headers client wrappers add.
ALLOWED_HEADERS = {
    "authorization",
    "content-type",
    "idempotency-key",
    "if-none-match",
    "x-request-id",
    "accept-language",
    "cache-control",
    "pragma",
}
EXPOSED_HEADERS = {
    "etag",
    "location",
    "retry-after",
    "x-request-id",
    "www-authenticate",
    "idempotent-replayed",
}


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    db = tmp_path_factory.mktemp("browser") / "browser.sqlite3"
    with gunicorn_server(f"sqlite:///{db}", workers=2) as (url, _proc):
        yield url


@pytest.fixture
def http(base_url):
    with httpx.Client(base_url=base_url, timeout=30) as c:
        yield c


@pytest.fixture
def game(http):
    """A Chuo Pai game whose seat 0 (a person) is to decide; (created body, token)."""
    created = create(http, "chuopai", humans=1, seed=7)
    return created, created["seats"][0]["token"]


def _header_set(value: str | None) -> set[str]:
    return {part.strip().lower() for part in (value or "").split(",") if part.strip()}


# ------------------------------------------------------------------ CORS
def test_any_origin_may_read_the_api_and_its_headers(http, game):
    created, token = game
    r = http.get(f"/v1/games/{created['id']}", headers={**auth(token), "Origin": "https://table.example"})
    assert r.status_code == 200
    assert r.headers["access-control-allow-origin"] == "*"
    assert _header_set(r.headers["access-control-expose-headers"]) >= EXPOSED_HEADERS
    assert "access-control-allow-credentials" not in r.headers  # bearer tokens, never cookies


def test_preflight_is_answered_without_a_token(http, game):
    created, _token = game
    r = http.options(
        f"/v1/games/{created['id']}/actions",
        headers={
            "Origin": "https://table.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": ", ".join(sorted(ALLOWED_HEADERS)),
        },
    )
    assert r.status_code == 200, r.text
    assert r.headers["access-control-allow-origin"] == "*"
    assert _header_set(r.headers["access-control-allow-headers"]) >= ALLOWED_HEADERS
    assert "POST" in r.headers["access-control-allow-methods"]
    assert int(r.headers["access-control-max-age"]) > 0


def test_configured_origins_only(tmp_path, monkeypatch):
    monkeypatch.setenv("CORS_ALLOWED_ORIGINS", "https://a.example, https://b.example")
    with gunicorn_server(f"sqlite:///{tmp_path / 'cors.sqlite3'}", workers=1) as (url, _proc):
        allowed = httpx.get(f"{url}/v1/rulesets", headers={"Origin": "https://b.example"})
        other = httpx.get(f"{url}/v1/rulesets", headers={"Origin": "https://evil.example"})
        with httpx.Client(base_url=url, timeout=30) as client:
            created = create(client, "chuopai", humans=1, seed=7)
            game_path = f"/v1/games/{created['id']}"
            seat = {**auth(created["seats"][0]["token"]), "Origin": "https://a.example"}
            seat_view = {path: client.get(path, headers=seat) for path in (game_path, f"{game_path}/events")}
    assert allowed.headers["access-control-allow-origin"] == "https://b.example"
    assert "origin" in _header_set(allowed.headers.get("vary"))
    assert other.status_code == 200 and "access-control-allow-origin" not in other.headers
    # a game's view varies with the token and the language too: one Vary naming all three, or a
    # browser cache would give the first origin's allow-origin to the second
    for path in (game_path, f"{game_path}/events"):
        lines = [value for name, value in seat_view[path].headers.multi_items() if name.lower() == "vary"]
        assert len(lines) == 1, lines
        assert _header_set(lines[0]) >= {"origin", "authorization", "accept-language"}, lines


def test_a_preflight_to_a_path_with_no_route_succeeds(http):
    """So the request itself is sent and its 404 problem is readable by the script."""
    r = http.options(
        "/v1/games/no-such-game/",
        headers={
            "Origin": "https://table.example",
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "Authorization",
        },
    )
    assert r.status_code == 204 and r.headers["access-control-allow-origin"] == "*"
    assert "authorization" in _header_set(r.headers["access-control-allow-headers"])
    missing = http.get("/v1/games/no-such-game/", headers={"Origin": "https://table.example"})
    assert missing.status_code == 404 and missing.headers["content-type"] == PROBLEM
    assert missing.headers["access-control-allow-origin"] == "*"


# ------------------------------------------------------------------ Location
def test_every_201_names_its_location(http, base_url):
    spec = http.get("/openapi.json").json()
    created_responses = [
        (path, method, op["responses"]["201"])
        for path, item in spec["paths"].items()
        for method, op in item.items()
        if isinstance(op, dict) and "201" in op.get("responses", {})
    ]
    assert created_responses, "no 201 in the spec"
    for path, method, response in created_responses:
        assert "Location" in response.get("headers", {}), (method, path)

    r = http.post("/v1/games", json={"ruleset": "sisepai", "seed": 3})
    assert r.status_code == 201
    location = urljoin(base_url + "/v1/games", r.headers["location"])
    assert urlsplit(location).path == f"/v1/games/{r.json()['id']}"
    assert http.get(location).json()["id"] == r.json()["id"]


# ------------------------------------------------------------------ ETag / 304
@pytest.mark.parametrize("view", ["", "/legal-actions"])
def test_views_answer_304_for_their_current_etag(http, game, view):
    created, token = game
    path = f"/v1/games/{created['id']}{view}"
    first = http.get(path, headers=auth(token))
    etag = first.headers["etag"]
    assert first.status_code == 200 and re.fullmatch(r'"[0-9a-f]{32}"', etag), etag  # strong: no W/
    assert "authorization" in _header_set(first.headers["vary"])

    again = http.get(path, headers={**auth(token), "If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == etag
    assert "authorization" in _header_set(again.headers["vary"])
    # kept by the browser only to be checked again, never by a shared cache
    for answer in (first, again):
        assert _header_set(answer.headers["cache-control"]) == {"private", "no-cache"}

    stale = http.get(path, headers={**auth(token), "If-None-Match": '"0000"'})
    assert stale.status_code == 200 and stale.headers["etag"] == etag and stale.json() == first.json()


def test_etag_is_per_viewer_and_changes_with_the_game(http, game):
    created, token = game
    path = f"/v1/games/{created['id']}"
    mine = http.get(path, headers=auth(token))
    spectator = http.get(path, headers={"If-None-Match": mine.headers["etag"]})
    assert spectator.status_code == 200, "a seat's tag must not validate the spectator view"
    assert spectator.headers["etag"] != mine.headers["etag"]

    legal = http.get(f"{path}/legal-actions", headers=auth(token)).json()
    played = http.post(
        f"{path}/actions",
        headers=auth(token),
        json={"action": legal["actions"][0]["id"], "expected_version": legal["version"]},
    )
    assert played.status_code == 200, played.text
    after = http.get(path, headers={**auth(token), "If-None-Match": mine.headers["etag"]})
    assert after.status_code == 200 and after.headers["etag"] != mine.headers["etag"]


@pytest.mark.parametrize("read", ["", "/legal-actions", "/events", "/score", "/replay", "/export", "/verify"])
def test_every_read_of_a_game_varies_with_the_token(http, game, read):
    """What a game's reads answer depends on the seat token (a seat's own drawn cards in its
    view and its events, 401/403 for a bad one): a cache (a browser's, shared by a seat and a
    spectator) must not answer one caller with another's response, so each says
    `Vary: Authorization`, not only the two with an ETag."""
    created, token = game
    path = f"/v1/games/{created['id']}{read}"
    for headers in (auth(token), {}, auth("not-a-token")):
        r = http.get(path, headers=headers)
        assert "authorization" in _header_set(r.headers.get("vary", "")), (read, r.status_code, r.headers)
        assert {"private", "no-cache"} <= _header_set(r.headers.get("cache-control")), (read, r.headers)


@pytest.mark.parametrize(("method", "below"), [("DELETE", ""), ("PUT", "/actions"), ("POST", "/score")])
def test_a_method_a_games_path_does_not_take_varies_with_the_token_too(http, game, method, below):
    """A 405 is refused while routing, before any of the games' views: it said `Vary: Authorization`
    only when a hook of the whole app gave it, as docs/api.md says every answer about a game does."""
    created, token = game
    r = http.request(method, f"/v1/games/{created['id']}{below}", headers=auth(token))
    assert r.status_code == 405, r.text
    assert "authorization" in _header_set(r.headers.get("vary", "")), r.headers


# ------------------------------------------------------------------ 401 / 415
def test_401_names_the_bearer_scheme(http, game):
    created, _token = game
    for headers in ({}, auth("not-a-token"), {"Authorization": "Basic abc"}):
        r = http.get(
            f"/v1/games/{created['id']}/legal-actions", headers={**headers, "Origin": "https://table.example"}
        )
        assert r.status_code == 401 and r.headers["content-type"] == PROBLEM
        assert r.headers["www-authenticate"].startswith("Bearer")
        assert r.headers["access-control-allow-origin"] == "*"  # a browser may read the problem


# Other JSON-based types (`+json`) say the body is something other than what the API takes.
@pytest.mark.parametrize(
    "content_type",
    [
        "text/plain",
        "application/x-www-form-urlencoded",
        None,
        "application/vnd.example+json",
        "application/problem+json",
    ],
)
def test_a_body_that_is_not_json_is_415_and_changes_nothing(http, game, content_type):
    created, token = game
    before = http.get(f"/v1/games/{created['id']}").json()["version"]
    feed_before = http.get("/v1/events", params={"limit": 1000}).json()["events"]
    body = json.dumps({"action": "pass", "expected_version": before})
    headers = {"content-type": content_type} if content_type else {}
    for path, hdrs in (
        (f"/v1/games/{created['id']}/actions", {**auth(token), **headers}),
        ("/v1/games", headers),
        ("/v1/rulesets/chuopai/score", headers),
    ):
        r = http.post(path, content=body.encode(), headers=hdrs)
        assert r.status_code == 415 and r.headers["content-type"] == PROBLEM, (path, r.text)
        assert r.json()["type"] == "/problems/unsupported-media-type"
        assert "application/json" in r.json()["detail"]
    assert http.get(f"/v1/games/{created['id']}").json()["version"] == before
    assert http.get("/v1/events", params={"limit": 1000}).json()["events"] == feed_before


def test_json_with_a_charset_parameter_is_json(http):
    for content_type in ("application/json; charset=utf-8", "Application/JSON"):
        body = json.dumps({"ruleset": "chuopai"}).encode()
        r = http.post("/v1/games", content=body, headers={"content-type": content_type})
        assert r.status_code == 201, (content_type, r.text)


# ------------------------------------------------------------------ problem type pages
def _emittable_slugs() -> set[str]:
    """Every problem type the app can emit: each ServiceError class, each Werkzeug HTTP error (as
    the problem handler names it), and each slug written literally in a problem_response call."""
    slugs, todo = set(), [ServiceError]
    while todo:
        cls = todo.pop()
        slugs.add(cls.slug)
        todo.extend(cls.__subclasses__())
    slugs |= {http_problem_slug(code, exc().name) for code, exc in default_exceptions.items() if code >= 400}
    for source in (ROOT / "api").rglob("*.py"):
        slugs |= set(re.findall(r'problem_response\(\s*\w+,\s*"([a-z0-9-]+)"', source.read_text()))
    return slugs


def test_every_problem_type_resolves_to_a_page(http):
    slugs = _emittable_slugs()
    assert {"stale-version", "illegal-action", "unsupported-media-type", "validation-error"} <= slugs
    for slug in sorted(slugs):
        as_json = http.get(f"/problems/{slug}", headers={"Accept": "application/json"})
        assert as_json.status_code == 200, slug
        described = as_json.json()
        assert described["type"] == f"/problems/{slug}" and described["title"] and described["description"]
        as_html = http.get(f"/problems/{slug}", headers={"Accept": "text/html"})
        assert as_html.status_code == 200 and as_html.headers["content-type"].startswith("text/html")
        # one URL, two bodies by Accept (and the language): a cache must keep them apart
        for answer in (as_json, as_html):
            assert {"accept", "accept-language"} <= {
                v.strip().lower() for v in answer.headers["vary"].split(",")
            }
        assert described["title"].split("'")[0] in as_html.text
        # the description's `names` are code on the page, not backticks
        body = as_html.text.split("<h1>")[1]
        assert "`" not in body, (slug, body)
    stale = http.get("/problems/stale-version", headers={"Accept": "text/html"}).text
    assert "<code>current_version</code>" in stale
    unknown = http.get("/problems/no-such-problem")
    assert unknown.status_code == 404 and unknown.headers["content-type"] == PROBLEM


def test_a_problem_answered_over_http_resolves(http, game):
    created, token = game
    r = http.post(
        f"/v1/games/{created['id']}/actions",
        headers=auth(token),
        json={"action": "pass", "expected_version": 0},
    )
    assert r.status_code == 409
    page = http.get(urljoin(str(r.url), r.json()["type"]), headers={"Accept": "text/html"})
    assert page.status_code == 200 and "expected_version" in page.text


# ------------------------------------------------------------------ spec and /docs
def test_spec_has_servers_and_examples(http):
    spec = http.get("/openapi.json").json()
    assert spec["servers"][0]["url"] == "/"
    committed = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    assert committed["servers"] == spec["servers"]
    create_body = spec["paths"]["/v1/games"]["post"]["requestBody"]["content"]["application/json"]
    assert create_body["examples"]
    for example in create_body["examples"].values():
        r = http.post("/v1/games", json=example["value"])
        assert r.status_code == 201, (example, r.text)


class _AssetLinks(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("src", "href") and value:
                self.urls.append(value)


def _same_origin(base_url: str, page_url: str, ref: str) -> bool:
    return urlsplit(urljoin(page_url, ref))[:2] == urlsplit(base_url)[:2]


def test_docs_are_served_with_every_asset_from_this_origin(http, base_url):
    page = http.get("/docs")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    links = _AssetLinks()
    links.feed(page.text)
    assert any(u.endswith(".js") for u in links.urls) and any(u.endswith(".css") for u in links.urls)
    for ref in links.urls:
        assert _same_origin(base_url, str(page.url), ref), f"off-origin asset {ref}"
        asset = http.get(urljoin(str(page.url), ref))
        assert asset.status_code == 200 and asset.content, ref
        if ref.endswith(".css"):
            for inner in re.findall(r"url\(\s*['\"]?([^'\")]+)", asset.text):
                assert inner.startswith("data:") or _same_origin(base_url, str(asset.url), inner), inner
        if ref.endswith("docs-init.js"):
            assert "validatorUrl: null" in asset.text
            (spec_ref,) = re.findall(r'url:\s*"([^"]+)"', asset.text)
            assert _same_origin(base_url, str(asset.url), spec_ref)
            spec = http.get(urljoin(str(asset.url), spec_ref))
            assert spec.status_code == 200 and spec.json()["openapi"].startswith("3.1")
    licence = http.get("/docs/assets/LICENSE")
    assert licence.status_code == 200 and "Apache License" in licence.text


def test_readme_links_the_docs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "/docs" in readme and Path(ROOT / "docs" / "api.md").exists()


def test_a_problem_type_has_one_title_whoever_raised_it(http):
    """RFC 9457 §3.1.3: the title is the type's, not the occurrence's: a path nothing serves
    (Werkzeug's 404) and a game that does not exist (the service's) read the same."""
    answers = [
        http.get("/no-such-path"),
        http.get("/v1/games/0123456789abcdef0123456789abcdef"),
        http.get("/v1/rulesets/no-such-ruleset"),
    ]
    assert {(a.status_code, a.json()["type"], a.json()["title"]) for a in answers} == {
        (404, "/problems/not-found", "Not Found")
    }
