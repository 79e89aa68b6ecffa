"""One decision per press. With the AI's moves shown at once, the next decision is drawn and
focused as soon as the AI has answered: Enter held down (its keydown repeats) played move after
move, and the second click of a double-click landed on the next decision under the pointer and
played a move nobody chose."""

from __future__ import annotations

import httpx

from tests.web.browser import READY, open_seat, wait_until
from tests.web.test_table_browser import WatchedPage

SETTLE_SECONDS = 0.7  # a move sent would have been posted long before (the server is local)


def moves_posted(watched: WatchedPage) -> int:
    return sum(1 for url in watched.requests if url.split("?")[0].endswith("/actions"))


def next_decision(watched: WatchedPage, version: str) -> str:
    """Wait for the table past `version` with a decision focused; the new version."""
    page = watched.page
    page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])")
    page.wait_for_selector(READY)
    wait_until(page, "document.activeElement && document.activeElement.dataset.actionId !== undefined")
    assert watched.table("data-status") != "finished"
    return watched.table("data-version")


def test_enter_held_down_plays_one_move(table_server, browser):
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 3}).json()
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_seat(page, table_server, created["id"], created["seats"][0]["token"], stored={})
        version = watched.table("data-version")
        page.keyboard.down("Enter")  # plays the focused decision
        version = next_decision(watched, version)
        played = moves_posted(watched)
        page.keyboard.down("Enter")  # the key still down: a repeated keydown
        page.wait_for_timeout(SETTLE_SECONDS * 1000)  # events are taken in only while Playwright waits
        assert moves_posted(watched) == played and watched.table("data-version") == version
        page.keyboard.up("Enter")
        page.keyboard.press("Enter")  # pressed again: played
        page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])")
        assert moves_posted(watched) == played + 1
        watched.assert_clean()
    finally:
        watched.close()


def test_the_second_click_of_a_double_click_plays_nothing(table_server, browser):
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 3}).json()
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_seat(page, table_server, created["id"], created["seats"][0]["token"], stored={})
        version = watched.table("data-version")
        page.click("[data-action-id]:not([disabled]) >> nth=0")
        version = next_decision(watched, version)
        played = moves_posted(watched)
        box = page.locator("[data-action-id]:not([disabled])").first.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down(click_count=2)  # what reaches the page as a double-click's second click
        page.mouse.up(click_count=2)
        page.wait_for_timeout(SETTLE_SECONDS * 1000)  # events are taken in only while Playwright waits
        assert moves_posted(watched) == played and watched.table("data-version") == version
        page.click("[data-action-id]:not([disabled]) >> nth=0")  # a click of its own: played
        page.wait_for_selector(f"[data-testid=table]:not([data-version='{version}'])")
        assert moves_posted(watched) == played + 1
        watched.assert_clean()
    finally:
        watched.close()
