"""Shared helpers for the chuopai tests (imported as a sibling module)."""

from __future__ import annotations

import random

from domain.chuopai import RULESET
from domain.chuopai.cards import CODES, to_counts
from domain.chuopai.state import ChuoPaiState


def state_from(hands: list[list[str]], leader: int = 0, bonus: bool = False) -> ChuoPaiState:
    """A state with exactly these hands (any sizes). Unless `bonus`, the
    CP-2.5 phase is answered "pass" by every seat."""
    st = ChuoPaiState([to_counts(h) for h in hands], leader)
    if not bonus:
        while st.phase == "bonus":
            st.apply(st.to_act()[0], "pass")
    return st


def deck_from(h0: list[str], h1: list[str], h2: list[str]) -> list[str]:
    """A full 84-card deck whose seats start with h0/h1/h2 padded from what is left."""
    left = [c for c in CODES for _ in range(4)]
    for c in h0 + h1 + h2:
        left.remove(c)
    hands = [list(h0), list(h1), list(h2)]
    for h in hands:
        while len(h) < 28:
            h.append(left.pop(0))
    return hands[0] + hands[1] + hands[2]


def ids(st, seat):
    return [a.id for a in st.legal_actions(seat)]


def play_out(st, policies, rng: random.Random, limit: int = 1000, check=None):
    """Play to the end with per-seat policies; optional check(state) after each step."""
    steps = 0
    while not st.is_finished():
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        action = policies[seat](st.view(seat), legal, rng) if len(legal) > 1 else legal[0]
        assert action in legal
        st.apply(seat, action.id)
        steps += 1
        assert steps <= limit
        if check:
            check(st)
    return steps


def policies(*levels):
    return [RULESET.policy(lv) for lv in levels]


def decisions_of(seed: int, policies, every: int = 1):
    """(state, seat) before each decision of a seeded game, every `every`-th one."""
    st = RULESET.new_game(seed, {}, None)
    step = 0
    rng = random.Random(seed)
    while not st.is_finished():
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        if step % every == 0:
            yield st, seat
        st.apply(seat, policies[seat](st.view(seat), legal, rng).id)
        step += 1
