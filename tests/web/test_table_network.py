"""The table on a flaky connection: a move whose answer is lost, a read that fails after a move,
a poll that fails, a proxy's page instead of a problem, a game left while its move is answered.
No reload is needed to get back to the game, no move is sent twice, and the page never says a
played move was not played (faults injected with Playwright's routing; the server is real)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx

from tests.web.browser import PACE_OFF, READY, people_play, wait_until

CATCH_UP_SECONDS = 20  # the table reads the game again 2 s after a failure, then less often


def new_page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(PACE_OFF)
    return context, context.new_page()


def server_version(api: httpx.Client, game: str, token: str) -> int:
    return api.get(f"/v1/games/{game}", headers={"Authorization": f"Bearer {token}"}).json()["version"]


def table_version(page) -> int:
    return int(page.get_attribute("[data-testid=table]", "data-version") or 0)


@contextmanager
def seat_zero_at_its_first_decision(table_server, browser, ruleset: str, seed: int) -> Iterator[tuple]:
    """A new game of `ruleset` with the person in seat 0, open at its first decision: yields the
    API client, the game's id, seat 0's token and the page."""
    with httpx.Client(base_url=table_server, timeout=60) as api:
        created = api.post("/v1/games", json={"ruleset": ruleset, "seed": seed}).json()
        game, token = created["id"], created["seats"][0]["token"]
        context, page = new_page(browser)
        try:
            page.goto(f"{table_server}/#game={game}&token={token}")
            page.wait_for_selector(READY)
            yield api, game, token, page
        finally:
            context.close()


def test_a_move_whose_answer_is_lost_is_said_played_not_refused(table_server, browser):
    with seat_zero_at_its_first_decision(table_server, browser, "chuopai", 21) as (api, game, token, page):
        posts = []

        def lose_the_answer(route):
            posts.append(route.request.post_data)
            route.fetch()  # the server plays the move…
            route.abort("connectionreset")  # …and its answer never arrives

        page.route(re.compile(r".*/actions(\?.*)?$"), lose_the_answer)
        before = table_version(page)
        page.click("[data-action-id]:not([disabled]) >> nth=0")
        page.wait_for_selector("p.notice", timeout=CATCH_UP_SECONDS * 1000)
        notice = page.inner_text("p.notice")
        assert "Your move was played" in notice, notice
        page.unroute(re.compile(r".*/actions(\?.*)?$"))
        assert len(posts) == 1  # sent once
        version = server_version(api, game, token)
        assert version > before and table_version(page) == version


def test_a_read_failing_after_a_move_does_not_leave_the_table_stuck(table_server, browser):
    with seat_zero_at_its_first_decision(table_server, browser, "chuopai", 22) as (api, game, token, page):
        failed = []

        def fail_once(route):
            if not failed:
                failed.append(route.request.url)
                route.abort("connectionreset")
            else:
                route.continue_()

        page.route(re.compile(r".*/legal-actions(\?.*)?$"), fail_once)
        page.click("[data-action-id]:not([disabled]) >> nth=0")
        wait_until(page, "!document.querySelector('#error').hidden")
        assert "catch up by itself" in page.inner_text("#error")
        # no reload: the table reads the game again and offers the next decision
        deadline = time.monotonic() + CATCH_UP_SECONDS
        while table_version(page) != server_version(api, game, token) or page.locator(READY).count() == 0:
            assert time.monotonic() < deadline, "the table did not catch up by itself"
            time.sleep(0.25)
        assert failed and page.is_hidden("#error")


def test_a_failed_poll_polls_on_and_catches_up(table_server, browser):
    """Two people: seat 0 waits on seat 1 while its polls fail (the server restarting); once
    they answer again the table shows seat 1's move."""
    with httpx.Client(base_url=table_server, timeout=60) as api:
        seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "ai", "level": "basic"}]
        created = api.post("/v1/games", json={"ruleset": "nantong", "seed": 5, "seats": seats}).json()
        game = created["id"]
        tokens = {seat: created["seats"][seat]["token"] for seat in (0, 1)}
        legal = people_play(api, game, tokens, until=lambda la: not la[0]["actions"] and la[1]["actions"])
        context, page = new_page(browser)
        try:
            page.goto(f"{table_server}/#game={game}&token={tokens[0]}")
            page.wait_for_selector("[data-testid=table][data-version]")
            polls = []

            def down(route):
                polls.append(route.request.url)
                route.fulfill(
                    status=502, content_type="text/html", body="<html><body>Bad Gateway</body></html>"
                )

            view_path = re.compile(rf".*/v1/games/{game}(\?.*)?$")
            page.route(view_path, down)
            wait_until(page, "!document.querySelector('#error').hidden", timeout=CATCH_UP_SECONDS)
            error = page.inner_text("#error")
            assert "HTTP 502" in error and "Unexpected token" not in error, error
            api.post(
                f"/v1/games/{game}/actions",
                headers={"Authorization": f"Bearer {tokens[1]}"},
                json={"action": legal[1]["actions"][0]["id"], "expected_version": legal[1]["version"]},
            ).raise_for_status()
            page.unroute(view_path)
            deadline = time.monotonic() + CATCH_UP_SECONDS
            while table_version(page) != server_version(api, game, tokens[0]):
                assert time.monotonic() < deadline, "the table stopped polling after a failed poll"
                time.sleep(0.25)
            assert polls and page.is_hidden("#error")
        finally:
            context.close()


