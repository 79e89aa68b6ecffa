"""Standings of a duplicate-format match: per level, per-deal blocks and their 95 % CIs.

A deal is played once per seat rotation (the tested level in that seat, the other level in
every other seat), so the luck of the deal cancels within its block. Each level's figures
per game are the mean over the seats it held; a deal's block is the mean over its
rotations; the CI is over blocks (Student's t, the blocks being independent deals).
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field
from typing import Any, TypedDict

# Two-sided 95 % quantiles of Student's t for 1..30 degrees of freedom; beyond, 1.96.
_T95 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


class Estimate(TypedDict):
    mean: float
    ci95: float | None  # half-width; None with fewer than two blocks


def estimate(blocks: list[float]) -> Estimate:
    """Mean of independent blocks with the half-width of its 95 % confidence interval."""
    mean = statistics.fmean(blocks) if blocks else 0.0
    if len(blocks) < 2:
        return {"mean": mean, "ci95": None}
    df = len(blocks) - 1
    t = _T95[df - 1] if df <= len(_T95) else 1.96
    return {"mean": mean, "ci95": t * statistics.stdev(blocks) / math.sqrt(len(blocks))}


@dataclass
class GameRecord:
    """One finished game of the match: who sat where and how it ended."""

    deal: int
    rotation: int
    levels: list[str]  # the level (or policy) in each seat
    winners: list[int]
    scores: list[int]
    game_id: str | None = None


@dataclass
class Timings:
    """Decision times of one level: every decision, and those with a choice (> 1 legal action)."""

    decisions: int = 0
    seconds: float = 0.0
    choice_seconds: list[float] = field(default_factory=list)

    def add(self, elapsed: float, choices: int) -> None:
        self.decisions += 1
        self.seconds += elapsed
        if choices > 1:
            self.choice_seconds.append(elapsed)

    def merge(self, other: Timings) -> None:
        self.decisions += other.decisions
        self.seconds += other.seconds
        self.choice_seconds.extend(other.choice_seconds)


def win_points(record: GameRecord, seat: int) -> float:
    """1 for a sole winner, 1/n for each of n tied winners, 0 otherwise (none in an exhausted deal)."""
    return 1.0 / len(record.winners) if seat in record.winners else 0.0


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


def standings(
    records: list[GameRecord], timings: dict[str, Timings], tested: str, against: str, players: int
) -> list[dict[str, Any]]:
    """One row per level: the tested level first, then the level it plays against."""
    rows = []
    for role, level in (("tested", tested), ("opponent", against)):
        by_deal: dict[int, list[tuple[float, float]]] = {}
        for r in records:
            seats = [s for s, lv in enumerate(r.levels) if lv == level and _role(r, s) == role]
            if not seats:
                continue
            wins = statistics.fmean(win_points(r, s) for s in seats)
            score = statistics.fmean(r.scores[s] for s in seats)
            by_deal.setdefault(r.deal, []).append((wins, score))
        win_blocks = [statistics.fmean(w for w, _ in games) for games in by_deal.values()]
        score_blocks = [statistics.fmean(s for _, s in games) for games in by_deal.values()]
        t = timings.get(role) or Timings()
        win = estimate(win_blocks)
        rows.append(
            {
                "level": level,
                "role": role,
                "seats_per_game": 1 if role == "tested" else players - 1,
                "deals": len(by_deal),
                "games": sum(len(g) for g in by_deal.values()),
                "win_share": win,
                "fair_share": 1 / players,
                "vs_fair": win["mean"] * players,
                "score": estimate(score_blocks),
                "decisions": t.decisions,
                "decisions_per_s": t.decisions / t.seconds if t.seconds > 0 else None,
                "choices": len(t.choice_seconds),
                "choice_ms_median": 1000 * statistics.median(t.choice_seconds) if t.choice_seconds else None,
                "choice_ms_p95": 1000 * _percentile(t.choice_seconds, 0.95) if t.choice_seconds else None,
            }
        )
    return rows


def _role(record: GameRecord, seat: int) -> str:
    """The tested level sits in seat `rotation`; every other seat is the opponent's."""
    return "tested" if seat == record.rotation else "opponent"


def blocks_by_deal(records: list[GameRecord]) -> dict[int, tuple[float, float]]:
    """Per deal, the tested seat's win points and score, each the mean over the deal's rotations."""
    games: dict[int, list[GameRecord]] = {}
    for r in records:
        games.setdefault(r.deal, []).append(r)
    return {
        deal: (
            statistics.fmean(win_points(r, r.rotation) for r in rs),
            statistics.fmean(r.scores[r.rotation] for r in rs),
        )
        for deal, rs in games.items()
    }


class Paired(TypedDict):
    deals: int  # deals played in both matches
    win_share: Estimate  # per game, the first match's tested seat minus the second's
    score: Estimate


def paired(first: list[GameRecord], second: list[GameRecord]) -> Paired:
    """The tested seat of `first` against that of `second` on the deals both played: per deal,
    the difference of the blocks, then their mean with its 95 % CI. Two levels tested on the same
    deals (the same seed) compare with the luck of each deal cancelled; a level tested against
    another (`--against`) and the other tested against it give the head-to-head measure."""
    a, b = blocks_by_deal(first), blocks_by_deal(second)
    deals = sorted(a.keys() & b.keys())
    return {
        "deals": len(deals),
        "win_share": estimate([a[d][0] - b[d][0] for d in deals]),
        "score": estimate([a[d][1] - b[d][1] for d in deals]),
    }
