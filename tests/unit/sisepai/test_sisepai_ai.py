"""AI policies: `random` and `basic` (they see only their own view and legal actions)."""

from __future__ import annotations

import copy
import random

import pytest

from domain.sisepai import RULESET
from domain.sisepai.ai import hand_value
from tests.unit.sisepai.helpers import answer_all, codes, game

basic = RULESET.policy("basic")
rand = RULESET.policy("random")


def choose(st, seat, pol=basic, seed=0):
    return pol(st.view(seat), st.legal_actions(seat), random.Random(seed)).id


def test_levels():
    assert RULESET.ai_levels == ("random", "basic", "strong")
    with pytest.raises(ValueError):
        RULESET.policy("expert")


def test_random_picks_a_legal_action():
    st = game([[], codes("yS wS gS")], ["rS"])
    legal = [a.id for a in st.legal_actions(1)]
    picks = {choose(st, 1, rand, s) for s in range(40)}
    assert picks <= set(legal) and len(picks) > 2


def test_basic_always_takes_a_win():
    """SSP-1.2: basic takes a win over any other claim."""
    st = game([codes("yA yA yA yE yE yE yR yR yR yH yH yH yC yC yC yK rK rE rE rA")], ["rA"])
    assert [a.id for a in st.legal_actions(0)] == ["win", "claim:command:rK,rA,rE", "pass"]
    assert choose(st, 0) == "win"


def test_basic_claims_a_triple_with_a_pair():
    """SSP-5.2 level 3: a pair grows into a claimed triple, then a loose card goes."""
    st = game([[], [], codes("rA rA")], ["rA"])
    assert choose(st, 2) == "claim:triple:rA,rA,rA"


def test_basic_takes_drawn_general_as_single():
    """SSP-5.3 [R]: the drawer takes a drawn General (1 point) and sheds a loose card."""
    st = game([], ["gK"])
    assert choose(st, 0) == "claim:single:gK"


def test_basic_prefers_scoring_melds():
    """Prefers a triple (1 point) over breaking pairs for a command group (0 points)."""
    st = game([codes("rA rA rE rE")], ["rA"], avoid={"rK"})
    legal = [a.id for a in st.legal_actions(0)]
    assert "claim:triple:rA,rA,rA" in legal
    assert choose(st, 0) == "claim:triple:rA,rA,rA"


def test_basic_claims_a_mixed_group_to_shed_a_loose_card():
    """SSP-5.2 level 5: the next player completes a field group (fewest unmelded cards)."""
    st = game([[], codes("rR rC")], ["rH"])
    assert choose(st, 1) == "claim:field:rR,rH,rC"


def test_basic_discards_a_loose_card_not_a_pair():
    """SSP-4.3: basic discards the card whose loss hurts least (keeps pairs that can grow),
    and never a General or flower (SSP-4.4)."""
    st = game([[], [], codes("rA rA gR gR gS")], ["rA"], avoid={"gH", "gC", "rS", "yS", "wS"})
    answer_all(st, {2: "claim:triple:rA,rA,rA"})
    assert choose(st, 2) == "discard:gS"
    for seed in range(20):
        aid = choose(st, 2, seed=seed)
        assert not aid.endswith("K") and not aid.startswith("discard:F")


def test_basic_sees_only_its_view():
    """The policy gets a view dict and legal actions only, and does not mutate them."""
    st = game([[], [], codes("rA rA")], ["rA"])
    view, legal = st.view(2), st.legal_actions(2)
    snapshot = copy.deepcopy(view)
    basic(view, legal, random.Random(1))
    assert view == snapshot


def test_hand_value_counts_loose_cards():
    """The heuristic: fewer unmelded cards is better; live pairs beat dead ones."""
    from domain.sisepai.cards import INDEX, N_KINDS

    def v(s, live=True):
        h = [0] * N_KINDS
        for c in s.split():
            h[INDEX[c]] += 1
        return hand_value(h, [live] * N_KINDS)

    assert v("rA rA") > v("rA yA")
    assert v("rA rA", True) > v("rA rA", False)
    assert v("rA rA rA") > v("rA rA")
    assert v("rR rH") > v("rR yH")  # a partial field group waiting on an unseen Cannon
