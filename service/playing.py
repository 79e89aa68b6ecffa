"""Playing on: recording one decision, a claim window's answers, and the automatic decisions (AI
seats, forced passes) that follow until a person must decide or the game ends.

Commands write what these functions build; the lone person's table (`lone_person.py`) builds the
same events again from the log and the person's held decisions. Both must decide exactly alike,
so both call these. Pure of I/O: events go to a `PendingEvents`, timing to the observer.
"""

from __future__ import annotations

import time

from domain.base import PASS, Action, State
from service.export_format import BY_AI_PREFIX, BY_AUTO, BY_HUMAN, by_ai
from service.observer import ServiceObserver
from service.replay import (
    MAX_DECISIONS,
    ai_rng,
    consequence_events,
    decide_automatically,
    passes_automatically,
)
from service.stream import GameStream, PendingEvents


def record(stream: GameStream, pending: PendingEvents, seat: int, action_id: str, by: str) -> None:
    """Apply one decision to the stream's state and add it (and its consequences) to `pending`."""
    public = stream.state.public_action(seat, action_id)
    stream.state.apply(seat, action_id)
    pending.add("action", {"seat": seat, "action": action_id, "by": by, "public": public})
    for type_, payload in consequence_events(stream.state, stream.created):
        pending.add(type_, payload)


def lone_pass(stream: GameStream, state: State, seat: int) -> bool:
    """A person's seat whose only legal action is pass and whose pass is made for it."""
    legal = state.legal_actions(seat)
    return len(legal) == 1 and legal[0].id == PASS and passes_automatically(state, stream.seats, seat)


def people_to_wait_for(stream: GameStream, state: State, given: dict[int, str]) -> list[int]:
    return [
        s
        for s in state.to_act()
        if stream.seats[s]["kind"] == "human" and s not in given and not lone_pass(stream, state, s)
    ]


def answer_window(
    stream: GameStream, pending: PendingEvents, given: dict[int, str], observer: ServiceObserver
) -> None:
    """Record every answer of the open window in its recording order: people's as given, AI seats'
    decided now (at the position they are recorded in), forced passes."""
    state = stream.state
    window = state.answer_window()
    assert window is not None
    for seat in window:
        if seat not in state.to_act():
            continue
        if seat in given:
            record(stream, pending, seat, given[seat], BY_HUMAN)
        elif stream.seats[seat]["kind"] == "ai":
            record_ai(stream, pending, seat, observer)
        else:
            record(stream, pending, seat, PASS, BY_AUTO)


def record_ai(stream: GameStream, pending: PendingEvents, seat: int, observer: ServiceObserver) -> None:
    spec, state = stream.seats[seat], stream.state
    started = time.perf_counter()
    rng = ai_rng(stream.record.seed, pending.version + 1)
    action: Action = stream.ruleset.policy(spec["level"])(state.view(seat), state.legal_actions(seat), rng)
    observer.ai_decided(stream.ruleset.id, spec["level"], time.perf_counter() - started)
    record(stream, pending, seat, action.id, by_ai(spec["level"]))


def decide(
    stream: GameStream, pending: PendingEvents, seat: int, action_id: str, observer: ServiceObserver
) -> None:
    """Record a person's decision that nobody else is waited for: in an open window, the window
    settles with it."""
    if stream.state.answer_window() is not None:
        answer_window(stream, pending, {seat: action_id}, observer)
    else:
        record(stream, pending, seat, action_id, BY_HUMAN)


def advance(stream: GameStream, pending: PendingEvents, observer: ServiceObserver) -> None:
    """Let AI seats and forced passes play until a person must decide or the game ends."""
    state = stream.state
    for _ in range(MAX_DECISIONS):
        if state.is_finished():
            record_ = stream.record
            pending.add(
                "game_finished",
                {
                    "result": state.result(),
                    "seed": str(record_.seed),
                    "nonce": record_.nonce,
                    "deck": record_.deck,
                },
            )
            stream.finished = True
            return
        if state.answer_window() is not None:
            if people_to_wait_for(stream, state, {}):
                return
            answer_window(stream, pending, {}, observer)
            continue
        started = time.perf_counter()
        decision = decide_automatically(
            state, stream.seats, stream.ruleset, ai_rng(stream.record.seed, pending.version + 1)
        )
        if decision is None:
            return
        seat, action, by = decision
        if by.startswith(BY_AI_PREFIX):
            observer.ai_decided(
                stream.ruleset.id, by.removeprefix(BY_AI_PREFIX), time.perf_counter() - started
            )
        record(stream, pending, seat, action.id, by)
    raise RuntimeError(f"game {stream.record.id} did not settle after {MAX_DECISIONS} decisions")
