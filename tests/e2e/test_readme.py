"""The README's walk-throughs run as pasted: the curl block with bash plays a whole game and ends
with the offline verifier printing VERIFIED; the SDK snippet plays a whole game. Both against a
real gunicorn, and neither leaves a file that git would see."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.servers import ROOT, gunicorn_server

README = ROOT / "README.md"


def fenced_block(markdown: str, heading: str, language: str) -> str:
    """The first ```language block after `## heading`."""
    section = markdown.split(f"## {heading}\n", 1)[1]
    match = re.search(rf"^```{language}\n(.*?)^```$", section, re.S | re.M)
    assert match, f"no {language} block under {heading!r}"
    return match.group(1)


def git_status() -> str:
    return subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


@pytest.fixture(scope="module")
def base_url(tmp_path_factory):
    db = tmp_path_factory.mktemp("readme") / "readme.sqlite3"
    with gunicorn_server(f"sqlite:///{db}", workers=2) as (url, _proc):
        yield url


def _env(base_url: str, tmp_path) -> dict[str, str]:
    # The walk-throughs read CARDGAMES_URL (default: `make run`'s address); TMPDIR keeps mktemp's
    # folder inside this test's own temporary folder.
    return {**os.environ, "CARDGAMES_URL": base_url, "TMPDIR": str(tmp_path)}


def test_curl_walkthrough_plays_to_the_end_and_verifies(base_url, tmp_path):
    block = fenced_block(README.read_text(encoding="utf-8"), "A first game with curl", "bash")
    assert "curl " in block and all(
        "-f" in line.split()[1] for line in block.splitlines() if line.lstrip().startswith("curl ")
    ), "every curl call must use -f so an error page is never saved as a file"
    before = git_status()
    run = subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", block],
        cwd=ROOT,
        env=_env(base_url, tmp_path),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:] + run.stdout[-3000:]
    assert run.stdout.rstrip().splitlines()[-1] == "VERIFIED", run.stdout[-2000:]
    assert run.stdout.count("you play:") >= 5, "the walk-through did not play the game"
    assert "ok   known_creation" in run.stdout and "Not anchored" not in run.stdout  # tied to this game
    assert '"ok": true' in run.stdout.replace('"ok":true', '"ok": true')  # the server's /verify
    assert git_status() == before, "the walk-through wrote files git does not ignore"


def test_sdk_snippet_plays_to_the_end(base_url, tmp_path):
    block = fenced_block(README.read_text(encoding="utf-8"), "A first game with the SDK", "python")
    script = tmp_path / "first_game.py"
    script.write_text(block, encoding="utf-8")
    before = git_status()
    run = subprocess.run(
        [sys.executable, str(script)],  # .venv/bin/python, as the README says
        cwd=ROOT,
        env=_env(base_url, tmp_path),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert re.search(r"^scores: \[-?\d+, -?\d+, -?\d+\] winners: \[", run.stdout, re.M), run.stdout
    assert git_status() == before
    # it type-checks, as the README says, from the repository (the SDK's path from pyproject.toml)
    typed = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--no-incremental",
            "--cache-dir",
            str(tmp_path / "mypy"),
            str(script),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert typed.returncode == 0, typed.stdout[-3000:]
    assert "Success" in typed.stdout


def test_sdk_readme_first_game_plays_to_the_end(base_url, tmp_path):
    """sdk/README.md (docs/sdk-readme.md) is real: its first game runs as written."""
    block = fenced_block((ROOT / "sdk" / "README.md").read_text(encoding="utf-8"), "A first game", "python")
    script = tmp_path / "sdk_first_game.py"
    script.write_text(block, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,  # outside the repository: the installed SDK, not the source folder
        env=_env(base_url, tmp_path),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert "my hand:" in run.stdout and re.search(r"^outcome: \w+ scores: \[", run.stdout, re.M), run.stdout
    # and it type-checks against the SDK's annotations, as a user's editor or mypy reads it
    typed = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", str(script)],
        cwd=tmp_path,
        env={**os.environ, "MYPYPATH": str(ROOT / "sdk")},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert typed.returncode == 0, typed.stdout[-3000:]
