"""AI policies for Sì Sè Pái. They see only their seat's view and legal actions.

`basic` aims at a complete hand (SSP-1.2): it scores a concealed hand by its
best *partial* partition — complete melds cost nothing, an unmelded card costs
10, two cards waiting for a third of a command/field/soldier group cost 14
(only if the missing card is still unseen), a pair whose third copy is still
unseen earns 1 (it can grow into a claimed triple), and each meld point earns
2 (scoring melds preferred). It always takes a win, claims when the claim plus
its best discard improves that score, and discards the card whose loss hurts
least. It never offers a General or flower as a discard (SSP-4.4): it picks
only from the legal discards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache

from ..base import PASS, Action, LevelInfo, Policy, Strength, View, random_policy
from .cards import COUNTS, FLOWER0, INDEX, N_KINDS, S, discardable

LEFT = -10  # an unmelded card
PARTIAL = -14  # two cards of a mixed group waiting for an unseen third (one claim from done)
PAIR_LIVE = 1  # a pair that can still grow into a triple
PW = 2  # per meld point
NEG = -(10**6)


def _ident_value(n: int, live: bool) -> int:
    return {2: PAIR_LIVE if live else 0, 3: PW, 4: 2 * PW}[n]


@cache
def _trio_value(v: tuple[int, int, int], live: tuple[bool, bool, bool], kae: bool) -> int:
    """Best partial-partition value of one colour's K/A/E (kae) or R/H/C counts."""
    if not any(v):
        return 0
    i = 0 if v[0] else (1 if v[1] else 2)
    best = NEG
    pats: list[tuple[tuple[int, ...], int]] = []
    if i == 0:
        pats.append(((1, 1, 1), 0))  # command / field group
        if live[2]:
            pats.append(((1, 1, 0), PARTIAL))
        if live[1]:
            pats.append(((1, 0, 1), PARTIAL))
        if kae:
            pats.append(((1, 0, 0), PW))  # a General alone scores 1
    if i <= 1 and v[1] and v[2]:
        pats.append(((0, 1, 1), PARTIAL if live[0] else 2 * LEFT))
    if not (kae and i == 0):
        for n in (2, 3, 4):
            if v[i] >= n:
                p = [0, 0, 0]
                p[i] = n
                pats.append((tuple(p), _ident_value(n, live[i])))
        p = [0, 0, 0]
        p[i] = 1
        pats.append((tuple(p), LEFT))
    for pat, val in pats:
        if pat[i] == 0 or any(a < b for a, b in zip(v, pat, strict=True)):
            continue
        rest = (v[0] - pat[0], v[1] - pat[1], v[2] - pat[2])
        best = max(best, val + _trio_value(rest, live, kae))
    return best


_SGROUPS = ((0, 1, 2, 3), (0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3))


@cache
def _soldier_value(v: tuple[int, ...], live: tuple[bool, ...]) -> int:
    if not any(v):
        return 0
    i = next(k for k in range(4) if v[k])
    best = NEG
    pats: list[tuple[tuple[int, ...], int]] = []
    for g in _SGROUPS:
        if g[0] == i:
            pats.append((tuple(1 if k in g else 0 for k in range(4)), 0))
    for j in range(i + 1, 4):
        others = [k for k in range(4) if k not in (i, j)]
        if v[j] and any(live[k] for k in others):
            pats.append((tuple(1 if k in (i, j) else 0 for k in range(4)), PARTIAL))
    for n in (2, 3, 4):
        if v[i] >= n:
            pats.append((tuple(n if k == i else 0 for k in range(4)), _ident_value(n, live[i])))
    pats.append((tuple(1 if k == i else 0 for k in range(4)), LEFT))
    for p, val in pats:
        if any(a < b for a, b in zip(v, p, strict=True)):
            continue
        rest = tuple(a - b for a, b in zip(v, p, strict=True))
        best = max(best, val + _soldier_value(rest, live))
    return best


def hand_value(hand: list[int], live: list[bool]) -> int:
    """Heuristic worth of a concealed count vector (higher is closer to a win)."""
    total = 0
    for col in range(4):
        b = col * 7
        for first, kae in ((0, True), (3, False)):
            v = (hand[b + first], hand[b + first + 1], hand[b + first + 2])
            if any(v):
                lv = (live[b + first], live[b + first + 1], live[b + first + 2])
                total += _trio_value(v, lv, kae)
    s = tuple(hand[c * 7 + S] for c in range(4))
    if any(s):
        total += _soldier_value(s, tuple(live[c * 7 + S] for c in range(4)))
    total += 3 * PW * sum(hand[FLOWER0:])
    return total


