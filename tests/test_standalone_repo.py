"""The repository stands alone: no file refers to the folder of notes outside it that the project
started from (its rules now live in docs/rules/, its contract and design in docs/)."""

from __future__ import annotations

import subprocess

from tests.servers import ROOT

# Spelled in pieces so this file does not match itself.
OUTSIDE_REFERENCES = (
    "/work/" + "shared",
    "../" + "shared",
    "shared/" + "rules",
    "toolchain " + "notes",
    "../" + "seeds",  # the source pages the rules were translated from stay with the project's notes
)


def test_no_file_refers_outside_the_repository():
    files = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    offenders = []
    for name in files:
        path = ROOT / name
        if not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        offenders += [f"{name}: {ref}" for ref in OUTSIDE_REFERENCES if ref in text]
    assert offenders == [], offenders


def test_contract_and_design_are_in_docs():
    for doc in ("api.md", "design.md", "guarantees.md", "sdk-readme.md"):
        assert (ROOT / "docs" / doc).is_file(), doc
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/api.md" in readme and "docs/design.md" in readme and "docs/rules/" in readme
