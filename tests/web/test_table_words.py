"""What a person reads at the table: every word on a seat, a decision or the middle of the table
in the page's language, and nothing shown that says more (or other) than the view."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

import httpx
import pytest

from tests.unit.nantong.helpers import make_deck
from tests.web.browser import (
    READY,
    a_chuopai_lead,
    open_seat,
    people_play,
    play_first_actions,
    play_until,
    wait_until,
)
from tests.web.test_table_browser import WatchedPage


@contextlib.contextmanager
def seat_zero(
    browser, table_server: str, ruleset: str, seed: int
) -> Iterator[tuple[httpx.Client, dict, object]]:
    """A new game of `ruleset` dealt from `seed`, its seat 0 open at the table and ready to act:
    (an API client, the creation answer, the page). The page is checked clean at the end."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": ruleset, "seed": seed}).json()
        watched = WatchedPage(browser)
        try:
            open_seat(watched.page, table_server, created["id"], created["seats"][0]["token"], stored={})
            yield api, created, watched.page
            watched.assert_clean()
        finally:
            watched.close()


# The table's words for Sì Sè Pái's meld kinds (table.js `term`), as message ids.
MELD_WORDS = {
    "single": "single",
    "pair": "pair",
    "triple": "triple",
    "quad": "quad",
    "command": "command group",
    "field": "field group",
    "soldiers": "soldier group",
}


def test_a_claim_and_the_ai_seats_are_worded_in_the_tables_language(table_server, browser):
    """A claim button names its meld kind and its cards, and each AI seat its level, in the page's
    language; a screen reader hears the API's label of the action (already in that language)."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 1}).json()
        token = created["seats"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        legal = api.get(f"/v1/games/{created['id']}/legal-actions?lang=fr", headers=auth).json()
        claims = [a for a in legal["actions"] if a["type"] == "claim"]
        assert claims, "seed 1 opens with a claim for seat 0"
        french = api.get("/i18n/fr.json").json()["messages"]
        names = {c["code"]: c["name"] for c in api.get("/v1/rulesets/sisepai?lang=fr").json()["cards"]}
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_seat(page, table_server, created["id"], token, stored={"cardtable.lang": "fr"})
        for claim in claims:
            button = page.locator(f'[data-action-id="{claim["id"]}"]')
            meld = french[MELD_WORDS[claim["extra"]["meld"]]]
            heading = french["Claim {term}"].replace("{term}", meld)  # the language's own order
            assert button.locator(".action-title").inner_text() == heading
            # the cards by name as well as by picture (a phone shows no title on hover)
            cards = claim["cards"]  # copies counted ("3 × …"), as on every button
            written = (
                f"{len(cards)} × {names[cards[0]]}"
                if len(set(cards)) == 1
                else ", ".join(names[c] for c in cards)
            )
            assert button.locator(".action-names").inner_text() == written
            assert button.get_attribute("aria-description") == claim["label"]
            # named by what it shows (WCAG 2.5.3): the title and the names a voice user reads
            shown = f"{heading} " + ", ".join(names[c] for c in claim["cards"])
            assert page.get_by_role("button", name=shown, exact=True).count() >= 1, shown
        # the card up for claims: who drew it and which round of claims (SSP-5.4), in French words
        drawn = (
            french["up for claims: drawn by {seat}"]
            .replace("{seat}", french["Seat {seat}"])
            .replace("{seat}", "3")
        )
        title = french["{what}, round {round} of claims"].replace("{what}", drawn).replace("{round}", "1")
        assert title in page.locator("#centre .facts-title").all_text_contents()
        level = french["AI {level}"].replace("{level}", french["basic"])
        assert page.locator("#opponents .seat-kind").all_inner_texts() == [level] * 3
        watched.assert_clean()
    finally:
        watched.close()


def test_a_finished_chuo_pai_table_shows_what_is_there(table_server, browser):
    """Once finished, an empty hand is not shown as a revealed hand (nor your own as an empty
    band), and the plays that lost
    their round are shown for what they are: played face up and out of the deal (CP-4.3),
    not discarded face down (CP-4.2: a seat that cannot beat discards nothing)."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 3}).json()
        token = created["seats"][0]["token"]
        play_first_actions(api, created["id"], token)
        view = api.get(f"/v1/games/{created['id']}", headers={"Authorization": f"Bearer {token}"}).json()
    assert view["table"]["discarded"], "seed 3 has plays that lost their round"
    assert view["hand"] == [], "seed 3 ends with seat 0's hand empty"
    empty = [s["seat"] for s in view["seats"] if s["seat"] != 0 and not s["facts"].get("hand")]
    assert empty, "seed 3 ends with another seat's hand empty"
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(f"{table_server}/#game={created['id']}&token={token}")
        page.wait_for_selector("[data-testid=table][data-status=finished]")
        for seat in empty:
            titles = page.locator(f'#opponents [data-seat="{seat}"] .facts-title').all_inner_texts()
            assert all("REVEALED" not in t.upper() for t in titles), titles
        assert page.is_hidden("[data-testid=hand]")
        titles = page.locator("#centre .facts-title").all_inner_texts()
        assert not any("FACE DOWN" in t.upper() for t in titles), titles
        assert any(t.upper() == "PLAYED, OUT OF THE DEAL" for t in titles), titles
        watched.assert_clean()
    finally:
        watched.close()


