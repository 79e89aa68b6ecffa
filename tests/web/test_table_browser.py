"""The web table in headless Chromium, against a real gunicorn: full games of every ruleset played
through the page only (clicking `[data-action-id]` buttons), checked against the API at each step.

The pace setting is off (localStorage `cardtable.pace` = `off`) so AI moves are not slowed down.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from playwright.sync_api import expect

from tests.web.browser import (
    PACE_OFF,
    READY,
    open_paced,
    open_seat,
    people_play,
    play_first_actions,
    play_until,
    wait_until,
)

RULESETS = ["chuopai", "sisepai", "nantong"]
MAX_DECISIONS = 600
# What the page says a phase before play is for, keyed by the action type only that phase offers.
PHASE_PROMPTS = {
    "finish": "Preparation, before the first discard: lay down any opening declarations your dealt hand"
    " allows, one at a time; then finish preparing to let play begin. Declaring ready finishes it"
    " too, so declare first.",  # NT-4.1, NT-4.5
    "bonus": "Opening bonus: your hand holds a Nail and a Two Red, so you may move every Nail and Two"
    " Red straight to your pile now, or pass. You cannot take it later.",  # CP-2.5
}
# A preparation turn whose only action is to finish it: the hand allows no declaration (NT-4.1).
FINISH_ALONE = (
    "Preparation, before the first discard: your dealt hand allows no opening declaration, so finish"
    " preparing to let play begin."
)


class WatchedPage:
    """A page whose console errors and every request are recorded; a request for any host but
    127.0.0.1 is recorded and aborted."""

    def __init__(self, browser, viewport=None, touch: bool = False):
        self.context = browser.new_context(
            viewport=viewport or {"width": 1280, "height": 900}, has_touch=touch, is_mobile=touch
        )
        self.context.add_init_script(PACE_OFF)
        self.requests: list[str] = []
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.context.on("request", lambda r: self.requests.append(r.url))
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _route(self, route):
        if urlsplit(route.request.url).hostname != "127.0.0.1":
            self.foreign.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    def codes(self, selector: str) -> list[str]:
        return self.page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)")

    def action_ids(self, selector: str = "[data-action-id]") -> list[str]:
        return self.page.locator(selector).evaluate_all("els => els.map(e => e.dataset.actionId)")

    def table(self, attribute: str) -> str | None:
        return self.page.get_attribute("[data-testid=table]", attribute)

    def assert_clean(self):
        assert self.errors == [], self.errors
        assert self.foreign == [], self.foreign
        assert self.requests, "the page made no request at all"
        assert all(urlsplit(u).hostname == "127.0.0.1" for u in self.requests), self.requests

    def close(self):
        self.context.close()


def seat_token(page) -> tuple[str, str]:
    params = parse_qs(urlsplit(page.url).fragment)
    return params["game"][0], params["token"][0]


def start_from_form(watched: WatchedPage, base_url: str, ruleset: str, level: str = "basic"):
    page = watched.page
    page.goto(base_url + "/")
    form = page.locator("[data-testid=new-game]")
    form.locator("select[name=ruleset]").select_option(ruleset)
    form.locator("select[name=level]").select_option(level)
    page.click("[data-testid=start]")
    page.wait_for_selector("[data-testid=table][data-game-id]")
    page.wait_for_selector(READY)


def assert_buttons_follow_the_hand(watched: WatchedPage, legal: dict) -> None:
    """Discards and plays are listed fewer cards first, then in the order of the hand above."""
    hand = watched.codes("#mine [data-testid=hand] [data-card]")
    cards = {a["id"]: a.get("cards") or [] for a in legal["actions"]}
    for group in ("discard", "play", "combo"):
        shown = watched.action_ids(f".action-group-{group} [data-action-id]")
        keys = [(len(cards[i]), min(hand.index(c) for c in cards[i])) for i in shown if cards[i]]
        assert keys == sorted(keys), (group, shown)


def assert_table_matches_api(watched: WatchedPage, api: httpx.Client, game_id: str, token: str) -> dict:
    """The hand shown is the seat's view; the buttons are exactly the legal actions."""
    auth = {"Authorization": f"Bearer {token}"}
    view = api.get(f"/v1/games/{game_id}", headers=auth).json()
    assert watched.table("data-game-id") == game_id
    assert watched.table("data-version") == str(view["version"])
    assert watched.table("data-status") == view["status"]
    assert sorted(watched.codes("[data-testid=hand] [data-card]")) == sorted(view["hand"])
    legal = api.get(f"/v1/games/{game_id}/legal-actions", headers=auth).json()
    shown = watched.page.inner_text("main")
    for junk in ("undefined", "null", "NaN", "[object"):
        assert junk not in shown, f"{junk!r} on the page"
    if "round" in (view.get("table") or {}):  # Chuo Pai: the rounds finished; people count from 1
        chips = watched.page.locator("#centre .chip").all_inner_texts()
        assert f"round {view['table']['round'] + 1}" in chips, chips
    legal_ids = sorted(a["id"] for a in legal["actions"])
    assert sorted(watched.action_ids()) == legal_ids  # grouped by type on the page
    assert_buttons_follow_the_hand(watched, legal)
    unnamed = watched.page.evaluate(
        "[...document.querySelectorAll('[role=group]')]"
        ".filter(g => !g.getAttribute('aria-label') && !g.getAttribute('aria-labelledby')).length"
    )
    assert unnamed == 0, "every group of cards is named for a screen reader"
    doubled = watched.page.evaluate(
        """(() => {
            const name = (el) => el.tagName === "FIGURE"
                ? (el.querySelector("figcaption") || {}).textContent
                : el.getAttribute("aria-label")
                  || (document.getElementById(el.getAttribute("aria-labelledby") || "") || {}).textContent;
            return [...document.querySelectorAll("[role=group]")].filter((g) => {
                const outer = g.parentElement && g.parentElement.closest("[role=group], figure");
                return outer && name(outer) && name(outer) === name(g);
            }).map((g) => name(g));
        })()"""
    )
    assert doubled == [], f"a group inside a group of the same name is read twice: {doubled}"
    assert sorted(watched.action_ids("[data-action-id]:not([disabled])")) == legal_ids
    return view


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_full_game_through_the_table(ruleset, table_server, browser):
    watched = WatchedPage(browser)
    page = watched.page
    rng = random.Random(f"table-{ruleset}")
    try:
        start_from_form(watched, table_server, ruleset)
        game_id, token = seat_token(page)
        auth = {"Authorization": f"Bearer {token}"}
        prompted: set[str] = set()
        with httpx.Client(base_url=table_server, timeout=30) as api:
            for _ in range(MAX_DECISIONS):
                page.wait_for_selector(READY)
                view = assert_table_matches_api(watched, api, game_id, token)
                if view["status"] == "finished":
                    break
                types = {
                    a["type"]
                    for a in api.get(f"/v1/games/{game_id}/legal-actions", headers=auth).json()["actions"]
                }
                for action_type, text in PHASE_PROMPTS.items():
                    if action_type in types:
                        alone = types == {"finish"}
                        assert page.inner_text("#mine .prompt") == (FINISH_ALONE if alone else text)
                        prompted.add(action_type)
                choices = watched.action_ids("[data-action-id]:not([disabled])")
                page.click(f'[data-action-id="{rng.choice(choices)}"]')
            else:
                pytest.fail(f"{ruleset}: not finished after {MAX_DECISIONS} decisions")
            if ruleset == "nantong":  # every seat has a preparation turn (NT-4.1)
                assert "finish" in prompted

            page.wait_for_selector("[data-testid=score] [data-seat][data-score]")
            shown = page.locator("[data-testid=score] [data-seat][data-score]").evaluate_all(
                "els => els.map(e => [Number(e.dataset.seat), Number(e.dataset.score)])"
            )
            score = api.get(f"/v1/games/{game_id}/score").json()
            assert shown == [[seat, points] for seat, points in enumerate(score["scores"])]
            heading = page.locator("[data-testid=score] h2").inner_text()
            winners, me = score["winners"], view["seat"]
            if not winners:
                assert heading == "Final score — nobody wins"
            elif me in winners:
                assert heading in ("Final score — you win", "Final score — you share the win")
            else:
                assert "seat" in heading and str(winners[0]) in heading and "you" not in heading

            # The log has one line per event, in order, worded from the whole log (every
            # decision in full once finished): as a reload of the page words it.
            logged = page.locator("#log li").evaluate_all("els => els.map(e => Number(e.dataset.version))")
            assert logged == list(range(1, view["version"] + 1))
            full = api.get(f"/v1/games/{game_id}/events", params={"limit": 1000}, headers=auth).json()
            words = page.locator("#log li").evaluate_all("els => els.map(e => e.textContent)")
            assert words == [f"{e['version']} {e['text']}" for e in full["events"]]

        # The end: replay step by step, export and verify.
        page.wait_for_selector(f"text=event {view['version']} of {view['version']}")
        page.get_by_role("button", name="previous event").click()
        page.wait_for_selector(f"text=event {view['version'] - 1} of {view['version']}")
        assert page.get_attribute("a[download]", "href") == f"/v1/games/{game_id}/export"
        # the raw report opens in a new tab, and says so before it does
        report = page.get_by_role("link", name="Verification report (JSON) (opens in a new tab)", exact=True)
        # anchored to the receipt this page kept from the game's start (its creation response)
        receipt = httpx.get(f"{table_server}/v1/games/{game_id}/export").json()["events"][0]["hash"]
        assert report.get_attribute("href") == f"/v1/games/{game_id}/verify?creation_hash={receipt}"
        page.get_by_role("button", name="Verify now").click()
        page.wait_for_selector("text=verified: the deal")
        watched.assert_clean()
    finally:
        watched.close()


