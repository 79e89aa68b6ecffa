"""The SDK example plays full games against the AI (every ruleset offered)."""

from __future__ import annotations

import subprocess
import sys

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
