"""Folding decisions into state, shared by the service and the offline verifier.

Who decides automatically: a seat whose only legal action is `pass` passes
("auto"); an AI seat asks its policy with only its own view, and an rng
derived from the game's seed and the event's version, so a replay decides
the same. Everything here is pure: no store, no clock.
"""

from __future__ import annotations

import random
from typing import Any

from domain.base import PASS, Action, Ruleset, State

MAX_DECISIONS = 20_000  # a bound no legal game reaches; a loop past it is a bug


def new_state(ruleset: Ruleset, seed: int, created: dict[str, Any], deck: list[str] | None) -> State:
    return ruleset.new_game(seed, dict(created["options"]), deck)


def ai_rng(seed: int, version: int) -> random.Random:
    """The AI's randomness for the event that will get `version`."""
    return random.Random(f"ai:{seed}:{version}")


def decide_automatically(
    state: State, seats: list[dict[str, Any]], ruleset: Ruleset, rng: random.Random
) -> tuple[int, Action, str] | None:
    """The next decision no person has to make, as (seat, action, by), or None."""
    for seat in state.to_act():
        legal = state.legal_actions(seat)
        if len(legal) == 1 and legal[0].id == PASS:
            return seat, legal[0], "auto"
        spec = seats[seat]
        if spec["kind"] == "ai":
            action = ruleset.policy(spec["level"])(state.view(seat), legal, rng)
            return seat, action, f"ai:{spec['level']}"
    return None
