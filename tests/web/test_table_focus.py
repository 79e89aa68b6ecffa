"""Where the focus goes and what is announced, for a person on the keyboard with a screen reader:
the moves are announced, not every claim window's answer; the focus never falls to the page's
body when the control used is gone (New game, a game opened to watch); the replay's slider says
where it is in words."""

from __future__ import annotations

import httpx
import pytest

from tests.web.browser import READY, open_seat, wait_until
from tests.web.test_table_browser import WatchedPage
from tests.web.test_table_verify import FINISHED, finished_game


def test_the_moves_are_announced_without_the_claim_windows_answers(table_server, browser):
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 3}).json()
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_seat(page, table_server, created["id"], created["seats"][0]["token"], stored={})
        assert page.get_attribute("#log", "aria-live") == "off"
        assert page.get_attribute("#log", "aria-labelledby") == "log-title"
        assert page.inner_text("#log-news") == ""  # opening a game reads out none of its past
        before = page.locator("#log li").count()
        version = watched.table("data-version")
        page.keyboard.press("Enter")
        page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])")
        page.wait_for_selector(READY)
        wait_until(page, "document.querySelector('#log-news').textContent !== ''")
        news = page.inner_text("#log-news")
        added = page.locator("#log li").evaluate_all(
            f"els => els.slice({before}).map(e => [e.className, e.textContent.replace(/^\\d+ /, '')])"
        )
        quiet = [text for kind, text in added if kind == "log-quiet"]
        told = [text for kind, text in added if kind != "log-quiet"]
        assert quiet and told, added  # the answers of a claim window, and moves
        assert all(text not in news for text in quiet), (news, quiet)
        assert told[-1] in news, (news, told)
        watched.assert_clean()
    finally:
        watched.close()


@pytest.fixture(scope="module")
def finished(table_server) -> tuple[str, str, int]:
    """A finished Chuo Pai game, its seat token and its last version."""
    with httpx.Client(base_url=table_server, timeout=60) as api:
        game, token = finished_game(api, seed=21)
        return game, token, api.get(f"/v1/games/{game}").json()["version"]


@pytest.fixture
def finished_page(table_server, browser, finished):
    """The finished game's table, opened by its seat."""
    watched = WatchedPage(browser)
    try:
        open_seat(watched.page, table_server, finished[0], finished[1], stored={}, ready=FINISHED)
        yield watched
        watched.assert_clean()
    finally:
        watched.close()


def test_new_game_and_watching_leave_the_focus_on_a_heading(table_server, finished_page):
    with httpx.Client(base_url=table_server, timeout=60) as api:
        running = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 8}).json()
    page = finished_page.page
    page.get_by_role("button", name="New game").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#lobby:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "lobby-title"
    # a game opened to watch (no token) has no decision to focus: its heading takes it
    page.fill("#open-game input[name=game]", running["id"])
    page.click("#open-game button[type=submit]")
    page.wait_for_selector("[data-testid=table][data-game-id]")
    wait_until(page, "document.activeElement.id === 'game-title'")
    page.go_back()  # back to the lobby: its heading again
    page.wait_for_selector("#lobby:not([hidden])")
    wait_until(page, "document.activeElement.id === 'lobby-title'")


def test_the_replay_slider_says_which_event_of_how_many(finished, finished_page):
    last = finished[2]
    page = finished_page.page
    slider = page.locator("input[name=replay-version]")
    slider.wait_for()
    valuetext = "document.querySelector('input[name=replay-version]').getAttribute('aria-valuetext')"
    wait_until(page, valuetext)
    assert slider.get_attribute("aria-valuetext") == f"event {last} of {last}"  # it opens on the end
    page.get_by_role("button", name="First: first event").click()
    wait_until(page, f"{valuetext}.startsWith('event 1 ')")