def test_a_seat_is_told_to_share_the_spectators_link_which_shows_its_draw(table_server, browser):
    """The address of a seat's page holds its token, so the table gives the link to share instead:
    the same page without the token. A spectator opening it sees the person's seat waiting to
    discard say that it drew (NT-5.1), not the claim window it answered before."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "nantong", "seed": 3}).json()
        game, token = created["id"], created["seats"][0]["token"]
        play_until(api, game, token, lambda v: v["drawn"] is not None and v["version"] > 12)
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_seat(page, table_server, game, token, stored={})
        link = page.locator("#share [data-testid=watch-link]")
        assert "whoever opens it plays for you" in page.inner_text("#share")
        href = link.get_attribute("href")
        assert href == f"{table_server}/#game={game}" and token not in href
        page.goto(href)
        page.wait_for_selector("text=Watching as a spectator.")
        assert page.locator("#share").is_hidden()
        assert page.inner_text(".seat[data-seat='0'] .last-move") == "Seat 0 draws a card"
        watched.assert_clean()
    finally:
        watched.close()


def test_open_a_game_from_the_fragment_as_its_seat_or_as_a_spectator(table_server, browser):
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 7}).json()
        token = created["seats"][0]["token"]
        watched = WatchedPage(browser)
        page = watched.page
        try:
            page.goto(f"{table_server}/#game={created['id']}&token={token}")
            page.wait_for_selector(READY)
            assert_table_matches_api(watched, api, created["id"], token)
            # The token never travels in a URL: not in any request the page made.
            assert not any(token in url for url in watched.requests)

            # Keyboard: the first decision has the focus; Enter takes it.
            focused = page.evaluate("document.activeElement.dataset.actionId")
            version = int(watched.table("data-version"))
            page.keyboard.press("Enter")
            page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])")
            # read by the seat: with one person, a decision before their first play (the opening
            # bonus, CP-2.5) is held beyond the log a spectator reads (docs/guarantees.md)
            mine = api.get(
                f"/v1/games/{created['id']}/events",
                params={"after": version},
                headers={"Authorization": f"Bearer {token}"},
            ).json()["events"][0]
            assert mine["payload"]["seat"] == 0 and focused is not None
            assert_table_matches_api(watched, api, created["id"], token)

            # Without a token: the spectator's table, with no hand and no decision.
            page.goto(f"{table_server}/#game={created['id']}")
            page.wait_for_selector("[data-testid=table][data-status=active]")
            page.wait_for_selector("text=Watching as a spectator.")
            assert page.locator("[data-testid=hand] [data-card]").count() == 0
            assert page.locator("[data-action-id]").count() == 0
            # The seats follow the heading straight away: no empty row (a hand, a deal over)
            # stretched into a band above them while the log beside is taller.
            space = page.evaluate(
                "document.querySelector('#opponents').getBoundingClientRect().top"
                " - document.querySelector('.table-head').getBoundingClientRect().bottom"
            )
            assert 0 <= space <= 16, space

            # "Open an existing game" takes the id the title shows, or the table's link pasted whole
            assert page.inner_text("#game-title .game-id") == created["id"]
            for typed, secret in (
                (created["id"], token),
                (f"{table_server}/#game={created['id']}&token={token}", ""),
            ):
                page.goto(f"{table_server}/")
                page.fill("#open-game input[name=game]", typed)
                page.fill("#open-game input[name=token]", secret)
                page.click("[data-testid=open]")
                page.wait_for_selector(f"[data-testid=table][data-game-id='{created['id']}']")
                page.wait_for_selector("#mine [data-testid=hand] [data-card]")
            watched.assert_clean()
        finally:
            watched.close()


def test_a_seat_opened_while_the_lobby_loads_keeps_its_token_out_of_any_address(table_server, browser):
    """Before the page's script took the "Open an existing game" form, Enter in it submitted the
    form natively: the game and the seat's token went to the server in the address's query."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "nantong", "seed": 5}).json()
    token = created["seats"][0]["token"]
    watched = WatchedPage(browser)
    page = watched.page
    held = []  # the rulesets' list, kept in flight: the lobby is still loading
    page.route(lambda url: urlsplit(url).path == "/v1/rulesets", lambda route: held.append(route))
    try:
        page.goto(f"{table_server}/")
        for _ in range(200):  # let Playwright hand the route over (no time measured)
            if held:
                break
            page.wait_for_timeout(25)
        assert held, "the lobby asked no rulesets"
        page.fill("#open-game input[name=game]", created["id"])
        page.fill("#open-game input[name=token]", token)
        page.press("#open-game input[name=token]", "Enter")
        assert page.locator("[data-testid=open]").is_disabled()
        page.wait_for_timeout(300)  # a native submission would have left by now
        assert not any(token in url for url in watched.requests), watched.requests
        assert urlsplit(page.url).query == ""

        held[0].continue_()
        page.click("[data-testid=open]")  # enabled once the lobby is ready
        page.wait_for_selector(f"[data-testid=table][data-game-id='{created['id']}']")
        page.wait_for_selector("#mine [data-testid=hand] [data-card]")
        assert not any(token in url for url in watched.requests)
        watched.assert_clean()
    finally:
        watched.close()


def test_the_table_fits_a_phone_screen(table_server, browser):
    watched = WatchedPage(browser, viewport={"width": 360, "height": 740}, touch=True)
    try:
        start_from_form(watched, table_server, "chuopai")
        # a finger's room (WCAG 2.5.8): the language selector was 19 px tall, the checkbox 18 px
        assert watched.page.locator("select[name=lang]").bounding_box()["height"] >= 44
        assert watched.page.locator(".pace input").bounding_box()["width"] >= 24
        assert watched.page.evaluate("document.documentElement.scrollWidth") <= 360
        # Seed 23 deals seat 0 a lead named at length on its button ("Lead He Wu: three of
        # Harmony, Black Five, a pair of Red Five", CP-3.2): the name wraps, the page stays narrow
        with httpx.Client(base_url=table_server, timeout=30) as api:
            seats = [{"kind": "human"}, {"kind": "ai", "level": "basic"}, {"kind": "ai", "level": "basic"}]
            created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 23, "seats": seats}).json()
        token = created["seats"][0]["token"]
        watched.page.goto(f"{table_server}/#game={created['id']}&token={token}")
        watched.page.wait_for_selector(f"[data-testid=table][data-game-id='{created['id']}']")
        watched.page.wait_for_selector("[data-action-id]:not([disabled])")
        titles = watched.page.locator(".action-combo .action-title").all_inner_texts()
        assert max(len(title) for title in titles) > 50, titles  # the long name is there
        assert watched.page.evaluate("document.documentElement.scrollWidth") <= 360
        # every choice a finger's room, a one-character "Pass" (过) too (WCAG 2.5.5)
        boxes = [b.bounding_box() for b in watched.page.locator("[data-action-id]").all()]
        assert boxes and all(b["width"] >= 44 and b["height"] >= 44 for b in boxes), boxes
        # the small cards (discards, melds, piles) are read at arm's length on a touch screen
        small = watched.page.evaluate(
            """() => { const c = document.createElement('div'); c.className = 'small-card';
            document.body.append(c); const b = c.getBoundingClientRect(); c.remove();
            return [b.width, b.height]; }"""
        )
        assert small[0] >= 30 and small[1] >= 54, small
        # the game's rules, at the foot of the page, open where they can be read
        watched.page.locator("#game-rules summary").tap()
        watched.page.wait_for_selector("#game-rules .rules-text h3")
        text_top = watched.page.locator("#game-rules .rules-text").bounding_box()["y"]
        assert 0 <= text_top < 740 / 2, text_top
        watched.assert_clean()
    finally:
        watched.close()


