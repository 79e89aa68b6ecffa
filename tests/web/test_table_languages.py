"""The web table in another language: select[name=lang] switches the whole interface (its own
words from /i18n/<lang>.json, card names and texts from the API with ?lang=), and the choice is
remembered (localStorage `cardtable.lang`) across a reload."""

from __future__ import annotations

import httpx

from tests.web.browser import READY, open_seat, play_first_actions, play_until, wait_until
from tests.web.test_table_browser import WatchedPage, seat_token


def test_arrow_keys_in_the_language_list_do_not_reload_the_page_until_enter(table_server, browser):
    """WCAG 3.2.2: the first arrow key reloaded the page in the next language, and a keyboard
    user could not look through the list. Enter (or leaving the list) applies the choice, and the
    reloaded page gives the focus back to the list (it was left on the page's body, at its top)."""
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(table_server + "/")
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        page.focus("select[name=lang]")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowDown")
        page.wait_for_timeout(500)  # a reload would have started by now
        assert page.input_value("select[name=lang]") == "da"
        assert page.inner_text("[data-testid=start]") == "Start a game"
        with page.expect_navigation():
            page.keyboard.press("Enter")
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        assert page.get_attribute("html", "lang") == "da"
        wait_until(page, "document.activeElement && document.activeElement.name === 'lang'")
        # and the rules' scrolling box, which takes the focus, is named as the rules
        box = page.locator("#rules .rules-text")
        assert box.get_attribute("role") == "region" and box.get_attribute("tabindex") == "0"
        assert box.get_attribute("aria-label") == page.inner_text("#rules summary")
        watched.assert_clean()
    finally:
        watched.close()


def test_an_address_naming_a_language_opens_the_table_in_it(table_server, browser):
    """A link shared as `/?lang=ms` opened in the browser's language (English here); it opens in
    Malay, and a language chosen from the list afterwards is not undone by the address."""
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(table_server + "/?lang=xx")  # no language of the table's: the usual choice
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        assert page.get_attribute("html", "lang") == "en"
        page.goto(table_server + "/?lang=ms-MY")
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        assert page.get_attribute("html", "lang") == "ms"
        assert page.input_value("select[name=lang]") == "ms"
        assert page.inner_text("[data-testid=start]") != "Start a game"
        assert page.evaluate("() => localStorage.getItem('cardtable.lang')") == "ms"
        with page.expect_navigation():
            page.select_option("select[name=lang]", "tr")
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        assert page.get_attribute("html", "lang") == "tr"
        assert "lang=tr" in page.url
        watched.assert_clean()
    finally:
        watched.close()


