"""Hand calculator (POST /v1/rulesets/chuopai/score)."""

from __future__ import annotations

import json

import pytest

from domain.base import InvalidHand
from domain.chuopai import RULESET


def test_calculator_lists_plays_and_opening_bonus():
    """CP-2.5 eligibility and the CP-4.1 plays of a hand."""
    r = RULESET.score_hand({"hand": ["66", "45", "12", "24", "12"]})
    json.dumps(r)
    assert r["hand"] == ["66", "45", "12", "12", "24"]
    assert r["opening_bonus"] == {
        "rule": "CP-2.5",
        "eligible": True,
        "cards": ["12", "12", "24"],
        "points": 3,
    }
    ids = [p["id"] for p in r["plays"]]
    assert "play:12,12" in ids and "play:12,24" not in ids  # CP-3.1
    assert [c["id"] for c in r["combinations"]] == ["play:66,45"]  # CP-3.2
    assert r["play_count"] == len(ids) == 6
    assert "beating" not in r


def test_calculator_no_bonus_with_one_kind():
    """CP-2.5: holding only Nails gives nothing."""
    r = RULESET.score_hand({"hand": ["12", "12"]})
    assert r["opening_bonus"]["eligible"] is False and r["opening_bonus"]["points"] == 0


def test_calculator_beating_plays_and_must_pass():
    """CP-3.3 / CP-4.2: beats of the given highest play; otherwise pass."""
    r = RULESET.score_hand({"hand": ["66", "45", "44", "34"], "highest": ["13", "23"]})
    assert r["highest"] == {"cards": ["13", "23"], "family": "combo", "combination": "he_wu"}
    assert [p["id"] for p in r["beating"]] == ["play:44,34", "play:66,45"]
    assert r["must_pass"] is False
    r = RULESET.score_hand({"hand": ["35"], "highest": ["26"]})
    assert r["beating"] == [] and r["must_pass"] is True


@pytest.mark.parametrize(
    "body,rule",
    [
        ({"hand": ["77"]}, "CP-2.3"),
        ({"hand": ["66"] * 5}, "CP-2.1"),
        ({"hand": ["66"] * 3, "highest": ["66", "66"]}, "CP-2.1"),
        (
            {
                "hand": ["66"] * 4
                + ["11"] * 4
                + ["44"] * 4
                + ["13"] * 4
                + ["33"] * 4
                + ["55"] * 4
                + ["22"] * 4
                + ["15"]
            },
            "CP-2.4",
        ),
        ({"hand": []}, "CP-2.4"),
        ({"hand": ["66"], "highest": ["26", "35"]}, "CP-3.1"),
        ({"hand": ["66"], "highest": []}, "CP-3.1"),
        ({"hand": "66"}, None),
        ({"cards": ["66"]}, None),
        ([], None),
    ],
)
def test_calculator_rejects_impossible_input(body, rule):
    with pytest.raises(InvalidHand) as e:
        RULESET.score_hand(body)
    assert e.value.rule == rule
