"""Every AI level a ruleset offers has a one-line description, a plain summary for a person
choosing an opponent, and its measured strength, and those figures are the ones docs/ai.md
reports with the commands that measured them."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.registry import RULESETS

AI_DOC = (Path(__file__).resolve().parents[2] / "docs" / "ai.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_each_level_is_described_in_one_line(ruleset_id):
    ruleset = RULESETS[ruleset_id]
    described = ruleset.describe_levels()
    assert [d["level"] for d in described] == list(ruleset.ai_levels)
    assert set(ruleset.ai_level_info) == set(ruleset.ai_levels)
    for d in described:
        assert d["description"] and "\n" not in d["description"] and len(d["description"]) <= 240
        assert d["summary"] and "\n" not in d["summary"] and len(d["summary"]) <= 200, (ruleset_id, d)
        assert d["summary"] != d["description"]
        assert d["strength"], f"{ruleset_id} {d['level']}: no measured strength"


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_measured_strengths_are_the_figures_in_docs_ai_md(ruleset_id):
    ruleset = RULESETS[ruleset_id]
    for level, info in ruleset.ai_level_info.items():
        for m in info.strength:
            assert m.against in ruleset.ai_levels and m.games == m.deals * ruleset.players
            assert m.fair_share == pytest.approx(1 / ruleset.players)
            # The docs' table row of this match: same level, opponent, games and figures.
            row = (
                f"| {ruleset_id} | {level} | {m.against} | {m.games} | "
                f"{m.win_share:.3f} ± {m.win_share_ci95:.3f} | {m.win_share / m.fair_share:.2f} | "
                f"{m.mean_score:.2f} ± {m.mean_score_ci95:.2f} |"
            )
            assert row in AI_DOC, f"docs/ai.md lacks the row {row}"
            # The seed is the evaluation seed of that measurement (never one tuned on).
            command = f"cardgames match {ruleset_id} {level} --against {m.against} --deals {m.deals} --seed "
            assert command in AI_DOC
