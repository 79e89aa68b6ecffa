"""Between the deals of a Nantong match (NT-3.3) the table shows the deal just over, as players lay
their hands down to score it (NT-9): the winner, every seat's hand and melds, the score lines and
the settlement, in the page's language, from the view's `table.deal_results`; a disclosure the
keyboard opens and closes, open until the next deal gets going, on a phone screen too."""

from __future__ import annotations

import httpx

from tests.web.browser import READY, open_seat, play_first_actions, play_until, wait_until
from tests.web.test_table_browser import WatchedPage

SUMMARY = "[data-testid=deal-summary]"


def deal_going(view: dict) -> bool:
    return any(e["event"] == "discard" for e in view["table"]["history"])


def test_the_deal_just_over_is_shown_until_the_next_gets_going(table_server, browser):
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post(
            "/v1/games",
            json={"ruleset": "nantong", "seed": 3, "options": {"deals": 2, "dealer": 0}},
        ).json()
        game, token = created["id"], created["seats"][0]["token"]
        view = play_until(api, game, token, lambda v: v["table"]["deal"] == 2)
        assert view["status"] == "active" and not deal_going(view)  # seat 0 prepares deal 2
        auth = {"Authorization": f"Bearer {token}"}
        [deal] = api.get(f"/v1/games/{game}?lang=fr", headers=auth).json()["table"]["deal_results"]
        french = api.get("/i18n/fr.json").json()["messages"]
    watched = WatchedPage(browser, viewport={"width": 360, "height": 740})
    page = watched.page
    try:
        open_seat(page, table_server, game, token, stored={"cardtable.lang": "fr"})
        panel = page.locator(SUMMARY)
        assert panel.get_attribute("data-deal") == "1" and panel.evaluate("e => e.open")
        if deal["winner"] is None:
            title = french["Deal {deal} is over: the stock ran out, nobody won."]
        elif deal["winner"] == 0:
            title = french["Deal {deal} is over: you won."]
        else:
            title = french["Deal {deal} is over: seat {seat} won."].replace("{seat}", str(deal["winner"]))
        assert page.inner_text(f"{SUMMARY} .deal-title") == title.replace("{deal}", "1")
        for seat in range(3):
            shown = page.locator(f"{SUMMARY} .deal-seat[data-seat='{seat}']")
            assert shown.get_attribute("data-settlement") == str(deal["settlement"][seat])  # NT-9.2
            codes = shown.locator(".card-row").first.locator("[data-card]")
            assert sorted(codes.evaluate_all("els => els.map(e => e.dataset.card)")) == sorted(
                deal["hands"][seat]
            )
            melds = shown.locator(".meld").evaluate_all(
                "els => els.map(e => [...e.querySelectorAll('[data-card]')].map(c => c.dataset.card))"
            )
            assert melds == [m["cards"] for m in deal["melds"][seat]]
            lines = shown.locator(".breakdown li").all_inner_texts()
            assert len(lines) == len(deal["breakdowns"][seat])
            assert all(
                line["what"] in text for line, text in zip(deal["breakdowns"][seat], lines, strict=True)
            )
        if deal["win"] and deal["win"]["card"]:
            winning = page.locator(f"{SUMMARY} .winning-card")
            assert winning.count() == 1 and winning.get_attribute("data-card") == deal["win"]["card"]
        text = page.inner_text(SUMMARY)
        for junk in ("undefined", "null", "NaN", "[object", "{"):
            assert junk not in text, junk
        assert page.evaluate("document.documentElement.scrollWidth") <= 360  # fits a phone, open

        # The keyboard closes and opens it; closed, it stays closed while the table changes.
        page.focus(f"{SUMMARY} > summary")
        page.keyboard.press("Enter")
        assert not panel.evaluate("e => e.open")
        page.click("[data-action-id]:not([disabled]) >> nth=0")  # seat 0 prepares: the table renders again
        wait_until(
            page, f"document.querySelector('[data-testid=table]').dataset.version !== '{view['version']}'"
        )
        assert page.locator(SUMMARY).count() == 1 and not page.locator(SUMMARY).evaluate("e => e.open")
        page.focus(f"{SUMMARY} > summary")
        page.keyboard.press("Enter")
        assert page.locator(SUMMARY).evaluate("e => e.open")
        watched.assert_clean()
    finally:
        watched.close()

    # Once the next deal is going (its first discard), a fresh page shows the summary closed.
    with httpx.Client(base_url=table_server, timeout=30) as api:
        play_until(api, game, token, lambda v: v["status"] == "finished" or deal_going(v))
        going = api.get(f"/v1/games/{game}", headers=auth).json()
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(f"{table_server}/#game={game}&token={token}")
        page.wait_for_selector(READY)
        assert going["status"] == "active"  # seed 3: deal 2 goes on
        assert page.locator(SUMMARY).count() == 1
        assert not page.locator(SUMMARY).evaluate("e => e.open")
        page.focus(f"{SUMMARY} > summary")
        page.keyboard.press("Space")
        assert page.locator(SUMMARY).evaluate("e => e.open")
        assert page.locator(f"{SUMMARY} .deal-seat").count() == 3
        watched.assert_clean()
    finally:
        watched.close()