def nantong_until(api: httpx.Client, game: str, token: str, wanted: str) -> None:
    """Seat 0 passes (or finishes preparing, or discards its last card) until `wanted` is legal."""
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(100):
        legal = api.get(f"/v1/games/{game}/legal-actions", headers=auth).json()
        if any(a["type"] == wanted for a in legal["actions"]):
            return
        move = next((a for a in legal["actions"] if a["id"] in ("pass", "finish")), legal["actions"][-1])
        api.post(
            f"/v1/games/{game}/actions",
            headers=auth,
            json={"action": move["id"], "expected_version": legal["version"]},
        ).raise_for_status()
    raise AssertionError(f"no {wanted} for seat 0")


def test_every_nantong_decision_is_worded_in_the_tables_language(table_server, browser):
    """The opening declarations (NT-4.2, NT-4.4) and the claims (NT-6.2) have buttons titled in
    the page's language: in Chinese, no Latin letter (they showed 'Declare kong', 'Pong')."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        # seat 0 holds four One of Myriads and a pair of the Two of Strings, both indicators
        deck = make_deck(1, {0: "1m1m1m1m 2s2s"}, "2s2s")
        opening = api.post(
            "/v1/games", json={"ruleset": "nantong", "deck": deck, "options": {"dealer": 1}}
        ).json()
        claiming = api.post("/v1/games", json={"ruleset": "nantong", "seed": 1}).json()
        nantong_until(api, claiming["id"], claiming["seats"][0]["token"], "pong")
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.add_init_script("localStorage.setItem('cardtable.lang', 'zh')")
        for created, types in ((opening, {"declare_kong", "hezi", "finish"}), (claiming, {"pong", "pass"})):
            page.goto(f"{table_server}/#game={created['id']}&token={created['seats'][0]['token']}")
            page.reload()  # from one game's fragment to another's, a fresh page
            page.wait_for_selector(f"[data-testid=table][data-game-id='{created['id']}']")
            page.wait_for_selector(READY)
            shown = page.locator("[data-action-id]").evaluate_all(
                "els => els.map(e => [e.dataset.actionId.split(':')[0], e.querySelector('.action-title').innerText])"
            )
            assert types <= {t for t, _ in shown}, shown
            assert [title for _, title in shown if re.search("[A-Za-z]", title)] == [], shown
        watched.assert_clean()
    finally:
        watched.close()


def test_an_empty_middle_of_the_table_is_not_said_to_be_empty_yet(table_server, browser):
    """Once cards have been played, an empty middle (no card up for claims) is just empty: the
    table said "Nothing on the table yet." beside every seat's melds and discards."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 2}).json()
        token = created["seats"][0]["token"]
        play_first_actions(api, created["id"], token)
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(f"{table_server}/#game={created['id']}&token={token}")
        page.wait_for_selector("[data-testid=table][data-status=finished]")
        assert page.locator("#centre .facts-block").count() == 0
        assert page.inner_text("#centre .quiet") == "The middle of the table is empty."
        watched.assert_clean()
    finally:
        watched.close()