def _counts(codes: Iterable[str]) -> list[int]:
    v = [0] * N_KINDS
    for c in codes:
        v[INDEX[c]] += 1
    return v


def seen_copies(view: View, hand: list[int]) -> list[int]:
    """Copies of each kind the seat can see: its hand, every exposed meld and discard, the open card."""
    seen = list(hand)
    for s in view["seats"]:
        for m in s.get("exposed", []):
            for c in m["cards"]:
                seen[INDEX[c]] += 1
        for c in s.get("discards", []):
            seen[INDEX[c]] += 1
    claim = (view.get("table") or {}).get("claim")
    if claim:
        seen[INDEX[claim["card"]]] += 1
    return seen


def live_of(seen: list[int]) -> list[bool]:
    """Kinds with a copy not among the `seen` copies."""
    return [seen[i] < COUNTS[i] for i in range(N_KINDS)]


def _live(view: View, hand: list[int]) -> list[bool]:
    """Kinds with a copy neither in this hand nor visible anywhere on the table."""
    return live_of(seen_copies(view, hand))


def _best_discard_value(hand: list[int], live: list[bool]) -> int:
    best = NEG
    for i in range(N_KINDS):
        if hand[i] and discardable(i):
            hand[i] -= 1
            best = max(best, hand_value(hand, live))
            hand[i] += 1
    return best


_MELD_POINTS: dict[str | None, int] = {"triple": 1, "quad": 2}


def basic_policy(view: View, legal: list[Action], rng: random.Random) -> Action:
    for a in legal:
        if a.id == "win":
            return a  # always take a win (SSP-1.2)
    if len(legal) == 1:
        return legal[0]
    hand = _counts(view.get("hand") or [])
    live = _live(view, hand)
    if view.get("phase") == "discard":
        scored = []
        for a in legal:
            i = INDEX[a.cards[0]]
            hand[i] -= 1
            scored.append((hand_value(hand, live), a))
            hand[i] += 1
        top = max(v for v, _ in scored)
        ties = [a for v, a in scored if v == top]
        return ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]
    # a claim window: compare each claim (plus its best discard) with passing
    claim = (view.get("table") or {}).get("claim") or {}
    card = claim.get("card")
    pass_action = next((a for a in legal if a.id == PASS), None)
    best_val, best = hand_value(hand, live), pass_action
    for a in legal:
        if a.type != "claim" or card is None:
            continue
        used = list(a.cards)
        used.remove(card)
        h = list(hand)
        for c in used:
            h[INDEX[c]] -= 1
        kind = a.extra.get("meld")
        pts = _MELD_POINTS.get(kind, 0)
        if kind == "single":
            pts = 3 if card.startswith("F") else 1
        val = _best_discard_value(h, live) + PW * pts
        if val > best_val:
            best_val, best = val, a
    return best if best is not None else legal[0]


def policy(level: str) -> Policy:
    if level == "random":
        return random_policy
    if level == "basic":
        return basic_policy
    if level == "strong":
        from .strong import strong_policy  # strong builds on this module's hand score

        return strong_policy
    raise ValueError(f"unknown AI level {level!r}")


# One line per level and its measured strength; the commands and the full tables are in docs/ai.md.
LEVEL_INFO: dict[str, LevelInfo] = {
    "random": LevelInfo(
        "Any legal action, uniformly at random: the floor to measure against.",
        (
            Strength(against="basic", deals=100, games=400, win_share=0.003, win_share_ci95=0.005,
                     fair_share=1 / 4, mean_score=0.02, mean_score_ci95=0.03),
        ),
        summary="Plays any legal move at random: it rarely wins.",
    ),
    "basic": LevelInfo(
        "Heuristic: takes every win it can, claims when the claim and its best discard improve its partial "
        "partition, discards the card whose loss hurts least.",
        (
            Strength(against="random", deals=100, games=400, win_share=0.575, win_share_ci95=0.050,
                     fair_share=1 / 4, mean_score=4.75, mean_score_ci95=0.47),
        ),
        summary="A sensible player: it wins whenever it can, claims what improves its groups and lets go of the card it needs least.",
    ),
    "strong": LevelInfo(
        "Learned value: ranks every discard and claim by a logistic estimate of its chance to win "
        "with the hand it keeps (basic's score, unseen cards that would win or claim, the stock).",
        (
            Strength(against="basic", deals=1000, games=4000, win_share=0.263, win_share_ci95=0.010,
                     fair_share=1 / 4, mean_score=2.07, mean_score_ci95=0.10),
        ),
        summary="It weighs every discard and every claim by its chance of winning with the hand it keeps, as learned from thousands of games: a little stronger than the sensible player.",
    ),
}  # fmt: skip
