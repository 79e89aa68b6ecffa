"""Render the web table of each ruleset into docs/ (`make screenshots`).

Starts a real gunicorn on a scratch SQLite store, creates one game per ruleset with a fixed seed
(so the pictures are reproducible), plays a few decisions through the page with seeded choices,
and saves: docs/table-<ruleset>.png (desktop), docs/table-phone.png (a phone's width) and
docs/table-finished.png (the end of a game: score, audit links and replay).
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.servers import gunicorn_server  # noqa: E402
from tests.web.browser import PACE_OFF, READY, chromium_path  # noqa: E402

DOCS = ROOT / "docs"
# (seed, decisions played before the picture): a moment with cards on the table
SCENES = {"sisepai": (11, 6), "nantong": (5, 5), "chuopai": (3, 4)}


def open_game(browser, base_url: str, ruleset: str, seed: int, viewport: dict):
    created = httpx.post(f"{base_url}/v1/games", json={"ruleset": ruleset, "seed": seed}).json()
    context = browser.new_context(viewport=viewport, device_scale_factor=1)
    context.add_init_script(PACE_OFF)
    page = context.new_page()
    page.goto(f"{base_url}/#game={created['id']}&token={created['seats'][0]['token']}")
    page.wait_for_selector(READY)
    return context, page


def play(page, decisions: int, rng: random.Random) -> None:
    for _ in range(decisions):
        page.wait_for_selector(READY)
        if page.get_attribute("[data-testid=table]", "data-status") == "finished":
            return
        choices = page.locator("[data-action-id]:not([disabled])").evaluate_all(
            "els => els.map(e => e.dataset.actionId)"
        )
        # prefer doing something over passing, so the picture shows cards in play
        moves = [c for c in choices if c != "pass"] or choices
        page.click(f'[data-action-id="{rng.choice(moves)}"]')
    page.wait_for_selector(READY)


def main() -> int:
    executable = chromium_path()
    if executable is None:
        print("no chromium: run scripts/ensure_chromium.sh (apt-get install chromium)", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, gunicorn_server(f"sqlite:///{tmp}/shots.sqlite3") as (url, _):
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, headless=True)
            for ruleset, (seed, decisions) in SCENES.items():
                context, page = open_game(browser, url, ruleset, seed, {"width": 1280, "height": 900})
                play(page, decisions, random.Random(seed))
                page.locator(".layout").screenshot(path=DOCS / f"table-{ruleset}.png", animations="disabled")
                print(f"docs/table-{ruleset}.png")
                context.close()

            seed, decisions = SCENES["chuopai"]
            context, page = open_game(browser, url, "chuopai", seed, {"width": 390, "height": 844})
            play(page, decisions, random.Random(seed))
            page.screenshot(
                path=DOCS / "table-phone.png",
                full_page=True,
                clip={"x": 0, "y": 0, "width": 390, "height": 1500},
                animations="disabled",
            )
            print("docs/table-phone.png")
            play(page, 10_000, random.Random(seed))
            page.wait_for_selector("text=event")
            page.set_viewport_size({"width": 1280, "height": 900})
            page.wait_for_selector(".replay-event")
            page.locator("#end").screenshot(path=DOCS / "table-finished.png", animations="disabled")
            print("docs/table-finished.png")
            context.close()
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
