"""Where the focus goes and what is announced, for a person on the keyboard with a screen reader:
the moves are announced, not every claim window's answer; the focus never falls to the page's
body when the control used is gone (New game, a game opened to watch); the replay's slider says
where it is in words."""

from __future__ import annotations

import httpx
import pytest

from tests.web.browser import READY, a_chuopai_lead, open_paced, open_seat, wait_until
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
        # opening a game reads out the moves since the reader's last one, not the whole log
        wait_until(page, "document.querySelector('#log-news').textContent !== ''")
        opening = page.inner_text("#log-news")
        assert opening.count(".") <= 6 and "Seat " in opening, opening
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


def test_the_moves_before_a_new_games_first_decision_are_said_when_it_opens(table_server, browser):
    """A Chuo Pai deal may play rounds before the person first decides (CP-4.2: a seat that
    cannot beat passes, automatically): those moves were in the log and heard by nobody. The last
    five that say something are said, the ones before them counted."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post(
            "/v1/games", json={"ruleset": "chuopai", "seed": 4, "options": {"leader": 1}}
        ).json()
        game, token = created["id"], created["seats"][0]["token"]
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_seat(page, table_server, game, token, stored={})
        wait_until(page, "document.querySelector('#log-news').textContent !== ''")
        news = page.inner_text("#log-news")
        assert page.locator("#log li").count() > 6, "the deal played too little before the decision"
        assert "earlier moves are in the log." in news, news
        last = page.locator("#log li:not(.log-quiet)").last.text_content().split(" ", 1)[1]
        assert last.rstrip(".") in news, (last, news)
        watched.assert_clean()
    finally:
        watched.close()


def test_a_claim_outranked_is_alerted_once(table_server, browser):
    """SSP-5.2 (seed 14: seat 0's first decision is a command group on a card another seat takes
    first, and 16 AI moves follow before seat 0 decides again). The notice above the decision was
    itself an alert, drawn again at every render: announced at each of those moves. It is said
    once; once a card has been drawn since, it says it is about an earlier card."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 14}).json()
    watched = WatchedPage(browser)
    page = watched.page
    try:
        # the AI's moves shown one by one, each drawn: as a person sees them by default
        open_paced(page, table_server, created)
        page.evaluate(ALERT_RECORDER)
        page.click('[data-action-id="claim:command:rK,rA,rE"]')
        page.locator("#mine .notice").wait_for()
        page.wait_for_selector(READY)
        wait_until(page, "!document.querySelector('[data-action-id][disabled]')")
        alerts = page.evaluate("() => window.alerted")
        said = [a for a in alerts if a.startswith("Your claim was outranked.")]
        assert len(said) == 1, alerts
        # play went on past that card (a card drawn since): above the decision on another card,
        # the notice says it is about an earlier one, and is not alerted again
        assert page.inner_text("#mine .notice") == "Earlier, your claim was outranked." + said[
            0
        ].removeprefix("Your claim was outranked.")
        assert not [a for a in alerts if a.startswith("Earlier")], alerts
        watched.assert_clean()
    finally:
        watched.close()


# Every text an alert shows, as a screen reader hears it: an element with role=alert put into the
# page with text, or the text of one put in place.
ALERT_RECORDER = """() => {
  window.alerted = [];
  const isAlert = (n) => n.nodeType === 1 && n.getAttribute("role") === "alert";
  new MutationObserver((records) => {
    for (const r of records) {
      if (isAlert(r.target) && r.target.textContent) window.alerted.push(r.target.textContent);
      for (const n of r.addedNodes) {
        if (n.nodeType !== 1) continue;
        for (const a of [n, ...n.querySelectorAll("[role=alert]")]) {
          if (isAlert(a) && a.textContent) window.alerted.push(a.textContent);
        }
      }
    }
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
}"""


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
    page.click("[data-testid=open]")
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


def test_the_final_score_is_said_with_every_seats_points(finished_page):
    """ "The game is over: seat 2 wins" named no score: the final score's heading and each seat's
    points are said once the score is shown."""
    page = finished_page.page
    wait_until(page, "document.querySelector('#log-news').textContent.includes('Final score')")
    news = page.inner_text("#log-news")
    heading = page.inner_text("[data-testid=score] h2")
    assert heading in news, (heading, news)
    for seat in page.locator("[data-testid=score] [data-seat]").all():
        points = seat.get_attribute("data-score").replace("-", "\u2212")
        who = "You" if seat.get_attribute("data-seat") == "0" else f"Seat {seat.get_attribute('data-seat')}"
        assert f"{who}: {points}." in news, (who, points, news)


def test_arrow_keys_home_and_end_move_among_the_decisions(table_server, browser):
    """A Chuo Pai lead offers dozens of plays (CP-3): its combinations came after 26 presses of
    Tab. Arrows step through the decisions, Home and End go to the first and the last; Tab still
    goes through them one by one."""
    created = a_chuopai_lead(table_server)
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_seat(page, table_server, created["id"], created["seats"][0]["token"], stored={})
        ids = page.locator("[data-testid=actions] [data-action-id]").evaluate_all(
            "els => els.map((e) => e.dataset.actionId)"
        )
        assert len(ids) > 10
        focused = "() => document.activeElement.dataset.actionId"
        page.focus(f"[data-action-id='{ids[0]}']")
        for key, expected in (
            ("End", ids[-1]),
            ("ArrowLeft", ids[-2]),
            ("Home", ids[0]),
            ("ArrowDown", ids[1]),
        ):
            page.keyboard.press(key)
            assert page.evaluate(focused) == expected, key
        page.keyboard.press("Tab")
        assert page.evaluate(focused) == ids[2]
        watched.assert_clean()
    finally:
        watched.close()
