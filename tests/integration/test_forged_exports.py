"""The offline verifier trusts nothing in an export: forged logs whose hash chain was
re-computed print NOT VERIFIED with a message saying what differed, in every ruleset.

Each game has one person's seat (played with its first legal action) and AI seats of
two levels, so the log holds decisions by `human`, `ai:<level>` and `auto`.
"""

from __future__ import annotations

import json

import pytest

from domain.registry import RULESETS
from service.game_service import GameService
from service.verify import main as verify_main
from store.sqlite import SqliteStore
from tests.forgery import FORGERIES, decisions

RULESET_IDS = sorted(RULESETS)


def seats_for(ruleset_id: str, people: int = 1) -> list[dict]:
    levels = ["basic", "random"]
    players = RULESETS[ruleset_id].players
    return [{"kind": "human"}] * people + [
        {"kind": "ai", "level": levels[i % 2]} for i in range(players - people)
    ]


def played_export(tmp_path, ruleset_id: str, people: int = 1, seed: int = 11) -> dict:
    """A finished game whose person seats each took their first legal action."""
    service = GameService(SqliteStore(str(tmp_path / "db.sqlite3")))
    options = {"deals": 1} if ruleset_id == "nantong" else {}
    game = service.create_game(ruleset_id, seats_for(ruleset_id, people), seed=seed, options=options)
    for _ in range(5000):
        if service.view(game["id"], None)["status"] == "finished":
            return service.export(game["id"])
        turns = [service.legal_actions(game["id"], seat) for seat in range(people)]
        seat, legal = next((seat, t) for seat, t in enumerate(turns) if t["actions"])
        service.act(game["id"], seat, legal["actions"][0]["id"], legal["version"])
    raise AssertionError("the game did not finish")


@pytest.fixture(scope="module")
def exports(tmp_path_factory) -> dict[str, dict]:
    return {r: played_export(tmp_path_factory.mktemp(r), r) for r in RULESET_IDS}


@pytest.fixture(scope="module")
def two_people_exports(tmp_path_factory) -> dict[str, dict]:
    """Two people at the table: each answers every claim window it is in (sealed until the
    window settles), so window answers are logged in the window's recording order."""
    return {r: played_export(tmp_path_factory.mktemp(f"{r}-2"), r, people=2) for r in RULESET_IDS}


def run_verifier(tmp_path, doc: dict, capsys) -> tuple[int, str]:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(doc))
    code = verify_main([str(path)])
    return code, capsys.readouterr().out


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_the_untouched_export_verifies_with_every_kind_of_decision(tmp_path, capsys, exports, ruleset_id):
    export = exports[ruleset_id]
    kinds = {d.by for d in decisions(export)}
    assert {"human", "auto", "ai:basic", "ai:random"} <= kinds, kinds
    code, out = run_verifier(tmp_path, export, capsys)
    assert code == 0 and out.strip().endswith("VERIFIED") and "FAIL" not in out, out


@pytest.mark.parametrize("forgery", sorted(FORGERIES))
@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_a_forged_export_is_not_verified(tmp_path, capsys, exports, ruleset_id, forgery):
    export = exports[ruleset_id]
    forged, words = FORGERIES[forgery](export, decisions(export))
    code, out = run_verifier(tmp_path, forged, capsys)
    assert code == 1 and out.strip().endswith("NOT VERIFIED"), out
    assert "ok   hash_chain" in out, out  # re-chained: only the replay can tell
    failing = [line for line in out.splitlines() if line.startswith("FAIL")]
    assert len(failing) == 1, out
    for word in words:
        assert word in failing[0], (word, failing[0])


@pytest.mark.parametrize(
    "text, reason",
    [("[" * 100_000 + "]" * 100_000, "RecursionError"), ('{"seed": ' + "9" * 5000 + "}", "ValueError")],
)
def test_an_unreadable_export_is_refused_not_crashed(tmp_path, capsys, text, reason):
    path = tmp_path / "export.json"
    path.write_text(text)
    assert verify_main([str(path)]) == 2
    assert reason in capsys.readouterr().err


@pytest.mark.parametrize(
    "doc",
    [[], "x", {"format": "cardgames-export/1"}, {"format": "cardgames-export/1", "game": {}, "events": [1]}],
)
def test_a_malformed_export_is_not_verified(tmp_path, capsys, doc):
    code, out = run_verifier(tmp_path, doc, capsys)
    assert code == 1 and out.strip().endswith("NOT VERIFIED"), out


TWO_PEOPLE_FORGERIES = [
    "ai_seats_logged_as_human",
    "ai_by_on_a_human_seat",
    "auto_with_a_choice_on_a_human_seat",
    "ai_decision_changed",
    "human_seat_declared_ai",
]


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_a_two_people_export_verifies_and_its_forgeries_do_not(
    tmp_path, capsys, two_people_exports, ruleset_id
):
    export = two_people_exports[ruleset_id]
    ds = decisions(export)
    assert {d.seat for d in ds if d.by == "human"} == {0, 1}
    assert any(d.by == "human" and len(d.legal) == 1 for d in ds), "no person answered a lone pass"
    code, out = run_verifier(tmp_path, export, capsys)
    assert code == 0 and out.strip().endswith("VERIFIED") and "FAIL" not in out, out
    for forgery in TWO_PEOPLE_FORGERIES:
        forged, words = FORGERIES[forgery](export, ds)
        code, out = run_verifier(tmp_path, forged, capsys)
        failing = [line for line in out.splitlines() if line.startswith("FAIL")]
        assert code == 1 and len(failing) == 1 and all(w in failing[0] for w in words), (forgery, out)
