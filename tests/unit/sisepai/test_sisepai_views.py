"""Views, hidden information, results (SSP-4.1, SSP-5.1, SSP-6.1, SSP-6.3) and
golden legal-action counts for seeded positions."""

from __future__ import annotations

import json
import random

import pytest

from domain.sisepai import RULESET
from domain.sisepai.cards import N_KINDS
from tests.unit.sisepai.helpers import answer_all, codes, game, play_random

LEVELS = ("basic", "random", "basic", "random")


def reshuffled_hidden(st, viewer):
    """A clone whose cards hidden from `viewer` (other concealed hands, the stock)
    are dealt anew, keeping every pile's size."""
    cl = st.clone()
    pool = [i for p in range(4) if p != viewer for i in range(N_KINDS) for _ in range(cl.hands[p][i])]
    pool += cl.stock
    random.Random(len(pool)).shuffle(pool)
    for p in range(4):
        if p == viewer:
            continue
        n = sum(cl.hands[p])
        cl.hands[p] = [0] * N_KINDS
        for i in pool[:n]:
            cl.hands[p][i] += 1
        pool = pool[n:]
    cl.stock = pool
    return cl


@pytest.mark.parametrize("seed", range(6))
def test_views_never_reveal_hidden_cards(seed):
    """SSP-4.1 / SSP-5.1: a view depends only on what the viewer may know: redealing every
    card hidden from it (other hands, stock) leaves its view unchanged."""
    st = RULESET.new_game(seed)
    rng = random.Random(seed)
    while not st.is_finished():
        for viewer in (None, 0, 1, 2, 3):
            assert reshuffled_hidden(st, viewer).view(viewer) == st.view(viewer)
        v = st.view(None)
        assert v["hand"] is None and all("hand" not in s for s in v["seats"])
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        a = RULESET.policy(LEVELS[seat])(st.view(seat), legal, rng)
        pub = st.public_action(seat, a.id)
        if st.phase == "claim":
            assert pub == {"type": "answer"}
        else:
            assert pub == {"type": "discard", "cards": list(a.cards)}
        st.apply(seat, a.id)


def test_view_shape_and_json_safe():
    """View keys (the domain contract, docs/design.md) and JSON safety of view, full_state and result."""
    st = play_random(3, 15, LEVELS)
    for viewer in (None, 0, 1, 2, 3):
        v = st.view(viewer)
        assert set(v) >= {"phase", "to_act", "hand", "seats", "table"}
        assert all({"seat", "hand_count", "exposed", "discards"} <= set(s) for s in v["seats"])
        json.dumps(v)
    json.dumps(st.full_state())
    assert st.result() is None


def test_claim_window_table_shows_card_and_owner_only():
    """SSP-5.1: the open window shows the public card and its owner, and each viewer sees
    only its own pending answer in to_act."""
    st = game([codes("rK rE"), [], codes("rA rA")], ["rA"])
    st.apply(2, "pass")
    table = st.view(1)["table"]
    assert table["claim"] == {"card": "rA", "owner": 0, "source": "draw", "round": 1}
    assert [st.view(v)["to_act"] for v in (None, 0, 1, 2, 3)] == [[], [0], [1], [], [3]]
    assert "answers" not in json.dumps(st.view(1))


def test_ssp_6_1_finished_view_reveals_everything():
    """SSP-6.1: once finished, every view shows all hands and the result."""
    st = game([[], [], codes("yA yA yA yE yE yE yR yR yR yH yH yH yC yC yC gA gA gE gE F3")], ["F1"])
    answer_all(st, {2: "win"})
    for viewer in (None, 0, 3):
        v = st.view(viewer)
        assert v["phase"] == "finished" and v["to_act"] == []
        assert all(len(s["hand"]) == s["hand_count"] for s in v["seats"])
        assert v["result"] == st.result()
    assert sorted(st.view(None)["seats"][2]["hand"]) == sorted(
        codes("yA yA yA yE yE yE yR yR yR yH yH yH yC yC yC gA gA gE gE F3 F1")
    )


def test_history_names_who_took_or_won_each_card_and_from_whom():
    """SSP-4.2 / SSP-5.2: table.history keeps every draw, discard and settled claim; a
    taken or winning card names the seat that drew or discarded it."""
    st = game([[], [], codes("yA yA yA yE yE yE yR yR yR yH yH yH yC yC yC gA gA gE gE F3")], ["F1"])
    answer_all(st, {2: "win"})
    assert st.view(None)["table"]["history"][-1] == {"event": "win", "seat": 2, "card": "F1", "from": 0}
    for seed in range(20):
        st = play_random(seed, 2000, ("basic",) * 4)
        for h in st.view(None)["table"]["history"]:
            if h["event"] in ("taken", "win"):
                assert h["from"] in range(4), h  # the drawer itself may take its drawn card (SSP-5.1)


def test_ssp_6_3_result_winner_total_losers_nothing():
    """SSP-6.3 / SSP-6.2: the winner scores the meld total of the best partition; losers 0;
    the breakdown lists each meld with its points and rule."""
    st = game([[], [], codes("yA yA yA yE yE yE yR yR yR yH yH yH yC yC yC gA gA gE gE F3")], ["F1"])
    answer_all(st, {2: "win"})
    res = st.result()
    assert res["outcome"] == "win" and res["winners"] == [2]
    assert res["scores"] == [0, 0, 11, 0]  # 5 triples + two flowers
    p2 = res["players"][2]
    assert p2["score"] == 11 and sum(b["points"] for b in p2["breakdown"]) == 11
    assert all(b["rule"] == "SSP-6.2" for b in p2["breakdown"])
    assert len(p2["breakdown"]) == len(res["melds"]) == 9
    for p in (0, 1, 3):
        assert res["players"][p]["score"] == 0
        assert res["players"][p]["breakdown"][0]["rule"] == "SSP-6.3"


def test_clone_is_independent():
    """clone() is a deep, independent copy."""
    st = play_random(4, 10, LEVELS)
    cl = st.clone()
    assert cl.full_state() == st.full_state()
    seat = cl.to_act()[0]
    cl.apply(seat, cl.legal_actions(seat)[0].id)
    assert cl.full_state() != st.full_state()
    assert play_random(4, 10, LEVELS).full_state() == st.full_state()


# ----- golden legal-action counts (recorded from this implementation) ----------


@pytest.mark.parametrize(
    "seed,steps,seat,count,some_ids",
    [
        (1, 0, 1, 2, ["claim:field:gR,gH,gC", "pass"]),
        (1, 12, 2, 14, ["discard:rA", "discard:rH"]),
        (5, 69, 2, 3, ["claim:triple:yS,yS,yS", "claim:quad:yS,yS,yS,yS"]),
        (12, 54, 1, 3, ["claim:triple:wH,wH,wH", "claim:field:wR,wH,wC"]),
        (15, 42, 3, 5, ["claim:soldiers:yS,wS,gS", "claim:soldiers:rS,yS,wS,gS"]),
        (16, 21, 1, 3, ["claim:triple:yR,yR,yR", "claim:field:yR,yH,yC", "pass"]),
    ],
)
def test_golden_legal_action_counts(seed, steps, seat, count, some_ids):
    """Golden positions: deal with a fixed seed, play seeded AI steps, count legal actions."""
    st = play_random(seed, steps, LEVELS)
    legal = [a.id for a in st.legal_actions(seat)]
    assert len(legal) == count
    for aid in some_ids:
        assert aid in legal
