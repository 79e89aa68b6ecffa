"""The standings arithmetic of `cardgames match`: win points, per-deal blocks, Student's t CIs."""

from __future__ import annotations

import math
import statistics

import pytest

from cli.stats import GameRecord, Timings, blocks_by_deal, estimate, paired, standings, win_points


def test_estimate_is_the_mean_with_a_students_t_half_width():
    blocks = [1.0, 0.0, 1.0, 0.0]
    e = estimate(blocks)
    assert e["mean"] == 0.5
    assert e["ci95"] == pytest.approx(3.182 * statistics.stdev(blocks) / math.sqrt(4))
    assert estimate([0.7]) == {"mean": 0.7, "ci95": None}
    many = [float(i % 2) for i in range(100)]
    assert estimate(many)["ci95"] == pytest.approx(1.96 * statistics.stdev(many) / 10)


def test_win_points_split_ties_and_nobody_wins_an_exhausted_deal():
    record = GameRecord(deal=0, rotation=0, levels=["a", "b", "b"], winners=[0, 2], scores=[5, 1, 5])
    assert [win_points(record, s) for s in range(3)] == [0.5, 0.0, 0.5]
    exhausted = GameRecord(deal=0, rotation=0, levels=["a", "b", "b"], winners=[], scores=[0, 0, 0])
    assert [win_points(exhausted, s) for s in range(3)] == [0.0, 0.0, 0.0]


def test_standings_average_a_level_over_its_seats_then_over_each_deals_rotations():
    # One deal, three rotations: the tested level wins twice, the third game goes to seat 0.
    records = [
        GameRecord(0, 0, ["t", "o", "o"], [0], [10, 0, 2]),
        GameRecord(0, 1, ["o", "t", "o"], [1], [4, 8, 0]),
        GameRecord(0, 2, ["o", "o", "t"], [0], [9, 3, 6]),
    ]
    timings = {"tested": Timings(), "opponent": Timings()}
    timings["tested"].add(0.002, 3)
    timings["tested"].add(0.001, 1)  # no choice: counted, not in the medians
    tested, opponent = standings(records, timings, "t", "o", 3)
    assert tested["games"] == opponent["games"] == 3 and tested["deals"] == 1
    assert tested["win_share"] == {"mean": pytest.approx(2 / 3), "ci95": None}
    assert tested["score"]["mean"] == pytest.approx((10 + 8 + 6) / 3)
    assert opponent["win_share"]["mean"] == pytest.approx((0 + 0 + 0.5) / 3)
    assert opponent["score"]["mean"] == pytest.approx((1 + 2 + 6) / 3)
    assert tested["decisions"] == 2 and tested["choices"] == 1
    assert tested["choice_ms_median"] == pytest.approx(2.0)
    assert opponent["decisions"] == 0 and opponent["decisions_per_s"] is None


def test_paired_differences_are_per_deal_blocks_of_the_tested_seats():
    # Deal 0: A wins 2 of 3 rotations, B 1 of 3; deal 1: A ties one game (1/2), B wins all three.
    def games(deal, wins, scores):
        return [
            GameRecord(deal, rot, ["x"] * 3, winners, [scores[rot] if s == rot else 0 for s in range(3)])
            for rot, winners in enumerate(wins)
        ]

    a = games(0, [[0], [1], [0]], [9, 8, 1]) + games(1, [[0, 1], [0], [0]], [5, 5, 5])
    b = (
        games(0, [[0], [0], [0]], [3, 3, 3])
        + games(1, [[0], [1], [2]], [6, 6, 6])
        + games(2, [[0]] * 3, [1] * 3)
    )
    assert blocks_by_deal(a) == {0: (2 / 3, 6.0), 1: (1 / 6, 5.0)}
    result = paired(a, b)
    assert result["deals"] == 2  # deal 2 was played in one match only
    diffs = [2 / 3 - 1 / 3, 1 / 6 - 1.0]
    assert result["win_share"] == estimate(diffs)
    assert result["score"] == estimate([6.0 - 3.0, 5.0 - 6.0])
