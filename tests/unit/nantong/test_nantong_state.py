"""The Nantong state machine on stacked decks: NT-3 deal, NT-4 preparation, NT-5 turns,
NT-6 claims, robbing and the exhausted deal, NT-9 settlement, NT-3.3 matches."""

from __future__ import annotations

import pytest

from domain.base import IllegalAction, InvalidSetup
from domain.nantong import RULESET
from domain.nantong.cards import CODES
from tests.unit.nantong.helpers import cards, finish_prep, ids, make_deck, new, pass_window, score

G = "1m2m3m 4s5s6s 4c5c6c 1s2s3s 6m7m8m"
WAIT_8C = G + " 2c3c4c 7c9c QNQN"  # one card from winning: 8c (Qing, middle)
WAIT_5S = "1m2m3m 4c5c6c 1s2s3s 6m7m8m 2c3c4c 7c8c9c QNQN 4s6s"  # waits on 5s


def discard_drawn(state):
    seat = state.current
    state.apply(seat, f"discard:{CODES[state.drawn]}")


# ------------------------------------------------------------------ NT-3 deal


def test_nt_3_1_deck_option_deals_blocks_in_seat_order_then_indicators_then_stock():
    """NT-3.1/NT-3.2 and issue item 7: seats take consecutive blocks (dealer 23, others 22),
    then the two indicators, then a 51-card stock front first."""
    deck = make_deck(1, {}, "9m9c", fill_seed=5)
    st = RULESET.new_game(3, {"dealer": 1}, deck)
    fs = st.full_state()
    assert sorted(fs["hands"][0]) == sorted(deck[0:22])
    assert sorted(fs["hands"][1]) == sorted(deck[22:45])
    assert sorted(fs["hands"][2]) == sorted(deck[45:67])
    assert fs["indicators"] == deck[67:69]
    assert fs["stock"] == deck[69:]
    v = st.view(None)
    assert [s["hand_count"] for s in v["seats"]] == [22, 23, 22]
    assert v["table"]["stock_count"] == 51 and v["table"]["indicators"] == ["9m", "9c"]
    assert v["phase"] == "preparation" and v["to_act"] == [1]


def test_nt_3_1_first_dealer_is_random_from_the_seed():
    """NT-3.1: the first dealer comes from the seed (deterministic per seed)."""
    dealers = {RULESET.new_game(s).dealer for s in range(30)}
    assert dealers == {0, 1, 2}
    assert RULESET.new_game(11).full_state() == RULESET.new_game(11).full_state()


def test_nt_2_1_cards_lists_30_kinds_of_4():
    """NT-2.1/NT-2.2/NT-2.3: 30 kinds × 4 = 120; four old generals."""
    cs = RULESET.cards()
    assert len(cs) == 30 and sum(c["count"] for c in cs) == 120
    assert [c["code"] for c in cs if c["old_general"]] == ["9s", "QN", "WF", "RF"]
    assert {c["code"] for c in cs} >= {"1m", "9m", "1s", "9s", "1c", "9c", "QN", "WF", "RF"}


@pytest.mark.parametrize(
    "options",
    [
        {"colour": 1},
        {"dealer": 3},
        {"dealer": "0"},
        {"deals": 0},
        {"deals": 17},
        {"deals": True},
        {"dealer": True},
    ],
)
def test_bad_options_are_invalid_setup(options):
    """Unknown option keys and bad values raise InvalidSetup."""
    with pytest.raises(InvalidSetup):
        RULESET.new_game(1, options)


def test_bad_deck_is_invalid_setup():
    """NT-2.1: the deck must be the 120 cards."""
    deck = make_deck(0, {}, "9m9c")
    with pytest.raises(InvalidSetup):
        RULESET.new_game(1, {}, deck[:-1])
    with pytest.raises(InvalidSetup):
        RULESET.new_game(1, {}, deck[:-1] + ["1m"])
    with pytest.raises(InvalidSetup):
        RULESET.new_game(1, {}, deck[:-1] + ["ZZ"])


# ------------------------------------------------------------------ NT-4 preparation


