"""A policy written against the domain contract, for `cardgames match --policy`."""

from __future__ import annotations

import random
from typing import Any

from domain.base import Action


def first_listed(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    """Always the first legal action (a deliberately weak bot)."""
    return legal[0]


def runs_dry(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    """A bug some bots have: an exhausted iterator's StopIteration escapes the policy."""
    return next(iter(()))


def off_the_list(view: dict[str, Any], legal: list[Action], rng: random.Random) -> str:
    """Answers with an action id that is never legal."""
    return "resign"
