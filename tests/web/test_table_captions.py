"""The caption under a card face's glyph (cards.js) in the table's language: each language's short
words for the Sì Sè Pái pieces and flowers (SSP-2.1), the Nantong suits and honours (NT-2), every
one inside the card, and a game's faces drawn again in the language the person switches to."""

from __future__ import annotations

import httpx

from service.i18n import LANGUAGES
from tests.web.browser import READY, play_until
from tests.web.test_table_browser import WatchedPage

# What a player reads under the glyph: English as it always was; French and Turkish in the games'
# own words (the card names of GET /v1/rulesets/{id}?lang=…), abbreviated to fit.
PIECES = {
    "en": {"General": "Gen", "Advisor": "Adv", "Elephant": "Ele", "Chariot": "Cha", "Horse": "Hor"}
    | {"Cannon": "Can", "Soldier": "Sol", "flower": "F"},
    "fr": {"General": "Gén", "Advisor": "Cons", "Elephant": "Élé", "Chariot": "Char", "Horse": "Chev"}
    | {"Cannon": "Can", "Soldier": "Sol", "flower": "F"},
    "tr": {"General": "Gen", "Advisor": "Dan.", "Elephant": "Fil", "Chariot": "Araba", "Horse": "At"}
    | {"Cannon": "Top", "Soldier": "Asker", "flower": "Ç"},
}
LONG_CARDS = {
    "en": {"5m": "5M", "1s": "1S", "9c": "9C", "QN": "1000", "WF": "White", "RF": "Red"},
    "fr": {"5m": "5M", "1s": "1C", "9c": "9P", "QN": "Mille", "WF": "Blanc", "RF": "Rouge"},
    "tr": {"5m": "5OB", "1s": "1İ", "9c": "9S", "QN": "Bin", "WF": "Beyaz", "RF": "Kırm"},
    "zh": {"5m": "5万", "1s": "1条", "9c": "9饼", "QN": "千", "WF": "白花", "RF": "红花"},
}
# The General's frame (cards.js: a 1.4-wide stroke on x = 3 … 37) is the narrowest a caption must
# stay inside, on every card.
INSIDE = (3.7, 36.3)

# Every face of both rulesets drawn with the page's own modules in one language (loaded as the
# page loads it), each caption with its horizontal extent in the card's 40 units.
DRAW_EVERY_FACE = """async (language) => {
  localStorage.setItem("cardtable.lang", language);
  const i18n = await import("/static/i18n.js");
  const { CardBook } = await import("/static/cards.js");
  if ((await i18n.loadLanguage()) !== language) throw new Error("language not loaded: " + language);
  const shown = { sisepai: {}, nantong: {} };
  for (const ruleset of Object.keys(shown)) {
    const facts = (await (await fetch(`/v1/rulesets/${ruleset}?lang=${language}`)).json()).cards;
    const book = new CardBook(facts);
    const holder = document.createElement("div");
    document.body.append(holder);
    for (const card of facts) {
      holder.append(book.card(card.code));
      const caption = holder.lastChild.querySelector("text.small");
      const box = caption.getBBox();
      const mark = holder.lastChild.querySelector("text.mark");
      const markBox = mark ? mark.getBBox() : null;
      shown[ruleset][card.code] = {
        caption: caption.textContent, left: box.x, right: box.x + box.width, ...card,
        mark: mark ? mark.textContent : null,
        markLeft: markBox ? markBox.x : null, markRight: markBox ? markBox.x + markBox.width : null,
        markTop: markBox ? markBox.y : null, markBottom: markBox ? markBox.y + markBox.height : null,
        diskTop: mark ? (() => { const c = holder.lastChild.querySelector("circle"); return c.cy.baseVal.value - c.r.baseVal.value; })() : null,
      };
    }
    holder.remove();
  }
  return shown;
}"""


def _captions(page, selector: str) -> dict[str, str]:
    return dict(
        page.locator(selector).evaluate_all(
            "els => els.map(e => [e.dataset.card, e.querySelector('text.small').textContent])"
        )
    )


