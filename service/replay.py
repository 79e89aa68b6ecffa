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
from service.export_format import BY_AUTO, by_ai

MAX_DECISIONS = 20_000  # a bound no legal game reaches; a loop past it is a bug

# The log's format, declared in game_created as "log_format" (docs/design.md, "Consequences").
# 1 (a game stored before the key existed has none): decisions only. 2: each decision (and
# the deal, right after game_created) is followed by its consequences (`State.consequences`),
# one event each. A game keeps the format it was created with for its whole life.
LOG_FORMAT = 2
DECISIONS_ONLY = 1
# The event types the service writes besides consequences, whose types the domain names.
DECISION_EVENT_TYPES = ("game_created", "action", "game_finished")


def log_format(created: dict[str, Any]) -> int:
    found = created.get("log_format", DECISIONS_ONLY)
    return found if isinstance(found, int) else DECISIONS_ONLY


def consequence_events(state: State, created: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(type, payload) of each event the last apply (or the deal) of `state` adds to a log of
    `created`'s format, in order: none for a log of decisions only."""
    if log_format(created) < LOG_FORMAT:
        return []
    return [(c.type, c.payload()) for c in state.consequences()]


def new_state(ruleset: Ruleset, seed: int, created: dict[str, Any], deck: list[str] | None) -> State:
    return ruleset.new_game(seed, dict(created["options"]), deck)


def ai_rng(seed: int, version: int) -> random.Random:
    """The AI's randomness for the event that will get `version`."""
    return random.Random(f"ai:{seed}:{version}")


def passes_automatically(state: State, seats: list[dict[str, Any]], seat: int) -> bool:
    """Whether `seat`'s lone pass is made for it: always for an AI seat; for a person's seat
    only with no other person at the table, or where the rules leave passing no choice
    (`State.pass_is_a_choice`: in a claim window or Chuo Pai's opening-bonus round, an automatic
    pass would tell the others at once that this seat had nothing else to do)."""
    if seats[seat]["kind"] != "human":
        return True
    people = sum(1 for spec in seats if spec["kind"] == "human")
    return people <= 1 or not state.pass_is_a_choice()


def decide_automatically(
    state: State, seats: list[dict[str, Any]], ruleset: Ruleset, rng: random.Random
) -> tuple[int, Action, str] | None:
    """The next decision no person has to make, as (seat, action, by), or None."""
    for seat in state.to_act():
        legal = state.legal_actions(seat)
        spec = seats[seat]
        if len(legal) == 1 and legal[0].id == PASS:
            if passes_automatically(state, seats, seat):
                return seat, legal[0], BY_AUTO
            continue
        if spec["kind"] == "ai":
            action = ruleset.policy(spec["level"])(state.view(seat), legal, rng)
            return seat, action, by_ai(spec["level"])
    return None