def test_nt_4_1_preparation_runs_in_seat_order_from_the_dealer():
    """NT-4.1: the dealer prepares first, then the next seats; "finish" ends a turn."""
    st = new(2, {}, "9m9c")
    order = []
    while st.phase == "preparation":
        order.append(st.to_act()[0])
        assert ids(st, st.current)[-1] == "finish"
        st.apply(st.current, "finish")
    assert order == [2, 0, 1]
    assert st.phase == "play" and st.to_act() == [2]


def test_nt_4_2_opening_kong_draws_a_replacement_and_only_original_cards_qualify():
    """NT-4.2: four identical dealt cards: an opening kong with a replacement from the back.
    NT-4.1: a replacement card never makes an opening declaration (6m: three dealt + one drawn)."""
    st = new(0, {0: "5m5m5m5m 6m6m6m"}, "9m9c", back="6m")
    assert "declare_kong:5m" in ids(st, 0) and "declare_kong:6m" not in ids(st, 0)
    st.apply(0, "declare_kong:5m")
    fs = st.full_state()
    assert fs["melds"][0] == [{"kind": "opening_kong", "card": "5m", "cards": ["5m"] * 4}]
    assert fs["hands"][0].count("6m") == 4 and len(fs["hands"][0]) == 20
    assert st.stock_count == 50
    assert "declare_kong:6m" not in ids(st, 0)
    assert ids(st, 0)[-1] == "finish"


def test_nt_4_3_opening_indicator_triple_without_replacement():
    """NT-4.3: three dealt cards matching an indicator exactly: exposed, no replacement."""
    st = new(0, {1: "7c7c7c 8c8c8c"}, "7c5m")
    st.apply(0, "finish")
    assert "declare_triple:7c" in ids(st, 1)
    assert "declare_triple:8c" not in ids(st, 1)  # 8c is not an indicator
    st.apply(1, "declare_triple:7c")
    assert st.view(None)["seats"][1]["hand_count"] == 19
    assert st.stock_count == 51
    assert st.view(None)["seats"][1]["melds"][0]["kind"] == "opening_triple"


def test_nt_4_4_tiandi_hezi_two_replacements():
    """NT-4.4: both indicators 7c and the other two 7c dealt: expose them, draw two replacements."""
    st = new(0, {2: "7c7c"}, "7c7c", back="1m2m")
    finish_prep_until(st, 2)
    assert "hezi" in ids(st, 2)
    st.apply(2, "hezi")
    fs = st.full_state()
    assert fs["melds"][2] == [{"kind": "hezi", "card": "7c", "cards": ["7c", "7c"]}]
    assert len(fs["hands"][2]) == 22 and st.stock_count == 49
    assert "hezi" not in ids(st, 2)


def finish_prep_until(st, seat):
    while st.current != seat:
        st.apply(st.current, "finish")


def test_nt_4_5_r_ready_is_the_hands_shape_even_on_a_wait_all_in_sight():
    """NT-4.5 [R]: "needs only one card" is the shape. Seat 1 waits only on the Five of Myriads,
    whose four copies are the two indicators and the pair in its own hand: it may still
    declare ready (and could then never win)."""
    st = new(0, {1: "4m5m5m6m 1s2s3s 4s5s6s 7s8s9s 1c2c3c 4c5c6c 7c8c9c"}, "5m5m")
    st.apply(0, "finish")
    assert "ready" in ids(st, 1)