def test_the_replay_shows_each_meld_apart(table_server, browser):
    """A seat's exposed melds in the replay are one group each, named like on the table (they
    were one run of cards: three melds of three read as nine loose cards)."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 2}).json()
        token = created["seats"][0]["token"]
        play_first_actions(api, created["id"], token)
        exposed = api.get(f"/v1/games/{created['id']}/replay").json()["state"]["exposed"]
    assert any(len(melds) >= 2 for melds in exposed), "seed 2 ends with a seat holding two melds"
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(f"{table_server}/#game={created['id']}&token={token}")
        page.wait_for_selector(".replay-seat")
        page.wait_for_selector(".replay-counter")
        for seat, melds in enumerate(exposed):
            shown = (
                page.locator(".replay-seat")
                .nth(seat)
                .locator(".meld")
                .evaluate_all(
                    "els => els.map(e => [...e.querySelectorAll('[data-card]')].map(c => c.dataset.card))"
                )
            )
            assert shown == [m["cards"] for m in melds], (seat, shown)
        # at the last event (where the replay opens) only the steps back can be taken; at the
        # first, only the steps forward; the focus stays on the replay's controls
        steps = page.locator(".replay-step")
        assert [steps.nth(i).is_disabled() for i in range(4)] == [False, False, True, True]
        page.get_by_role("button", name="first event").click()
        page.wait_for_selector(".replay-counter:has-text('event 1 of')")
        assert [steps.nth(i).is_disabled() for i in range(4)] == [True, True, False, False]
        assert page.evaluate("document.activeElement.name") == "replay-version"
        page.get_by_role("button", name="next event").click()
        page.wait_for_selector(".replay-counter:has-text('event 2 of')")
        assert [steps.nth(i).is_disabled() for i in range(4)] == [False, False, False, False]
        # a step says the event and where it is, not every seat's cards (the body is no live region)
        assert page.get_attribute(".replay-body", "aria-live") is None
        counter = page.inner_text(".replay-counter")
        # the counter moves at the click, the event's words once its replay has arrived
        wait_until(
            page, f"document.querySelector('.replay [aria-live=polite]').textContent.startsWith('{counter}:')"
        )
        said = page.text_content(".replay [aria-live=polite]")
        assert said == f"{counter}: {page.inner_text('.replay-event')}", said
        watched.assert_clean()
    finally:
        watched.close()


PLAYERS_NOTE = (
    "Rules marked **[R]** settle a point the traditional descriptions of the game leave open; "
    "the table's messages and the score cite the rule numbers."
)


def for_players(markdown: str, messages: dict[str, str]) -> str:
    """The rules as the table shows them: the maintainers' paragraph under the title (where the
    text comes from) replaced by what a player needs of it, in the page's language."""
    blocks = markdown.split("\n\n")
    assert blocks[0].startswith("# ") and "**[R]**" in blocks[1]
    return "\n\n".join([blocks[0], messages.get(PLAYERS_NOTE, PLAYERS_NOTE), *blocks[2:]])


def assert_rules_rendered(shown, markdown: str, lang: str) -> None:
    """The rules as a person reads them: every heading, list item, table and word of the
    markdown (as the table shows it to players), with no markdown syntax left showing (`#`, `**`,
    a `- ` bullet, a `|` cell rule)."""
    messages = httpx.get(f"{shown.page.url.split('/#')[0].rstrip('/')}/i18n/{lang}.json").json()["messages"]
    maintainers = markdown.split("\n\n")[1]
    markdown = for_players(markdown, messages)
    assert " ".join(maintainers.split()) not in " ".join(shown.inner_text().split())
    headings = [line.lstrip("#").strip() for line in markdown.splitlines() if line.startswith("#")]
    items = [line for line in markdown.splitlines() if re.match(r" *(- |\d+\. )", line)]
    numbered = [line for line in items if not line.lstrip().startswith("- ")]
    assert shown.locator("ol > li").count() == len(numbered)
    shown_headings = shown.locator("h3, h4, h5, h6").all_inner_texts()
    assert [" ".join(h.split()) for h in shown_headings] == [
        h.replace("**", "").replace("`", "") for h in headings
    ]
    assert shown.locator("li").count() == len(items)
    assert shown.locator("strong").count() > 0 and shown.locator("code").count() > 0
    rules = [line for line in markdown.splitlines() if re.fullmatch(r" *\|[-:| ]+\|", line)]
    assert shown.locator("table").count() == len(rules)  # one header underline a table
    text = shown.inner_text()
    # headings' and items' marks (a numbered item's number is the list's, not its text's)
    unmarked = re.sub(r"^\s*(#+|-|\d+\.) ", " ", markdown, flags=re.M)
    unmarked = "\n".join(line for line in unmarked.splitlines() if line not in rules).replace("|", " ")
    words = unmarked.replace("**", "").replace("`", "").split()
    assert text.split() == [w for w in words if w], "every word of the rules, in order"
    assert "**" not in text and "\n## " not in text and "|" not in text


def open_lobby_rules(page, table_server: str, lang: str, ruleset: str) -> None:
    """The lobby in `lang`, `ruleset` chosen and its "Rules of <game>" opened, once its text is in."""
    page.add_init_script(f"localStorage.setItem('cardtable.lang', '{lang}')")
    page.goto(table_server + "/")
    page.wait_for_selector("[data-testid=start]:not([disabled])")
    page.select_option("select[name=ruleset]", ruleset)
    page.click("#rules summary")
    page.wait_for_selector("#rules .rules-text:not(:empty)")


def test_the_rules_are_readable_from_the_lobby(table_server, browser):
    """ "Rules of <game>" shows the rules' text (in the page's language, marked so), not a JSON
    document with the markdown escaped inside it (the link went to GET /v1/rulesets/{id}/rules)."""
    rules = httpx.get(f"{table_server}/v1/rulesets/chuopai/rules?lang=tr").json()["text"]
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_lobby_rules(page, table_server, "tr", "chuopai")
        assert "Chuo Pai" in page.inner_text("#rules summary")
        assert_rules_rendered(page.locator("#rules .rules-text"), rules, "tr")
        assert page.get_attribute("#rules .rules-text", "lang") == "tr"
        # another game chosen: its rules, not the first one's
        page.select_option("select[name=ruleset]", "nantong")
        page.wait_for_selector("#rules .rules-text:has-text('NT-9.2')")
        assert "CP-4.2" not in page.text_content("#rules .rules-text")
        watched.assert_clean()
    finally:
        watched.close()


