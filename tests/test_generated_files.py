"""openapi.yaml, docs/rules/ and sdk/ are generated; these fail when one has drifted. Fix: `make regen`."""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
from pathlib import Path

from scripts.write_openapi import spec_yaml
from scripts.write_rules_docs import DOCS_RULES, rules_docs

ROOT = Path(__file__).resolve().parent.parent
SDK_README = "docs/sdk-readme.md"  # hand-written; scripts/regen.sh copies it over the generated one
IGNORED = {".ruff_cache", "__pycache__", "cardgames_client.egg-info", "build"}


def test_openapi_yaml_is_current():
    committed = (ROOT / "openapi.yaml").read_text(encoding="utf-8")
    assert spec_yaml() == committed, "openapi.yaml is stale: run `make regen`"


def test_docs_rules_are_the_packages_rules():
    """docs/rules/<id>.md is a copy of rules.md in each ruleset's package (the one the API serves)."""
    expected = rules_docs()
    present = {p.name for p in DOCS_RULES.glob("*.md")}
    assert present == set(expected), "docs/rules/ lists other rulesets: run `make regen`"
    for name, text in expected.items():
        assert (DOCS_RULES / name).read_text(encoding="utf-8") == text, (
            f"docs/rules/{name} is stale: run `make regen`"
        )


def _differences(cmp: filecmp.dircmp, prefix: str = "") -> list[str]:
    out = [f"{prefix}{n}" for n in cmp.left_only + cmp.right_only + cmp.diff_files if n not in IGNORED]
    for name, sub in cmp.subdirs.items():
        if name not in IGNORED:
            out += _differences(sub, f"{prefix}{name}/")
    return out


def test_sdk_is_current(tmp_path):
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "")}  # ruff for the post-hooks
    subprocess.run(
        [
            os.path.join(bin_dir, "openapi-python-client"),
            "generate",
            "--path",
            "openapi.yaml",
            "--config",
            "sdk_config.yaml",
            "--meta",
            "setup",
            "--output-path",
            str(tmp_path / "sdk"),
            "--fail-on-warning",
        ],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
    )
    shutil.copyfile(ROOT / SDK_README, tmp_path / "sdk" / "README.md")  # as scripts/regen.sh does
    cmp = filecmp.dircmp(str(tmp_path / "sdk"), str(ROOT / "sdk"), ignore=list(IGNORED))
    assert _differences(cmp) == [], "sdk/ is stale or edited by hand: run `make regen`"


def test_sdk_readme_is_the_hand_written_one():
    assert (ROOT / "sdk" / "README.md").read_text(encoding="utf-8") == (ROOT / SDK_README).read_text(
        encoding="utf-8"
    ), "sdk/README.md is not docs/sdk-readme.md: run `make regen`"
