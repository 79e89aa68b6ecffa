"""High Card cards (HC-1.1): codes "1", "2", "3", two copies each."""

from __future__ import annotations

from typing import Any

CODES = ("1", "2", "3")
COPIES = 2
COUNTS = {c: COPIES for c in CODES}
NAMES = {"1": "One", "2": "Two", "3": "Three"}


def card_dicts() -> list[dict[str, Any]]:
    return [{"code": c, "name": NAMES[c], "count": COPIES, "rank": int(c)} for c in CODES]