def test_the_table_follows_moves_made_elsewhere(table_server, browser):
    """With two people at one game, each sees the other's moves without reloading."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "ai", "level": "random"}]
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 11, "seats": seats}).json()
        tokens = {s["seat"]: s["token"] for s in created["seats"] if "token" in s}

        def legal(seat):
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            return api.get(f"/v1/games/{created['id']}/legal-actions", headers=auth).json()

        acting = next(seat for seat in tokens if legal(seat)["actions"])
        waiting = next(seat for seat in tokens if seat != acting)
        watched = WatchedPage(browser)
        page = watched.page
        try:
            page.goto(f"{table_server}/#game={created['id']}&token={tokens[waiting]}")
            page.wait_for_selector("text=Waiting for the other seats.")
            assert page.locator("[data-action-id]").count() == 0
            version = watched.table("data-version")

            move = legal(acting)
            api.post(
                f"/v1/games/{created['id']}/actions",
                headers={"Authorization": f"Bearer {tokens[acting]}"},
                json={"action": move["actions"][0]["id"], "expected_version": move["version"]},
            ).raise_for_status()
            page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])")
            assert_table_matches_api(watched, api, created["id"], tokens[waiting])
            assert page.locator(f'#log li[data-seat="{acting}"]').count() >= 1
            watched.assert_clean()
        finally:
            watched.close()


def test_the_buttons_answer_the_table_shown_when_another_person_moves_meanwhile(table_server, browser):
    """Three people at a Chuo Pai table. A page that sees one person's move reads its legal
    actions only after showing the move; when a second person moves in between, the actions come
    from a later version than the view. The page then reads the view and the moves since again,
    so the table shown, its log and its buttons belong to the same version (they showed the
    table before the second move under buttons answering the one after it)."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post(
            "/v1/games", json={"ruleset": "chuopai", "seed": 11, "seats": [{"kind": "human"}] * 3}
        ).json()
        gid = created["id"]
        tokens = {s["seat"]: s["token"] for s in created["seats"]}

        def auth(seat):
            return {"Authorization": f"Bearer {tokens[seat]}"}

        def acting():
            return next(
                s
                for s in tokens
                if api.get(f"/v1/games/{gid}/legal-actions", headers=auth(s)).json()["actions"]
            )

        def move(seat):
            legal = api.get(f"/v1/games/{gid}/legal-actions", headers=auth(seat)).json()
            api.post(
                f"/v1/games/{gid}/actions",
                headers=auth(seat),
                json={"action": legal["actions"][0]["id"], "expected_version": legal["version"]},
            ).raise_for_status()

        first = acting()  # then the next seats in turn, each once (CP-2.5, CP-4.2)
        second, third = (first + 1) % 3, (first + 2) % 3
        watched = WatchedPage(browser)
        page = watched.page
        armed = {"now": False}

        def second_moves_first(route):
            if armed["now"]:
                armed["now"] = False
                move(second)  # while the page has shown `first`'s move, before its actions come
            route.continue_()

        try:
            page.route("**/legal-actions*", second_moves_first)
            page.goto(f"{table_server}/#game={gid}&token={tokens[third]}")
            page.wait_for_selector("text=Waiting for the other seats.")

            armed["now"] = True
            move(first)
            page.wait_for_selector(READY)
            assert not armed["now"], "the page read its actions after the move"
            assert_table_matches_api(watched, api, gid, tokens[third])
            for seat in (first, second):
                assert page.locator(f'#log li[data-seat="{seat}"]').count() >= 1, seat
            watched.assert_clean()
        finally:
            watched.close()


def test_a_sealed_answer_is_told_to_the_person_who_gave_it(table_server, browser):
    """With two people at a window, the first answer is kept sealed until the second arrives
    (SSP-5.1): nothing in the log says it yet, so the view tells its own seat what it answered
    (`own_answer`), in the status line, and a reload still says it; once the window settles it
    is in the log like every answer."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "ai"}, {"kind": "ai"}]
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 4, "seats": seats}).json()
        gid = created["id"]
        tokens = {s["seat"]: s["token"] for s in created["seats"] if "token" in s}
        watched = WatchedPage(browser)
        page = watched.page
        try:
            page.goto(f"{table_server}/#game={gid}&token={tokens[0]}")
            page.wait_for_selector(READY)
            page.click('[data-action-id="pass"]')
            said = "You answered: Pass. Waiting for the others to answer."
            page.wait_for_selector(f"text={said}")
            page.reload()
            page.wait_for_selector(f"text={said}")
            other = api.get(f"/v1/games/{gid}", headers={"Authorization": f"Bearer {tokens[1]}"}).json()
            assert other["own_answer"] is None and "Pass" not in json.dumps(other["table"])
            legal = api.get(
                f"/v1/games/{gid}/legal-actions", headers={"Authorization": f"Bearer {tokens[1]}"}
            ).json()
            api.post(
                f"/v1/games/{gid}/actions",
                headers={"Authorization": f"Bearer {tokens[1]}"},
                json={"action": "pass", "expected_version": legal["version"]},
            ).raise_for_status()
            expect(page.locator("main")).not_to_contain_text(said, timeout=15000)  # settled: logged
            watched.assert_clean()
        finally:
            watched.close()


@contextlib.contextmanager
def paced_seat(browser, table_server: str, game_id: str, token: str) -> Iterator[tuple]:
    """A page at the seat of `token` with the AI's moves paced (the default), at its decision:
    yields (page, the table's version)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{table_server}/#game={game_id}&token={token}")
        page.wait_for_selector(READY)
        assert page.is_checked("input[name=pace]")
        yield page, page.get_attribute("[data-testid=table]", "data-version")
    finally:
        context.close()


def test_with_the_pace_on_ai_moves_are_shown_before_the_new_view(table_server, browser):
    """Paced: each AI move is shown on its seat while the table still holds the version you acted
    on; only after the last one does the table move to the new version."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post(
            "/v1/games", json={"ruleset": "chuopai", "seed": 5, "options": {"leader": 0}}
        ).json()
        token = created["seats"][0]["token"]
        with paced_seat(browser, table_server, created["id"], token) as (page, version):
            page.click('[data-action-id="pass"]')
            # an AI seat's move is on the table while the version is still the old one
            page.wait_for_selector(f"[data-testid=table][data-version='{version}'] #opponents .last-move")
            # and the decision just taken is not asked for again meanwhile
            shown = page.evaluate(
                "() => [document.querySelector('[data-testid=table]').dataset.version,"
                " document.querySelectorAll('#mine .prompt').length]"
            )
            assert shown == [version, 0]
            page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])", timeout=60_000)
            view = api.get(f"/v1/games/{created['id']}", headers={"Authorization": f"Bearer {token}"}).json()
            assert page.get_attribute("[data-testid=table]", "data-version") == str(view["version"])


def record_while_at(page, version: str, name: str, value: str) -> None:
    """From now on, at each change of the table while it still holds `version`, push the
    JavaScript expression `value` onto `window[name]` (read it back with page.evaluate)."""
    page.evaluate(
        f"""version => {{
  window.{name} = [];
  const table = document.querySelector('[data-testid=table]');
  new MutationObserver(() => {{
    if (table.dataset.version === version) window.{name}.push({value});
  }}).observe(table, {{ childList: true, subtree: true }});
}}""",
        version,
    )


@pytest.mark.parametrize("ruleset", ["chuopai", "nantong"])
def test_with_the_pace_on_the_cards_played_leave_the_hand_at_once(table_server, browser, ruleset):
    """Paced: while the AI seats' moves are shown one by one, the card just discarded (NT-5.1) or
    the play just led (CP-4.1) is already out of the hand, not there until the last AI move; a
    play led is on the table's trick, a card discarded on the reader's discards."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        options = {"leader": 0} if ruleset == "chuopai" else {}
        created = api.post("/v1/games", json={"ruleset": ruleset, "seed": 4, "options": options}).json()
        gid, token = created["id"], created["seats"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}

        def cards_leave(view: dict) -> bool:
            legal = api.get(f"/v1/games/{gid}/legal-actions", headers=auth).json()["actions"]
            return bool(legal) and all(a["type"] in ("discard", "play", "combo") for a in legal)

        play_until(api, gid, token, cards_leave)
        legal = api.get(f"/v1/games/{gid}/legal-actions", headers=auth).json()
        action = legal["actions"][0]
        with paced_seat(browser, table_server, gid, token) as (page, version):
            in_hand = "() => [...document.querySelectorAll('[data-testid=hand] [data-card]')].map(c => c.dataset.card)"
            before = page.evaluate(in_hand)
            # the number of plays of the round the middle of the table shows
            record_while_at(
                page, version, "pacedTricks", "document.querySelectorAll('#centre .trick .trick-play').length"
            )
            # the reader's own discards (Nantong: a discard lies there until claimed, NT-5.1, NT-6.1)
            record_while_at(
                page,
                version,
                "pacedDiscards",
                "[...([...document.querySelectorAll('#mine .seat-me .facts-block')]"
                ".find((b) => b.querySelector('.facts-title').textContent === 'discards') || document.createElement('div'))"
                ".querySelectorAll('[data-card]')].map((c) => c.dataset.card)",
            )
            # the seats whose plays the round shows; the other seats' hand counts; the seat marked
            # as moving, and any asked to act; the event counter
            record_while_at(
                page,
                version,
                "pacedSeats",
                "[[...document.querySelectorAll('#centre .trick .trick-play')].map((p) => Number(p.dataset.seat)),"
                " [...document.querySelectorAll('#opponents .seat-stats')].map((s) => parseInt(s.textContent, 10)),"
                " document.querySelectorAll('.badge-moving').length, document.querySelectorAll('.badge-to-act').length,"
                " document.querySelector('#version').textContent]",
            )
            counts = page.evaluate(
                "[...document.querySelectorAll('#opponents .seat-stats')].map((s) => parseInt(s.textContent, 10))"
            )
            counter = page.inner_text("#version")
            page.click(f'[data-action-id="{action["id"]}"]')
            # the hand changes while the table still holds the version acted on (not only once the
            # last AI move has been shown and the new view drawn)
            wait_until(
                page,
                f"document.querySelectorAll('[data-testid=hand] [data-card]').length !== {len(before)}"
                f" || document.querySelector('[data-testid=table]').dataset.version !== '{version}'",
                timeout=30,
            )
            assert page.get_attribute("[data-testid=table]", "data-version") == version
            during = page.evaluate(in_hand)
            left = list(before)
            for code in action["cards"]:
                left.remove(code)
            assert sorted(during) == sorted(left), (action, before, during)
            page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])", timeout=60_000)
            seen = page.evaluate("window.pacedSeats")
            # the seat whose move is shown is marked as moving, and nobody as asked to act
            assert any(moving == 1 and asked == 0 for _, _, moving, asked, _ in seen), seen
            # the event counter follows the moves shown
            assert any(shown != counter for *_, shown in seen), (counter, seen)
            if ruleset == "chuopai":  # the plays shown one by one are in the middle of the table too
                tricks = page.evaluate("window.pacedTricks")
                assert any(tricks), tricks
                # the person's own play is there at the click, before any other seat's move
                assert [0] in [trick for trick, *_ in seen], seen
                # and the other seats' hands shrink as they play (CP-4.1, CP-4.2)
                assert any(hands != counts for _, hands, *_ in seen), (counts, seen)
            else:  # the card discarded is on the reader's discards while the AI seats answer it
                piles = page.evaluate("window.pacedDiscards")
                assert any(pile and pile[-1] == action["cards"][0] for pile in piles), (action, piles)