def test_nt_4_5_ready_only_for_a_non_dealer_one_card_from_winning_and_the_hand_is_locked():
    """NT-4.5: ready for a non-dealer one card from winning; then only win or discard the drawn
    card, and on discards only win or pass; a ready win is doubled (NT-8.6)."""
    st = new(0, {0: G + " 2c3c4c 7c8c QN QN", 1: WAIT_8C}, "9m9s", front="1m 1s 2s 8c")
    assert "ready" not in ids(st, 0)  # the dealer never declares ready
    st.apply(0, "finish")
    assert "ready" in ids(st, 1)
    st.apply(1, "ready")  # ends seat 1's preparation
    assert st.current == 2 and st.view(2)["seats"][1]["ready"] is True
    st.apply(2, "finish")
    st.apply(0, "discard:QN")  # seat 1 holds QN QN but may not pong
    assert ids(st, 1) == ["pass"]
    pass_window(st)
    assert ids(st, 1) == ["discard:1m"]  # drew 1m: must discard exactly it
    st.apply(1, "discard:1m")
    pass_window(st)
    discard_drawn(st)  # seat 2
    pass_window(st)
    discard_drawn(st)  # dealer
    pass_window(st)
    assert ids(st, 1) == ["win", "discard:8c"]
    st.apply(1, "win")
    r = st.result()
    assert r["outcome"] == "win" and r["winners"] == [1]
    d = r["deals"][0]
    assert d["win"]["by"] == "self_draw" and d["win"]["ready"] is True
    assert d["totals"][1] == (100 + 10 + 10) * 2  # Qing, self-draw, middle; ×2 ready


def test_nt_4_5_ready_ends_preparation_so_declarations_come_first():
    """NT-4.5 [R]: declaring ready ends the seat's preparation like "finish" (the hand is locked),
    so an opening kong still on offer (NT-4.2) is no longer made; made first, it stays."""
    four_1m = "1m2m3m 4s5s6s 4c5c6c 1s2s3s 1m1m1m 2c3c4c 7c9c QNQN"  # waits on 8c, holds four 1m
    st = new(0, {1: four_1m}, "9m9s", back="5m")
    st.apply(0, "finish")
    assert {"ready", "declare_kong:1m", "finish"} <= set(ids(st, 1))
    st.apply(1, "ready")
    assert st.current == 2  # seat 1's preparation is over
    assert st.view(None)["seats"][1]["melds"] == [] and st.full_state()["hands"][1].count("1m") == 4

    st = new(0, {1: four_1m}, "9m9s", back="5m")
    st.apply(0, "finish")
    st.apply(1, "declare_kong:1m")
    assert st.current == 1 and "ready" not in ids(st, 1)  # the kong took the 1m of 1m2m3m
    assert st.view(None)["seats"][1]["melds"][0]["kind"] == "opening_kong"


def test_nt_4_6_heavenly_win():
    """NT-4.6: the dealer's hand already wins before the first discard: heavenly win ×2."""
    st = new(0, {0: G + " 2c3c4c 7c8c9c QNQN"}, "9m9s")
    finish_prep(st)
    assert ids(st, 0)[0] == "win"
    assert all(a.startswith(("win", "discard:")) for a in ids(st, 0))  # no kongs before the first discard
    st.apply(0, "win")
    d = st.result()["deals"][0]
    assert d["win"]["by"] == "heavenly"
    assert d["totals"][0] == 200
    assert any(
        line["what"] == "×2 Heavenly win: 100 × 2 = 200 (+100)"
        for line in st.result()["players"][0]["breakdown"]
    )


# ------------------------------------------------------------------ NT-5 turns


def test_nt_5_1_and_nt_6_5_unclaimed_discard_next_seat_draws_from_the_front():
    """NT-5.1/NT-6.5: after an unclaimed discard the next seat draws the front stock card."""
    st = new(0, {}, "9m9c", front="RF")
    finish_prep(st)
    first = ids(st, 0)[-1]
    st.apply(0, first)
    assert st.phase == "claim" and st.to_act() == [1, 2]
    pass_window(st)
    assert st.phase == "play" and st.current == 1 and st.drawn == 27 + 2
    assert st.stock_count == 50 and st.view(1)["drawn"] == "RF"
    assert "drawn" not in st.view(2)


def test_nt_5_2_concealed_kong_is_repeatable_with_replacements_from_the_back():
    """NT-5.2: a concealed kong draws a replacement from the back; repeatable; NT-4.1 the seat
    may decline an opening kong and declare it later as a concealed kong."""
    st = new(0, {0: "RF", 1: "3s3s3s 7m7m7m7m"}, "9m9c", front="3s", back="1c 2c")
    finish_prep(st)
    st.apply(0, "discard:RF")
    pass_window(st)
    assert "concealed_kong:3s" in ids(st, 1) and "concealed_kong:7m" in ids(st, 1)
    st.apply(1, "concealed_kong:3s")
    assert st.drawn == CODES.index("1c") and st.stock_count == 49
    assert "concealed_kong:7m" in ids(st, 1)
    st.apply(1, "concealed_kong:7m")
    assert st.drawn == CODES.index("2c") and st.stock_count == 48
    kinds = [m["kind"] for m in st.view(2)["seats"][1]["melds"]]
    assert kinds == ["concealed_kong", "concealed_kong"]
    assert st.view(2)["seats"][1]["melds"][0]["card"] == "3s"  # the kind is public (module docstring)


