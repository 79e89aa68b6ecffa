"""Score breakdowns, hand calculators and the rules' refusals in the request's language, over
real HTTP (gunicorn, SQLite) and through the generated SDK: every place a result leaves the
service (the score, a view, the events, the feed, an action's answer, a replay) words its lines
for the reader, while the log, and so the export, keeps what was logged and still verifies."""

from __future__ import annotations

import httpx
import pytest

from domain.narration import render
from domain.registry import RULESETS
from service.i18n import translator
from service.narration import narrator_for
from service.wording import rendered, without_messages
from tests.servers import gunicorn_server


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    db = tmp_path_factory.mktemp("results") / "results.sqlite3"
    with gunicorn_server(f"sqlite:///{db}", workers=2) as (base_url, _proc):
        yield base_url


def lines_of(result: dict) -> list[dict]:
    return [line for player in result["players"] for line in player["breakdown"]]


def words(result: dict) -> list[str]:
    return [line["what"] for line in lines_of(result)]


def read(logged: dict, language: str, ruleset: str = "nantong") -> dict:
    """The logged result as a reader gets it: worded in the language, cards by their names."""
    reader = translator(language)
    return rendered(logged, reader, narrator_for(RULESETS[ruleset], reader).names_of)


@pytest.fixture(scope="module")
def nantong_match(base):
    """An all-AI Nantong match of three deals (settlement lines, "deal N:" lines), finished at
    creation, and its log as exported."""
    created = httpx.post(
        f"{base}/v1/games",
        json={"ruleset": "nantong", "seed": 11, "seats": [{"kind": "ai"}] * 3, "options": {"deals": 3}},
    )
    assert created.status_code == 201, created.text
    game = created.json()["id"]
    export = httpx.get(f"{base}/v1/games/{game}/export").json()
    logged = next(e for e in export["events"] if e["type"] == "game_finished")["payload"]["result"]
    return game, logged


def test_the_log_keeps_english_words_and_language_free_messages(base, nantong_match):
    game, logged = nantong_match
    assert all(line["what"] == render(line["message"]) for line in lines_of(logged))
    assert any(line["what"].startswith("deal 2: ") for line in lines_of(logged))
    # Asked in French, the export is still the log as logged (it is what the hashes cover).
    french_export = httpx.get(f"{base}/v1/games/{game}/export?lang=fr")
    finished = next(e for e in french_export.json()["events"] if e["type"] == "game_finished")
    assert finished["payload"]["result"] == logged
    verified = httpx.get(f"{base}/v1/games/{game}/verify?lang=fr")
    assert verified.json()["ok"] is True
    # and each says so of itself: its words are English
    assert french_export.headers["Content-Language"] == verified.headers["Content-Language"] == "en"


@pytest.mark.parametrize("language", ["fr", "zh", "tr"])
def test_the_score_is_worded_in_the_language(base, nantong_match, language):
    game, logged = nantong_match
    r = httpx.get(f"{base}/v1/games/{game}/score", params={"lang": language})
    assert r.status_code == 200 and r.headers["Content-Language"] == language
    score = r.json()
    expected = read(logged, language)
    assert words(score) == words(expected)
    english = words(logged)
    assert all(ours != theirs for ours, theirs in zip(words(score), english, strict=True))
    # The arithmetic and the facts are the logged ones.
    assert [(b["rule"], b["points"]) for b in lines_of(score)] == [
        (b["rule"], b["points"]) for b in lines_of(logged)
    ]
    # the language-free words go along as logged, under details
    assert [b["details"]["message"] for b in lines_of(score)] == [b["message"] for b in lines_of(logged)]
    if language == "fr":
        assert any(w.startswith("donne 2 : ") for w in words(score))
        assert any(" de la place " in w or " à la place " in w for w in words(score))  # NT-9.2
    english_score = httpx.get(f"{base}/v1/games/{game}/score").json()
    assert words(english_score) == words(read(logged, "en"))
    # A reader gets the cards' names where the log keeps their codes (NT-7.1: "exposed pong 8m").
    named = [(w, e) for w, e in zip(words(english_score), english, strict=True) if w != e]
    assert named and all("(" in w and w.count(" ") > e.count(" ") for w, e in named), named[:3]
    assert any("Myriads (" in w or "Strings (" in w or "Coins (" in w for w in words(english_score))