def test_the_language_select_switches_the_table_and_is_remembered(table_server, browser):
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(table_server + "/")
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        assert page.inner_text("[data-testid=start]") == "Start a game"
        assert page.locator("select[name=lang] option").evaluate_all("els => els.map(e => e.value)") == [
            "en",
            "zh",
            "da",
            "ms",
            "fr",
            "tr",
        ]

        with page.expect_navigation():
            page.select_option("select[name=lang]", "fr")
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        assert page.inner_text("[data-testid=start]") == "Commencer une partie"
        assert page.get_attribute("html", "lang") == "fr"
        assert page.input_value("select[name=lang]") == "fr"
        assert page.evaluate("() => localStorage.getItem('cardtable.lang')") == "fr"
        options = page.locator("select[name=ruleset] option").all_inner_texts()
        assert "Sì Sè Pái (cartes à quatre couleurs)" in options
        assert page.inner_text("#ruleset-summary").startswith("Pour 4 joueurs. ")
        assert "basique" in page.locator("select[name=level] option").all_inner_texts()

        page.reload()  # remembered
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        assert page.inner_text("#lobby-title") == "Prendre place à une table"

        # A game in French: the cards' names and the log's texts come from the API in French.
        page.locator("[data-testid=new-game] select[name=ruleset]").select_option("chuopai")
        page.click("[data-testid=start]")
        page.wait_for_selector("[data-testid=table][data-game-id]")
        page.wait_for_selector(READY)
        game_id, token = seat_token(page)
        french = httpx.get(f"{table_server}/v1/rulesets/chuopai?lang=fr").json()["cards"]
        names = {c["code"]: c["name"] for c in french}
        for card in page.locator("[data-testid=hand] [data-card]").all()[:5]:
            assert card.get_attribute("aria-label") == names[card.get_attribute("data-card")]
        assert page.inner_text("#log-title") == "Ce qui s’est passé"
        hand_label = page.get_attribute("[data-testid=hand]", "aria-label")
        assert hand_label.startswith("votre main, ") and hand_label.endswith(" cartes")
        # French counts 0 and 1 as singular ("votre main, 0 carte") and sets a colon apart
        french_rules = page.evaluate(
            """async () => {
                const { _, isSingular } = await import("/static/i18n.js");
                return [isSingular(0), isSingular(1), isSingular(2), _("{what}: {detail}", { what: "a", detail: "b" })];
            }"""
        )
        assert french_rules == [True, True, False, "a : b"]
        assert "Une partie de Chuo Pai (cartes du Sichuan) commence" in page.inner_text("#log li >> nth=0")
        assert page.inner_text("#turn") in {"À vous de décider.", "La partie est terminée."}
        assert "Your decision" not in page.inner_text("main")

        # Switching keeps the game (the fragment) and shows it in the new language.
        with page.expect_navigation():
            page.select_option("select[name=lang]", "zh")
        page.wait_for_selector(READY)
        assert seat_token(page) == (game_id, token)
        first = page.locator("[data-testid=hand] [data-card]").first
        chinese = httpx.get(f"{table_server}/v1/rulesets/chuopai", headers={"Accept-Language": "zh"}).json()
        assert (
            first.get_attribute("aria-label")
            == {c["code"]: c["name"] for c in chinese["cards"]}[first.get_attribute("data-card")]
        )
        assert page.inner_text("#log-title") == "对局记录"
        # A seat's name meets the message's Han characters with a space where it ends in a digit
        spaced = page.evaluate(
            """async () => {
                const { _ } = await import("/static/i18n.js");
                const drawn = (seat) => _("up for claims: drawn by {seat}", { seat });
                return [drawn("座位 2"), drawn("你"), _("Rules of {game}", { game: "四色牌" }),
                        _("{group}, {count}", { group: _("myriads"), count: 3 })];
            }"""
        )
        # a hand's group for a screen reader: the simplified suit, as the card names write it
        assert spaced == ["座位 2 摸到的牌，可要", "你摸到的牌，可要", "四色牌规则", "万，3 张"]
        assert all("lang=zh" in url for url in watched.requests[-3:] if "/v1/" in url)
        watched.assert_clean()
    finally:
        watched.close()


def test_a_finished_games_score_in_the_tables_language(table_server, browser):
    """The score panel shows each breakdown line as the API words it for the page's language, under
    a heading that tells this reader who won."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 3}).json()
        game = created["id"]
        play_first_actions(api, game, created["seats"][0]["token"])
        score = api.get(f"/v1/games/{game}/score?lang=fr").json()
    french = [line["what"] for p in score["players"] for line in p["breakdown"]]
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_seat(
            page,
            table_server,
            game,
            created["seats"][0]["token"],
            stored={"cardtable.lang": "fr"},
            ready="[data-testid=table][data-status=finished]",
        )
        page.wait_for_selector(".breakdown li")  # the score panel comes with the finished view
        shown = page.locator(".breakdown li").all_inner_texts()
        assert len(shown) == len(french)
        assert all(what in text for what, text in zip(french, shown, strict=True))
        assert any("levées gagnées" in text for text in shown)
        # The heading says who won, to this reader (seat 0), in French; every case of it likewise.
        winners = score["winners"]
        heading = page.locator("[data-testid=score] h2").inner_text()
        if winners == [0]:
            assert heading == "Score final — vous gagnez"
        elif len(winners) == 1:
            assert heading == f"Score final — la place {winners[0]} gagne"
        cases = page.evaluate(
            """async () => {
                const { resultHeading } = await import("/static/table.js");
                return [[[], 0], [[0], 0], [[0, 2], 0], [[1], 0], [[1, 2], 0], [[1], null]].map(
                    ([winners, me]) => resultHeading(winners, me));
            }"""
        )
        assert cases == [
            "Score final — personne ne gagne",  # SSP-1.3, NT-9.3: the stock ran out
            "Score final — vous gagnez",
            "Score final — vous partagez la victoire",  # CP-5.3: a tie for the largest pile
            "Score final — la place 1 gagne",  # a loser is never told "victoire"
            "Score final — les places 1 et 2 se partagent la victoire",  # the language's own list
            "Score final — la place 1 gagne",  # a spectator
        ]
        watched.assert_clean()
    finally:
        watched.close()


def test_a_reloaded_page_opens_its_log_on_the_latest_moves(table_server, browser):
    """The log is filled while the game screen is still hidden (where scrolling does nothing):
    a page opened or re-worded in the middle of a long game shows its last lines, not its first,
    and the other seats' latest moves on their panels."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 5}).json()
        game, token = created["id"], created["seats"][0]["token"]
        play_first_actions(api, game, token, until_version=60)
        last = api.get(f"/v1/games/{game}").json()["version"]
    watched = WatchedPage(browser, viewport={"width": 1280, "height": 700})
    page = watched.page
    try:
        open_seat(
            page,
            table_server,
            game,
            token,
            stored={"cardtable.lang": "fr"},
            ready=f"#log li[data-version='{last}']",
        )
        page.wait_for_selector(READY)
        scrolled = page.evaluate(
            "() => { const l = document.querySelector('#log'); return [l.scrollTop, l.scrollHeight - l.clientHeight]; }"
        )
        assert scrolled[1] > 100, "the log is long enough to scroll"
        assert scrolled[0] >= scrolled[1] - 2, scrolled  # at the bottom: the newest line in sight
        # and each other seat's move since this seat's last one is on its panel, as after a move
        assert page.locator("#opponents .last-move").count() >= 1
        watched.assert_clean()
    finally:
        watched.close()