def _pong_then_draw_fourth(rob_hand: str):
    """Dealer discards 5s, seat 1 pongs and later draws the fourth 5s."""
    st = new(0, {0: "5s 9m9m", 1: "5s5s 8m", 2: rob_hand}, "9c9s", front="RF WF 5s", back="1c")
    finish_prep(st)
    st.apply(0, "discard:5s")
    st.apply(1, "pong:5s")
    st.apply(2, "pass")
    return st


def test_nt_6_2_pong_then_discard_without_drawing():
    """NT-6.2: pong takes the discard, exposes three, then discards without drawing."""
    st = _pong_then_draw_fourth("")
    assert st.phase == "play" and st.current == 1 and st.stock_count == 51
    assert all(a.startswith("discard:") for a in ids(st, 1))
    assert st.view(0)["seats"][1]["melds"] == [{"kind": "pong", "card": "5s", "cards": ["5s"] * 3}]
    assert st.view(0)["seats"][0]["discards"] == []


def test_nt_5_2_added_kong_may_be_robbed():
    """NT-5.2/NT-6.4: an added kong opens a robbing window; a robber wins (robbed_kong)."""
    st = _pong_then_draw_fourth(WAIT_5S)
    st.apply(1, "discard:8m")
    pass_window(st)
    discard_drawn(st)  # seat 2 drew RF
    pass_window(st)
    discard_drawn(st)  # dealer drew WF
    pass_window(st)
    assert "added_kong:5s" in ids(st, 1)
    st.apply(1, "added_kong:5s")
    assert st.phase == "rob" and st.to_act() == [0, 2]
    assert ids(st, 2) == ["win", "pass"] and ids(st, 0) == ["pass"]
    assert st.public_action(2, "win") == {"type": "answer"}
    st.apply(2, "win")
    st.apply(0, "pass")
    d = st.result()["deals"][0]
    assert d["winner"] == 2 and d["win"]["by"] == "robbed_kong" and d["win"]["card"] == "5s"
    assert d["totals"][2] == 110  # Qing + middle wait, no self-draw
    assert st.view(None)["seats"][1]["melds"][0]["kind"] == "pong"


def test_nt_5_2_added_kong_not_robbed_stands_and_draws_a_replacement():
    """NT-5.2: if nobody robs, the added kong stands and the player draws from the back."""
    st = _pong_then_draw_fourth("")
    st.apply(1, "discard:8m")
    pass_window(st)
    discard_drawn(st)
    pass_window(st)
    discard_drawn(st)
    pass_window(st)
    st.apply(1, "added_kong:5s")
    pass_window(st)
    assert st.phase == "play" and st.current == 1 and st.drawn == CODES.index("1c")
    assert st.view(0)["seats"][1]["melds"][0]["kind"] == "added_kong"


def test_nt_6_3_exposed_kong_from_a_discard_with_replacement():
    """NT-6.3: three matching in hand: claim the discard as an exposed kong, draw a replacement."""
    st = new(0, {0: "5s", 1: "5s5s5s"}, "9m9c", back="RF")
    finish_prep(st)
    st.apply(0, "discard:5s")
    assert ids(st, 1)[-3:] == ["pong:5s", "kong:5s", "pass"]
    st.apply(1, "kong:5s")
    st.apply(2, "pass")
    assert st.current == 1 and st.drawn == CODES.index("RF") and st.turn_kind == "replacement"
    assert st.view(2)["seats"][1]["melds"][0]["kind"] == "exposed_kong"


