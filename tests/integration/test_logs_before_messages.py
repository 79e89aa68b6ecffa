"""Games logged before breakdown lines carried `message` (their words, language-free) keep
working: their exports verify, and their lines read as logged (English) in every language.

The two exports under data/ were written by the service before the change (golden games)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from domain.registry import RULESETS
from service.i18n import LANGUAGES, translator
from service.verify import verify_export
from service.wording import has_messages, rendered

DATA = Path(__file__).parent / "data"
OLD_EXPORTS = sorted(DATA.glob("*-logged-before-messages.json"))


def finished_result(export: dict) -> dict:
    return next(e for e in export["events"] if e["type"] == "game_finished")["payload"]["result"]


@pytest.mark.parametrize("path", OLD_EXPORTS, ids=lambda p: p.name)
def test_an_export_logged_before_messages_verifies(path):
    export = json.loads(path.read_text(encoding="utf-8"))
    assert not has_messages(finished_result(export))
    report = verify_export(export, RULESETS)
    assert report["ok"], [c for c in report["checks"] if not c["ok"]]


@pytest.mark.parametrize("path", OLD_EXPORTS, ids=lambda p: p.name)
def test_its_words_still_count_in_the_replayed_result(path):
    """Without `message`, the logged English `what` must still be the replayed one."""
    export = json.loads(path.read_text(encoding="utf-8"))
    forged = copy.deepcopy(export)
    line = finished_result(forged)["players"][0]["breakdown"][0]
    line["what"] += " (changed)"
    checks = {c["name"]: c["ok"] for c in verify_export(forged, RULESETS)["checks"]}
    assert checks["result"] is False, checks
    assert not verify_export(forged, RULESETS)["ok"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_its_lines_read_as_logged_in_every_language(language):
    export = json.loads(OLD_EXPORTS[0].read_text(encoding="utf-8"))
    result = finished_result(export)
    assert rendered(result, translator(language)) == result