def test_moves_answered_after_the_game_was_left_stay_out_of_the_next_game(table_server, browser):
    """The AI's answer to a move is shown one by one; the person opens another game meanwhile:
    the rest of those moves went on into the other game's table and log."""
    with httpx.Client(base_url=table_server, timeout=60) as api:
        other = api.post("/v1/games", json={"ruleset": "sisepai", "seed": 23}).json()
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 24}).json()
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_init_script("localStorage.setItem('cardtable.pace', 'on')")
        page = context.new_page()
        try:
            page.goto(f"{table_server}/#game={created['id']}&token={created['seats'][0]['token']}")
            page.wait_for_selector(READY)
            with page.expect_response(re.compile(r".*/actions(\?.*)?$")):
                page.click("[data-action-id]:not([disabled]) >> nth=0")
            time.sleep(0.3)  # the answer has come: its moves are being shown one by one
            page.evaluate(
                "([id, token]) => { location.hash = `game=${id}&token=${token}`; }",
                [other["id"], other["seats"][0]["token"]],
            )
            page.wait_for_selector(f"[data-testid=table][data-game-id='{other['id']}']")
            page.wait_for_selector(READY)
            time.sleep(4)  # past the pace of the first game's remaining moves
            token = other["seats"][0]["token"]
            assert page.get_attribute("[data-testid=table]", "data-game-id") == other["id"]
            assert table_version(page) == server_version(api, other["id"], token)
            events = api.get(
                f"/v1/games/{other['id']}/events", headers={"Authorization": f"Bearer {token}"}
            ).json()["events"]
            assert page.locator("#log li").count() <= len(events)
            assert "Tian" not in page.inner_text("#log")  # no Chuo Pai card in a Sì Sè Pái log
        finally:
            context.close()


def test_a_second_tab_of_the_same_seat_catches_up_when_brought_to_the_front(table_server, browser):
    """A tab showing a decision does not poll; played in another tab, it read the old game until
    reloaded. Brought back to the front, it reads whether the game went on."""
    with httpx.Client(base_url=table_server, timeout=60) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 25}).json()
        game, token = created["id"], created["seats"][0]["token"]
        context, first = new_page(browser)
        second = context.new_page()
        try:
            for page in (first, second):
                page.goto(f"{table_server}/#game={game}&token={token}")
                page.wait_for_selector(READY)
            before = table_version(second)
            first.click("[data-action-id]:not([disabled]) >> nth=0")
            first.wait_for_selector(f"[data-testid=table]:not([data-version='{before}'])")
            assert table_version(second) == before  # not polled while it shows a decision
            second.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
            second.wait_for_selector(f"[data-testid=table]:not([data-version='{before}'])")
            second.wait_for_selector(READY)
            assert table_version(second) == server_version(api, game, token)
        finally:
            context.close()


def test_a_refused_move_is_said_by_the_decision_which_keeps_the_focus(table_server, browser):
    with seat_zero_at_its_first_decision(table_server, browser, "sisepai", 26) as (_, _, _, page):
        refusal = '{"type": "/problems/validation-error", "title": "Unprocessable", "status": 422, "detail": "no such thing"}'
        page.route(
            re.compile(r".*/actions(\?.*)?$"),
            lambda route: route.fulfill(status=422, content_type="application/problem+json", body=refusal),
        )
        page.click("[data-action-id]:not([disabled]) >> nth=0")
        page.wait_for_selector("p.notice")
        assert page.inner_text("p.notice") == "Your move was not played: no such thing"
        wait_until(page, "document.activeElement.dataset.actionId !== undefined")
        assert page.is_hidden("#error")


