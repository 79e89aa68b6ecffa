"""High Card cards (HC-1.1): codes "h1", "h2", "h3", two copies each. A code is never a bare
number: a text's "seat 1" would read as a card (docs/adding-a-ruleset.md)."""

from __future__ import annotations

from typing import Any

CODES = ("h1", "h2", "h3")
COPIES = 2
COUNTS = {c: COPIES for c in CODES}
NAMES = {"h1": "One", "h2": "Two", "h3": "Three"}


def card_dicts() -> list[dict[str, Any]]:
    return [{"code": c, "name": NAMES[c], "count": COPIES, "rank": rank(c)} for c in CODES]


def rank(code: str) -> int:
    """The card's rank (HC-1.1): the codes compare as their ranks do."""
    return int(code[1:])
