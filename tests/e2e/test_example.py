"""The SDK example plays full games against the AI (every ruleset offered)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from domain.registry import RULESETS
from tests.servers import ROOT


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_example_plays_a_full_game(server, ruleset):
    extra = ["--deals", "2"] if ruleset == "nantong" else []
    run = subprocess.run(
        [
            sys.executable,
            "examples/play_vs_ai.py",
            "--url",
            server,
            "--ruleset",
            ruleset,
            "--seed",
            "12",
            *extra,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr + run.stdout
    assert "finished after" in run.stdout and "verified by the server's replay" in run.stdout


def test_the_example_bot_is_measured_by_cardgames_match(server):
    """README: the bot the example plays with is measured as it plays (`--sdk-policy`)."""
    run = subprocess.run(
        [
            str(Path(sys.executable).with_name("cardgames")),
            *("match", "chuopai", "--sdk-policy", "examples.play_vs_ai:policy", "--deals", "1"),
            *("--url", server, "--json", "--no-progress"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["tested"] == "examples.play_vs_ai:policy" and len(report["games"]) == 3
