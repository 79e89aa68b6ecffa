"""Debian's chromium driven by the `playwright` package, for the web table's tests and screenshots.

`playwright install` cannot download browsers here, so Playwright launches the system chromium
(`CHROMIUM`, default /usr/bin/chromium; `.ci/run` installs it with apt-get). Without it the browser
tests are skipped locally, and fail in CI (`CI=true`) or wherever `REQUIRE_BROWSER=1`.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

PACE_OFF = "localStorage.setItem('cardtable.pace', 'off')"
# The table has shown a seat's game: a decision offered, or the game over.
READY = "[data-testid=table][data-status=finished], [data-action-id]:not([disabled])"


def open_seat(
    page, table_server: str, game: str, token: str, *, stored: dict[str, str], ready: str = READY
) -> None:
    """Open `game` at the table as the seat of `token`, with `stored` in the page's localStorage
    (e.g. {"cardtable.lang": "fr"}) before it loads, and wait for `ready`."""
    for key, value in stored.items():
        page.add_init_script(f"localStorage.setItem('{key}', '{value}')")
    page.goto(f"{table_server}/#game={game}&token={token}")
    page.wait_for_selector(ready)


def open_paced(page, table_server: str, created: dict) -> None:
    """Open seat 0 of `created` (a create_game answer) with the AI's moves shown one by one, as a
    person sees them by default (the tests' pages turn the pace off otherwise)."""
    open_seat(
        page, table_server, created["id"], created["seats"][0]["token"], stored={"cardtable.pace": "on"}
    )


def chromium_path() -> str | None:
    wanted = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if Path(wanted).is_file() and os.access(wanted, os.X_OK):
        return wanted
    return shutil.which("chromium")


def browser_required() -> bool:
    return os.environ.get("REQUIRE_BROWSER") == "1" or os.environ.get("CI", "").lower() == "true"


def chromium_or_skip() -> str:
    path = chromium_path()
    if path is not None:
        return path
    reason = "no chromium (apt-get install chromium, or set CHROMIUM)"
    if browser_required():
        pytest.fail(reason + " and the browser tests are required here (CI=true or REQUIRE_BROWSER=1)")
    pytest.skip(reason)


def _play_first(api: httpx.Client, game: str, auth: dict[str, str], legal: dict) -> None:
    """Post the first of these legal actions, at their version."""
    api.post(
        f"/v1/games/{game}/actions",
        headers=auth,
        json={"action": legal["actions"][0]["id"], "expected_version": legal["version"]},
    ).raise_for_status()


def play_first_actions(api: httpx.Client, game: str, token: str, until_version: int | None = None) -> None:
    """Play the seat of `token` through the API, its first legal action each time, until the
    game is finished (or, with `until_version`, until the game has reached that version)."""
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(300):
        legal = api.get(f"/v1/games/{game}/legal-actions", headers=auth).json()
        if not legal["actions"] or (until_version is not None and legal["version"] >= until_version):
            return
        _play_first(api, game, auth, legal)
    raise AssertionError("the game did not finish")


def people_play(
    api: httpx.Client,
    game: str,
    tokens: dict[int, str],
    until: Callable[[dict[int, dict]], bool],
    pick: int = 0,
) -> dict[int, dict]:
    """Several people at one table: the lowest seat with a decision plays the `pick`-th of its
    legal actions, again and again, until `until(legal)` (each person's legal actions, by seat)
    is true or no person has a decision; each person's legal actions then."""
    for _ in range(500):
        legal = {
            seat: api.get(
                f"/v1/games/{game}/legal-actions", headers={"Authorization": f"Bearer {token}"}
            ).json()
            for seat, token in tokens.items()
        }
        awaited = [seat for seat, la in legal.items() if la["actions"]]
        if not awaited or until(legal):
            return legal
        seat = min(awaited)
        api.post(
            f"/v1/games/{game}/actions",
            headers={"Authorization": f"Bearer {tokens[seat]}"},
            json={"action": legal[seat]["actions"][pick]["id"], "expected_version": legal[seat]["version"]},
        ).raise_for_status()
    raise AssertionError("the game did not get there")


def a_chuopai_lead(table_server: str) -> dict:
    """A new Chuo Pai game whose person (seat 0) leads first (`leader` 0): a decision of dozens
    of plays (CP-3), the longest list of decisions the table shows."""
    with httpx.Client(base_url=table_server, timeout=30) as api:
        created: dict = api.post(
            "/v1/games", json={"ruleset": "chuopai", "seed": 4, "options": {"leader": 0}}
        ).json()
        return created


def play_until(api: httpx.Client, game: str, token: str, done: Callable[[dict], bool]) -> dict:
    """Play the seat of `token` through the API, its first legal action each time, until
    `done(view)`; the view then."""
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(300):
        view = api.get(f"/v1/games/{game}", headers=auth).json()
        if done(view):
            return view
        _play_first(api, game, auth, api.get(f"/v1/games/{game}/legal-actions", headers=auth).json())
    raise AssertionError("the game never got there")


def wait_until(page, expression: str, timeout: float = 10.0) -> None:
    """Poll a JavaScript expression until it is true (at most `timeout` seconds). Playwright's
    wait_for_function evaluates its predicate string again and again, which the table's CSP
    (script-src 'self', no unsafe-eval) refuses now and then ("EvalError"): one evaluate per poll
    is allowed."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(f"() => Boolean({expression})"):
        if time.monotonic() > deadline:
            raise AssertionError(f"not true after {timeout} s: {expression}")
        time.sleep(0.05)