def test_chinese_rules_read_without_stray_spaces(table_server, browser):
    """The rules in Chinese (the page's language): marked zh, every heading and item shown, and a
    line wrapped between two Chinese characters joined without the space a wrapped English line
    gets (Chinese puts no spaces between words)."""
    rules = httpx.get(f"{table_server}/v1/rulesets/sisepai/rules?lang=zh").json()
    assert rules["language"] == "zh"
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_lobby_rules(page, table_server, "zh", "sisepai")
        shown = page.locator("#rules .rules-text")
        assert shown.get_attribute("lang") == "zh"
        headings = [line.lstrip("#").strip() for line in rules["text"].splitlines() if line.startswith("#")]
        assert [" ".join(h.split()) for h in shown.locator("h3, h4").all_inner_texts()] == [
            h.replace("`", "") for h in headings
        ]
        joined = page.evaluate(
            """async () => {
              const { joinLines } = await import("/static/markdown.js");
              return [joinLines(["摸到的牌", "是公开的。"]), joinLines(["a wrapped", "line"]),
                      joinLines(["一张 `rK`", "rK 帅"]), joinLines(["（SSP-4.4）。", "花牌"])];
            }"""
        )
        assert joined == ["摸到的牌是公开的。", "a wrapped line", "一张 `rK` rK 帅", "（SSP-4.4）。花牌"]
        watched.assert_clean()
    finally:
        watched.close()


