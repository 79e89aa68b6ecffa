"""High Card AI policies: `random`, and `basic` (the highest card)."""

from __future__ import annotations

import random
from typing import Any

from domain.base import Action, random_policy


def basic_policy(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    return max(legal, key=lambda a: a.cards)


POLICIES = {"random": random_policy, "basic": basic_policy}