# The stock's count on the table's middle ("stock 12"), or null.
STOCK_CHIP = (
    "(() => { const chip = [...document.querySelectorAll('#centre *')].find((e) => /^stock \\d+$/.test(e.textContent));"
    " return chip ? Number(chip.textContent.split(' ')[1]) : null; })()"
)


def test_with_the_pace_on_the_card_up_for_claims_follows_the_moves(table_server, browser):
    """Paced, after a pass in a Sì Sè Pái claim window: the decision's buttons go at once, the
    middle of the table shows each card drawn or discarded up for claims in turn (SSP-4.1,
    SSP-4.3), not the card just passed on until the last AI move, and the other seats' melds and
    discards follow the moves."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 6}).json()
        gid, token = created["id"], created["seats"][0]["token"]
        play_until(api, gid, token, lambda view: bool(view["table"]["claim"]) and 0 in view["to_act"])
        before = api.get(f"/v1/games/{gid}", headers={"Authorization": f"Bearer {token}"}).json()
        with paced_seat(browser, table_server, gid, token) as (page, version):
            # the decisions' buttons shown, and the card up for claims in the middle of the table
            record_while_at(
                page,
                version,
                "pacedClaims",
                "[document.querySelectorAll('[data-action-id]').length,"
                " (document.querySelector('#centre .card[data-card]') || {dataset: {}}).dataset.card || null]",
            )
            # the other seats' cards on the table: exposed melds (SSP-4.2) and discards (SSP-5.4)
            record_while_at(
                page,
                version,
                "pacedFacts",
                "document.querySelectorAll('#opponents .facts-block [data-card]').length",
            )
            # the stock's count (each draw takes one, SSP-4.1)
            record_while_at(page, version, "pacedStock", STOCK_CHIP)
            # the reader, asked no more once they answered
            record_while_at(
                page, version, "pacedAsked", "document.querySelectorAll('#mine .badge-to-act').length"
            )
            stock = page.evaluate(STOCK_CHIP)
            laid = page.evaluate("document.querySelectorAll('#opponents .facts-block [data-card]').length")
            page.click('[data-action-id="pass"]')
            page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])", timeout=60_000)
            assert any(count != laid for count in page.evaluate("window.pacedFacts")), laid
            counts = [count for count in page.evaluate("window.pacedStock") if count is not None]
            assert stock == before["table"]["stock_count"] and counts and min(counts) < stock, (stock, counts)
            assert counts == sorted(counts, reverse=True), counts  # it only goes down
            assert page.evaluate("window.pacedAsked") and not any(page.evaluate("window.pacedAsked"))
            shown = page.evaluate("window.pacedClaims")
            passed_on = before["table"]["claim"]["card"]
            moved_on = next((i for i, (_, card) in enumerate(shown) if card != passed_on), None)
            assert moved_on is not None, (passed_on, shown)
            assert all(buttons == 0 for buttons, _ in shown[moved_on:]), shown  # no stale decision


# The paced moves of one batch at most (main.js PACE_LAST): older ones are logged at once.
PACE_LAST = 8
# Each render of the seats while the table still holds the version it had: the last logged line.
RECORD_PACED_RENDERS = """version => {
  window.pacedRenders = [];
  const table = document.querySelector('[data-testid=table]');
  new MutationObserver(() => {
    if (table.dataset.version !== version || !document.querySelector('#opponents .last-move')) return;
    const lines = document.querySelectorAll('#log li');
    window.pacedRenders.push(Number(lines[lines.length - 1].dataset.version));
  }).observe(document.querySelector('#opponents'), { childList: true, subtree: true });
}"""


def test_with_the_pace_on_a_long_backlog_shows_only_its_last_moves_one_by_one(table_server, browser):
    """A spectator whose page was frozen (a background tab) while the game went on by 100
    events: on the next poll the older moves go into the log at once, and only the last few
    are paced (at ~0.8 s each, the whole backlog would take a minute or more)."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 13}).json()
        game, token = created["id"], created["seats"][0]["token"]
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            page = context.new_page()
            page.goto(f"{table_server}/#game={game}")
            page.wait_for_selector("text=Watching as a spectator.")
            assert page.is_checked("input[name=pace]")
            before = page.get_attribute("[data-testid=table]", "data-version")
            page.evaluate(RECORD_PACED_RENDERS, before)
            cdp = context.new_cdp_session(page)
            cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
            play_first_actions(api, game, token, until_version=int(before) + 100)  # meanwhile
            backlog = api.get(f"/v1/games/{game}/events", params={"after": before, "limit": 500}).json()
            moves = [e["version"] for e in backlog["events"] if e["type"] == "action"]
            assert len(moves) > 4 * PACE_LAST, len(moves)
            final = backlog["events"][-1]["version"]

            cdp.send("Page.setWebLifecycleState", {"state": "active"})
            # (the seats' notes of the moves before the freeze are there from the start)
            wait_until(page, "window.pacedRenders && window.pacedRenders.length > 0", timeout=60)
            first_paced = page.evaluate("window.pacedRenders[0]")
            # while the moves are shown, the status line still says who is reading (no seat)
            assert page.inner_text("#turn") == "Watching as a spectator."
            # at the first move shown on its seat, every older move is already in the log
            assert len([v for v in moves if v >= first_paced]) <= PACE_LAST, (first_paced, moves)
            page.wait_for_selector(f"[data-testid=table][data-version='{final}']", timeout=60_000)
            paced = page.evaluate("window.pacedRenders")
            assert paced == sorted(paced), paced
            # a paced move's render, or a round won among them (shown before the next lead, CP-4.3)
            rounds_won = {e["version"] for e in backlog["events"] if e["type"] == "round_won"}
            assert set(paced) <= set(moves) | rounds_won, (paced, moves)
            assert 1 <= len([v for v in paced if v in moves]) <= PACE_LAST, paced
            logged = page.locator("#log li").evaluate_all("els => els.map(e => Number(e.dataset.version))")
            assert logged == list(range(1, final + 1))
        finally:
            context.close()


