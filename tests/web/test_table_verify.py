""" "Verify now" at the end of a game: one check at a time (the button is disabled, and says so,
until the report arrives: for strong AI seats it takes seconds), and a failed report read as a
list of the failed checks, not as the report's JSON."""

from __future__ import annotations

import json
import sqlite3

import httpx

from domain.registry import RULESETS
from service.verify import verify_export
from tests.forgery import FORGERIES, decisions, rechain
from tests.trust.test_verify_forged_logs import write_log
from tests.web.browser import play_first_actions
from tests.web.test_table_browser import WatchedPage

FINISHED = "[data-testid=table][data-status=finished]"
# What each check of the verifier checks, as the page names it (verify.js), in two languages.
CHECK_TITLES = {
    "en": {
        "format": "The export's format",
        "ruleset": "The ruleset",
        "hash_chain": "The hash chain of the log",
        "created": "The seats and options the game was created with",
        "seed_commitment": "The seed against the commitment published at the start",
        "revealed_seed": "The seed revealed at the end",
        "deal": "The deal",
        "replay": "Every decision, replayed",
        "result": "The result",
    },
    "fr": {
        "format": "Le format de l’export",
        "ruleset": "Le jeu de règles",
        "hash_chain": "La chaîne de hachage du journal",
        "created": "Les places et les options à la création de la partie",
        "seed_commitment": "La graine face à l’engagement publié au début",
        "revealed_seed": "La graine révélée à la fin",
        "deal": "La donne",
        "replay": "Chaque décision, rejouée",
        "result": "Le résultat",
    },
}


def finished_game(api: httpx.Client, seed: int) -> tuple[str, str]:
    created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": seed}).json()
    game, token = created["id"], created["seats"][0]["token"]
    play_first_actions(api, game, token)
    return game, token


def test_verify_now_is_disabled_until_the_report_arrives(table_server, browser):
    with httpx.Client(base_url=table_server, timeout=60) as api:
        game, token = finished_game(api, seed=21)
    watched = WatchedPage(browser)
    page = watched.page
    held = []  # the /verify request, kept in flight until the test lets it go on to the server
    page.route("**/verify?*", lambda route: held.append(route))
    try:
        page.goto(f"{table_server}/#game={game}&token={token}")
        page.wait_for_selector(FINISHED)
        button = page.get_by_role("button", name="Verify now")
        button.focus()
        page.keyboard.press("Enter")
        checking = page.get_by_role("button", name="Checking…")
        checking.wait_for()
        assert checking.is_disabled()
        for _ in range(200):  # let Playwright hand the route over (no time measured)
            if held:
                break
            page.wait_for_timeout(25)
        assert len(held) == 1
        page.keyboard.press("Enter")  # a second press while the check runs asks nothing
        checking.click(force=True)
        assert checking.is_disabled()
        assert page.text_content(".verify-result") == ""

        held[0].continue_()
        page.wait_for_selector(".verify-result:has-text('verified: the deal')")
        assert page.get_attribute(".verify-result", "role") == "status"
        assert button.is_enabled()
        assert page.evaluate("document.activeElement.textContent") == "Verify now"  # focus kept
        verifies = [u for u in watched.requests if u.split("?")[0].endswith(f"/{game}/verify")]
        assert len(verifies) == 1, verifies
        # the receipt to verify the export offline with: the hash that begins the export's chain
        first_hash = httpx.get(f"{table_server}/v1/games/{game}/export").json()["events"][0]["hash"]
        command = f"cardgames verify game-{game}.json --creation-hash {first_hash}"
        assert page.inner_text("[data-testid=receipt]") == command
        watched.assert_clean()
    finally:
        watched.close()