def test_a_page_opened_while_the_server_fails_opens_the_game_once_it_answers(table_server, browser):
    with httpx.Client(base_url=table_server, timeout=60) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 27}).json()
    context, page = new_page(browser)
    try:
        failed = []

        def once(route):
            if len(failed) < 1:
                failed.append(route.request.url)
                route.fulfill(
                    status=503, content_type="text/plain", body="restarting", headers={"Retry-After": "1"}
                )
            else:
                route.continue_()

        page.route(re.compile(r".*/v1/rulesets(\?.*)?$"), once)
        page.route(re.compile(rf".*/v1/games/{created['id']}(\?.*)?$"), once)
        page.goto(f"{table_server}/#game={created['id']}&token={created['seats'][0]['token']}")
        page.wait_for_selector(READY, timeout=CATCH_UP_SECONDS * 1000)
        assert failed and page.is_hidden("#error")
        assert page.get_attribute("[data-testid=table]", "data-game-id") == created["id"]
    finally:
        context.close()


def test_a_game_whose_creation_answer_is_lost_is_opened_not_made_twice(table_server, browser):
    """The server makes the game and its answer is lost: the table sends the creation again with
    the same Idempotency-Key and opens the game the first request made."""
    context, page = new_page(browser)
    try:
        sent, made = [], []

        def lose_the_first_answer(route):
            if route.request.method != "POST":
                return route.continue_()
            sent.append((route.request.headers.get("idempotency-key"), route.request.post_data))
            if len(sent) > 1:
                return route.continue_()
            made.append(route.fetch().json()["id"])  # the server makes the game…
            route.abort("connectionreset")  # …and its answer never arrives

        page.route(re.compile(r".*/v1/games(\?.*)?$"), lose_the_first_answer)
        page.goto(table_server)
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        page.click("[data-testid=start]")
        page.wait_for_selector(READY, timeout=CATCH_UP_SECONDS * 1000)
        assert len(sent) == 2 and sent[0] == sent[1] and len(sent[0][0]) == 32
        assert page.get_attribute("[data-testid=table]", "data-game-id") == made[0]
        assert page.is_hidden("#error")
        # the next game is another creation, with another key
        page.goto(f"{table_server}/#")
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        page.click("[data-testid=start]")
        wait_until(page, f"document.querySelector('[data-testid=table]').dataset.gameId !== '{made[0]}'")
        assert len(sent) == 3 and sent[2][0] != sent[0][0]
    finally:
        context.close()


def test_a_game_made_after_another_was_opened_is_listed_not_opened(table_server, browser):
    """The creation is refused once (503, Retry-After) and the person opens another game while
    the table waits to send it again: the game it then makes is kept under "Your games", and
    the game the person opened stays on the page."""
    with httpx.Client(base_url=table_server, timeout=60) as api:
        other = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 29}).json()
    context, page = new_page(browser)
    try:
        made = []

        def refuse_once(route):
            if route.request.method != "POST":
                return route.continue_()
            if not made:
                made.append(None)
                return route.fulfill(
                    status=503,
                    content_type="application/problem+json",
                    body='{"title": "Service Unavailable", "status": 503}',
                    headers={"Retry-After": "3"},
                )
            response = route.fetch()
            made.append(response.json()["id"])
            route.fulfill(response=response)

        page.route(re.compile(r".*/v1/games(\?.*)?$"), refuse_once)
        page.goto(table_server)
        page.wait_for_selector("[data-testid=start]:not([disabled])")
        page.click("[data-testid=start]")
        wait_until(page, "!document.querySelector('#error').hidden")
        page.evaluate(f"location.hash = 'game={other['id']}&token={other['seats'][0]['token']}'")
        page.wait_for_selector(READY)
        wait_until(page, "(JSON.parse(localStorage.getItem('cardtable.seats') || '[]')).length === 2")
        kept = page.evaluate("JSON.parse(localStorage.getItem('cardtable.seats'))")
        assert len(made) == 2 and {s["id"] for s in kept} == {other["id"], made[1]}
        page.wait_for_timeout(500)
        assert page.get_attribute("[data-testid=table]", "data-game-id") == other["id"]
        assert other["id"] in page.url
    finally:
        context.close()
