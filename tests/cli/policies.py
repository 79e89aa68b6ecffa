"""A policy written against the domain contract, for `cardgames match --policy`."""

from __future__ import annotations

import random
from typing import Any

from domain.base import Action


def first_listed(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    """Always the first legal action (a deliberately weak bot)."""
    return legal[0]