def test_every_caption_fits_its_card_and_tells_the_cards_apart_in_every_language(table_server, browser):
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(table_server + "/")
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        for language in LANGUAGES:
            shown = page.evaluate(DRAW_EVERY_FACE, language)
            pieces, long_cards = shown["sisepai"], shown["nantong"]
            for code, face in (pieces | long_cards).items():
                assert INSIDE[0] <= face["left"] and face["right"] <= INSIDE[1], (language, code, face)
            # a piece's caption names it whatever its colour, and no two pieces alike (SSP-2.1)
            chess = {f["caption"]: f["character"] for f in pieces.values() if f["character"] != "flower"}
            assert len(chess) == 7 and set(chess.values()) == set(PIECES["en"]) - {"flower"}, language
            assert len({f["caption"] for f in pieces.values()}) == len(chess) + 5, language  # F1 … F5
            # the colour in words above the disk (a meld is of one colour, SSP-3.3; red and white
            # share glyphs, SSP-2.1), not by the disk's colour alone (WCAG 1.4.1):
            # one mark per colour, four different marks, each inside the frame
            coloured = [f for f in pieces.values() if f["character"] != "flower"]
            marks = {f["colour"]: f["mark"] for f in coloured}
            assert all(f["mark"] == marks[f["colour"]] for f in coloured), language
            assert len(marks) == 4 and len(set(marks.values())) == 4 and all(marks.values()), (
                language,
                marks,
            )
            for f in coloured:
                assert INSIDE[0] <= f["markLeft"] and f["markRight"] <= INSIDE[1], (language, f)
                # below the frame's top edge (y 3, stroke 1.4) and clear of the disk
                assert 3.7 <= f["markTop"] and f["markBottom"] <= f["diskTop"] + 0.5, (language, f)
            # a long card's caption is that card's alone (NT-2.2)
            assert len({f["caption"] for f in long_cards.values()}) == len(long_cards), language
            if language in PIECES:
                words = PIECES[language]
                for code, face in pieces.items():
                    flower = face["character"] == "flower"
                    expected = words["flower"] + code[1:] if flower else words[face["character"]]
                    assert face["caption"] == expected, (language, face)
            if language in LONG_CARDS:
                expected_long = LONG_CARDS[language]
                assert {code: long_cards[code]["caption"] for code in expected_long} == expected_long
        watched.assert_clean()
    finally:
        watched.close()


def test_a_games_faces_are_captioned_again_in_the_language_switched_to(table_server, browser):
    ruleset = "sisepai"
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": ruleset, "seed": 5}).json()
        facts = {c["code"]: c for c in api.get(f"/v1/rulesets/{ruleset}").json()["cards"]}
    watched = WatchedPage(browser)
    page = watched.page
    hand = "[data-testid=hand] [data-card]"
    try:
        page.add_init_script(
            "localStorage.getItem('cardtable.lang') || localStorage.setItem('cardtable.lang', 'fr')"
        )
        page.goto(f"{table_server}/#game={created['id']}&token={created['seats'][0]['token']}")
        for language in ["fr", "tr", "en"]:
            if language != "fr":
                with page.expect_navigation():
                    page.select_option("select[name=lang]", language)
            page.wait_for_selector(READY)
            assert page.get_attribute("html", "lang") == language
            captions = _captions(page, hand)
            assert len(captions) >= 5
            words = PIECES[language]
            for code, caption in captions.items():
                character = facts[code]["character"]
                expected = words["flower"] + code[1:] if character == "flower" else words[character]
                assert caption == expected, (language, code)
        watched.assert_clean()
    finally:
        watched.close()


def test_chuo_pai_cards_in_the_hand_have_their_names_written_under_them(table_server, browser):
    """Chuo Pai's faces are pips, with no caption: in the hand and in the trick to beat, each
    card's name (CP-2.2, the ruleset's card names in the page's language) is written under it,
    once per card and not read a second time (the card itself is labelled with it); a Sì Sè Pái
    hand, whose faces write what they are, has no such names."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        # seat 2 leads first (CP-2.4), so the person follows: a trick to beat is on the table
        chuopai = api.post(
            "/v1/games", json={"ruleset": "chuopai", "seed": 4, "options": {"leader": 2}}
        ).json()
        play_until(
            api,
            chuopai["id"],
            chuopai["seats"][0]["token"],
            lambda view: bool(view["table"]["trick"]) and view["seat"] in view["to_act"],
        )
        sisepai = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 5}).json()
        names = {
            language: {
                c["code"]: c["name"] for c in api.get(f"/v1/rulesets/chuopai?lang={language}").json()["cards"]
            }
            for language in ("en", "tr")
        }
    watched = WatchedPage(browser)
    page = watched.page
    named = """() => [...document.querySelectorAll('[data-testid=hand] .named-card')].map(n => ({
        code: n.querySelector('[data-card]').dataset.card,
        name: n.querySelector('.card-name').textContent,
        hidden: n.querySelector('.card-name').getAttribute('aria-hidden'),
        label: n.querySelector('[data-card]').getAttribute('aria-label')}))"""
    try:
        for language in ("en", "tr"):
            page.goto(
                f"{table_server}/?lang={language}#game={chuopai['id']}&token={chuopai['seats'][0]['token']}"
            )
            page.wait_for_selector(READY)
            shown = page.evaluate(named)
            assert len(shown) == page.locator("[data-testid=hand] [data-card]").count() >= 20
            for card in shown:
                assert card["name"] == names[language][card["code"]] and card["hidden"] == "true", card
                assert card["label"].startswith(card["name"]), card
            # the trick's plays, which the person must beat (CP-4.2), are named the same way
            trick = page.locator(".trick-play [data-card]")
            in_trick = page.locator(".trick-play .named-card .card-name").all_text_contents()
            codes = trick.evaluate_all("els => els.map(e => e.dataset.card)")
            assert in_trick == [names[language][code] for code in codes], (in_trick, codes)
        assert codes
        page.goto(f"{table_server}/?lang=en#game={sisepai['id']}&token={sisepai['seats'][0]['token']}")
        page.wait_for_selector(READY)
        assert page.evaluate(named) == [] and page.locator("[data-testid=hand] [data-card]").count() >= 20
        watched.assert_clean()
    finally:
        watched.close()