def test_the_rules_are_readable_in_the_middle_of_a_game(table_server, browser):
    """The same rules as in the lobby, from the game screen: a person at the table can look a
    rule up without leaving the game (the text and its summary in the page's language, the text
    marked so). Another game opened there: its ruleset's rules."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        nantong = api.post("/v1/games", json={"ruleset": "nantong", "seed": 4}).json()
        chuopai = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 4}).json()
        rules = {r: api.get(f"/v1/rulesets/{r}/rules?lang=fr").json()["text"] for r in ("nantong", "chuopai")}
        name = api.get("/v1/rulesets/nantong?lang=fr").json()["name"]
        french = api.get("/i18n/fr.json").json()["messages"]
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_seat(
            page, table_server, nantong["id"], nantong["seats"][0]["token"], stored={"cardtable.lang": "fr"}
        )
        summary = page.locator("#game summary")
        assert summary.count() == 1 and summary.is_visible()
        assert summary.inner_text() == french["Rules of {game}"].replace("{game}", name)
        summary.click()
        text = page.locator("#game .rules-text")
        page.wait_for_selector("#game .rules-text:not(:empty)")
        assert_rules_rendered(text, rules["nantong"], "fr")
        nested = sum(1 for line in rules["nantong"].splitlines() if line.startswith("  - "))
        assert nested >= 3 and text.locator("li > ul > li").count() == nested  # NT-5.2's list of choices
        numbered = sum(1 for line in rules["nantong"].splitlines() if re.match(r"  \d+\. ", line))
        assert numbered == 4 and text.locator("li > ol > li").count() == numbered  # NT-7.4's order
        assert text.get_attribute("lang") == "fr"
        assert page.is_visible("[data-testid=table]")  # still at the table
        # another game, another ruleset: its rules, not the first one's
        page.goto(f"{table_server}/#game={chuopai['id']}&token={chuopai['seats'][0]['token']}")
        page.wait_for_selector(f"[data-testid=table][data-game-id='{chuopai['id']}']")
        page.wait_for_selector("#game .rules-text:has-text('CP-4.2')")
        assert_rules_rendered(text, rules["chuopai"], "fr")
        watched.assert_clean()
    finally:
        watched.close()


def test_a_person_with_nothing_to_take_in_the_bonus_round_is_told_why_they_are_asked(table_server, browser):
    """CP-2.5 with two people: a person whose hand offers no opening bonus still answers the
    bonus round (a pass made for them would tell the others their hand), and the prompt says
    why their only button is Pass."""
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "ai", "level": "basic"}]
    with httpx.Client(base_url=table_server, timeout=30) as api:
        for seed in range(40):
            body = {"ruleset": "chuopai", "seed": seed, "seats": seats, "options": {"leader": 1}}
            created = api.post("/v1/games", json=body).json()
            token = created["seats"][1]["token"]
            legal = api.get(
                f"/v1/games/{created['id']}/legal-actions", headers={"Authorization": f"Bearer {token}"}
            ).json()
            if [a["id"] for a in legal["actions"]] == ["pass"]:
                break
        else:
            raise AssertionError("no seed deals seat 1 a hand without the bonus")
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(f"{table_server}/#game={created['id']}&token={token}")
        page.wait_for_selector(READY)
        assert page.inner_text("#mine .prompt") == (
            "Opening bonus: your hand does not hold both a Nail and a Two Red, so you can only pass. "
            "Every person at the table is asked, so nobody learns who could have taken it."
        )
        assert watched.action_ids() == ["pass"]
        watched.assert_clean()
    finally:
        watched.close()


def test_a_person_who_cannot_claim_the_card_up_is_told_why_they_are_asked(table_server, browser):
    """SSP-5.1 with two people: every person answers every claim window, also one who cannot
    claim the card (a pass made for them would tell the others their hand), and the prompt says
    why their only button is Pass."""
    seats = [
        {"kind": "human"},
        {"kind": "human"},
        {"kind": "ai", "level": "basic"},
        {"kind": "ai", "level": "basic"},
    ]
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 9, "seats": seats}).json()
        game = created["id"]
        tokens = {s["seat"]: s["token"] for s in created["seats"] if s.get("token")}

        def only_pass(legal: dict[int, dict]) -> list[int]:
            return [seat for seat, la in legal.items() if [a["id"] for a in la["actions"]] == ["pass"]]

        asked = only_pass(people_play(api, game, tokens, only_pass, pick=-1))
        assert asked, "no person was ever asked with nothing but pass"
        seat = asked[0]
        view = api.get(f"/v1/games/{game}", headers={"Authorization": f"Bearer {tokens[seat]}"}).json()
        up = view["table"]["claim"]["card"]
        name = next(c["name"] for c in api.get("/v1/rulesets/sisepai").json()["cards"] if c["code"] == up)
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(f"{table_server}/#game={game}&token={tokens[seat]}")
        page.wait_for_selector(READY)
        assert page.inner_text("#mine .prompt") == (
            f"The {name} is up for claims, but you cannot claim it, so you can only pass. "
            "Every person at the table is asked, so nobody learns who could have claimed it."
        )
        assert watched.action_ids() == ["pass"]
        watched.assert_clean()
    finally:
        watched.close()


def test_the_lobby_says_what_each_ai_level_does_and_how_strong_it_measured(table_server, browser):
    """Choosing an AI level shows its one-line description and its measured strength
    (`ai_level_info` of GET /v1/rulesets/{id}, docs/ai.md), in the page's language."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        infos = {
            lang: {
                i["level"]: i for i in api.get(f"/v1/rulesets/sisepai?lang={lang}").json()["ai_level_info"]
            }
            for lang in ("en", "fr")
        }
        nantong_random = next(
            i for i in api.get("/v1/rulesets/nantong").json()["ai_level_info"] if i["level"] == "random"
        )["strength"][0]
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(table_server + "/")
        form = page.locator("[data-testid=new-game]")
        form.locator("select[name=ruleset]").select_option("sisepai")
        about = page.locator("[data-testid=level-about]")
        for level in ("random", "basic", "strong"):
            form.locator("select[name=level]").select_option(level)
            text = about.inner_text()
            assert text.startswith(infos["en"][level]["summary"]), text
            strength = infos["en"][level]["strength"][0]
            share = f"{round(strength['win_share'] * 100, 1):g}%"
            assert (
                f"Measured against the {strength['against']} level in every other seat: wins {share} of games"
                in text
            )
        strong = infos["en"]["strong"]["strength"][0]
        assert (
            f"{strong['vs_fair']:g} times the fair share of 25% ({strong['games']:,} games)."
            in about.inner_text()
        )
        assert form.locator("select[name=level]").get_attribute("aria-describedby") == "level-about"
        # a level that never won (Nantong random against basic) says so, not "0 times the fair share"
        assert nantong_random["win_share"] == 0
        form.locator("select[name=ruleset]").select_option("nantong")
        form.locator("select[name=level]").select_option("random")
        wait_until(
            page, "document.querySelector('[data-testid=level-about]').textContent.includes('won none')"
        )
        assert about.inner_text().endswith(
            f"Measured against the basic level in every other seat: won none of {nantong_random['games']} games."
        ), about.inner_text()
        page.select_option("select[name=lang]", "fr")
        page.wait_for_selector("[data-testid=level-about]:not(:empty)")
        form.locator("select[name=ruleset]").select_option("sisepai")
        form.locator("select[name=level]").select_option("strong")
        text = about.inner_text()
        assert text.startswith(infos["fr"]["strong"]["summary"]) and "Mesuré contre le niveau basique" in text
        watched.assert_clean()
    finally:
        watched.close()


