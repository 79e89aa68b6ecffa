"""Golden playthroughs: one exported game per ruleset and AI level, plus one per ruleset with a
person seat, played through the service in-process from a fixed seed.

`scripts/golden.py` (`make golden`) writes them under `tests/golden/`; `tests/integration/test_golden.py` checks
that every registered ruleset and AI level has one and that replaying it through the service
reproduces it. Both use this module, so the way a golden game is played is written once.

A golden file is the export document (GET /v1/games/{id}/export) as is: the creation parameters are
in its `game_created` event (seats, options) and its `game` (seed, custom deck), and the person's
decisions are its `action` events decided by `human`. Nothing else is needed to play it again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from domain.base import Ruleset
from service.game_service import GameService
from store.sqlite import SqliteStore

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
GOLDEN_SEED = 20260501
PERSON = "person"  # the file-name suffix of the game with a person seat (never an AI level's name)
PERSON_AI_LEVEL = "basic"  # the level of the AI seats facing the person

# Values of an export that are random per game and not derived from the seed, so two plays of the
# same creation and decisions differ in them: the game id and the commitment nonce (drawn from the
# OS at creation), the commitment (it hashes the nonce), the wall-clock timestamps, and every event
# hash (each covers the game id, its timestamp and the previous hash). Paths into the export
# document; "*" matches every element of a list. Everything else, including fields the format
# gains later, is compared as is.
PER_GAME_RANDOM: tuple[tuple[str, ...], ...] = (
    ("game", "id"),
    ("game", "nonce"),
    ("game", "created_at"),
    ("events", "*", "time"),
    ("events", "*", "hash"),
    ("events", "*", "prev_hash"),
    ("events", "*", "payload", "seed_commitment"),
    ("events", "*", "payload", "nonce"),
)
MASK = "<per-game random>"


@dataclass(frozen=True)
class GoldenGame:
    """One golden playthrough: all seats AI of `level`, or seat 0 a person (`level` = PERSON)."""

    ruleset: Ruleset
    level: str

    @property
    def name(self) -> str:
        return f"{self.ruleset.id}-{self.level}"

    @property
    def path(self) -> Path:
        return GOLDEN_DIR / f"{self.name}.json"

    def seats(self) -> list[dict[str, Any]]:
        if self.level == PERSON:
            return [{"kind": "human"}] + [{"kind": "ai", "level": PERSON_AI_LEVEL}] * (
                self.ruleset.players - 1
            )
        return [{"kind": "ai", "level": self.level}] * self.ruleset.players


def golden_games(rulesets: dict[str, Ruleset]) -> list[GoldenGame]:
    """Every golden game the registered rulesets call for, in a fixed order."""
    return [
        GoldenGame(ruleset, level)
        for _, ruleset in sorted(rulesets.items())
        for level in (*ruleset.ai_levels, PERSON)
    ]


def in_memory_service() -> GameService:
    return GameService(SqliteStore(":memory:"))


def first_legal_action(service: GameService, game_id: str, seat: int) -> tuple[str, int]:
    """The person's fixed choice: the first legal action offered, and the version it was offered at."""
    legal = service.legal_actions(game_id, seat)
    if not legal["actions"]:
        raise AssertionError(f"game {game_id} is active but seat {seat} has no legal action")
    return legal["actions"][0]["id"], legal["version"]


def play(game: GoldenGame, service: GameService) -> dict[str, Any]:
    """Play a golden game from scratch (the person always takes the first legal action); its export."""
    created = service.create_game(game.ruleset.id, game.seats(), seed=GOLDEN_SEED)
    people = [s["seat"] for s in created["seats"] if s["kind"] == "human"]
    while service.view(created["id"], None)["status"] != "finished":
        seat = next(s for s in people if s in service.view(created["id"], s)["to_act"])
        action, version = first_legal_action(service, created["id"], seat)
        service.act(created["id"], seat, action, version)
    return service.export(created["id"])


def replay(golden: dict[str, Any], service: GameService) -> dict[str, Any]:
    """Create a game as the golden export did and make its person decisions again; the new export.

    Each person decision is made at the version the service is at, so a changed sequence of AI or
    automatic events shows up in the comparison of the exports, not as a stale-version error here.
    """
    game, events = golden["game"], golden["events"]
    created = events[0]["payload"]
    seats = [{k: v for k, v in spec.items() if k != "seat"} for spec in created["seats"]]
    new = service.create_game(
        game["ruleset"], seats, seed=int(game["seed"]), deck=game.get("deck"), options=created["options"]
    )
    for event in events[1:]:
        payload = event["payload"]
        if event["type"] == "action" and payload["by"] == "human":
            version = service.legal_actions(new["id"], payload["seat"])["version"]
            service.act(new["id"], payload["seat"], payload["action"], version)
    return service.export(new["id"])


def masked(export: dict[str, Any]) -> Any:
    """The export with every per-game random value (PER_GAME_RANDOM) replaced by MASK."""
    doc = json.loads(json.dumps(export))
    for path in PER_GAME_RANDOM:
        _mask(doc, path)
    return doc


def _mask(node: Any, path: tuple[str, ...]) -> None:
    head, rest = path[0], path[1:]
    children = node if head == "*" and isinstance(node, list) else None
    if children is not None:
        for child in children:
            _mask(child, rest)
    elif isinstance(node, dict) and head in node:
        if rest:
            _mask(node[head], rest)
        else:
            node[head] = MASK


def dumps(export: dict[str, Any]) -> str:
    """A golden file's text: sorted keys, each top-level field on its own line and each element of a
    top-level list (the events) on its own line, so a change to the log reads as a per-event diff."""

    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))

    lines = []
    for key, value in sorted(export.items()):
        if isinstance(value, list) and value:
            items = ",\n".join(f"  {compact(item)}" for item in value)
            lines.append(f" {compact(key)}:[\n{items}\n ]")
        else:
            lines.append(f" {compact(key)}:{compact(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"
