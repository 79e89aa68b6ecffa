"""Matches between AI levels in duplicate format, in process across CPU cores.

Deal d gets a seed derived from the match seed; it is played once per seat rotation r
(0 … players-1): the tested level (or policy) in seat r, the other level in every other
seat, the same cards and the same first leader or dealer each time. Every policy sees only
its seat's view and legal actions. The decisions come as the service records them with the
tested seat as its one person (`in_service_order`), each with the rng the service gives it
there (from the deal's seed and the number of the event it becomes, every consequence
counted), so a match over `--url` plays the same games; a seat whose only legal action is a
pass passes without asking it, as in the service.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import random
import sys
import time
import traceback
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, replace
from typing import Any

from cli.stats import GameRecord, Timings
from domain.base import PASS, Action, Policy, State, View
from domain.registry import RULESETS
from service.narration import Narrator, narrator_for
from service.replay import ai_rng

MAX_DECISIONS = 20_000  # no legal game comes near; a loop past it is a bug in a policy or a ruleset


@dataclass(frozen=True)
class MatchSpec:
    """What to play: `tested` and `against` are AI levels of the ruleset, or
    `module:function` naming a policy (view, legal actions, rng) -> action (`against` only
    in process: through the service the other seats are the service's AI levels)."""

    ruleset: str
    tested: str
    against: str
    deals: int
    seed: int
    cpu_time: bool = False  # time decisions in CPU time of the deciding process, not wall time
    # `tested` is a bot written against the generated SDK: it takes the API's models (over --url)
    sdk_models: bool = False

    @property
    def players(self) -> int:
        return RULESETS[self.ruleset].players

    def deal_seed(self, deal: int) -> int:
        return random.Random(f"cardgames-match:{self.ruleset}:{self.seed}:{deal}").getrandbits(62)


def is_policy_spec(name: str) -> bool:
    return ":" in name


def load_policy(ruleset_id: str, name: str) -> Policy:
    """An AI level of the ruleset, or `module:function` imported (from the current
    directory too, as `python -m` would)."""
    if is_policy_spec(name):
        module, _, attr = name.partition(":")
        if os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())
        # Any function the user names is taken for a policy; only that it is callable is checked.
        policy: Policy | None = getattr(importlib.import_module(module), attr, None)
        if not callable(policy):
            raise ValueError(f"{name}: {module} has no function {attr!r}")
        return policy
    ruleset = RULESETS[ruleset_id]
    if name not in ruleset.ai_levels:
        raise ValueError(f"{ruleset_id} offers the AI levels {', '.join(ruleset.ai_levels)}, not {name!r}")
    return ruleset.policy(name)


def decision_rng(deal_seed: int, version: int) -> random.Random:
    """The rng of the decision that will be event `version` (service.replay.ai_rng)."""
    return ai_rng(deal_seed, version)


class PolicyFailed(Exception):
    """A policy raised, or answered with something that is not one of the legal actions.
    `trace` is the policy's own traceback when it raised (text: it crosses from a worker process
    of `--jobs`, where a traceback object would not)."""

    def __init__(self, message: str, trace: str = ""):
        super().__init__(message, trace)
        self.message = message
        self.trace = trace

    def __str__(self) -> str:
        return self.message


def checked(choice: Any, legal: list[Action], who: str) -> Action:
    """The policy's answer must be one of the legal actions (an Action or its id)."""
    wanted = choice.id if isinstance(choice, Action) else choice
    for a in legal:
        if a.id == wanted:
            return a
    raise PolicyFailed(f"{who} chose {wanted!r}, which is not a legal action")


def decide(policy: Policy, who: str, view: Any, legal: list[Action], rng: random.Random) -> Action:
    """Ask `policy` for one of `legal`. Whatever it raises comes out as PolicyFailed: a
    StopIteration escaping a policy would otherwise end the iteration over the deals, and the
    match would report fewer games without a word."""
    try:
        choice = policy(view, legal, rng)
    except Exception as exc:
        raise raised(who, exc) from exc
    return checked(choice, legal, who)


def raised(who: str, exc: Exception) -> PolicyFailed:
    """The PolicyFailed for a policy that raised `exc`, with the policy's traceback: from its
    own frame down (the frames of the match around it say nothing of the bug)."""
    inside = exc.__traceback__.tb_next if exc.__traceback__ else None
    trace = "".join(traceback.format_exception(type(exc), exc, inside))
    return PolicyFailed(f"{who} raised {type(exc).__name__}: {exc}", trace)