def test_nt_6_4_no_chows():
    """NT-6.4: a discard can never be taken for a sequence."""
    st = new(0, {0: "5s", 1: "4s6s"}, "9m9c")
    finish_prep(st)
    st.apply(0, "discard:5s")
    assert not any(a.startswith("chow") for a in ids(st, 1))
    with pytest.raises(IllegalAction) as e:
        st.apply(1, "chow:5s")
    assert e.value.rule == "NT-6.4"


# ------------------------------------------------------------------ NT-6 claims


def test_nt_6_1_win_beats_an_earlier_pong_and_earthly_win():
    """NT-6.1: win claims settle before pongs (seat 1 pongs, seat 2 wins); NT-8.6 earthly ×2."""
    st = new(0, {0: "5s", 1: "5s5s", 2: WAIT_5S}, "9m9c")
    finish_prep(st)
    st.apply(0, "discard:5s")
    assert st.public_action(1, "pong:5s") == {"type": "answer"}
    st.apply(1, "pong:5s")
    assert st.view(1)["to_act"] == [] and st.view(2)["to_act"] == [2]
    st.apply(2, "win")
    d = st.result()["deals"][0]
    assert d["winner"] == 2 and d["win"]["earthly"] is True
    assert d["totals"][2] == (100 + 10) * 2
    assert st.view(None)["seats"][1]["melds"] == []


def test_nt_6_1_competing_wins_go_to_the_first_seat_after_the_discarder():
    """NT-6.1: two players can win on the same discard: the next seat after the discarder wins."""
    wait1 = "1m2m3m 4c5c6c 1s2s3s 6m7m8m 2c3c4c 7c8c9c WFWF 4s6s"
    st = new(2, {2: "5s", 0: wait1, 1: WAIT_5S}, "9m9c")
    finish_prep(st)
    st.apply(2, "discard:5s")
    st.apply(1, "win")
    st.apply(0, "win")
    r = st.result()
    assert r["winners"] == [0]
    assert sum(r["scores"]) == 0


def test_nt_6_7_passing_a_win_places_no_restriction_later():
    """NT-6.7: seat 2 passes a win on the dealer's 5s and wins on seat 1's 5s."""
    st = new(0, {0: "5s", 2: WAIT_5S}, "9m9c", front="5s")
    finish_prep(st)
    st.apply(0, "discard:5s")
    assert "win" in ids(st, 2)
    pass_window(st)
    st.apply(1, "discard:5s")
    st.apply(2, "win")
    st.apply(0, "pass")
    d = st.result()["deals"][0]
    assert d["winner"] == 2 and d["win"]["earthly"] is False and d["win"]["by"] == "discard"


def _play_to_the_last_card(st):
    finish_prep(st)
    st.apply(st.current, ids(st, st.current)[-1])
    while True:
        pass_window(st)
        if st.stock_count == 0:
            return
        discard_drawn(st)


def test_nt_6_6_last_discard_can_be_ponged_but_not_konged_then_exhausted():
    """NT-6.6/NT-5.3: the last stock card is drawn and discarded; a pong still settles, a kong
    needs stock; when no one claims, the deal is exhausted and base hu settles (NT-9.3)."""
    st = new(0, {1: "8s8s8s"}, "9m9c", back="8s")
    _play_to_the_last_card(st)
    assert st.current == 0 and st.drawn == CODES.index("8s")
    assert not any("kong" in a for a in ids(st, 0))
    st.apply(0, "discard:8s")
    assert "pong:8s" in ids(st, 1) and "kong:8s" not in ids(st, 1)
    st.apply(1, "pong:8s")
    st.apply(2, "pass")
    st.apply(1, ids(st, 1)[0])
    assert st.phase == "claim"
    pass_window(st)
    r = st.result()
    assert r["outcome"] == "exhausted" and r["winners"] == []
    d = r["deals"][0]
    fs = st.full_state()
    for s in range(3):  # NT-9.3: base hu only, as the calculator scores a non-winner
        melds = [(m["kind"], m["card"]) for m in fs["melds"][s]]
        calc = score(" ".join(fs["hands"][s]), indicators="9m9c", melds=melds)
        assert d["totals"][s] == calc["base"] and d["rounded"][s] == calc["rounded"]
    assert d["settlement"] == [3 * t - sum(d["rounded"]) for t in d["rounded"]]
    assert r["scores"] == d["settlement"] and sum(r["scores"]) == 0