def in_viewport(page, selector: str) -> bool:
    """Whether the element's box lies inside the window's viewport (to a pixel: scrolling aligns
    an edge to the viewport's at subpixel precision)."""
    return page.eval_on_selector(
        selector,
        "e => { const r = e.getBoundingClientRect(); return r.top >= -1 && r.bottom <= innerHeight + 1; }",
    )


def test_a_move_refused_because_the_game_moved_on_says_so(table_server, browser):
    """The same seat open in two places: a decision taken in one leaves the other's buttons stale.
    Clicking one there changes nothing in the game (409); the table shows the game as it is now
    and tells the person why their click was not played, above the decision they take again,
    on screen (on a phone, where the decision is far down the page), until their next move."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 7}).json()
        game, token = created["id"], created["seats"][0]["token"]
        auth = {"Authorization": f"Bearer {token}"}
        watched = WatchedPage(browser, viewport={"width": 390, "height": 844})
        page = watched.page
        try:
            page.goto(f"{table_server}/#game={game}&token={token}")
            page.wait_for_selector(READY)
            assert page.is_hidden("#error") and page.locator("#mine .notice").count() == 0
            legal = api.get(f"/v1/games/{game}/legal-actions", headers=auth).json()
            api.post(
                f"/v1/games/{game}/actions",
                headers=auth,
                json={"action": legal["actions"][0]["id"], "expected_version": legal["version"]},
            ).raise_for_status()
            moved = api.get(f"/v1/games/{game}", headers=auth).json()["version"]
            stale = watched.action_ids("[data-action-id]:not([disabled])")[0]
            page.click(f'[data-action-id="{stale}"]')
            page.wait_for_selector(f"[data-testid=table][data-version='{moved}']")
            notice = page.locator("#mine .notice")
            notice.wait_for()
            assert (
                notice.inner_text()
                == "The game moved on before your move arrived: here it is now. Choose again."
            )
            # said once by the page's alert region (the notice is drawn again at every render)
            assert page.text_content("#notice-news") == notice.inner_text()
            assert in_viewport(page, "#mine .notice")
            assert in_viewport(page, "#mine [data-action-id]:not([disabled])")
            assert api.get(f"/v1/games/{game}", headers=auth).json()["version"] == moved  # nothing played
            assert_table_matches_api(watched, api, game, token)
            # the next move played is the answer to the notice: it goes
            page.click("#mine [data-action-id]:not([disabled])")
            wait_until(
                page,
                f"Number(document.querySelector('[data-testid=table]').dataset.version) > {moved}",
                timeout=60,
            )
            assert page.locator("#mine .notice").count() == 0
            errors = [e for e in watched.errors if "409" not in e]  # the refused request itself
            assert errors == [] and watched.foreign == []
        finally:
            watched.close()


def test_the_decision_is_on_screen_when_a_game_opens(table_server, browser):
    """Started, or opened again from its link, a table whose seat has a decision shows that
    decision: on a phone (and below a laptop's fold) it is far down the page, so the page scrolls
    to it; the prompt above the first button is on screen too."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 3}).json()
        game, token = created["id"], created["seats"][0]["token"]
    for viewport in ({"width": 390, "height": 844}, {"width": 1280, "height": 700}):
        watched = WatchedPage(browser, viewport=viewport)
        page = watched.page
        try:
            page.goto(f"{table_server}/#game={game}&token={token}")
            page.wait_for_selector(READY)
            assert in_viewport(page, "#mine [data-action-id]:not([disabled])"), viewport
            assert in_viewport(page, "#mine .prompt"), viewport
            watched.assert_clean()
        finally:
            watched.close()


def test_a_game_played_with_the_keyboard_ends_with_the_focus_on_the_score(table_server, browser):
    """Enter on the focused decision, move after move, to the end; then the focus is on the
    final score (the decision buttons are gone), and Tab goes on to the export and verify links,
    not back to the top of the page."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 7}).json()
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(f"{table_server}/#game={created['id']}&token={created['seats'][0]['token']}")
        for _ in range(MAX_DECISIONS):
            page.wait_for_selector(READY)
            if watched.table("data-status") == "finished":
                break
            assert page.evaluate("document.activeElement.dataset.actionId") is not None
            version = watched.table("data-version")
            page.keyboard.press("Enter")
            page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])")
        page.wait_for_selector("[data-testid=score] [data-seat][data-score]")
        # the focus moves once the score is drawn (after it, not with it): wait for it, bounded
        wait_until(
            page, "document.activeElement && document.activeElement.closest('[data-testid=score]') !== null"
        )
        page.keyboard.press("Tab")
        assert (
            page.evaluate("document.activeElement.getAttribute('href')")
            == f"/v1/games/{created['id']}/export"
        )
        watched.assert_clean()
    finally:
        watched.close()


def test_the_focus_waits_by_the_hand_and_is_not_taken_back(table_server, browser):
    """With the AI's moves paced, Enter on a decision: the focus waits on a line saying the other
    seats are playing, just below the decisions and on screen (it fell to the page's body for the whole
    AI turn, and a screen reader lost its place; then it waited on the status line, a screen
    away on a phone); the next decision takes it back. If the person moves to the log meanwhile,
    it stays there."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 3}).json()
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_paced(page, table_server, created)
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == "waiting"
        assert page.inner_text("#waiting") == "The other seats are playing…"
        box = page.evaluate(
            "(() => { const r = document.activeElement.getBoundingClientRect(); return [r.top, r.bottom]; })()"
        )
        assert 0 <= box[0] and box[1] <= page.viewport_size["height"] + 1, box  # on screen (to a pixel)
        wait_until(page, "document.activeElement.dataset.actionId !== undefined", timeout=30)
        assert page.locator("#waiting").is_hidden()
        assert page.evaluate("document.activeElement.getBoundingClientRect().top") >= 0

        version = watched.table("data-version")
        page.keyboard.press("Enter")
        page.focus("#log")  # the person reads the log while the AI plays
        page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])")
        page.wait_for_selector(READY)
        assert page.evaluate("document.activeElement.id") == "log"
        watched.assert_clean()
    finally:
        watched.close()


def test_skip_to_the_table_keeps_the_game(table_server, browser):
    """The skip link moves the focus to the table; it used to set the fragment to #main, which
    the page read as "no game": the seat was left for the lobby in the middle of the game."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 7}).json()
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(f"{table_server}/#game={created['id']}&token={created['seats'][0]['token']}")
        page.wait_for_selector(READY)
        url = page.url
        page.focus("a.skip-link")
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('main') !== null")
        assert page.url == url
        assert page.is_visible("[data-testid=table]") and page.is_hidden("#lobby")
        watched.assert_clean()
    finally:
        watched.close()


def test_a_finished_game_opens_on_its_final_score(table_server, browser):
    """Opened again once over (a reload, a bookmark), the table puts the focus, and the screen,
    on the final score: on a phone it is far down the page."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 3}).json()
        token = created["seats"][0]["token"]
        play_first_actions(api, created["id"], token)
    watched = WatchedPage(browser, viewport={"width": 390, "height": 844})
    page = watched.page
    try:
        page.goto(f"{table_server}/#game={created['id']}&token={token}")
        page.wait_for_selector("[data-testid=table][data-status=finished]")
        wait_until(page, "document.activeElement && document.activeElement.matches('[data-testid=score] h2')")
        assert in_viewport(page, "[data-testid=score] h2")
        watched.assert_clean()
    finally:
        watched.close()