def test_a_running_score_is_shown_once_a_deal_has_been_settled(table_server, browser):
    """A seat's running score (NT-3.3) reads as a result: while no deal has been settled every
    seat's is 0 and none is shown; in a match's second deal each seat shows its score."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        single = api.post(
            "/v1/games", json={"ruleset": "nantong", "seed": 3, "options": {"dealer": 0}}
        ).json()
        match = api.post(
            "/v1/games", json={"ruleset": "nantong", "seed": 3, "options": {"deals": 2, "dealer": 0}}
        ).json()
        view = play_until(api, match["id"], match["seats"][0]["token"], lambda v: v["table"]["deal"] == 2)
        scores = {s["seat"]: s["facts"]["score"] for s in view["seats"]}
    assert any(scores.values())
    watched = WatchedPage(browser)
    page = watched.page
    try:
        for created, shown in ((single, {}), (match, scores)):
            page.goto(f"{table_server}/#game={created['id']}&token={created['seats'][0]['token']}")
            page.reload()
            page.wait_for_selector(f"[data-testid=table][data-game-id='{created['id']}']")
            page.wait_for_selector(READY)
            for seat in range(3):
                stats = page.locator(f".seat[data-seat='{seat}'] .seat-stats").inner_text()
                score = [part for part in stats.split(" · ") if part.startswith("score")]
                expected = [] if not shown else [f"score {shown[seat]}".replace("-", "\u2212")]
                assert score == expected, (seat, stats)
            if shown:  # the match's running scores by seat, negative ones with a minus sign
                chips = page.locator("[data-testid=table] .chip").all_inner_texts()
                running = " · ".join(
                    f"{'You' if seat == 0 else f'Seat {seat}'}: {score}".replace("-", "\u2212")
                    for seat, score in enumerate(view["table"]["match_scores"])
                )
                assert [c for c in chips if c.startswith("match ")] == [f"match {running}"]
        watched.assert_clean()
    finally:
        watched.close()


def test_a_move_that_ends_a_deal_leaves_no_moves_of_that_deal_on_the_seats(table_server, browser):
    """The seats' last-move lines belong to the deal they were made in (NT-3.3): the person's move
    that ends deal 1 shows deal 2 starting with bare seats (its summary says how deal 1 ended),
    also when the page is opened again."""
    # deal 2's dealer is seat 0 (NT-3.3: the deal passes on), so no other seat moves before the page
    options = {"ruleset": "nantong", "seed": 3, "options": {"deals": 2, "dealer": 2}}
    with httpx.Client(base_url=table_server, timeout=30) as api:
        # a first game finds the decision of seat 0 whose move ends deal 1 (the AIs are seeded)
        first = api.post("/v1/games", json=options).json()
        auth = {"Authorization": f"Bearer {first['seats'][0]['token']}"}
        last = None
        while api.get(f"/v1/games/{first['id']}", headers=auth).json()["table"]["deal"] == 1:
            last = api.get(f"/v1/games/{first['id']}/legal-actions", headers=auth).json()
            play_first_actions(
                api, first["id"], first["seats"][0]["token"], until_version=last["version"] + 1
            )
        assert last is not None
        # the same game again, up to that decision
        created = api.post("/v1/games", json=options).json()
        game, token = created["id"], created["seats"][0]["token"]
        play_first_actions(api, game, token, until_version=last["version"])
        legal = api.get(
            f"/v1/games/{game}/legal-actions", headers={"Authorization": f"Bearer {token}"}
        ).json()
        assert legal == last
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_seat(page, table_server, game, token, stored={"cardtable.pace": "off"})
        page.click(f"[data-action-id='{last['actions'][0]['id']}']")
        page.wait_for_selector(f"{SUMMARY}[data-deal='1']")
        wait_until(page, "!document.querySelector('[data-action-id][disabled]')")
        # said too, with what the reader won or paid: the log's sentence names no settlement
        summary = page.locator(f"{SUMMARY}[data-deal='1'] summary").inner_text()
        assert "Your settlement: " in summary and summary in page.text_content("#log-news"), summary
        shown = page.locator(".seat .last-move").all_inner_texts()
        page.reload()  # opened again, the page shows the same
        page.wait_for_selector(f"{SUMMARY}[data-deal='1']")
        assert page.locator(".seat .last-move").all_inner_texts() == shown
        watched.assert_clean()
    finally:
        watched.close()
    with httpx.Client(base_url=table_server, timeout=30) as api:
        auth = {"Authorization": f"Bearer {token}"}
        events = api.get(f"/v1/games/{game}/events?after=0&limit=500", headers=auth).json()["events"]
    over = next(i for i, e in enumerate(events) if e["type"] == "deal_over")
    deal_2 = {e["text"] for e in events[over:] if e["type"] == "action"}
    deal_1 = {e["text"] for e in events[:over] if e["type"] == "action"} - deal_2
    assert deal_1 and set(shown) <= deal_2, shown  # before, deal 1's last moves stayed on


def test_the_card_just_drawn_is_marked_in_the_hand(table_server, browser):
    """NT-5.1: on a seat's turn its view names the card it drew (`drawn`); the hand marks one copy
    of it, for the eye and for a screen reader, among 23 sorted cards."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created = api.post(
            "/v1/games", json={"ruleset": "nantong", "seed": 5, "options": {"dealer": 1}}
        ).json()
        game, token = created["id"], created["seats"][0]["token"]
        view = play_until(api, game, token, lambda v: v.get("drawn") is not None)
        names = {c["code"]: c["name"] for c in api.get("/v1/rulesets/nantong").json()["cards"]}
    watched = WatchedPage(browser)
    page = watched.page
    try:
        open_seat(page, table_server, game, token, stored={"cardtable.pace": "off"})
        marked = page.locator("[data-testid=hand] [data-drawn]")
        assert marked.count() == 1
        assert marked.get_attribute("data-card") == view["drawn"]
        assert marked.get_attribute("aria-label") == f"{names[view['drawn']]}, just drawn"
        page.click("[data-action-id^='discard:']:not([disabled]) >> nth=0")  # the turn passes
        wait_until(
            page, f"document.querySelector('[data-testid=table]').dataset.version !== '{view['version']}'"
        )
        page.wait_for_selector(READY)
        with httpx.Client(base_url=table_server, timeout=30) as api:
            now = api.get(f"/v1/games/{game}", headers={"Authorization": f"Bearer {token}"}).json()
        # the mark follows the view: the next card drawn, or none while others play
        shown = page.locator("[data-testid=hand] [data-drawn]").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
        assert shown == ([now["drawn"]] if now.get("drawn") else [])
        watched.assert_clean()
    finally:
        watched.close()


