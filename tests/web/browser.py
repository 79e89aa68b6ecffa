"""Debian's chromium driven by the `playwright` package, for the web table's tests and screenshots.

`playwright install` cannot download browsers here, so Playwright launches the system chromium
(`CHROMIUM`, default /usr/bin/chromium; `.ci/run` installs it with apt-get). Without it the browser
tests are skipped locally, and fail in CI (`CI=true`) or wherever `REQUIRE_BROWSER=1`.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

PACE_OFF = "localStorage.setItem('cardtable.pace', 'off')"


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