def test_a_move_refused_with_no_decision_left_says_nothing_is_asked(table_server, browser):
    """Two people at a Chuo Pai table, seat 1 open in two places: it passes the opening-bonus
    round in one (CP-2.5), then clicks the stale Pass in the other. Nothing was played and seat 1
    has no decision now, so the notice does not ask it to choose again; once the game moves on
    (seat 0 answers), the notice is gone."""
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "ai", "level": "basic"}]
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post(
            "/v1/games", json={"ruleset": "chuopai", "seed": 7, "seats": seats, "options": {"leader": 1}}
        ).json()
        game = created["id"]
        tokens = {s["seat"]: s["token"] for s in created["seats"] if s.get("token")}
        watched = WatchedPage(browser)
        page = watched.page
        try:
            page.goto(f"{table_server}/#game={game}&token={tokens[1]}")
            page.wait_for_selector(READY)
            pass_as(api, game, tokens[1])
            page.click('[data-action-id="pass"]')
            notice = page.locator("#mine .notice")
            notice.wait_for()
            assert notice.inner_text() == (
                "The game moved on before your move arrived, and it was not played. Nothing is asked of you now."
            )
            assert page.locator("#mine [data-action-id]").count() == 0
            pass_as(api, game, tokens[0])
            page.wait_for_selector("#mine .notice", state="detached", timeout=30_000)
            errors = [e for e in watched.errors if "409" not in e]  # the refused request itself
            assert errors == [] and watched.foreign == []
        finally:
            watched.close()


