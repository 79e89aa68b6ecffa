"""Languages over real HTTP (gunicorn, SQLite): the negotiation, Content-Language on every kind
of response, names and problem details in the chosen language, and the SDK's `lang`."""

from __future__ import annotations

import re

import httpx
import pytest

from domain.registry import RULESETS
from service.i18n import LANGUAGES
from tests.servers import gunicorn_server


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    db = tmp_path_factory.mktemp("languages") / "languages.sqlite3"
    with gunicorn_server(f"sqlite:///{db}", workers=2) as (base_url, _proc):
        yield base_url


def _get(base, path, accept_language=None, **headers):
    if accept_language is not None:
        headers["Accept-Language"] = accept_language
    return httpx.get(f"{base}{path}", headers=headers)


def test_the_rulesets_list_the_languages(base):
    listed = _get(base, "/v1/rulesets").json()
    assert listed and all(r["languages"] == list(LANGUAGES) for r in listed)
    assert LANGUAGES[0] == "en"


@pytest.mark.parametrize(
    ("accept_language", "query", "expected"),
    [
        (None, None, "en"),
        ("fr", None, "fr"),
        ("de-DE, da;q=0.8, en;q=0.5", None, "da"),  # German not offered: the next by q-value
        ("tr;q=0.9, zh-CN;q=0.95", None, "zh"),  # q-values decide, not the order or exactness
        ("fr;q=0, ms;q=0.1", None, "ms"),  # q=0: not French
        ("pt-BR, de", None, "en"),  # nothing offered: English
        ("fr", "tr", "tr"),  # ?lang= wins
        ("fr", "xx", "en"),  # an unknown ?lang= is English, not the header's choice
        (None, "zh-Hant", "zh"),
    ],
)
def test_negotiation(base, accept_language, query, expected):
    path = "/v1/rulesets/chuopai" + (f"?lang={query}" if query else "")
    r = _get(base, path, accept_language)
    assert r.status_code == 200
    assert r.headers["Content-Language"] == expected
    assert "accept-language" in r.headers["Vary"].lower()
    heaven = next(c["name"] for c in r.json()["cards"] if c["code"] == "66")
    assert (
        heaven
        == {"en": "Heaven", "zh": "天牌", "da": "Himmel", "ms": "Langit", "fr": "Ciel", "tr": "Gök"}[expected]
    )


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_every_card_is_named_in_every_language(base, ruleset_id, language):
    cards = _get(base, f"/v1/rulesets/{ruleset_id}?lang={language}").json()["cards"]
    english = {c["code"]: c["name"] for c in RULESETS[ruleset_id].cards()}
    assert {c["code"] for c in cards} == set(english)
    assert all(c["name"] for c in cards)
    if language == "zh":
        assert all(re.search(r"[\u4e00-\u9fff]", c["name"]) for c in cards)
    if language != "en":  # translated: most names differ from the English ones
        assert sum(c["name"] != english[c["code"]] for c in cards) >= len(cards) // 2


def test_ruleset_names_summaries_and_ai_levels_are_translated(base):
    chuopai = _get(base, "/v1/rulesets/chuopai?lang=fr").json()
    assert chuopai["name"] == "Chuo Pai (cartes du Sichuan)"
    assert chuopai["summary"].startswith("Jeu de levées à trois joueurs")
    levels = {level["level"]: level["description"] for level in chuopai["ai_level_info"]}
    assert levels["random"].startswith("Une action légale quelconque")
    assert levels["strong"].startswith("Prend la prime d’ouverture ; sinon Monte-Carlo")
    summaries = {level["level"]: level["summary"] for level in chuopai["ai_level_info"]}
    assert summaries["strong"].startswith("Le niveau le plus fort")
    assert chuopai["ai_levels"] == ["random", "basic", "strong"]  # ids stay ids


def test_a_problem_detail_in_french(base):
    r = _get(base, "/v1/games/nosuchgame", "fr-FR, en;q=0.5")
    assert r.status_code == 404
    assert r.headers["Content-Type"].startswith("application/problem+json")
    assert r.headers["Content-Language"] == "fr"
    assert r.json()["title"] == "Introuvable"
    assert r.json()["detail"] == "aucune partie 'nosuchgame'"


def test_problem_details_with_placeholders_and_schema_errors(base):
    created = httpx.post(f"{base}/v1/games", json={"ruleset": "chuopai", "seed": 7}).json()
    stale = httpx.post(
        f"{base}/v1/games/{created['id']}/actions?lang=da",
        json={"action": "pass", "expected_version": 999},
        headers={"Authorization": f"Bearer {created['seats'][0]['token']}"},
    )
    assert stale.status_code == 409 and stale.headers["Content-Language"] == "da"
    assert stale.json()["title"] == "Forældet expected_version"
    version = created["version"]
    assert stale.json()["detail"] == (
        f"expected_version 999 er foran spillet, som er ved version {version}: send versionen af den "
        "visning eller de lovlige handlinger, du besluttede ud fra"
    )
    assert stale.json()["current_version"] == version
    not_schema = httpx.post(f"{base}/v1/games", json={"ruleset": 3}, headers={"Accept-Language": "tr"})
    assert not_schema.status_code == 422
    assert not_schema.json()["title"] == "İşlenemeyen içerik"
    assert not_schema.json()["detail"].startswith("istek şemaya uymuyor: ")
    assert not_schema.json()["errors"]  # the field errors themselves stay as the parser gave them