def test_a_claim_outranked_by_another_seats_is_said_above_the_next_decision(table_server, browser):
    """SSP-5.2: seed 1 opens with seat 3's drawn white Chariot, which seat 0 may claim for a
    field group, and seat 3 takes it for a triple, which comes first. The person is told so
    above their next decision, not only in the log; their next move clears it."""
    with seat_zero(browser, table_server, "sisepai", 1) as (_api, _created, page):
        page.click('[data-action-id="claim:field:wR,wH,wC"]')
        notice = page.locator("#mine .notice")
        notice.wait_for()
        assert notice.inner_text() == (
            "Your claim was outranked. Seat 3 takes the white Chariot they drew for a triple: "
            "three of white Chariot."
        )
        page.wait_for_selector(READY)
        page.click("#mine [data-action-id]:not([disabled])")
        page.wait_for_selector("#mine .notice", state="detached")


def test_the_framed_cards_of_a_hand_are_explained_under_it(table_server, browser):
    """Generals (SSP-4.4) and the old generals (NT-2.3) are drawn in a gold frame; a hand that
    holds one says what the frame means (a phone shows no hover title)."""
    legends = {
        "sisepai": "A framed card is a General: it is never discarded (SSP-4.4), and it melds alone or in a "
        "command group of its colour, never in an identical group (SSP-3.1 to SSP-3.3).",
        "nantong": "A framed card is an old general (Thousand, White Flower, Red Flower, Nine of Strings): "
        "one family for scoring (NT-2.3).",
    }
    watched = WatchedPage(browser)
    page = watched.page
    try:
        with httpx.Client(base_url=table_server, timeout=30) as api:
            for ruleset, legend in legends.items():
                facts = {c["code"]: c for c in api.get(f"/v1/rulesets/{ruleset}").json()["cards"]}
                framed = {False: None, True: None}
                for seed in range(1, 30):
                    created = api.post("/v1/games", json={"ruleset": ruleset, "seed": seed}).json()
                    token = created["seats"][0]["token"]
                    hand = api.get(
                        f"/v1/games/{created['id']}", headers={"Authorization": f"Bearer {token}"}
                    ).json()["hand"]
                    has = any(
                        facts[c].get("character") == "General" or facts[c].get("old_general") for c in hand
                    )
                    framed[has] = framed[has] or (created["id"], token)
                    if all(framed.values()):
                        break
                assert framed[True], ruleset
                for has, (game, token) in ((h, g) for h, g in framed.items() if g):
                    page.goto(f"{table_server}/#game={game}&token={token}")
                    page.reload()
                    page.wait_for_selector(f"[data-testid=table][data-game-id='{game}']")
                    page.wait_for_selector("#mine [data-testid=hand]")
                    shown = page.locator("#mine .hand-legend").all_inner_texts()
                    assert shown == ([legend] if has else []), (ruleset, has, shown)
        watched.assert_clean()
    finally:
        watched.close()


def test_the_last_trick_names_its_winner_and_the_readers_own_win_in_its_own_words(table_server, browser):
    """ "won by you" is no sentence in Danish ("vundet af dig") or Turkish ("sen kazandın"): the
    reader's own last trick (CP-4.2) has its own words."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        seats = [{"kind": "human"}, {"kind": "ai", "level": "basic"}, {"kind": "ai", "level": "basic"}]
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 5, "seats": seats}).json()
        token = created["seats"][0]["token"]

        def last_won_by(view: dict) -> int | None:
            last = (view.get("table") or {}).get("last_round") or {}
            return last.get("winner") if last.get("won") else None

        view = play_until(
            api, created["id"], token, lambda v: last_won_by(v) == 0 or v["status"] == "finished"
        )
    assert last_won_by(view) == 0, "seat 0 never won a trick with its first legal actions"
    for language, words in (
        ("en", "last trick: you won it"),
        ("da", "sidste stik: vundet af dig"),
        ("tr", "son eli sen aldın"),
    ):
        watched = WatchedPage(browser)
        page = watched.page
        try:
            page.add_init_script(f"localStorage.setItem('cardtable.lang', '{language}')")
            page.goto(f"{table_server}/#game={created['id']}&token={token}")
            page.wait_for_selector(READY)
            shown = page.text_content("#centre")  # as written: CSS shows the labels in capitals
            assert words in shown, shown
            watched.assert_clean()
        finally:
            watched.close()


def _prompt_when(table_server, browser, ruleset: str, seed: int, ready) -> str:
    """The decision prompt seat 0 reads once `ready(view, legal types, number of legal actions)`
    (seat 0 playing its first legal actions through the API until then)."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        players = {"chuopai": 3, "nantong": 3, "sisepai": 4}[ruleset]
        seats = [{"kind": "human"}] + [{"kind": "ai", "level": "basic"}] * (players - 1)
        created = api.post("/v1/games", json={"ruleset": ruleset, "seed": seed, "seats": seats}).json()
        token = created["seats"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}

        def there(view: dict) -> bool:
            legal = api.get(f"/v1/games/{created['id']}/legal-actions", headers=auth).json()["actions"]
            return bool(legal) and ready(view, {a["type"] for a in legal}, len(legal))

        play_until(api, created["id"], token, there)
    watched = WatchedPage(browser)
    try:
        watched.page.goto(f"{table_server}/#game={created['id']}&token={token}")
        watched.page.wait_for_selector("#mine .prompt")
        text = watched.page.inner_text("#mine .prompt")
        described = watched.page.get_attribute("[data-testid=actions]", "aria-describedby")
        assert described and watched.page.inner_text(f"#{described}") == text
        watched.assert_clean()
        return text
    finally:
        watched.close()