def test_a_winner_outscored_is_explained_under_the_final_score(table_server, browser):
    """NT-9.4: the seat that completes its hand wins, and every hand's total is settled, so a seat
    that did not win can score more. The final score says so when it happens (seed 35: seat 1
    wins and settles +20, seat 2 +50), and not otherwise (seed 1)."""
    note = "[data-testid=score] .outscored"
    with httpx.Client(base_url=table_server, timeout=30) as api:
        games = {}
        for seed in (35, 1):
            created = api.post("/v1/games", json={"ruleset": "nantong", "seed": seed}).json()
            play_first_actions(api, created["id"], created["seats"][0]["token"])
            score = api.get(f"/v1/games/{created['id']}/score").json()
            games[seed] = (created, score)
    [winner] = games[35][1]["winners"]
    assert max(games[35][1]["scores"]) > games[35][1]["scores"][winner]
    watched = WatchedPage(browser)
    page = watched.page
    try:
        for seed, (created, _) in games.items():
            open_seat(page, table_server, created["id"], created["seats"][0]["token"], stored={})
            page.wait_for_selector("[data-testid=score]")
            assert page.locator(note).count() == (1 if seed == 35 else 0), seed
        page.goto(f"{table_server}/#game={games[35][0]['id']}")  # a spectator is told too
        page.wait_for_selector(note)
        assert "a seat that did not win can score more" in page.inner_text(note)
        watched.assert_clean()
    finally:
        watched.close()
