"""The table's files as served: same-origin only, ES modules, no build step, no CDN or fonts."""

from __future__ import annotations

import re

import pytest

from api import create_app
from api.web.routes import STATIC_DIR
from domain.nantong.scoring import MeldKind as NantongMeldKind
from domain.sisepai.melds import MeldKind as SisepaiMeldKind
from service.i18n import CONTEXT_SEPARATOR, DEFAULT_LANGUAGE, LANGUAGES, ui_messages

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


# `_("…")` as the table's modules call it. Babel's JavaScript extractor misses a call written
# inside a template literal's `${…}`, so a message can be shown untranslated without anything
# else noticing: the page's catalogue is checked against the calls themselves.
UI_CALL = re.compile(r"""\b_\(\s*"((?:[^"\\]|\\.)*)"\s*[,)]""")
# p_("context", "message"): a message meant in a context (i18n.js), keyed as the catalogue keys it.
UI_CONTEXT_CALL = re.compile(r"""\bp_\(\s*"((?:[^"\\]|\\.)*)"\s*,\s*"((?:[^"\\]|\\.)*)"\s*[,)]""")


def test_every_message_the_table_shows_is_in_its_translated_catalogue():
    called = {
        message
        for path in STATIC_DIR.iterdir()
        if path.suffix == ".js"
        for line in path.read_text(encoding="utf-8").splitlines()
        if not line.lstrip().startswith(("//", "*", "/*"))  # a comment may show a call
        for message in UI_CALL.findall(line)
        + [f"{context}{CONTEXT_SEPARATOR}{message}" for context, message in UI_CONTEXT_CALL.findall(line)]
    }
    assert "event {version} of {last}" in called  # the pattern finds the calls
    assert f"suit caption{CONTEXT_SEPARATOR}M" in called  # and the calls with a context
    for language in LANGUAGES:
        if language == DEFAULT_LANGUAGE:
            continue
        catalogue = ui_messages(language)
        missing = sorted(m for m in called if m not in catalogue)
        assert missing == [], f"{language}: the page shows these in English: {missing}"
        untranslated = sorted(m for m in called if catalogue[m] == m and re.search(r"[a-z]{3}", m))
        assert len(untranslated) < len(called) // 4, untranslated  # the catalogue is the translated one


def test_every_meld_kind_a_view_shows_has_a_word_on_the_table():
    """table.js's term() names each meld kind in the page's language; a kind it does not know is
    shown as its English token (`exposed kong` on a French page)."""
    table = (STATIC_DIR / "table.js").read_text(encoding="utf-8")
    known = set(
        re.findall(r"^\s+(\w+): _\(", table.split("export function term", 1)[1].split("};", 1)[0], re.M)
    )
    kinds = {str(kind) for kind in NantongMeldKind} | {str(kind) for kind in SisepaiMeldKind}
    assert sorted(kinds - known) == []


def test_a_message_with_a_context_is_translated_for_that_context():
    """p_("suit caption", "M") and the like: a one-letter caption is its own catalogue entry
    (msgctxt), so it is translated as that caption, whatever else "M" may come to mean."""
    danish, french = ui_messages("da"), ui_messages("fr")
    assert danish[f"suit caption{CONTEXT_SEPARATOR}M"] == "My"  # Myriader
    assert french[f"suit caption{CONTEXT_SEPARATOR}S"] == "C"  # Cordes
    assert french[f"flower caption{CONTEXT_SEPARATOR}F"] == "F"  # Fleur
    assert "M" not in danish and "S" not in french  # no plain one-letter message is left