def test_a_play_is_named_as_the_log_names_it(table_server, browser):
    """The prompt to beat names copies as the log does ("a pair of Harmony", CP-3.1), not as a
    list ("Harmony, Harmony")."""
    watched = WatchedPage(browser)
    try:
        watched.page.goto(table_server + "/")
        watched.page.wait_for_selector("[data-testid=start]:not([disabled])")
        named = watched.page.evaluate(
            """async () => {
                const { CardBook } = await import("/static/cards.js");
                const book = new CardBook((await (await fetch("/v1/rulesets/chuopai")).json()).cards);
                return [book.play(["13", "13"]), book.play(["12", "12", "12"]), book.play(["13", "55"])];
            }"""
        )
        assert named == ["a pair of Harmony", "three of Nail", "Harmony, Plum Blossom"], named
        watched.assert_clean()
    finally:
        watched.close()


def _passed_last(trick: list[dict]) -> bool:
    return len(trick) >= 2 and trick[-1]["type"] == "pass" and trick[0]["seat"] == 1


def test_the_prompt_says_what_the_decision_is(table_server, browser):
    """Not "choose one of your legal actions": a lead (CP-4.1), a play that must beat the
    highest (CP-4.2, naming it and who played it), a discard, a win to declare or not."""
    lead = _prompt_when(table_server, browser, "chuopai", 23, lambda v, t, n: not v["table"]["trick"])
    assert lead.startswith("You lead this round: play a card, a set of one kind, or a combination."), lead
    beat = _prompt_when(
        table_server, browser, "chuopai", 23, lambda v, t, n: bool(v["table"]["trick"]) and n > 1
    )
    # (the buttons' group is described by the prompt: read on entering them, past the prompt)
    assert re.fullmatch(r"You can beat .+, played by seat [12], so you must: choose which play\.", beat), beat
    # the highest play is the last play, not the pass after it (seed 20: seat 1 leads, seat 2
    # passes, seat 0 must beat seat 1)
    after_pass = _prompt_when(
        table_server,
        browser,
        "chuopai",
        20,
        lambda v, t, n: t <= {"play", "combo"} and n > 1 and _passed_last(v["table"]["trick"]),
    )
    assert re.fullmatch(
        r"You can beat \S.*, played by seat 1, so you must: choose which play\.", after_pass
    ), after_pass
    discard = _prompt_when(table_server, browser, "nantong", 23, lambda v, t, n: t == {"discard"})
    assert discard == "Your turn: choose a card to discard.", discard
    # a single play that beats it: no choice to make, and the prompt does not ask for one
    only = _prompt_when(
        table_server,
        browser,
        "chuopai",
        23,
        lambda v, t, n: bool(v["table"]["trick"]) and t <= {"play", "combo"} and n == 1,
    )
    assert re.fullmatch(r"Seat [12] played .+, and your one play below beats it: you must play it\.", only), (
        only
    )


def test_a_shared_win_lists_its_seats_as_the_language_does(table_server, browser):
    """A Chuo Pai tie (CP-5.3) seen by a spectator: "seats 0 and 1", "les places 0 et 1" —
    each language's own list, not "0, 1"."""
    seats = [{"kind": "ai", "level": "random"}] * 3
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 4, "seats": seats}).json()
        assert api.get(f"/v1/games/{created['id']}/score").json()["winners"] == [0, 1]
    shared = (
        ("en", "seats 0 and 1 share the win"),
        ("fr", "les places 0 et 1 se partagent"),
        ("zh", "座位 0、1 并列获胜"),  # as the log lists them
    )
    for language, words in shared:
        watched = WatchedPage(browser)
        try:
            watched.page.add_init_script(f"localStorage.setItem('cardtable.lang', '{language}')")
            watched.page.goto(f"{table_server}/#game={created['id']}")
            watched.page.wait_for_selector("[data-testid=score] h2")
            heading = watched.page.inner_text("[data-testid=score] h2")
            assert words in heading, heading
            assert watched.table("data-status") == "finished"
            if language == "en":  # a finished game's phase only repeated "The game is over."
                assert watched.page.inner_text("#version") == f"event {created['version']}"
            watched.assert_clean()
        finally:
            watched.close()