def test_nt_6_6_unclaimed_last_discard_ends_the_deal_exhausted():
    """NT-6.6: nobody takes the last discard: exhausted."""
    st = new(0, {}, "9m9c", fill_seed=3)
    _play_to_the_last_card(st)
    discard_drawn(st)
    pass_window(st)
    assert st.is_finished() and st.result()["outcome"] == "exhausted"


def test_nt_8_6_self_drawing_the_last_card_doubles():
    """NT-8.6: self-drawing the last stock card ×2 (dealer draws the 51st card)."""
    st = new(0, {0: WAIT_8C + " 1m"}, "9m9s", back="8c")
    finish_prep(st)
    st.apply(0, "discard:1m")
    while True:
        pass_window(st)
        if st.stock_count == 0:
            break
        discard_drawn(st)
    assert ids(st, 0)[0] == "win"
    st.apply(0, "win")
    d = st.result()["deals"][0]
    assert d["win"]["last_card"] is True
    assert d["totals"][0] == (100 + 10 + 10) * 2


# ------------------------------------------------------------------ errors, views


def test_illegal_actions_leave_the_state_unchanged():
    """IllegalAction for a wrong seat, an unlisted action, and after the game."""
    st = new(0, {0: G + " 2c3c4c 7c8c9c QNQN"}, "9m9s")
    before = st.full_state()
    with pytest.raises(IllegalAction) as e:
        st.apply(1, "finish")
    assert e.value.rule == "NT-4.1"
    with pytest.raises(IllegalAction):
        st.apply(0, "declare_kong:5m")
    assert st.full_state() == before
    finish_prep(st)
    with pytest.raises(IllegalAction):
        st.apply(0, "discard:RF")
    st.apply(0, "win")
    with pytest.raises(IllegalAction):
        st.apply(0, "win")
    assert st.legal_actions(0) == [] and st.to_act() == []


def test_views_hide_other_hands_and_reveal_everything_at_the_end():
    """Views: own hand only; spectator none; finished: every hand and the result."""
    st = new(0, {0: G + " 2c3c4c 7c8c9c QNQN"}, "9m9s")
    v1 = st.view(1)
    assert v1["hand"] == st.full_state()["hands"][1] and v1["seat"] == 1
    assert all("hand" not in s for s in v1["seats"])
    assert st.view(None)["hand"] is None
    assert "stock" not in v1["table"]
    finish_prep(st)
    st.apply(0, "win")
    v = st.view(2)
    assert v["phase"] == "finished" and v["result"]["winners"] == [0]
    assert [len(s["hand"]) for s in v["seats"]] == [23, 22, 22]


def test_claim_window_to_act_shows_only_the_viewer():
    """Every other seat answers a discard; a seat sees only itself in to_act."""
    st = new(0, {}, "9m9c")
    finish_prep(st)
    st.apply(0, ids(st, 0)[-1])
    assert st.to_act() == [1, 2]
    assert st.view(1)["to_act"] == [1] and st.view(0)["to_act"] == [] and st.view(None)["to_act"] == []
    assert st.public_action(1, "pass") == {"type": "answer"}
    st.apply(1, "pass")
    assert st.view(1)["to_act"] == [] and st.view(2)["to_act"] == [2]


def test_public_actions_never_name_hidden_cards():
    """public_action: discards and declarations are public; answers are not."""
    st = new(0, {0: "5m5m5m5m"}, "9m9c")
    assert st.public_action(0, "declare_kong:5m") == {
        "type": "declare_kong",
        "card": "5m",
        "cards": ["5m"] * 4,
    }
    assert st.public_action(0, "finish") == {"type": "finish"}


def test_clone_is_independent():
    st = new(0, {}, "9m9c")
    c = st.clone()
    finish_prep(c)
    assert st.phase == "preparation" and c.phase == "play"
    assert st.full_state() != c.full_state()


# ------------------------------------------------------------------ NT-3.3 matches


