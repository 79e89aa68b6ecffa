"""The lone person's table: a game with exactly one person, between two published points.

With one person at the table the person's lone passes are automatic (asking for some sixty `pass`
answers a Sì Sè Pái game would be no way to play), so the game stops where passing is a choice
(a claim window, Chuo Pai's opening-bonus round: `State.pass_is_a_choice`) only when the person
may do something else there. Were the log to grow up to such a stop, anyone reading it (a
spectator, the global feed) would see the game wait there, or the person's answer start a new
second in the events' times, and learn that the person holds the cards for a claim.

So the log grows only where the person being asked tells nothing: where the person must decide
and passing is no choice (a turn to lead, to discard, a discard a claim forces), and at the end.
The person's decisions in between are kept sealed (`store.base.SealedAnswer`, durably, each with
its idempotent response and the events it led to: the AI seats' decisions too, each decided from
its own view and the seed-derived randomness of the position it will be logged at, exactly as the
verifier re-derives it), and the person plays on a table folded from the log and those events,
ahead of the log, which only that person reads. A game's creation logs the deal alone, whoever
acts first, so that where the log stops tells nothing either (unless the game ends before the
person decides anything: then all of it, as everything is public at the end), and keeps the AI
seats' play up to the person's first decision the same way, sealed. The person's first point where
passing is no choice is then never published, also when optional answers came before it
(`may_be_published`): the deal's stop is that point for a person asked none.

When a decision of the person reaches a point the log may grow to, everything since the log's
head is appended together, each event stamped with the time of that request: in such a game an
event's time says when it entered the log, not when it was decided. What a watcher still learns is
how long the person took between two published points in all, not where they stopped.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from domain.base import State
from service.stream import GameStream, HeldTable, PendingEvents
from store.base import SealedAnswer, StoredEvent

# The seat of the sealed row a game's creation keeps when its deal is logged alone: the AI seats'
# play up to the person's first decision, which no decision of the person led to.
AFTER_THE_DEAL = -1


def may_be_logged(state: State) -> bool:
    """Whether the log may grow up to `state` in a game with one person: at its end, or where the
    person must decide and passing is no choice (so being asked there tells nobody anything)."""
    return state.is_finished() or not state.pass_is_a_choice()


def may_be_published(log: GameStream, held: HeldTable, after: State) -> bool:
    """Whether a decision the person made on `held`, leading to `after`, lets the log grow.

    Where `after` may be logged, except before the person's first decision made where passing was
    no choice: the game's creation never publishes the person's first such point (the deal is
    logged alone), so a later decision must not either. A person first asked an optional answer
    (Chuo Pai's opening bonus, CP-2.5; a claim on the first discard) would otherwise have the
    log stop at that point, and a person asked none would not: where the log first stops would
    tell that the person holds the cards for the answer. While the log still stands at the deal
    the creation's row `AFTER_THE_DEAL` is among the sealed answers."""
    if after.is_finished():
        return True
    if not may_be_logged(after):
        return False
    at_the_deal = any(answer.seat == AFTER_THE_DEAL for answer in log.sealed)
    return not at_the_deal or decided_by_now(held)


def decided_by_now(held: HeldTable) -> bool:
    """Whether the person, deciding on `held`, has made a decision where passing was no choice:
    one of the held decisions, or this one."""
    return held.person_decided or not held.state.pass_is_a_choice()


def published(log: GameStream, events: list[StoredEvent], time: str) -> PendingEvents:
    """`events` (the held table's, then the new ones) chained onto the log's head, all at `time`."""
    pending = PendingEvents(log.record.id, log.version, log.head_hash, lambda: time)
    for event in events:
        pending.add(event.type, event.payload)
    return pending


class HeldTables:
    """Derives the lone person's table from the log and the person's held decisions, keeping the
    last tables derived per game (per worker), so a table is extended by a new decision's events
    rather than folded again from the log's head."""

    def __init__(self, size: int = 256):
        self.size = size
        self._entries: OrderedDict[str, tuple[int, str, tuple[SealedAnswer, ...], HeldTable]] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, log: GameStream, decisions: list[SealedAnswer]) -> HeldTable:
        game_id = log.record.id
        with self._lock:
            entry = self._entries.get(game_id)
        start: HeldTable | None = None
        done = 0
        if entry is not None:
            version, head_hash, kept, table = entry
            if (version, head_hash) == (log.version, log.head_hash) and tuple(decisions[: len(kept)]) == kept:
                start, done = table, len(kept)
        if start is not None and done == len(decisions):
            return start
        table = derive(log, decisions[done:], start)
        self.remember(log, decisions, table)
        return table

    def remember(self, log: GameStream, decisions: list[SealedAnswer], table: HeldTable) -> None:
        """Keep `table`, derived from `log` and `decisions` (by a command that just held one)."""
        game_id = log.record.id
        with self._lock:
            self._entries[game_id] = (log.version, log.head_hash, tuple(decisions), table)
            self._entries.move_to_end(game_id)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)


def derive(log: GameStream, decisions: list[SealedAnswer], start: HeldTable | None = None) -> HeldTable:
    """The table after `decisions`, from the log's head (or from `start`, a table derived from the
    same log and the decisions before these): the events kept with each decision (and with the
    creation's row `AFTER_THE_DEAL`, the AI seats' play after a deal logged alone), applied, not
    decided again, so a table never changes under the person, whatever the code deciding the AI
    seats' moves becomes meanwhile. Events take the time of the decision (or creation) that led
    to them."""
    state = log.state.clone() if start is None else start.state.clone()
    version, head_hash = (log.version, log.head_hash) if start is None else (start.version, start.head_hash)
    person_decided = start is not None and start.person_decided
    now = log.record.created_at
    pending = PendingEvents(log.record.id, version, head_hash, lambda: now)
    pending.events = [] if start is None else list(start.events)
    for decision in decisions:
        assert decision.events is not None, "a lone person's decision is kept with its events"
        if decision.seat != AFTER_THE_DEAL and not state.pass_is_a_choice():
            person_decided = True  # asked where passing was no choice (may_be_published)
        now = decision.time
        for event in decision.events:  # as the person was shown them (store.base.SealedAnswer)
            if event["type"] == "action":
                state.apply(event["payload"]["seat"], event["payload"]["action"])
            pending.add(event["type"], event["payload"])
    return HeldTable(state, pending.events, pending.version, pending.head_hash, person_decided)