def test_a_failed_verification_lists_the_failed_checks(table_service, browser):
    """A log rewritten in the store (the AI seats' decisions logged as a person's, the hash chain
    re-computed; the play itself unchanged, so the table still opens the game): the report fails
    its replay check, and the page names that check and says why, in words."""
    with httpx.Client(base_url=table_service.url, timeout=60) as api:
        game, token = finished_game(api, seed=23)
        export = api.get(f"/v1/games/{game}/export").json()
        forged, _words = FORGERIES["ai_seats_logged_as_human"](export, decisions(export))
        write_log(table_service.db, forged)  # before any /verify: no report computed earlier
        expected = verify_export(forged, RULESETS)
    failed = [c for c in expected["checks"] if not c["ok"]]
    assert failed and not expected["ok"]
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(f"{table_service.url}/#game={game}&token={token}")
        page.wait_for_selector(FINISHED)
        page.get_by_role("button", name="Verify now").click()
        page.wait_for_selector(".verify-result li")
        result = page.locator(".verify-result")
        assert result.get_attribute("role") == "status"
        assert result.locator("p").inner_text() == "NOT verified. These checks failed:"
        items = result.locator("li")
        assert items.count() == len(failed)
        for i, check in enumerate(failed):
            # what the check checks in words, then the verifier's detail
            assert items.nth(i).inner_text() == f"{CHECK_TITLES['en'][check['name']]}: {check['detail']}"
            # the details are the verifier's words, in English (docs/i18n.md), and marked so
            assert items.nth(i).locator("span").get_attribute("lang") == "en"
        shown = result.inner_text()
        assert json.dumps(expected["checks"][0])[:20] not in shown and '"ok"' not in shown

        # in French the page names each check in French; the detail stays the verifier's
        page.select_option("select[name=lang]", "fr")
        page.wait_for_selector(FINISHED)
        page.get_by_role("button", name="Vérifier maintenant").click()
        page.wait_for_selector(".verify-result li")
        items = page.locator(".verify-result li")
        for i, check in enumerate(failed):
            title = CHECK_TITLES["fr"][check["name"]]
            assert items.nth(i).locator("strong").inner_text() == title
            assert items.nth(i).locator("span").inner_text() == check["detail"]
            assert items.nth(i).get_attribute("lang") is None  # the title is in the page's language
        watched.assert_clean()
    finally:
        watched.close()


def test_a_log_rewritten_under_another_first_event_is_caught_by_the_receipt_kept_at_the_start(
    table_service, browser
):
    """The page keeps the game's receipt (its first event's hash) from when it first showed the
    game. An operator then rewrites the finished log whole, its hashes computed again (here the
    creation time: the play verifies as before): the end shows the kept receipt, says the log no
    longer begins with it, and "Verify now" checks the log against it (`known_creation`) and
    says NOT verified, where the unanchored report checks out."""
    with httpx.Client(base_url=table_service.url, timeout=60) as api:
        created = api.post("/v1/games", json={"ruleset": "chuopai", "seed": 25}).json()
        game, token, receipt = created["id"], created["seats"][0]["token"], created["creation_hash"]
    watched = WatchedPage(browser)
    page = watched.page
    try:
        page.goto(f"{table_service.url}/#game={game}&token={token}")
        page.wait_for_selector("[data-testid=table][data-status=active]")
        with httpx.Client(base_url=table_service.url, timeout=60) as api:
            play_first_actions(api, game, token)
            forged = api.get(f"/v1/games/{game}/export").json()
        forged["events"][0]["time"] = "2020-01-01T00:00:00.000000Z"
        rechain(forged)
        with sqlite3.connect(table_service.db) as conn:
            for e in forged["events"]:
                conn.execute(
                    "UPDATE events SET time = ?, prev_hash = ?, hash = ? WHERE game_id = ? AND version = ?",
                    (e["time"], e["prev_hash"], e["hash"], game, e["version"]),
                )
        assert httpx.get(f"{table_service.url}/v1/games/{game}/verify").json()["ok"]  # unanchored

        page.reload()  # the game as the server now tells it; the receipt as this device kept it
        page.wait_for_selector(FINISHED)
        assert page.inner_text("[data-testid=receipt]").endswith(f"--creation-hash {receipt}")
        changed = page.locator("[data-testid=receipt-changed]")
        assert (
            changed.get_attribute("role") == "alert" and forged["events"][0]["hash"] in changed.inner_text()
        )
        page.get_by_role("button", name="Verify now").click()
        page.wait_for_selector(".verify-result li")
        [item] = page.locator(".verify-result li").all()
        assert item.get_attribute("data-check") == "known_creation"
        assert item.locator("strong").inner_text() == (
            "The log's first event against the receipt this device kept from the start"
        )
        assert receipt in item.inner_text()
        watched.assert_clean()
    finally:
        watched.close()