def in_service_order(state: State, person: int) -> Generator[tuple[int, int], str, None]:
    """The decisions of a game, in the order the service records them with `person` as the one
    person at the table (`--url` drives a person's seat): yields (seat, the version the decision
    is asked at, plus one) and takes the action id chosen; makes every lone pass itself. So each
    decision draws the same randomness as there (`decision_rng` of that number): an AI seat's is
    the number of the event it becomes; a person is asked a window's answer before any answer
    of the window is recorded, which are then recorded in the window's order, and is asked
    elsewhere only once no AI seat can move (service.playing)."""
    version = 1 + len(state.consequences())  # game_created, then what the deal caused

    def apply(seat: int, action_id: str) -> None:
        nonlocal version
        state.apply(seat, action_id)
        version += 1 + len(state.consequences())  # the decision, then one event each

    def lone_pass(seat: int) -> bool:
        legal = state.legal_actions(seat)
        return len(legal) == 1 and legal[0].id == PASS

    while not state.is_finished():
        window = state.answer_window()
        if window is not None:
            given = {}
            if person in state.to_act() and not lone_pass(person):
                given[person] = yield person, version + 1
            for seat in window:
                if seat not in state.to_act():
                    continue
                if seat in given:
                    apply(seat, given[seat])
                elif lone_pass(seat):
                    apply(seat, PASS)
                else:
                    apply(seat, (yield seat, version + 1))
            continue
        movable = [s for s in state.to_act() if s != person or lone_pass(s)]
        seat = movable[0] if movable else person
        apply(seat, PASS if lone_pass(seat) else (yield seat, version + 1))


def labelled(narrator: Narrator, legal: list[Action], view: View) -> list[Action]:
    """The legal actions labelled as the service labels them in English (from what the seat
    sees of the table), so that the tested policy reads the labels it reads over --url."""
    table = view.get("table", {})
    return [replace(a, label=narrator.label(a.to_dict(), table)) for a in legal]


def play_deal(spec: MatchSpec, deal: int) -> tuple[list[GameRecord], dict[str, Timings]]:
    """Every rotation of one deal, in this process."""
    ruleset = RULESETS[spec.ruleset]
    tested, against = load_policy(spec.ruleset, spec.tested), load_policy(spec.ruleset, spec.against)
    seed = spec.deal_seed(deal)
    narrator = narrator_for(ruleset)
    clock = time.process_time if spec.cpu_time else time.perf_counter
    records: list[GameRecord] = []
    timings = {"tested": Timings(), "opponent": Timings()}
    for rotation in range(ruleset.players):
        levels = [spec.tested if s == rotation else spec.against for s in range(ruleset.players)]
        state = ruleset.new_game(seed, {}, None)
        decisions = in_service_order(state, rotation)
        chosen: str | None = None
        for _ in range(MAX_DECISIONS):
            try:
                seat, at = decisions.send(chosen) if chosen is not None else next(decisions)
            except StopIteration:
                break
            legal, view = state.legal_actions(seat), state.view(seat)
            role = "tested" if seat == rotation else "opponent"
            if role == "tested":
                legal = labelled(narrator, legal, view)
            started = clock()
            action = decide(
                tested if role == "tested" else against, levels[seat], view, legal, decision_rng(seed, at)
            )
            timings[role].add(clock() - started, len(legal))
            chosen = action.id
        else:
            raise RuntimeError(f"deal {deal}, rotation {rotation}: no end after {MAX_DECISIONS} decisions")
        result = state.result()
        assert result is not None  # the loop above left on a finished game
        records.append(GameRecord(deal, rotation, levels, list(result["winners"]), list(result["scores"])))
    return records, timings


def _play_deal_task(task: tuple[MatchSpec, int]) -> tuple[list[GameRecord], dict[str, Timings]]:
    return play_deal(*task)


def play_match(
    spec: MatchSpec, jobs: int, on_deal: Callable[[], None] | None = None
) -> tuple[list[GameRecord], dict[str, Timings]]:
    """All deals, spread over `jobs` processes (1: in this process)."""
    records: list[GameRecord] = []
    timings = {"tested": Timings(), "opponent": Timings()}

    def results() -> Iterator[tuple[list[GameRecord], dict[str, Timings]]]:
        tasks = [(spec, d) for d in range(spec.deals)]
        if jobs <= 1:
            yield from map(_play_deal_task, tasks)
            return
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            yield from pool.imap_unordered(_play_deal_task, tasks)

    for deal_records, deal_timings in results():
        records.extend(deal_records)
        for role, t in deal_timings.items():
            timings[role].merge(t)
        if on_deal is not None:
            on_deal()
    records.sort(key=lambda r: (r.deal, r.rotation))
    return records, timings
