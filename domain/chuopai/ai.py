"""Chuo Pai AI policies. They see only their own view and legal actions.

`basic`:
- always takes the opening bonus (CP-2.5) — the cards score at once;
- following (CP-4.2, beating is compulsory): if a later seat could still
  beat, play the cheapest beating play that nobody can beat given the cards
  not yet seen; otherwise the cheapest (lowest-rank) beating play;
- leading (CP-4.1): lead the biggest play that cannot be beaten given what
  is visible (own hand, piles, discards, the table); if none, dump a weak
  single that is not part of a multiple or a special combination.
"""

from __future__ import annotations

import random

from domain.base import PASS, Action, LevelInfo, Strength, View, random_policy

from .cards import (
    COMBO_FAMILY_INDEX,
    COMBOS,
    COPIES,
    INDEX,
    KIND_FAMILY,
    KIND_RANK,
    N_KINDS,
)

_COMBO_RANK = {name: rank for name, _k, _m, rank in COMBOS}
_FAMILY_INDEX = {"main": 0, "yao": 1, "black": 2, "red": 3, "combo": COMBO_FAMILY_INDEX}
_COMBO_KINDS = {k for _n, key, (m1, m2), _r in COMBOS for k in (key, m1, m2)}


def unseen_counts(view: View) -> list[int]:
    """Cards this seat has not seen: 4 of each kind minus everything visible."""
    u = [COPIES] * N_KINDS
    seen: list[str] = list(view.get("hand") or [])
    for s in view["seats"]:
        seen.extend(s.get("pile", []))
    table = view["table"]
    seen.extend(table.get("discarded", []))
    for t in table.get("trick", []):
        seen.extend(t.get("cards", []))
    for c in seen:
        u[INDEX[c]] -= 1
    return u


def _describe(a: Action) -> tuple[int, int, int]:
    """(family index, size, rank) of a play action."""
    fam = _FAMILY_INDEX[a.extra.get("family", "combo" if a.type == "combo" else "main")]
    if a.type == "combo":
        return fam, len(a.cards), _COMBO_RANK[a.extra["combination"]]
    return fam, len(a.cards), KIND_RANK[INDEX[a.cards[0]]]


def can_be_beaten(a: Action, unseen: list[int]) -> bool:
    """Could the unseen cards (pooled) form a play that beats `a` (CP-3.3)?"""
    fam, size, rank = _describe(a)
    if fam == COMBO_FAMILY_INDEX:
        k = size // 2
        for _name, key, (m1, m2), crank in COMBOS:
            if crank > rank and unseen[key] >= k and unseen[m1] + unseen[m2] >= k:
                return True
        return False
    for kind in range(N_KINDS):
        if KIND_FAMILY[kind] == fam and KIND_RANK[kind] > rank and unseen[kind] >= size:
            return True
    return False


def basic_policy(view: View, legal: list[Action], rng: random.Random) -> Action:
    if len(legal) == 1:
        return legal[0]
    for a in legal:  # CP-2.5: always take the opening bonus
        if a.type == "bonus":
            return a
    plays = [a for a in legal if a.id != PASS]
    if not plays:
        return legal[0]
    unseen = unseen_counts(view)
    table = view["table"]
    me = view.get("seat")
    if table.get("highest") is not None:
        # Following: beating is compulsory; choose which beat.
        cheapest = sorted(plays, key=lambda a: (_describe(a)[2], _keep_value(a, view)))
        later = _later_followers(view, me)
        if later:
            safe = [a for a in cheapest if not can_be_beaten(a, unseen)]
            if safe:
                return safe[0]
        return cheapest[0]
    # Leading.
    safe = [a for a in plays if not can_be_beaten(a, unseen)]
    if safe:
        # Most cards first (more points), then the lowest rank (keep the top cards).
        return min(safe, key=lambda a: (-len(a.cards), _describe(a)[2], a.id))
    hand = view.get("hand") or []
    counts = [0] * N_KINDS
    for c in hand:
        counts[INDEX[c]] += 1
    singles = [a for a in plays if a.type == "play" and len(a.cards) == 1]

    def dump_key(a: Action) -> tuple[bool, bool, int, str]:
        k = INDEX[a.cards[0]]
        return (k in _COMBO_KINDS, counts[k] > 1, KIND_RANK[k], a.id)

    if singles:
        return min(singles, key=dump_key)
    return plays[0]  # pragma: no cover - a leader always has a single


def _keep_value(a: Action, view: View) -> int:
    """Prefer spending cards that are not part of a special combination."""
    return sum(1 for c in a.cards if INDEX[c] in _COMBO_KINDS)


def _later_followers(view: View, me: int | None) -> list[int]:
    """Seats that still act after `me` in this round."""
    if me is None:
        return []
    table = view["table"]
    acted = {t["seat"] for t in table.get("trick", [])}
    n = len(view["seats"])
    out = []
    for i in (1, 2):
        s = (me + i) % n
        if s != me and s not in acted and view["seats"][s]["hand_count"] > 0:
            out.append(s)
    return out


POLICIES = {"random": random_policy, "basic": basic_policy}

# One line per level and its measured strength; the commands and the full tables are in docs/ai.md.
LEVEL_INFO: dict[str, LevelInfo] = {
    "random": LevelInfo(
        "Any legal action, uniformly at random: the floor to measure against.",
        (
            Strength(against="basic", deals=100, games=300, win_share=0.113, win_share_ci95=0.027,
                     fair_share=1 / 3, mean_score=20.50, mean_score_ci95=0.31),
        ),
        summary="Plays any legal move at random: it rarely wins.",
    ),
    "basic": LevelInfo(
        "Heuristic: takes the opening bonus, beats as cheaply as is safe, leads the biggest play "
        "nobody can beat from what it has seen, else dumps a weak single.",
        (
            Strength(against="random", deals=100, games=300, win_share=0.773, win_share_ci95=0.040,
                     fair_share=1 / 3, mean_score=21.42, mean_score_ci95=0.27),
        ),
        summary="A sensible player: it beats a play as cheaply as it safely can, and leads what nobody can beat.",
    ),
    "strong": LevelInfo(
        "Takes the opening bonus; else Monte-Carlo: swaps unseen cards between the other hands until basic "
        "explains their plays (a player unlike basic is read by its passes), plays 5 candidates out in 192 "
        "rollouts, solves the last 9 cards exactly.",
        (
            Strength(against="basic", deals=1000, games=3000, win_share=0.5947, win_share_ci95=0.011,
                     fair_share=1 / 3, mean_score=24.99, mean_score_ci95=0.05),
        ),
        summary="The strongest level: before each move it tries its best choices out in many guesses at the hidden hands, guesses that fit what every seat has played and passed.",
    ),
}  # fmt: skip