def test_nt_3_3_match_rotates_the_dealer_and_keeps_the_running_sum():
    """NT-3.3: deals=3: each deal settles on its own; the dealer rotates; scores are the sum."""
    import random

    st = RULESET.new_game(5, {"deals": 3, "dealer": 1})
    rng = random.Random(5)
    seen_deals = set()
    while not st.is_finished():
        seat = st.to_act()[0]
        v = st.view(seat)
        seen_deals.add(v["table"]["deal"])
        assert len(v["table"]["deal_results"]) == v["table"]["deal"] - 1
        a = RULESET.policy("basic")(v, st.legal_actions(seat), rng)
        st.apply(seat, a.id)
    r = st.result()
    assert seen_deals == {1, 2, 3}
    assert [d["dealer"] for d in r["deals"]] == [1, 2, 0]
    for d in r["deals"]:
        assert sum(d["settlement"]) == 0
    assert r["scores"] == [sum(d["settlement"][s] for d in r["deals"]) for s in range(3)]
    assert r["deals"][-1]["running"] == r["scores"]
    assert [p["score"] for p in r["players"]] == r["scores"]
    assert r["winners"] == [s for s in range(3) if r["scores"][s] == max(r["scores"])]


def test_cards_helper_roundtrip():
    assert cards("1m 2m3m") == ["1m", "2m", "3m"]


def test_nt_1_1_three_players_turn_order():
    """NT-1.1: three players; turns run seat 0 → 1 → 2 → 0 when nobody claims."""
    st = new(1, {}, "9m9c", fill_seed=9)
    finish_prep(st)
    order = [st.current]
    st.apply(st.current, ids(st, st.current)[-1])
    for _ in range(5):
        pass_window(st)
        order.append(st.current)
        discard_drawn(st)
    assert RULESET.players == 3
    assert order == [1, 2, 0, 1, 2, 0]


def test_nt_1_3_honours_form_only_identical_groups_but_nine_of_strings_sequences():
    """NT-1.3: QN WF RF is no sequence; 7s8s9s is."""
    ok = score(G + " 2c3c4c 7s8s QNQN", indicators="9m9c", win={"card": "9s", "by": "discard"})
    assert ["7s", "8s", "9s"] in ok["partition"] and ok["shape"] == "qing"
    with pytest.raises(Exception) as e:
        score(G + " 2c3c4c QNWF 7c7c", indicators="9m9c", win={"card": "RF", "by": "discard"})
    assert "not complete" in str(e.value)


def test_nt_1_4_a_win_ends_the_deal_and_every_player_settles():
    """NT-1.4: winning ends the deal; all three players are scored and settle."""
    st = new(0, {0: G + " 2c3c4c 7c8c9c QNQN", 1: "5m5m5m"}, "9m9s")
    finish_prep(st)
    st.apply(0, "win")
    r = st.result()
    assert st.is_finished() and r["outcome"] == "win"
    assert r["deals"][0]["totals"][1] >= 4  # the non-winner's concealed triplet counts (NT-7.2)
    assert sum(r["scores"]) == 0 and len(r["players"]) == 3


def test_nt_5_3_no_concealed_kong_without_stock():
    """NT-5.3: four identical cards after drawing the last stock card: no concealed kong."""
    st = new(0, {0: "7m7m7m"}, "9m9c", back="7m", fill_seed=4)
    _play_to_the_last_card(st)
    assert st.current == 0 and st.hands[0][CODES.index("7m")] == 4 and st.stock_count == 0
    assert "concealed_kong:7m" not in ids(st, 0)
    with pytest.raises(IllegalAction) as e:
        st.apply(0, "concealed_kong:7m")
    assert e.value.rule == "NT-5.3"


def test_nt_5_3_concealed_kong_offered_while_stock_remains():
    """NT-5.3 (contrast): the same four cards with stock left do offer the kong."""
    st = new(0, {0: "7m7m7m 1m"}, "9m9c", front="1c 2c 7m")
    finish_prep(st)
    st.apply(0, "discard:1m")
    pass_window(st)
    discard_drawn(st)
    pass_window(st)
    discard_drawn(st)
    pass_window(st)
    assert st.current == 0 and "concealed_kong:7m" in ids(st, 0)