def test_the_view_the_events_the_feed_and_a_replay_word_the_result(base, nantong_match):
    game, logged = nantong_match
    turkish_view = httpx.get(f"{base}/v1/games/{game}", headers={"Accept-Language": "tr"}).json()
    assert words(turkish_view["result"]) == words(read(logged, "tr"))

    events = httpx.get(f"{base}/v1/games/{game}/events?lang=zh&limit=1000").json()["events"]
    finished = next(e for e in events if e["type"] == "game_finished")
    assert words(finished["payload"]["result"]) == words(read(logged, "zh"))
    assert finished["text"].startswith("对局结束")

    feed, after = [], 0
    while after is not None:
        page = httpx.get(f"{base}/v1/events", params={"lang": "da", "after": after, "limit": 1000}).json()
        feed += page["events"]
        after = page["next"]
    in_feed = next(e for e in feed if e["game_id"] == game and e["type"] == "game_finished")
    assert words(in_feed["payload"]["result"]) == words(read(logged, "da"))

    replay = httpx.get(f"{base}/v1/games/{game}/replay?lang=ms").json()
    assert replay["event"]["type"] == "game_finished"
    assert words(replay["event"]["payload"]["result"]) == words(read(logged, "ms"))


def test_an_action_that_ends_the_game_answers_in_the_language(base):
    """Chuo Pai, seat 0 a person playing its first legal action, in French: the answer that
    ends the game carries the game_finished event and the view with French lines."""
    created = httpx.post(f"{base}/v1/games", json={"ruleset": "chuopai", "seed": 3}).json()
    game, auth = created["id"], {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    answer = None
    for _ in range(200):
        legal = httpx.get(f"{base}/v1/games/{game}/legal-actions", headers=auth).json()
        if not legal["actions"]:
            break
        answer = httpx.post(
            f"{base}/v1/games/{game}/actions?lang=fr",
            json={"action": legal["actions"][0]["id"], "expected_version": legal["version"]},
            headers=auth,
        ).json()
        if answer["view"]["status"] == "finished":
            break
    assert answer is not None and answer["view"]["status"] == "finished"
    logged = httpx.get(f"{base}/v1/games/{game}/export").json()["events"][-1]["payload"]["result"]
    french = words(read(logged, "fr", "chuopai"))
    assert words(answer["view"]["result"]) == french
    assert words(answer["events"][-1]["payload"]["result"]) == french
    assert all(w != e for w, e in zip(french, words(logged), strict=True))


def test_the_sdk_reads_a_score_in_the_language(base, nantong_match):
    from cardgames_client import Client
    from cardgames_client.api.games import get_score

    game, logged = nantong_match
    client = Client(base_url=base, raise_on_unexpected_status=True)
    score = get_score.sync(game, client=client, lang="zh")
    got = [line.what for player in score.players for line in player.breakdown]
    assert got == words(read(logged, "zh"))
    assert without_messages(logged)["scores"] == score.scores


NANTONG_HAND = {
    "indicators": ["1m", "9c"],
    "concealed": ["2s", "3s", "4s"] * 2 + ["5s", "6s", "7s"] * 4 + ["7m"],
    "melds": [{"kind": "pong", "card": "1m"}],
    "win": None,
}


def test_the_nantong_calculator_words_its_items(base):
    """NT-7.5 with NT-7.4, the line the arithmetic test pins in English (there as logged, with the
    card's code), in each language with the card's name (the Chinese through the SDK)."""
    from cardgames_client import Client
    from cardgames_client.api.rulesets import score_nantong_hand
    from cardgames_client.models import NantongHand

    english = httpx.post(f"{base}/v1/rulesets/nantong/score", json=NANTONG_HAND).json()
    assert english["items"][0]["what"] == (
        "exposed pong One of Myriads (一萬): base 2 × 2 (exact indicator match, NT-7.5)"
        " × 2 (indicator One of Myriads (一萬) of rank 1, NT-7.4) = 8"
    )
    french = httpx.post(f"{base}/v1/rulesets/nantong/score?lang=fr", json=NANTONG_HAND)
    assert french.headers["Content-Language"] == "fr"
    assert french.json()["items"][0]["what"] == (
        "pong exposé Un de Myriades : base 2 × 2 (correspondance exacte avec l’indicateur, NT-7.5)"
        " × 2 (indicateur Un de Myriades de rang 1, NT-7.4) = 8"
    )
    client = Client(base_url=base, raise_on_unexpected_status=True)
    chinese = score_nantong_hand.sync(client=client, body=NantongHand.from_dict(NANTONG_HAND), lang="zh")
    assert (
        chinese.items[0].what
        == "明碰 一万：底胡 2 × 2（与指示牌完全相同，NT-7.5） × 2（指示牌 一万，点数 1，NT-7.4） = 8"
    )
    assert chinese.items[0].hu == 8 and chinese.rounded == english["rounded"]


def test_the_chuopai_calculator_labels_its_plays(base):
    body = {"hand": ["66", "66", "45", "36", "12", "24"], "highest": ["22"]}
    english = httpx.post(f"{base}/v1/rulesets/chuopai/score", json=body).json()
    for language, play in (("fr", "Jouer "), ("tr", "Oyna: ")):
        report = httpx.post(f"{base}/v1/rulesets/chuopai/score?lang={language}", json=body).json()
        names = {
            c["code"]: c["name"]
            for c in httpx.get(f"{base}/v1/rulesets/chuopai?lang={language}").json()["cards"]
        }
        assert [p["id"] for p in report["plays"]] == [p["id"] for p in english["plays"]]
        for key in ("plays", "combinations", "beating"):
            assert report[key], key
            for worded, plain in zip(report[key], english[key], strict=True):
                assert worded["label"] != plain["label"]
                assert names[worded["cards"][0]] in worded["label"]
        single = next(p for p in report["plays"] if p["id"] == "play:12")
        assert single["label"] == play + names["12"]
    english_names = {c["code"]: c["name"] for c in httpx.get(f"{base}/v1/rulesets/chuopai").json()["cards"]}
    assert next(p for p in english["plays"] if p["id"] == "play:12")["label"] == "Play " + english_names["12"]


@pytest.mark.parametrize(
    ("language", "detail"),
    [
        ("fr", "'play:99' n’est pas un coup de cette main (CP-3.1/CP-3.2)"),
        ("tr", "'play:99' bu elden bir oyun değil (CP-3.1/CP-3.2)"),
        ("en", "'play:99' is not a play from this hand (CP-3.1/CP-3.2)"),
    ],
)
def test_a_rules_refusal_in_the_language_keeps_its_rule(base, language, detail):
    created = httpx.post(f"{base}/v1/games", json={"ruleset": "chuopai", "seed": 3}).json()
    refused = httpx.post(
        f"{base}/v1/games/{created['id']}/actions",
        params={"lang": language},
        json={"action": "play:99", "expected_version": created["version"]},
        headers={"Authorization": f"Bearer {created['seats'][0]['token']}"},
    )
    assert refused.status_code == 409 and refused.headers["Content-Language"] == language
    assert refused.json()["detail"] == detail
    assert refused.json()["rule"] == "CP-4.1"


@pytest.mark.parametrize(
    ("language", "detail"),
    [
        ("da", "en himmelsk sejr har intet vinderkort"),
        ("zh", "天胡没有胡的那张牌"),
    ],
)
def test_a_calculators_refusal_in_the_language(base, language, detail):
    body = {**NANTONG_HAND, "win": {"by": "heavenly", "card": "1m"}}
    refused = httpx.post(
        f"{base}/v1/rulesets/nantong/score", json=body, headers={"Accept-Language": language}
    )
    assert refused.status_code == 422, refused.text
    assert refused.json()["detail"] == detail
    assert refused.json()["rule"] == "NT-8.8"


def test_a_setup_refusal_in_the_language(base):
    """A deck of the right length with the wrong copies: the domain's refusal (SSP-2.1)."""
    cards = httpx.get(f"{base}/v1/rulesets/sisepai").json()["cards"]
    full = [c["code"] for c in cards for _ in range(c["count"])]
    deck = [cards[1]["code"]] + full[1:]  # one General fewer, one Advisor more
    refused = httpx.post(f"{base}/v1/games?lang=fr", json={"ruleset": "sisepai", "seed": 1, "deck": deck})
    assert refused.status_code == 422, refused.text
    assert refused.json()["detail"].startswith("mauvais nombre d’exemplaires dans deck : ")


@pytest.mark.parametrize(
    ("language", "not_served", "not_allowed", "not_json"),
    [
        (
            "fr",
            "rien n’est servi à ce chemin",
            "ce chemin n’accepte pas la méthode DELETE ; l’en-tête Allow liste celles qu’il accepte",
            "le corps doit être du JSON (Content-Type: application/json), pas text/plain",
        ),
        (
            "ms",
            "tiada apa-apa disediakan pada laluan ini",
            "laluan ini tidak menerima kaedah DELETE; pengepala Allow menyenaraikan yang diterimanya",
            "badan permintaan mesti JSON (Content-Type: application/json), bukan text/plain",
        ),
    ],
)
def test_http_errors_without_a_detail_of_their_own(base, language, not_served, not_allowed, not_json):
    """Werkzeug's stock sentences are English only: a path no route serves, a method a route
    does not take and a body that is not JSON are told in the request's language."""
    missing = httpx.get(f"{base}/v1/nothing-here", params={"lang": language})
    assert missing.status_code == 404 and missing.json()["detail"] == not_served
    wrong = httpx.delete(f"{base}/v1/games", params={"lang": language})
    assert wrong.status_code == 405 and wrong.json()["detail"] == not_allowed
    text = httpx.post(
        f"{base}/v1/games", params={"lang": language}, content="x", headers={"Content-Type": "text/plain"}
    )
    assert text.status_code == 415 and text.json()["detail"] == not_json


def test_a_calculators_report_fits_its_schema(base):
    """The report's items are worded for the request and carry only the fields the OpenAPI
    document lists (NantongItem, NantongMultiplier: no `message`)."""
    spec = httpx.get(f"{base}/openapi.json").json()["components"]["schemas"]
    report = httpx.post(f"{base}/v1/rulesets/nantong/score?lang=tr", json=NANTONG_HAND)
    assert report.status_code == 200, report.text
    assert report.json()["items"][0]["what"].startswith("açık pong On Binler Biri: taban 2 × 2 ")
    for item in report.json()["items"]:
        assert set(item) <= set(spec["NantongItem"]["properties"])


def feed_head(base: str) -> int | None:
    """The position of the last event of every game (None: no event yet)."""
    after, last = None, None
    while True:
        page = httpx.get(
            f"{base}/v1/events", params={"limit": 1000, **({"after": after} if after else {})}
        ).json()
        if page["events"]:
            last = page["events"][-1]["position"]
        if page["next"] is None:
            return last
        after = page["next"]


@pytest.mark.parametrize(
    ("language", "one_of", "at_least", "missing"),
    [
        (
            "fr",
            "Doit être l’une des valeurs : human, ai.",
            "Doit être supérieur ou égal à 0",
            "Donnée manquante",
        ),
        (
            "tr",
            "Şunlardan biri olmalı: human, ai.",
            "0 değerinden büyük ya da eşit",
            "Zorunlu alan için veri eksik.",
        ),
        (
            "en",
            "Must be one of: human, ai.",
            "Must be greater than or equal to 0",
            "Missing data for required field.",
        ),
    ],
)
def test_field_errors_in_the_language(base, language, one_of, at_least, missing):
    """A body that does not fit the schema: marshmallow's own sentences, in the problem's
    detail and in its `errors` tree, are told in the request's language (English unchanged);
    nothing is created."""
    before = feed_head(base)
    bad = httpx.post(
        f"{base}/v1/games",
        params={"lang": language},
        json={"ruleset": "nantong", "seed": -1, "seats": [{"kind": "martian"}, {}, {"kind": "ai"}]},
    )
    assert bad.status_code == 422, bad.text
    problem = bad.json()
    detail = problem["detail"]
    # each message without its final full stop in the detail, where "; " joins them
    assert one_of.rstrip(".") in detail and at_least.rstrip(".") in detail and missing.rstrip(".") in detail
    assert ".;" not in detail, detail
    seats = problem["errors"]["json"]["seats"]
    assert seats["0"]["kind"] == [one_of]
    assert seats["1"]["kind"][0].startswith(missing)
    assert feed_head(base) == before