def test_the_readers_own_automatic_pass_is_not_shown_under_their_seat(table_server, browser):
    """Playing on in Sì Sè Pái, seat 0 is asked to decide right after the game passed for it in
    claim windows it could do nothing in (SSP-5). "You pass automatically" under the seat read
    as the answer to the decision now asked; the log still has it."""
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "basic"}] * 3
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 1, "seats": seats}).json()
        token = created["seats"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        watched = WatchedPage(browser)
        page = watched.page
        try:
            page.goto(f"{table_server}/#game={created['id']}&token={token}")
            seen = 0
            for _ in range(40):
                page.wait_for_selector(READY)
                if watched.table("data-status") == "finished":
                    break
                events = api.get(f"/v1/games/{created['id']}/events", params={"limit": 1000}, headers=auth)
                own = [
                    e for e in events.json()["events"] if e["type"] == "action" and e["payload"]["seat"] == 0
                ]
                if own and own[-1]["payload"]["by"] == "auto":
                    seen += 1
                    assert "automatically" not in " ".join(page.locator("#mine .last-move").all_inner_texts())
                version = watched.table("data-version")
                page.locator("[data-action-id]:not([disabled])").first.click()
                page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])")
            assert seen >= 3, "seat 0 was not asked right after an automatic pass"
            assert "You pass automatically" in page.inner_text("#log")
            watched.assert_clean()
        finally:
            watched.close()


def test_many_plays_of_one_kind_say_their_word_once(table_server, browser):
    """A Chuo Pai lead offers every single, pair and triple of the hand (CP-3): "Play" on each of
    them took a phone screen for eight plays. The word stands once above them, and each button
    shows its cards over their names, copies counted; its accessible name still says what it
    does ("Play 2 × Earth": WCAG 2.5.3, the visible words inside the name)."""
    created = a_chuopai_lead(table_server)
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(f"{table_server}/#game={created['id']}&token={created['seats'][0]['token']}")
        page.wait_for_selector(READY)
        group = page.locator(".action-group-compact")
        assert group.locator(".action-group-title").inner_text() == "Play"
        plays = group.locator("[data-action-id^='play:']")
        assert plays.count() > 6
        for i in range(plays.count()):
            button = plays.nth(i)
            shown = button.locator(".action-names").inner_text()
            # the word is out of sight (a visually hidden span: 1 px at most), not out of the name
            title = button.locator(".action-title").bounding_box()
            assert title is not None and title["width"] <= 1 and title["height"] <= 1, title
            cards = button.get_attribute("data-action-id").split(":")[1].split(",")
            if len(cards) > 1 and len(set(cards)) == 1:
                assert shown.startswith(f"{len(cards)} × "), shown
            assert page.get_by_role("button", name=f"Play {shown}", exact=True).count() >= 1, shown
        # a combination keeps its own name on its button (CP-3.2)
        combos = page.locator("[data-action-id].action-combo")
        assert combos.count() == 0 or combos.first.inner_text().startswith("Lead ")
        watched.assert_clean()
    finally:
        watched.close()


@pytest.mark.parametrize(("ruleset", "seed"), [("sisepai", 3), ("nantong", 5)])
def test_a_seats_secret_answer_is_not_left_under_it_once_the_window_settles(
    table_server, browser, ruleset, seed
):
    """SSP-5.1, NT-6.1: another seat's answer stays secret, and its note says only "Seat 2
    answers the claim window". Once the window has settled (claimed, untaken, or in Nantong the
    next seat drawing, NT-6.5) that says nothing: no seat keeps such a note, nor the reader its
    own "You pass", while no card is up for claims."""
    with seat_zero(browser, table_server, ruleset, seed) as (api, created, page):
        auth = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
        checked = 0
        for _ in range(40):
            page.wait_for_selector(READY)
            view = api.get(f"/v1/games/{created['id']}", headers=auth).json()
            if view["status"] == "finished":
                break
            notes = page.locator(".seat .last-move").all_inner_texts()
            table = view["table"]
            if not ((table.get("claim") or {}).get("card") or (table.get("window") or {}).get("card")):
                stale = [n for n in notes if "answers the claim window" in n or n == "You pass"]
                assert not stale, (view["version"], notes)
                checked += 1
            page.click("#mine [data-action-id]:not([disabled]) >> nth=0")  # a claim, then a discard
        assert checked >= 3


def test_a_buttons_copies_of_one_card_are_counted_however_few_the_buttons(table_server, browser):
    """Seed 2 opens with a triple of the red Chariot for seat 0 to claim (SSP-5.2 level 3): two
    buttons, not a compact group, and its cards are still named with their copies counted, "3 ×
    red Chariot", as a long list of plays names them (not "red Chariot, red Chariot, …")."""
    with seat_zero(browser, table_server, "sisepai", 2) as (_api, _created, page):
        button = page.locator('[data-action-id="claim:triple:rR,rR,rR"]')
        assert page.locator(".action-group-compact").count() == 0
        assert button.locator(".action-names").inner_text() == "3 × red Chariot"