def auth_of(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def pass_as(api: httpx.Client, game: str, token: str) -> None:
    """The seat of `token` passes, at the game's version now."""
    legal = api.get(f"/v1/games/{game}/legal-actions", headers=auth_of(token)).json()
    body = {"action": "pass", "expected_version": legal["version"]}
    api.post(f"/v1/games/{game}/actions", headers=auth_of(token), json=body).raise_for_status()


def test_a_game_left_for_the_lobby_is_listed_there_and_opens_its_seat_again(table_server, browser):
    """The seat token is only in the page's address: leaving a game by the header's link lost it,
    unless the person had noted the token. The lobby lists this device's games, newest first,
    each opening its seat."""
    watched = WatchedPage(browser, viewport={"width": 390, "height": 844}, touch=True)
    page = watched.page
    try:
        start_from_form(watched, table_server, "nantong")
        first_id, token = seat_token(page)
        start_from_form(watched, table_server, "chuopai")
        second_id, _ = seat_token(page)
        page.locator("#new-game-link").tap()
        page.wait_for_selector("#my-games:not([hidden]) a[data-game-id]")
        listed = page.locator("#my-games a").evaluate_all("els => els.map(e => e.dataset.gameId)")
        assert listed[:2] == [second_id, first_id], listed  # newest first
        assert page.locator("#my-games a").first.inner_text().startswith("Chuo Pai")
        assert ", in progress, last opened " in page.locator("#my-games a").first.inner_text()
        assert all(b["height"] >= 44 for b in (a.bounding_box() for a in page.locator("#my-games a").all()))
        page.locator(f'#my-games a[data-game-id="{first_id}"]').tap()
        page.wait_for_selector(f"[data-testid=table][data-game-id='{first_id}']")
        page.wait_for_selector("#mine [data-testid=hand] [data-card]")  # the seat, not a spectator
        assert seat_token(page) == (first_id, token)
        watched.assert_clean()
    finally:
        watched.close()


def test_the_lobby_says_which_of_this_device_s_games_are_over(table_server, browser):
    """A game opened once it was over is listed as finished (so is one that ends at the table:
    the page marks it as it shows the score); a game still running, as in progress."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        over = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 3}).json()
        play_first_actions(api, over["id"], over["seats"][0]["token"])
        api_score = api.get(f"/v1/games/{over['id']}/score").json()
        running = api.post("/v1/games", json={"ruleset": "nantong", "seed": 3}).json()
    watched = WatchedPage(browser)
    page = watched.page
    try:
        for created in (over, running):
            page.goto(f"{table_server}/#game={created['id']}&token={created['seats'][0]['token']}")
            page.wait_for_selector(f"[data-testid=table][data-game-id='{created['id']}']")
            page.wait_for_selector(READY)
        page.goto(f"{table_server}/")
        page.wait_for_selector("#my-games:not([hidden]) a[data-game-id]")
        listed = {
            a.get_attribute("data-game-id"): (a.get_attribute("data-finished"), a.inner_text())
            for a in page.locator("#my-games a").all()
        }
        # the AI level and, once over, how it ended for the seat
        seat_won = 0 in api_score["winners"]
        outcome = (
            ("you won" if len(api_score["winners"]) == 1 else "you shared the win")
            if seat_won
            else "you lost"
        )
        assert listed[over["id"]][0] == "true"
        assert listed[over["id"]][1].startswith(
            f"Chuo Pai (Sichuan cards) against basic AI, finished: {outcome}, last opened "
        )
        assert listed[running["id"]][0] == "false"
        assert listed[running["id"]][1].startswith(
            "Nantong long cards against basic AI, in progress, last opened "
        )
        watched.assert_clean()
    finally:
        watched.close()


def test_a_game_opened_while_another_ones_end_is_fetched_is_left_alone(table_server, browser):
    """The end of a finished game is fetched in steps (its score, its full events, its replay):
    a game opened meanwhile (another fragment) had the rest asked with its own id, a replay of a
    running game (409 in the console), and the finished game's log and replay drawn over it."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        over = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 3}).json()
        play_first_actions(api, over["id"], over["seats"][0]["token"])
        running = api.post("/v1/games", json={"ruleset": "nantong", "seed": 3}).json()
    watched = WatchedPage(browser)
    page = watched.page
    asked = []

    def slow_score(route):  # the finished game's score answers late: the other game opens first
        asked.append(route.request.url)
        time.sleep(1.5)
        route.continue_()

    try:
        page.route(lambda url: "/score" in url, slow_score)
        page.goto(f"{table_server}/#game={over['id']}&token={over['seats'][0]['token']}")
        wait_until(page, "document.querySelector('[data-testid=table][data-status=finished]') !== null")
        page.goto(f"{table_server}/#game={running['id']}&token={running['seats'][0]['token']}")
        page.wait_for_selector(f"[data-testid=table][data-game-id='{running['id']}']")
        page.wait_for_selector(READY)
        page.wait_for_timeout(2500)  # the late score, and whatever followed it, has come
        assert asked, "the finished game's end was not fetched"
        assert page.locator("#end").is_hidden() and page.locator("#end .replay").count() == 0
        watched.assert_clean()
    finally:
        watched.close()


def moved_after_an_automatic_pass(events: list[dict], seat: int) -> list[dict]:
    """The other seats' moves after `seat`'s first automatic pass in `events` (none without one)."""
    auto = next(
        (i for i, e in enumerate(events) if e["type"] == "action" and e["payload"].get("by") == "auto"), None
    )
    if auto is None:
        return []
    return [e for e in events[auto:] if e["type"] == "action" and e["payload"]["seat"] != seat]


def test_a_reload_shows_the_same_moves_on_the_seats(table_server, browser):
    """The line under each seat is its move since the person's own last one, as the answer to
    that move showed it; opened again (a reload) the page shows the same lines, also when the
    person passed automatically meanwhile (a Sì Sè Pái claim window with nothing to claim,
    SSP-5.1): that pass is not their move."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 3}).json()
        game, token = created["id"], created["seats"][0]["token"]
        watched = WatchedPage(browser)
        page = watched.page
        try:
            open_seat(page, table_server, game, token, stored={})
            for _ in range(40):
                version = watched.table("data-version")
                page.click("[data-action-id]:not([disabled])")
                page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])")
                wait_until(page, "!document.querySelector('[data-action-id][disabled]')")
                answer = api.get(
                    f"/v1/games/{game}/events", params={"after": version}, headers=auth_of(token)
                )
                others = moved_after_an_automatic_pass(answer.json()["events"], 0)
                if others or watched.table("data-status") != "active":
                    break
            assert others, "no answer held an automatic pass of the person followed by other seats' moves"
            shown = page.locator(".seat .last-move").all_inner_texts()
            page.reload()
            page.wait_for_selector(READY)
            assert page.locator(".seat .last-move").all_inner_texts() == shown
            watched.assert_clean()
        finally:
            watched.close()


# The widest game name in the lobby's select, in the select's own font, and the room inside it.
SELECT_ROOM = """() => {
  const select = document.querySelector('select[name=ruleset]');
  const style = getComputedStyle(select);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = style.font;
  const widest = Math.max(...[...select.options].map((o) => pen.measureText(o.text).width));
  const inside = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return [widest, inside];
}"""


@pytest.mark.parametrize("lang", ["en", "fr", "da", "ms", "tr", "zh"])
def test_on_a_phone_every_game_name_fits_the_lobbys_select(table_server, browser, lang):
    watched = WatchedPage(browser, viewport={"width": 390, "height": 844}, touch=True)
    watched.context.add_init_script(f"localStorage.setItem('cardtable.lang', '{lang}')")
    page = watched.page
    try:
        page.goto(f"{table_server}/")
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        widest, inside = page.evaluate(SELECT_ROOM)
        assert widest + 20 <= inside, (lang, widest, inside)  # 20 px for the select's arrow
        watched.assert_clean()
    finally:
        watched.close()


def test_the_lobby_offers_the_last_choice_again(table_server, browser):
    """The game and AI level chosen are offered again when the lobby opens next (a person who
    plays Chuo Pai against strong AI should not get Sì Sè Pái against basic after a reload), and
    the game's select is wide enough for its longest name."""
    watched = WatchedPage(browser)
    page = watched.page
    # a game of this device's: the lobby then has three panels side by side
    seat = {"id": "0" * 32, "token": "t", "ruleset": "chuopai", "at": 1, "finished": True}
    watched.context.add_init_script(f"localStorage.setItem('cardtable.seats', '{json.dumps([seat])}')")
    try:
        page.goto(f"{table_server}/")
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        page.wait_for_selector("#my-games:not([hidden])")
        form = page.locator("[data-testid=new-game]")
        # every game's name fits its select, in the select's own font (none cut off)
        room = page.evaluate(SELECT_ROOM)
        assert room[0] + 20 <= room[1], room  # 20 px for the select's arrow
        # the player count begins the game's summary under it
        assert page.inner_text("#ruleset-summary").startswith("For 4 players. ")
        form.locator("select[name=ruleset]").select_option("chuopai")
        form.locator("select[name=level]").select_option("strong")
        page.reload()
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        assert form.locator("select[name=ruleset]").input_value() == "chuopai"
        assert form.locator("select[name=level]").input_value() == "strong"
        assert page.inner_text("#level-about").startswith("The strongest level")
        # a game without that level (Nantong has no strong level) offers basic
        form.locator("select[name=ruleset]").select_option("nantong")
        page.reload()
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        assert form.locator("select[name=ruleset]").input_value() == "nantong"
        assert form.locator("select[name=level]").input_value() == "basic"
        watched.assert_clean()
    finally:
        watched.close()


def test_on_a_phone_a_game_that_cannot_be_opened_is_said_on_screen(table_server, browser):
    """The error line is above everything; on a phone scrolled down to "Open an existing game" it
    was said out of sight, and the form seemed to do nothing."""
    watched = WatchedPage(browser, viewport={"width": 390, "height": 844}, touch=True)
    page = watched.page
    try:
        page.goto(f"{table_server}/")
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        page.locator("[data-testid=open]").scroll_into_view_if_needed()
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        # the top of the page, where the error line is, out of sight
        assert page.evaluate("scrollY") > page.evaluate("document.querySelector('#error').offsetTop + 100")
        page.fill("#open-game input[name=game]", "nonexistent123")
        page.click("[data-testid=open]")
        page.wait_for_selector("#error:not([hidden])")
        assert "nonexistent123" in page.inner_text("#error")
        on_screen = (
            "(() => { const r = document.querySelector('#error').getBoundingClientRect();"
            " return r.top >= -1 && r.bottom <= innerHeight + 1; })()"
        )
        wait_until(page, on_screen)
        # the same id once more: the address does not change, and the attempt is answered all the same
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert not page.evaluate(on_screen)
        page.click("[data-testid=open]")
        wait_until(page, on_screen)
        # the 404 of the view is the error said; nothing else went wrong on the page
        assert all("404" in error for error in watched.errors), watched.errors
        watched.errors.clear()
        watched.assert_clean()
    finally:
        watched.close()


def test_with_the_pace_on_every_move_answering_the_persons_is_shown(table_server, browser):
    """Chuo Pai seed 1: after the person's opening-bonus answer the other seats play some 25 moves
    while the person, unable to beat, passes automatically (CP-4.2). Every one of them is shown
    on its seat in turn (faster, when many), not only the last few: whole rounds went by unseen."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 1}).json()
        game, token = created["id"], created["seats"][0]["token"]
        with paced_seat(browser, table_server, game, token) as (page, version):
            page.evaluate(RECORD_PACED_RENDERS, version)
            # each seat's pile: the cards pictured and the count said; the reader marked as moving
            record_while_at(
                page,
                version,
                "pacedPiles",
                "[[...document.querySelectorAll('.seat')].map((s) => [([...s.querySelectorAll('.facts-block')]"
                ".find((b) => b.querySelector('.facts-title').textContent === 'pile') || document.createElement('div'))"
                ".querySelectorAll('[data-card]').length, Number((s.querySelector('.seat-stats').textContent"
                ".match(/pile (\\d+)/) || [0, 0])[1])]), document.querySelectorAll('#mine .badge-moving').length,"
                " [...document.querySelectorAll('.seat')].filter((s) => s.querySelector('.badge-leads'))"
                ".map((s) => Number(s.dataset.seat))]",
            )
            page.click("[data-action-id]")
            page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])", timeout=60_000)
            piles = page.evaluate("window.pacedPiles")
            # the pile pictured is the pile counted, as rounds are won (CP-4.3)
            assert all(pictured == counted for seats, *_ in piles for pictured, counted in seats), piles
            assert any(counted for seats, *_ in piles for _, counted in seats), piles
            # the reader, passing automatically meanwhile (CP-4.2), is never marked as playing
            assert all(mine == 0 for _, mine, _ in piles), piles
            # the winner of each round leads the next (CP-4.4): the lead passes as rounds are won
            assert len({tuple(leads) for *_, leads in piles}) > 1, piles
            answer = api.get(f"/v1/games/{game}/events", params={"after": version}, headers=auth_of(token))
            moves = [
                e["version"]
                for e in answer.json()["events"]
                if e["type"] == "action" and e["payload"]["seat"] != 0
            ]
            assert len(moves) > 2 * PACE_LAST, moves
            shown = page.evaluate("window.pacedRenders")
            assert set(moves) <= set(shown), (moves, shown)


def test_on_a_phone_the_card_up_for_claims_is_beside_the_decision(table_server, browser):
    """A Sì Sè Pái claim decision on a phone: the decision's buttons have the focus and the middle
    of the table, where the card up for claims lies, is scrolled out of sight; the card is shown
    beside the prompt that names it too (SSP-5.1)."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 6}).json()
        game, token = created["id"], created["seats"][0]["token"]
        view = play_until(api, game, token, lambda v: bool(v["table"]["claim"]) and 0 in v["to_act"])
    watched = WatchedPage(browser, viewport={"width": 390, "height": 844}, touch=True)
    page = watched.page
    try:
        open_seat(page, table_server, game, token, stored={})
        card = "#mine .prompt-line .prompt-card [data-card]"
        page.wait_for_selector(card)
        assert page.get_attribute(card, "data-card") == view["table"]["claim"]["card"]
        assert in_viewport(page, card) and in_viewport(page, "#mine .prompt")
        # decorative: the prompt already names it for a screen reader
        assert page.get_attribute("#mine .prompt-card", "aria-hidden") == "true"
        watched.assert_clean()
    finally:
        watched.close()


def test_with_the_pace_on_a_kong_is_laid_down_as_it_is_shown(table_server, browser):
    """Nantong seed 6: the answer to the person's tenth decision holds seat 2's concealed kong
    (NT-5.2). While the moves are shown one by one, its four cards are on seat 2's melds and
    out of its hand count at once, not only after the last move."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "nantong", "seed": 6}).json()
        game, token = created["id"], created["seats"][0]["token"]
        play_first_actions(api, game, token, until_version=100)
        with paced_seat(browser, table_server, game, token) as (page, version):
            record_while_at(
                page,
                version,
                "pacedSeat2",
                "[[...document.querySelectorAll('#opponents [data-seat=\"2\"] .facts-block [data-card]')]"
                '.map((c) => c.dataset.card), parseInt(document.querySelector(\'#opponents [data-seat="2"]'
                " .seat-stats').textContent, 10)]",
            )
            page.click("[data-action-id]")
            page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])", timeout=60_000)
            answer = api.get(f"/v1/games/{game}/events", params={"after": version}, headers=auth_of(token))
            events = answer.json()["events"]
            kong = next(
                e
                for e in events
                if e["type"] == "action" and e["payload"]["public"].get("type") == "concealed_kong"
            )
            card = kong["payload"]["public"]["card"]
            seen = page.evaluate("window.pacedSeat2")
            with_kong = [(cards, hand) for cards, hand in seen if cards.count(card) == 4]
            assert with_kong, (card, seen)
            before_kong = [hand for cards, hand in seen if cards.count(card) < 4]
            # the four cards left the hand as the kong was laid down (its replacement draw came after)
            assert min(hand for _, hand in with_kong) <= max(before_kong) - 3, seen


@pytest.mark.parametrize("ruleset", ["chuopai", "nantong", "sisepai"])
def test_a_reload_after_any_move_shows_the_same_notes_on_the_seats(table_server, browser, ruleset):
    """Opened again after a move (a play, a discard, a claim, a round won), the page shows the
    notes the answer to that move showed: the reader's own move too, and window answers recorded
    before it (in the window's order), which the page knows from the version it acted at."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": ruleset, "seed": 21}).json()
        game, token = created["id"], created["seats"][0]["token"]
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_seat(page, table_server, game, token, stored={})
        compared = 0
        for move in range(9):
            if watched.table("data-status") != "active":
                break
            version = watched.table("data-version")
            # the last of the decision's actions: a claim rather than a pass where there is one
            page.locator("[data-action-id]:not([disabled])").last.click()
            page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])")
            wait_until(page, "!document.querySelector('[data-action-id][disabled]')")
            if move % 3 != 2:
                continue
            shown = page.locator(".seat .last-move").all_inner_texts()
            at, active = watched.table("data-version"), watched.table("data-status") == "active"
            page.reload()
            page.wait_for_selector(f"[data-testid=table][data-version='{at}']")
            if active:
                page.wait_for_selector(READY)
            assert page.locator(".seat .last-move").all_inner_texts() == shown, move
            compared += 1
        assert compared >= 2
        watched.assert_clean()
    finally:
        watched.close()


