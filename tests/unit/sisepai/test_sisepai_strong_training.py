"""The training script of the Sì Sè Pái `strong` level (scripts/train_sisepai_strong.py): its
self-play rounds record the right seats, and the same command writes the same weights."""

from __future__ import annotations

import importlib.util
import random

from domain.sisepai.ai import basic_policy
from domain.sisepai.strong import FEATURES, strong_policy
from scripts.train_sisepai_strong import main, play_and_record


def _load(path):
    spec = importlib.util.spec_from_file_location("weights", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_later_round_records_only_the_seat_of_the_fitted_policy():
    """With basic in every seat each discarder is recorded, so the labels mix the winner's
    rows (1) with the others' (0); with the fitted policy in one seat only that seat's discards
    are recorded, so every row carries that seat's result (SSP-1.2 win or not)."""
    mixed = seat_only = 0
    for g in range(6):
        seed = random.Random(f"test-train:{g}").getrandbits(62)
        every_seat = play_and_record(seed, basic_policy)
        assert every_seat and all(len(f) == len(FEATURES) for f, _ in every_seat)
        mixed += len({y for _, y in every_seat}) == 2
        one_seat = play_and_record(seed, strong_policy, g % 4)
        assert len({y for _, y in one_seat}) <= 1
        seat_only += len(one_seat)
    assert mixed >= 3 and seat_only > 0


def test_the_same_command_writes_the_same_weights(tmp_path):
    """Two rounds (basic in every seat, then the fitted policy in one seat) on a few games: a
    weight for every feature, and rerunning the command rewrites the same file."""
    first, second = tmp_path / "a.py", tmp_path / "b.py"
    for out in (first, second):
        assert main(["--games", "6", "--rounds", "2", "--seed", "3", "--out", str(out)]) == 0
    assert first.read_text() == second.read_text()
    weights = _load(first)
    assert set(weights.WEIGHTS) == set(FEATURES)
    assert "--games 6 --rounds 2 --seed 3" in first.read_text()


def test_exploring_self_play_records_other_kept_hands():
    """--explore: a recorded discard is, with that probability, any legal discard; at 1 every
    one is, so the game and its rows differ from basic's, and the same seed plays it the same."""
    basic = play_and_record(11, basic_policy)
    wandering = play_and_record(11, basic_policy, None, 1.0)
    assert wandering and wandering != basic
    assert play_and_record(11, basic_policy, None, 1.0) == wandering
