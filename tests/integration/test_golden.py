"""Golden playthroughs pin the behaviour of every ruleset and AI level end to end.

Each file under tests/golden/ is an exported game played through the service from a fixed seed
(all seats AI of one level, or seat 0 a person taking the first legal action). Replaying its
creation and its person decisions through the service must give the same export, except for the
values that are random per game and not derived from the seed (game id, nonce, commitment,
timestamps, hashes: see PER_GAME_RANDOM), and the offline verifier must accept the stored file.
An intended change of play is recorded with `make golden`, and shows in review as a diff of events.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from domain.registry import RULESETS
from service.verify import main as verify_main
from tests.golden_games import (
    GOLDEN_DIR,
    GOLDEN_SEED,
    MASK,
    PERSON,
    GoldenGame,
    golden_games,
    in_memory_service,
    masked,
    play,
    replay,
)

GAMES = golden_games(RULESETS)


def load(game: GoldenGame) -> dict[str, Any]:
    return json.loads(game.path.read_text(encoding="utf-8"))


def assert_same_game(actual: dict[str, Any], golden: dict[str, Any], name: str) -> None:
    """Equal once masked; on a difference, name the first event that differs."""
    got, want = masked(actual), masked(golden)
    if got == want:
        return
    hint = f"{name}: the play differs from tests/golden/{name}.json (run `make golden` if intended)"
    for i, (g, w) in enumerate(zip(got.get("events", []), want.get("events", []), strict=False)):
        assert g == w, f"{hint}; first difference at event {i + 1}"
    assert len(got.get("events", [])) == len(want.get("events", [])), f"{hint}; the logs differ in length"
    assert got == want, f"{hint}; outside the events"


def test_every_ruleset_and_ai_level_has_a_golden_game():
    assert {g.ruleset.id for g in GAMES} == set(RULESETS)
    for ruleset in RULESETS.values():
        assert {g.level for g in GAMES if g.ruleset is ruleset} == {*ruleset.ai_levels, PERSON}
    missing = [g.name for g in GAMES if not g.path.exists()]
    assert not missing, f"no golden file for {missing}: run `make golden`"
    stale = sorted(p.name for p in GOLDEN_DIR.glob("*.json") if p not in {g.path for g in GAMES})
    assert not stale, f"golden files of no registered ruleset or AI level: {stale} (run `make golden`)"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_golden_file_is_the_game_its_name_says(game):
    golden = load(game)
    created = golden["events"][0]["payload"]
    assert golden["game"]["ruleset"] == created["ruleset"] == game.ruleset.id
    assert int(golden["game"]["seed"]) == GOLDEN_SEED and not golden["game"]["custom_deck"]
    assert created["seats"] == [{"seat": i, **spec} for i, spec in enumerate(game.seats())]
    assert golden["events"][-1]["type"] == "game_finished"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_replaying_the_golden_game_reproduces_it(game):
    golden = load(game)
    assert_same_game(replay(golden, in_memory_service()), golden, game.name)


@pytest.mark.parametrize("game", [g for g in GAMES if g.level == PERSON], ids=lambda g: g.name)
def test_the_person_decisions_are_the_first_legal_actions(game):
    """Playing afresh (the person taking the first legal action offered) makes the same game, so
    the order of legal actions is pinned too, not only what follows from the logged decisions."""
    golden = load(game)
    assert any(e["payload"].get("by") == "human" for e in golden["events"] if e["type"] == "action")
    assert_same_game(play(game, in_memory_service()), golden, game.name)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_offline_verifier_accepts_the_golden_file(game, capsys):
    """`python -m service.verify FILE` on the stored file itself (in-process: same code path)."""
    assert verify_main([str(game.path)]) == 0, capsys.readouterr().out
    assert capsys.readouterr().out.splitlines()[-1] == "VERIFIED"


def test_the_comparison_ignores_only_the_per_game_random_values():
    """Two plays of one game differ in the masked values only; a changed decision is not masked."""
    game = next(g for g in GAMES if g.level == PERSON)
    first, second = play(game, in_memory_service()), play(game, in_memory_service())
    assert first["game"]["id"] != second["game"]["id"] and first != second
    assert masked(first) == masked(second)
    assert masked(first)["game"]["id"] == MASK and masked(first)["game"]["seed"] == str(GOLDEN_SEED)
    human = next(e for e in second["events"] if e["type"] == "action" and e["payload"]["by"] == "human")
    human["payload"]["action"] = "not-" + human["payload"]["action"]
    assert masked(first) != masked(second)