def test_the_calculators_take_the_language(base):
    r = httpx.post(f"{base}/v1/rulesets/nantong/score?lang=ms", json={"concealed": []})
    assert r.status_code == 422 and r.headers["Content-Language"] == "ms"
    assert r.json()["title"] == "Kandungan tidak dapat diproses"
    ok = httpx.post(
        f"{base}/v1/rulesets/chuopai/score",
        json={"hand": ["66", "12", "24"]},
        headers={"Accept-Language": "fr"},
    )
    assert ok.status_code == 200 and ok.headers["Content-Language"] == "fr"


def test_content_language_on_html_and_static_responses(base):
    page = _get(base, "/", "zh-CN,zh;q=0.9")
    assert page.headers["Content-Type"].startswith("text/html")
    assert page.headers["Content-Language"] == "zh"
    problem_page = _get(base, "/problems/not-found", "tr", Accept="text/html")
    assert problem_page.headers["Content-Type"].startswith("text/html")
    assert problem_page.headers["Content-Language"] == "tr"
    assert '<html lang="tr">' in problem_page.text and "<h1>Bulunamadı</h1>" in problem_page.text
    rules = _get(base, "/v1/rulesets/sisepai/rules?lang=fr")
    assert rules.status_code == 200 and rules.headers["Content-Language"] == "fr"  # the translation
    untranslated = _get(base, "/v1/rulesets/sisepai/rules?lang=xx")
    assert untranslated.headers["Content-Language"] == "en"  # the canonical English
    script = _get(base, "/static/i18n.js?lang=fr")
    assert script.status_code == 200 and script.headers["Content-Language"] == "fr"


def test_the_web_tables_messages(base):
    french = _get(base, "/i18n/fr.json").json()
    assert [lang["code"] for lang in french["languages"]] == list(LANGUAGES)
    assert french["messages"]["Start a game"] == "Commencer une partie"
    english = _get(base, "/i18n/en.json").json()["messages"]
    assert english["Start a game"] == "Start a game"
    assert set(english) == set(french["messages"])  # the same messages in every language
    assert _get(base, "/i18n/xx.json").status_code == 404


def test_the_sdk_takes_lang(base):
    from cardgames_client import Client
    from cardgames_client.api.rulesets import get_ruleset, list_rulesets

    client = Client(base_url=base, raise_on_unexpected_status=True)
    nantong = get_ruleset.sync(client=client, ruleset="nantong", lang="da")
    names = {c.code: c.name for c in nantong.cards}
    assert names["1m"] == "Én af Myriader" and names["QN"] == "Tusind"
    assert nantong.name == "Nantong lange kort"
    assert list_rulesets.sync(client=client, lang="tr")[0].languages == list(LANGUAGES)


def test_labels_and_event_texts_in_the_language_while_the_log_stays_language_free(base):
    created = httpx.post(f"{base}/v1/games", json={"ruleset": "chuopai", "seed": 42}).json()
    game, token = created["id"], created["seats"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    english = httpx.get(f"{base}/v1/games/{game}/legal-actions", headers=auth).json()
    french = httpx.get(f"{base}/v1/games/{game}/legal-actions?lang=fr", headers=auth).json()
    assert [a["id"] for a in english["actions"]] == [a["id"] for a in french["actions"]]
    assert all(e["label"] != f["label"] for e, f in zip(english["actions"], french["actions"], strict=True))
    names = {c["code"]: c["name"] for c in _get(base, "/v1/rulesets/chuopai?lang=fr").json()["cards"]}
    with_cards = next(a for a in french["actions"] if a["cards"])
    assert names[with_cards["cards"][0]] in with_cards["label"]

    played = httpx.post(
        f"{base}/v1/games/{game}/actions",
        json={"action": french["actions"][0]["id"], "expected_version": french["version"]},
        headers={**auth, "Accept-Language": "tr"},
    )
    assert played.status_code == 200 and played.headers["Content-Language"] == "tr"
    mine = played.json()["events"][0]
    assert mine["payload"]["seat"] == 0 and "yorsun" in mine["text"]  # "you …" in Turkish

    # The same log in two languages: only the sentences differ.
    logs = {
        lang: httpx.get(f"{base}/v1/games/{game}/events?lang={lang}", headers=auth).json()["events"]
        for lang in ("en", "zh")
    }
    strip = [{k: v for k, v in e.items() if k != "text"} for e in logs["en"]]
    assert strip == [{k: v for k, v in e.items() if k != "text"} for e in logs["zh"]]
    assert logs["en"][0]["text"].startswith("A game of Chuo Pai (Sichuan cards) begins")
    assert logs["zh"][0]["text"].startswith("一局戳牌（四川长牌）开始")
    spectator = httpx.get(f"{base}/v1/events?lang=da").json()["events"]
    assert any(e["text"].startswith("Et spil Chuo Pai (Sichuan-kort) begynder") for e in spectator)
