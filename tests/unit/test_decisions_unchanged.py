"""The simulators were rewritten for speed (count vectors, incremental legal actions, cheap
clones); their public behaviour and the `basic` yardstick must not move. This test replays
seeded games and compares them with `data/decisions.json`, recorded from the code before
that rewrite: every action id chosen (by basic, strong or random AIs), and a digest of every
seat's view, the legal actions (ids, order, labels, extras) and the result at every step.

Regenerate only when a rule or an AI is changed on purpose:
    .venv/bin/python tests/unit/test_decisions_unchanged.py
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from domain.registry import RULESETS  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "decisions.json"

# (ruleset, seed, options, level per seat)
GAMES: list[tuple[str, int, dict, tuple[str, ...]]] = [
    *[("chuopai", seed, {}, ("basic",) * 3) for seed in (11, 12, 13, 14)],
    *[("chuopai", seed, {}, ("random",) * 3) for seed in (21, 22)],
    ("chuopai", 31, {}, ("strong", "basic", "basic")),
    ("chuopai", 32, {}, ("random", "strong", "basic")),
    *[("nantong", seed, {}, ("basic",) * 3) for seed in (11, 12, 13, 14, 15, 16)],
    *[("nantong", seed, {}, ("random",) * 3) for seed in (21, 22)],
    ("nantong", 31, {"deals": 3}, ("basic", "random", "basic")),
]


def play(ruleset_id: str, seed: int, options: dict, levels: tuple[str, ...]) -> dict:
    ruleset = RULESETS[ruleset_id]
    policies = [ruleset.policy(level) for level in levels]
    state = ruleset.new_game(seed, dict(options), None)
    digest = hashlib.sha256()
    actions: list[str] = []
    step = 0
    while not state.is_finished():
        for seat in range(ruleset.players):
            digest.update(json.dumps(state.view(seat), sort_keys=True).encode())
            digest.update(json.dumps([a.to_dict() for a in state.legal_actions(seat)]).encode())
        digest.update(json.dumps(state.view(None), sort_keys=True).encode())
        seat = state.to_act()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        action = policies[seat](view, legal, random.Random(f"{seed}:{step}"))
        digest.update(json.dumps(state.public_action(seat, action.id), sort_keys=True).encode())
        state.apply(seat, action.id)
        actions.append(action.id)
        step += 1
    digest.update(json.dumps(state.result(), sort_keys=True).encode())
    digest.update(json.dumps(state.full_state(), sort_keys=True).encode())
    return {"actions": actions, "digest": digest.hexdigest()}


def key(ruleset_id: str, seed: int, options: dict, levels: tuple[str, ...]) -> str:
    return f"{ruleset_id}:{seed}:{json.dumps(options, sort_keys=True)}:{','.join(levels)}"


@pytest.mark.parametrize("game", GAMES, ids=[key(*g) for g in GAMES])
def test_seeded_games_play_exactly_as_recorded(game):
    recorded = json.loads(DATA.read_text())[key(*game)]
    played = play(*game)
    assert played["actions"] == recorded["actions"]
    assert played["digest"] == recorded["digest"]


if __name__ == "__main__":
    DATA.write_text(json.dumps({key(*g): play(*g) for g in GAMES}, indent=0) + "\n")
    print(f"wrote {DATA}")
