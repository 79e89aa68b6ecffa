"""A policy written against the domain contract, for `cardgames match --policy`."""

from __future__ import annotations

import dataclasses
import json
import os
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


def recording(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    """A random legal action, after writing down what the policy was given (a JSON line appended
    to the file $RECORDED_INPUTS): what a policy reads in process and over --url, compared."""
    seen = {"view": view, "legal": [dataclasses.asdict(action) for action in legal]}
    with open(os.environ["RECORDED_INPUTS"], "a", encoding="utf-8") as out:
        out.write(json.dumps(seen, sort_keys=True) + "\n")
    return rng.choice(legal)


def sdk_random(view: Any, legal: list[Any], rng: random.Random) -> Any:
    """A bot written against the generated SDK (`--sdk-policy`): given the ruleset's GameView and
    LegalAction models, it answers with one of the actions, chosen as `random` chooses."""
    from cardgames_client import models

    ruleset = type(view).__name__.removesuffix("GameView")
    assert ruleset in ("Chuopai", "Nantong", "Sisepai"), type(view)
    assert all(isinstance(a, getattr(models, f"{ruleset}LegalAction")) for a in legal)
    return legal[rng.randrange(len(legal))]  # domain.base.random_policy's choice
