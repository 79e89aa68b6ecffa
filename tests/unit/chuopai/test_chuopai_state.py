"""View, public actions, full state and clone of the Chuo Pai state."""

from __future__ import annotations

import json
import random

import pytest

from domain.base import IllegalAction
from domain.chuopai import RULESET
from tests.unit.chuopai.helpers import deck_from, play_out, policies, state_from


def test_ruleset_facts():
    assert RULESET.id == "chuopai" and RULESET.players == 3
    assert RULESET.ai_levels == ("random", "basic", "strong")
    for lv in RULESET.ai_levels:
        assert callable(RULESET.policy(lv))
    with pytest.raises(ValueError):
        RULESET.policy("expert")


def test_view_shape_during_play():
    """View keys per the contract; the trick, highest and piles are public (CP-4.3)."""
    st = state_from([["22", "23"], ["55", "25"], ["14", "12"]], leader=0)
    st.apply(0, "play:22")
    st.apply(1, "play:55")
    v = st.view(2)
    assert v["phase"] == "play" and v["to_act"] == [2] and v["hand"] == ["14", "12"]
    assert [s["hand_count"] for s in v["seats"]] == [1, 1, 2]
    assert all({"seat", "hand_count", "pile_count", "pile"} <= set(s) for s in v["seats"])
    t = v["table"]
    assert t["trick"] == [
        {"seat": 0, "type": "play", "cards": ["22"]},
        {"seat": 1, "type": "play", "cards": ["55"]},
    ]
    assert t["leader"] == 0
    assert t["highest"] == {"seat": 1, "cards": ["55"], "family": "main", "type": "play"}
    assert t["discarded_count"] == 0
    assert "hand" not in v["seats"][0]
    assert st.view(None)["hand"] is None
    json.dumps(v)


def test_finished_view_reveals_everything():
    st = state_from([["55"], ["33"], ["11", "23"]], leader=0)
    for seat, a in ((0, "play:55"), (1, "play:33"), (2, "play:11")):
        st.apply(seat, a)
    v = st.view(None)
    assert v["phase"] == "finished" and v["to_act"] == []
    assert [s["hand"] for s in v["seats"]] == [[], [], ["23"]]
    assert v["result"]["scores"] == [0, 0, 1]


def test_public_action_never_reveals_more_than_the_play():
    st = state_from([["22", "23"], ["55", "25"], ["14", "12"]], leader=0)
    assert st.public_action(0, "play:22") == {"type": "play", "cards": ["22"], "family": "main"}
    st.apply(0, "play:22")
    st.apply(1, "play:55")
    assert st.public_action(2, "pass") == {"type": "pass"}
    with pytest.raises(IllegalAction):
        st.public_action(2, "play:14")
    with pytest.raises(IllegalAction):
        st.public_action(0, "pass")


def test_illegal_action_leaves_state_unchanged():
    st = RULESET.new_game(11)
    before = st.full_state()
    for seat, aid in ((st.to_act()[0], "play:77"), ((st.to_act()[0] + 1) % 3, "pass"), (st.to_act()[0], "")):
        with pytest.raises(IllegalAction):
            st.apply(seat, aid)
    assert st.full_state() == before


def test_clone_is_independent():
    st = RULESET.new_game(3)
    c = st.clone()
    play_out(c, policies("random", "random", "random"), random.Random(1))
    assert c.is_finished() and not st.is_finished()
    assert st.full_state() == RULESET.new_game(3).full_state()


def test_full_state_is_json_safe_and_complete():
    st = RULESET.new_game(5, deck=deck_from(["12", "24"], [], []))
    fs = st.full_state()
    json.dumps(fs)
    assert sum(len(h) for h in fs["hands"]) == 84
    assert fs["initial_hands"] == fs["hands"]
    assert {"hands", "piles", "discarded", "trick", "leader", "phase", "first_leader"} <= set(fs)


def test_replay_is_deterministic():
    """A game is its seed plus its actions."""

    def run():
        st = RULESET.new_game(99)
        log = []
        rng = random.Random(4)
        pols = policies("basic", "random", "basic")
        while not st.is_finished():
            s = st.to_act()[0]
            a = pols[s](st.view(s), st.legal_actions(s), rng)
            log.append((s, a.id))
            st.apply(s, a.id)
        return log, st.result()

    log, res = run()
    assert run() == (log, res)
    st = RULESET.new_game(99)
    for s, a in log:
        st.apply(s, a)
    assert st.result() == res