def test_a_sentence_that_opens_on_a_lower_case_card_name_begins_with_a_capital(table_server, browser):
    """Turkish writes a Sì Sè Pái card's colour in lower case ("beyaz Savaş Arabası"): the claim
    prompt and the API's label still begin with a capital, and a claim button reads in Turkish
    order, the verb last ("Saha grubu olarak talep et", not "Talep et saha grubu")."""
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "basic"}] * 3
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 1, "seats": seats}).json()
        token = created["seats"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}

        def melds_offered(view: dict) -> bool:
            if not (view["table"].get("claim") or {}).get("card"):
                return False
            legal = api.get(f"/v1/games/{created['id']}/legal-actions", headers=auth).json()["actions"]
            return any(a["type"] == "claim" and a["extra"].get("meld") == "field" for a in legal)

        play_until(api, created["id"], token, melds_offered)
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_seat(page, table_server, created["id"], token, stored={"cardtable.lang": "tr"})
        page.wait_for_selector("#mine .prompt")
        prompt = page.inner_text("#mine .prompt")
        assert prompt.startswith("Beyaz Savaş Arabası kartını alabilirsin"), prompt
        button = page.locator("[data-action-id^='claim:field:']")
        assert button.locator(".action-title").inner_text() == "Saha grubu olarak talep et"
        assert button.get_attribute("title").startswith(
            "Beyaz Savaş Arabası kartını saha grubu olarak talep et"
        )
        watched.assert_clean()
    finally:
        watched.close()


def test_your_own_card_up_for_claims_is_worded_as_yours(table_server, browser):
    """SSP-5.1: the drawer answers first on the card it drew. The line above that card names the
    reader in words of its own ("trukket af dig"): "by {seat}" filled with "You" made "trukket af
    Du" in Danish and "Sen çekti" in Turkish."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post(
            "/v1/games", json={"ruleset": "sisepai", "seed": 2, "options": {"dealer": 0}}
        ).json()
        game, token = created["id"], created["seats"][0]["token"]
        view = play_until(
            api,
            game,
            token,
            lambda v: (
                (v["table"]["claim"] or {}).get("owner") == 0 and v["table"]["claim"]["source"] == "draw"
            ),
        )
        assert view["to_act"] == [0]
    for lang, words in (
        ("da", "kan kræves: trukket af dig"),
        ("tr", "talep edilebilir: senin çektiğin kart"),
    ):
        watched = WatchedPage(browser)
        page = watched.page
        try:
            open_seat(page, table_server, game, token, stored={"cardtable.lang": lang})
            assert words in page.text_content("#centre"), lang  # as written (CSS sets it in capitals)
            watched.assert_clean()
        finally:
            watched.close()