def test_a_nantong_match_of_several_deals_is_started_from_the_lobby(table_server, browser):
    """The lobby offers a ruleset's options that are not seats (GET /v1/rulesets/{id} `options`):
    Nantong's number of deals (NT-3.3), from 1 to 16, 1 chosen; Chuo Pai has none to offer."""
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(f"{table_server}/")
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        form = page.locator("[data-testid=new-game]")
        form.locator("select[name=ruleset]").select_option("chuopai")
        assert form.locator("select[data-option]").count() == 0
        form.locator("select[name=ruleset]").select_option("nantong")
        deals = form.locator("select[data-option=deals]")
        deals.wait_for()
        assert deals.input_value() == "1"
        assert deals.locator("option").all_inner_texts() == [str(n) for n in range(1, 17)]
        assert form.locator("label:has(select[data-option=deals]) span").inner_text() == "Deals in the match"
        deals.select_option("2")
        page.click("[data-testid=start]")
        page.wait_for_selector("[data-testid=table][data-game-id]")
        page.wait_for_selector(READY)
        game, token = seat_token(page)
        with httpx.Client(base_url=table_server, timeout=30) as api:
            view = api.get(f"/v1/games/{game}", headers=auth_of(token)).json()
        assert view["options"]["deals"] == 2 and view["table"]["deals"] == 2
        # the chips say it too: "deal 1 of 2"
        assert "deal 1 of 2" in page.inner_text("#centre")
        watched.assert_clean()
    finally:
        watched.close()


def test_a_waiting_page_polls_with_the_views_etag_and_reads_no_body_while_nothing_happens(
    table_server, browser
):
    """While the game waits on someone else, the page asks every 2 s whether the view changed:
    with the ETag of the view it read last (If-None-Match), so an unchanged view comes back as a
    body-less 304; once the game moves on, the next poll reads the new view (200) and shows it."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 13}).json()
        game, token = created["id"], created["seats"][0]["token"]
        watched = WatchedPage(browser)
        page = watched.page
        polls: list[tuple[str | None, int]] = []
        page.on(
            "response",
            lambda r: (
                polls.append((r.request.headers.get("if-none-match"), r.status))
                if urlsplit(r.url).path == f"/v1/games/{game}"
                else None
            ),
        )
        try:
            page.goto(f"{table_server}/#game={game}")
            page.wait_for_selector("text=Watching as a spectator.")
            deadline = time.monotonic() + 20
            while sum(status == 304 for _, status in polls) < 2:
                assert time.monotonic() < deadline, polls
                page.wait_for_timeout(200)
            assert all(etag for etag, status in polls if status == 304), polls
            before = int(watched.table("data-version") or 0)
            # (a spectator of a game with one person sees it move at that person's plays)
            spectators = lambda: api.get(f"/v1/games/{game}").json()["version"]  # noqa: E731
            play_until(api, game, token, lambda _view: spectators() > before)
            now = spectators()
            page.wait_for_selector(f"[data-testid=table][data-version='{now}']", timeout=20_000)
            # the poll that saw the change sent the old ETag and read the new view
            assert any(etag and status == 200 for etag, status in polls), polls
            watched.assert_clean()
        finally:
            watched.close()


def _awaited(legal: dict[int, dict]) -> set[int]:
    return {seat for seat, la in legal.items() if la["actions"]}


def test_a_waiting_person_sees_the_end_when_the_other_person_ends_the_game_mid_poll(table_server, browser):
    """Two people at one table. While the waiting person's page reads the moves its poll found,
    the other person plays on to the end: the page's next reads already find the game finished,
    and it shows the end (final score, replay) as the person who ended it sees it, not a finished
    table with no score."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "ai", "level": "basic"}]
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 21, "seats": seats}).json()
        game = created["id"]
        tokens = {s["seat"]: s["token"] for s in created["seats"] if s.get("token")}
        # until the second person has a decision and the first waits on them
        people_play(api, game, tokens, lambda legal: _awaited(legal) == {1})
        watched = WatchedPage(browser)
        page = watched.page
        armed, ended = [False], [False]

        def end_the_game_first(route):
            # the first read of the moves after the poll saw the game move on: meanwhile, the
            # game is played to its end
            if armed[0] and not ended[0] and "/events" in route.request.url:
                ended[0] = True
                people_play(api, game, tokens, lambda legal: False)
            route.fallback()

        try:
            page.goto(f"{table_server}/#game={game}&token={tokens[0]}")
            page.wait_for_selector("[data-testid=table]")
            page.wait_for_timeout(500)  # the opening reads are done
            watched.context.route("**/v1/games/*/events*", end_the_game_first)
            armed[0] = True
            people_play(api, game, tokens, lambda legal: _awaited(legal) != {1})  # one move
            page.wait_for_selector("[data-testid=score] [data-seat][data-score]", timeout=30_000)
            assert ended[0] and api.get(f"/v1/games/{game}").json()["status"] == "finished"
            assert page.locator("#end .replay").count() == 1
            watched.assert_clean()
        finally:
            watched.close()


def test_an_address_with_a_wrong_token_is_said_once_and_not_kept(table_server, browser):
    """A seat's link with a token that is not the game's: the error is said in the lobby, and the
    address goes back to the lobby's, so a reload does not say it again."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 2}).json()
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(f"{table_server}/?lang=fr#game={created['id']}&token=wrongtoken")
        page.wait_for_selector("#error:not([hidden])")
        assert page.locator("#lobby").is_visible() and page.evaluate("location.hash") == ""
        assert page.evaluate("location.search") == "?lang=fr"
        page.reload()
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        assert page.locator("#error").is_hidden()
        assert all("401" in error for error in watched.errors), watched.errors  # the view's refusal
        watched.errors.clear()
        watched.assert_clean()
    finally:
        watched.close()
