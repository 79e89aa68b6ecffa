"""What a player sees at the table (docs/design.md, "What happened: the table's record"):
the deal's `table.history` lists every draw (its card for the drawing seat only), every
discard, declaration and kong, and every settled claim with the seat it came from; the
drawing seat sees its card as `drawn` (NT-5.1, NT-5.2, NT-6.2, NT-6.3, NT-6.5)."""

from __future__ import annotations

import random

from domain.nantong import RULESET
from tests.unit.nantong.helpers import finish_prep, new, pass_window


def history(state, viewer):
    return state.view(viewer)["table"]["history"]


def test_a_draw_shows_its_card_to_the_drawer_only():
    """NT-6.5: after an unclaimed discard seat 1 draws the front card: seat 1 reads the card
    (in `drawn` and in its history), seat 2 and a spectator only that a card was drawn."""
    st = new(0, {}, "9m9c", front="RF")
    finish_prep(st)
    st.apply(0, st.legal_actions(0)[-1].id)
    pass_window(st)
    assert history(st, 1)[-1] == {"event": "draw", "seat": 1, "card": "RF"}
    assert st.view(1)["drawn"] == "RF"
    for viewer in (0, 2, None):
        assert history(st, viewer)[-1] == {"event": "draw", "seat": 1}
        assert "drawn" not in st.view(viewer)
    assert [h["event"] for h in history(st, None)] == ["prepared"] * 3 + ["discard", "draw"]


def test_a_settled_pong_is_public_with_the_seat_it_came_from():
    """NT-6.2: the pong is public once the window settles, naming the discarder; while the
    window is open nobody's history shows an answer."""
    st = new(0, {0: "5s 9m9m", 1: "5s5s 8m"}, "9c9s")
    finish_prep(st)
    st.apply(0, "discard:5s")
    st.apply(1, "pong:5s")
    before = {v: history(st, v) for v in (0, 1, 2, None)}
    assert before[None][-1] == {"event": "discard", "seat": 0, "card": "5s"}
    assert all(h == before[None] for h in before.values())  # the answer stays secret
    st.apply(2, "pass")
    for viewer in (0, 1, 2, None):
        assert history(st, viewer)[-1] == {"event": "pong", "seat": 1, "card": "5s", "from": 0}


def test_kong_replacements_are_draws_from_the_back_seen_by_the_drawer():
    """NT-6.3: an exposed kong of a discard (public, from the discarder), then the replacement
    from the back: its card for the konging seat only."""
    st = new(0, {0: "5s", 1: "5s5s5s"}, "9m9c", back="RF")
    finish_prep(st)
    st.apply(0, "discard:5s")
    st.apply(1, "kong:5s")
    st.apply(2, "pass")
    assert history(st, 1)[-2:] == [
        {"event": "kong", "seat": 1, "card": "5s", "from": 0},
        {"event": "replacement", "seat": 1, "card": "RF"},
    ]
    assert st.view(1)["drawn"] == "RF"
    assert history(st, 2)[-1] == {"event": "replacement", "seat": 1}


def test_an_opening_kong_replacement_is_drawn_in_preparation():
    """NT-4.2: the opening kong is public, its replacement is seen by the declarer only."""
    st = new(0, {0: "7m7m7m7m"}, "9m9c", back="QN")
    st.apply(0, "declare_kong:7m")
    assert history(st, 0) == [
        {"event": "opening_kong", "seat": 0, "card": "7m"},
        {"event": "replacement", "seat": 0, "card": "QN"},
    ]
    assert st.view(0)["drawn"] == "QN" and "drawn" not in st.view(1)
    assert history(st, 1)[-1] == {"event": "replacement", "seat": 0}


def test_every_card_of_the_history_is_public_once_the_game_is_over():
    """Once finished everything is public: the history names every drawn card, and the draws
    and discards it lists account for the stock consumed."""
    for seed in range(6):
        st = RULESET.new_game(seed, {}, None)
        policy, rng = RULESET.policy("basic"), random.Random(seed)
        while not st.is_finished():
            seat = st.to_act()[0]
            st.apply(seat, policy(st.view(seat), st.legal_actions(seat), rng).id)
        seen = history(st, None)
        draws = [h for h in seen if h["event"] in ("draw", "replacement")]
        assert all("card" in h for h in draws)
        assert len(draws) == 51 - st.view(None)["table"]["stock_count"]  # NT-3.2
        assert seen[-1]["event"] in ("win", "exhausted")
        assert st.full_state()["history"] == seen
