"""Sì Sè Pái rules SSP-1 … SSP-5, each test citing its rule number.

Scenarios use stacked decks (the `deck` option): seat p starts with
deck[20p:20p+20], deck[80] is the dealer's first draw. The dealer is seat 0
unless stated; turn order is 0 → 1 → 2 → 3.
"""

from __future__ import annotations

import pytest

from domain.base import IllegalAction, InvalidSetup
from domain.sisepai import RULESET
from domain.sisepai.cards import CODES
from tests.unit.sisepai.helpers import answer_all, check_invariants, codes, game, ids, stacked

# Three hands of 20 that are complete on their own (any flower completes them).
H_RED = codes("rK yK wK gK rA rA rA rE rE rE rR rR rR rH rH rH rC rC rC F2")
H_YEL = codes("yA yA yA yE yE yE yR yR yR yH yH yH yC yC yC gA gA gE gE F3")
H_WHI = codes("wA wA wA wE wE wE wR wR wR wH wH wH wC wC wC gR gR gH gH F4")


# ----- SSP-1 / SSP-2: table, cards, deal -----------------------------------


def test_ssp_1_1_four_players():
    """SSP-1.1: four players play individually."""
    assert RULESET.players == 4
    st = RULESET.new_game(1)
    assert [s["seat"] for s in st.view(None)["seats"]] == [0, 1, 2, 3]


def test_ssp_2_1_117_cards():
    """SSP-2.1: 112 chess cards (7 characters × 4 colours × 4) + 5 distinct flowers."""
    cards = RULESET.cards()
    assert len(cards) == 33
    assert sum(c["count"] for c in cards) == 117
    chess = [c for c in cards if c["character"] != "flower"]
    assert len(chess) == 28 and all(c["count"] == 4 for c in chess)
    flowers = [c for c in cards if c["character"] == "flower"]
    assert [c["code"] for c in flowers] == ["F1", "F2", "F3", "F4", "F5"]
    assert all(c["count"] == 1 for c in flowers)


def test_ssp_2_2_card_codes():
    """SSP-2.2: colour letter r y w g + character letter; flowers F1..F5."""
    facts = {c["code"]: c for c in RULESET.cards()}
    assert facts["rK"]["colour"] == "red" and facts["rK"]["character"] == "General"
    assert facts["gS"]["colour"] == "green" and facts["gS"]["character"] == "Soldier"
    assert facts["yC"]["name"] == "yellow Cannon"
    assert {c[1] for c in CODES if not c.startswith("F")} == set("KAERHCS")


def test_ssp_2_3_deal_20_each_37_stock_dealer_draws_first():
    """SSP-2.3: 20 cards each, 37 in the stock; the dealer's first act is a public draw."""
    st = RULESET.new_game(7)
    v = st.view(None)
    assert [s["hand_count"] for s in v["seats"]] == [20, 20, 20, 20]
    assert v["table"]["stock_count"] == 36  # 37 minus the dealer's draw
    claim = v["table"]["claim"]
    assert claim["owner"] == v["table"]["dealer"] and claim["source"] == "draw"
    assert v["phase"] == "claim"


def test_ssp_2_3_dealer_random_from_seed_or_option():
    """SSP-2.3: the dealer is chosen at random from the seed; options.dealer picks it."""
    dealers = {RULESET.new_game(s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert RULESET.new_game(5).dealer == RULESET.new_game(5).dealer
    for d in range(4):
        assert RULESET.new_game(5, {"dealer": d}).dealer == d


def test_ssp_2_3_same_seed_same_deal():
    """SSP-2.3: the shuffle comes from the seed only."""
    a, b = RULESET.new_game(99), RULESET.new_game(99)
    assert a.full_state() == b.full_state()
    assert RULESET.new_game(98).full_state() != a.full_state()


def test_ssp_2_3_deck_option_order():
    """SSP-2.3 deck option: seat p gets deck[20p:20p+20]; deck[80] is drawn first."""
    deck = stacked([], ["gC"])
    st = RULESET.new_game(3, {"dealer": 2}, deck)
    for p in range(4):
        assert sorted(st.view(p)["hand"]) == sorted(deck[20 * p : 20 * p + 20])
    assert st.view(None)["table"]["claim"] == {"card": deck[80], "owner": 2, "source": "draw", "round": 1}
    assert st.full_state()["stock"] == deck[81:]


@pytest.mark.parametrize(
    "options,deck",
    [
        ({"dealer": 4}, None),
        ({"dealer": -1}, None),
        ({"dealer": "1"}, None),
        ({"dealer": True}, None),
        ({"colour": 1}, None),
        ("x", None),
        ({}, ["rK"] * 117),
        ({}, stacked([], [])[:-1]),
        ({}, stacked([], [])[:-1] + ["zz"]),
    ],
)
def test_ssp_2_3_bad_setup(options, deck):
    """SSP-2.3 / SSP-2.1: bad options or a wrong deck raise InvalidSetup."""
    with pytest.raises(InvalidSetup):
        RULESET.new_game(1, options, deck)


# ----- SSP-4: a turn --------------------------------------------------------


def test_ssp_4_1_drawn_and_discarded_cards_are_public():
    """SSP-4.1: every seat (and spectators) sees the drawn card, then the discard."""
    st = game([[], [], codes("rA rA")], ["rA"])
    for v in (None, 0, 1, 2, 3):
        assert st.view(v)["table"]["claim"]["card"] == "rA"
    answer_all(st, {2: "claim:triple:rA,rA,rA"})
    st.apply(2, "discard:rH")
    for v in (None, 0, 1, 3):
        claim = st.view(v)["table"]["claim"]
        assert claim == {"card": "rH", "owner": 2, "source": "discard", "round": 1}
        assert st.view(v)["table"]["history"][-1] == {"event": "discard", "seat": 2, "card": "rH"}


def test_ssp_4_2_claimed_card_is_melded_and_exposed_at_once():
    """SSP-4.2: the taker melds the card with concealed cards and exposes the meld."""
    st = game([[], [], codes("rA rA")], ["rA"])
    answer_all(st, {2: "claim:triple:rA,rA,rA"})
    seat = st.view(0)["seats"][2]
    assert seat["exposed"] == [{"kind": "triple", "cards": ["rA", "rA", "rA"], "points": 1}]
    assert seat["hand_count"] == 18
    assert "rA" not in st.view(2)["hand"]


def test_ssp_4_2_exposed_meld_never_extended():
    """SSP-4.2 [R]: a fourth copy cannot be added to an exposed triple."""
    st = game([[], [], codes("rA rA")], ["rA", "rA"])
    answer_all(st, {2: "claim:triple:rA,rA,rA"})
    st.apply(2, "discard:rH")
    answer_all(st, {})
    # seat 3 drew the fourth rA
    assert st.view(None)["table"]["claim"] == {"card": "rA", "owner": 3, "source": "draw", "round": 1}
    assert ids(st, 2) == ["pass"]


def test_ssp_4_3_discard_after_a_non_winning_claim():
    """SSP-4.3: after melding (not a win) the taker discards one concealed card."""
    st = game([[], [], codes("rA rA")], ["rA"])
    answer_all(st, {2: "claim:triple:rA,rA,rA"})
    assert st.phase == "discard" and st.to_act() == [2]
    assert st.view(0)["to_act"] == [2] and st.view(0)["table"]["discarding"] == 2
    acts = st.legal_actions(2)
    assert all(a.type == "discard" and a.id == f"discard:{a.cards[0]}" for a in acts)
    hand = set(st.view(2)["hand"])
    assert {a.cards[0] for a in acts} == {c for c in hand if c[1:] not in ("K",) and not c.startswith("F")}
    for other in (0, 1, 3):
        assert st.legal_actions(other) == []
        with pytest.raises(IllegalAction) as e:
            st.apply(other, acts[0].id)
        assert e.value.rule == "SSP-4.3"
    with pytest.raises(IllegalAction):
        st.apply(2, "discard:gS")  # not in the hand
    with pytest.raises(IllegalAction):
        st.apply(2, "pass")


def test_ssp_4_4_generals_and_flowers_never_discarded():
    """SSP-4.4: Generals and flowers are never offered nor accepted as discards."""
    st = game([[], [], codes("rA rA yK F1")], ["rA"])
    answer_all(st, {2: "claim:triple:rA,rA,rA"})
    legal = ids(st, 2)
    assert "discard:yK" not in legal and "discard:F1" not in legal
    before = st.full_state()
    for bad in ("discard:yK", "discard:F1"):
        with pytest.raises(IllegalAction) as e:
            st.apply(2, bad)
        assert e.value.rule == "SSP-4.4"
    assert st.full_state() == before  # state unchanged


def test_ssp_4_5_claim_that_leaves_only_generals_and_flowers():
    """SSP-4.5 [R]: a non-winning claim leaving only Generals/flowers concealed is not
    legal. (Such a hand is always complete, so the seat is offered the win instead.)"""
    hand = codes("rK rK rK rK yK yK yK yK wK wK wK wK gK gK F2 F3 F4 F5 yA yA")
    st = game([[], [], hand], ["yA"])
    assert ids(st, 2) == ["win", "pass"]
    # with one more discardable card the triple is legal again
    hand2 = codes("rK rK rK rK yK yK yK yK wK wK wK wK gK F2 F3 F4 F5 yA yA gH")
    st2 = game([[], [], hand2], ["yA"])
    assert ids(st2, 2) == ["claim:triple:yA,yA,yA", "pass"]


# ----- SSP-5: claims ----------------------------------------------------------


def test_ssp_5_1_every_eligible_seat_answers_drawer_first():
    """SSP-5.1: on a drawn card all four answer, in turn order from the drawer."""
    st = game([], ["gC"], dealer=2)
    assert st.to_act() == [2, 3, 0, 1]
    assert all(ids(st, s) == ["pass"] for s in range(4))  # auto-passed by the service


def test_ssp_5_1_answers_secret_until_settlement():
    """SSP-5.1: answering first gives no priority and no answer shows before settlement."""
    st = game([codes("rK rE"), [], codes("rA rA")], ["rA"])
    for seat, aid in ((2, "claim:triple:rA,rA,rA"), (3, "pass"), (1, "pass")):
        assert st.public_action(seat, aid) == {"type": "answer"}
        others = [v for v in (None, 0, 1, 2, 3) if v != seat]
        before = {v: st.view(v) for v in others}
        st.apply(seat, aid)
        for v in others:
            assert st.view(v) == before[v], "an answer changed another seat's view before settlement"
    assert st.view(2)["to_act"] == []  # only its own pending answer is listed
    assert st.view(0)["to_act"] == [0]
    assert st.view(None)["to_act"] == []
    assert st.public_action(0, "claim:command:rK,rA,rE") == {"type": "answer"}
    st.apply(0, "claim:command:rK,rA,rE")  # the drawer answers last, still loses (level 3 > 4)
    assert st.exposed[2] == [("triple", (1, 1, 1))] and st.exposed[0] == []


def test_ssp_5_1_answer_once():
    """SSP-5.1: each seat answers once per window."""
    st = game([codes("rK rE"), [], codes("rA rA")], ["rA"])
    st.apply(2, "pass")
    assert st.legal_actions(2) == []
    with pytest.raises(IllegalAction) as e:
        st.apply(2, "claim:triple:rA,rA,rA")
    assert e.value.rule == "SSP-5.1"


def test_ssp_4_3_r_winning_is_never_forced():
    """SSP-4.3 [R]: the drawer whose hand the Red Chariot completes may win, pass, or claim it
    for another meld that leaves the hand incomplete, a field group (SSP-5.2); then it discards."""
    st = game([codes("rA rA rE rE rK rR rH rC rR rH rC wS wS wS yS gS F1 gK yK wK")], ["rR"])
    offered = ids(st, 0)
    assert "win" in offered and "pass" in offered and "claim:field:rR,rH,rC" in offered, offered
    answer_all(st, {0: "claim:field:rR,rH,rC"})
    assert not st.is_finished() and st.to_act() == [0]
    assert all(a.type == "discard" for a in st.legal_actions(0))
    # A claim that melds all 21 cards is the win itself: a drawn flower that completes the hand
    # melds only as a single, so win and pass are all there is
    st = game([H_RED], ["F1"])
    assert ids(st, 0) == ["win", "pass"]


def test_ssp_5_2_level_1_drawer_win_beats_other_win():
    """SSP-5.2 level 1 over level 2: the drawer's own win beats another's win."""
    st = game([H_RED, [], H_YEL], ["F1"])
    assert ids(st, 0) == ["win", "pass"]  # SSP-4.3: the single F1 would meld all 21: a win
    assert ids(st, 2) == ["win", "pass"]
    assert [a.extra["priority"] for a in st.legal_actions(0)[:1]] == [1]
    assert st.legal_actions(2)[0].extra["priority"] == 2
    st.apply(2, "win")  # answering first gives no priority
    st.apply(3, "pass")
    st.apply(1, "pass")
    st.apply(0, "win")
    assert st.result()["winners"] == [0]


@pytest.mark.parametrize(
    "dealer,winners,expected", [(0, (2, 3), 2), (2, (3, 1), 3), (1, (3, 0), 3), (3, (2, 1), 1)]
)
def test_ssp_5_2_level_2_ties_in_turn_order(dealer, winners, expected):
    """SSP-5.2 level 2 ties: two other seats' wins go in turn order from the card's owner."""
    hands = [[], [], [], []]
    hands[winners[0]], hands[winners[1]] = H_YEL, H_WHI
    st = game(hands, ["F1"], dealer=dealer)
    for w in winners:
        assert ids(st, w)[0] == "win"
    for seat in reversed(st.to_act()):
        st.apply(seat, "win" if seat in winners else "pass")
    assert st.result()["winners"] == [expected]


def test_ssp_5_2_level_2_win_beats_identical_triple():
    """SSP-5.2 level 2 over level 3: another's win beats an identical triple."""
    win_on_gs = codes("rS yS wA wA wA wE wE wE wR wR wR wH wH wH wC wC wC F4 gR gR")
    st = game([[], [], win_on_gs, codes("gS gS")], ["gS"])
    assert ids(st, 2) == ["win", "pass"]
    assert ids(st, 3) == ["claim:triple:gS,gS,gS", "pass"]
    answer_all(st, {2: "win", 3: "claim:triple:gS,gS,gS"})
    assert st.result()["winners"] == [2]
    assert {"cards": ["rS", "yS", "gS"], "kind": "soldiers", "points": 0, "exposed": False} in st.result()[
        "melds"
    ]


def test_ssp_5_2_level_3_triple_beats_drawer_meld():
    """SSP-5.2 level 3 over level 4: an identical triple beats the drawer's command group."""
    st = game([codes("rK rE"), [], codes("rA rA")], ["rA"])
    assert ids(st, 0) == ["claim:command:rK,rA,rE", "pass"]
    assert st.legal_actions(2)[0].extra == {"meld": "triple", "priority": 3}
    answer_all(st, {0: "claim:command:rK,rA,rE", 2: "claim:triple:rA,rA,rA"})
    assert st.exposed[2] == [("triple", (1, 1, 1))] and st.exposed[0] == []
    assert st.to_act() == [2]


def test_ssp_5_2_level_3_drawer_triple_beats_next_mixed():
    """SSP-5.2 level 3 over level 5: the drawer's own triple is level 3."""
    st = game([codes("rA rA"), codes("rK rE")], ["rA"])
    assert st.legal_actions(0)[0].extra == {"meld": "triple", "priority": 3}
    assert st.legal_actions(1)[0].extra == {"meld": "command", "priority": 5}
    answer_all(st, {0: "claim:triple:rA,rA,rA", 1: "claim:command:rK,rA,rE"})
    assert st.exposed[0] == [("triple", (1, 1, 1))] and st.to_act() == [0]


def test_ssp_5_2_level_4_drawer_meld_beats_next_mixed():
    """SSP-5.2 level 4 over level 5: the drawer's command beats the next player's."""
    st = game([codes("rK rE"), codes("rK rE")], ["rA"])
    assert ids(st, 1) == ["claim:command:rK,rA,rE", "pass"]
    answer_all(st, {0: "claim:command:rK,rA,rE", 1: "claim:command:rK,rA,rE"})
    assert st.exposed[0] == [("command", (0, 1, 2))] and st.exposed[1] == []


def test_ssp_5_2_level_5_next_mixed_group_taken():
    """SSP-5.2 level 5: with no higher claim the next player's mixed group takes the card."""
    st = game([[], codes("rK rE")], ["rA"])
    answer_all(st, {1: "claim:command:rK,rA,rE"})
    assert st.exposed[1] == [("command", (0, 1, 2))]
    assert st.to_act() == [1] and st.phase == "discard"


def test_ssp_5_3_drawer_never_makes_a_pair():
    """SSP-5.3: the drawer may not use the drawn card to form a pair."""
    st = game([codes("rA")], ["rA"])
    assert ids(st, 0) == ["pass"]
    with pytest.raises(IllegalAction) as e:
        st.apply(0, "claim:pair:rA,rA")
    assert e.value.rule == "SSP-5.3"


def test_ssp_5_3_others_only_identical_triple_or_quad():
    """SSP-5.3: a seat other than the drawer (and not next) claims only a triple or quad."""
    st = game([[], [], codes("rK rE"), codes("rA rA rA")], ["rA"])
    assert ids(st, 2) == ["pass"]
    with pytest.raises(IllegalAction) as e:
        st.apply(2, "claim:command:rK,rA,rE")
    assert e.value.rule == "SSP-5.3"
    assert ids(st, 3) == ["claim:triple:rA,rA,rA", "claim:quad:rA,rA,rA,rA", "pass"]


def test_ssp_5_3_quad_claim_exposes_four():
    """SSP-5.3 / SSP-6.2: an identical quad claim exposes four cards worth 2."""
    st = game([[], [], [], codes("rA rA rA")], ["rA"])
    answer_all(st, {3: "claim:quad:rA,rA,rA,rA"})
    assert st.view(0)["seats"][3]["exposed"] == [{"kind": "quad", "cards": ["rA"] * 4, "points": 2}]


def test_ssp_5_3_next_player_mixed_groups_of_3_or_4():
    """SSP-5.3: the next player may claim a soldier group of 3 or 4 and a field group."""
    st = game([[], codes("yS wS gS")], ["rS"])
    assert ids(st, 1) == [
        "claim:soldiers:rS,yS,wS",
        "claim:soldiers:rS,yS,gS",
        "claim:soldiers:rS,wS,gS",
        "claim:soldiers:rS,yS,wS,gS",
        "pass",
    ]
    assert all(ids(st, s) == ["pass"] for s in (0, 2, 3))
    answer_all(st, {1: "claim:soldiers:rS,yS,wS,gS"})
    assert st.exposed[1] == [("soldiers", (6, 13, 20, 27))]
    st2 = game([[], codes("rR rC")], ["rH"])
    assert ids(st2, 1) == ["claim:field:rR,rH,rC", "pass"]


def test_ssp_5_3_next_after_discard_owner():
    """SSP-5.3: on a discard the mixed-group right belongs to the seat after its owner."""
    fam = {"yR", "yH", "yC"}
    st = game([codes("yR yC"), [], codes("rA rA yH"), codes("yR yC")], ["rA"], avoid=fam)
    answer_all(st, {2: "claim:triple:rA,rA,rA"})
    st.apply(2, "discard:yH")
    assert ids(st, 3) == ["claim:field:yR,yH,yC", "pass"]
    assert ids(st, 0) == ["pass"]  # same cards, but not next after the owner
    assert st.legal_actions(3)[0].extra == {"meld": "field", "priority": 5}


def test_ssp_5_3_drawer_single_general_or_flower():
    """SSP-5.3 [R]: the drawer may take a drawn General or flower as a single; no one else."""
    st = game([codes("gA gE"), codes("gA gE")], ["gK"])
    assert ids(st, 0) == ["claim:single:gK", "claim:command:gK,gA,gE", "pass"]
    assert ids(st, 1) == ["claim:command:gK,gA,gE", "pass"]  # next player: mixed group only
    assert ids(st, 2) == ["pass"] and ids(st, 3) == ["pass"]
    answer_all(st, {0: "claim:single:gK"})
    assert st.exposed[0] == [("single", (21,))] and st.to_act() == [0]
    st2 = game([], ["F3"])
    assert ids(st2, 0) == ["claim:single:F3", "pass"]
    assert all(ids(st2, s) == ["pass"] for s in (1, 2, 3))


def test_ssp_5_3_nobody_claims_own_discard():
    """SSP-5.3: the owner of a discard is not asked and cannot claim it."""
    st = game([[], [], codes("rA rA gR gR")], ["rA"])
    answer_all(st, {2: "claim:triple:rA,rA,rA"})
    st.apply(2, "discard:gR")
    assert st.to_act() == [3, 0, 1]
    assert st.legal_actions(2) == []
    with pytest.raises(IllegalAction) as e:
        st.apply(2, "pass")
    assert e.value.rule == "SSP-5.3"


def test_ssp_5_4_untaken_drawn_card_becomes_drawers_discard():
    """SSP-5.4: nobody takes the drawn card → it is the drawer's discard and claims settle
    again without the drawer; a triple refused in round 1 may be claimed in round 2."""
    st = game([codes("rK rE"), [], codes("rA rA")], ["rA"])
    answer_all(st, {})
    claim = st.view(None)["table"]["claim"]
    assert claim == {"card": "rA", "owner": 0, "source": "discard", "round": 2}
    assert st.to_act() == [1, 2, 3]
    assert st.legal_actions(0) == []
    assert ids(st, 2) == ["claim:triple:rA,rA,rA", "pass"]
    answer_all(st, {2: "claim:triple:rA,rA,rA"})
    assert st.exposed[2] == [("triple", (1, 1, 1))]


def test_ssp_5_4_second_round_untaken_then_next_player_draws():
    """SSP-5.4: only when the second round is also untaken does the next player draw."""
    st = game([], ["gC", "gR"], dealer=3)
    answer_all(st, {})
    assert st.view(None)["table"]["claim"]["round"] == 2
    answer_all(st, {})
    v = st.view(None)
    assert v["seats"][3]["discards"] == ["gC"]
    assert v["table"]["claim"] == {"card": "gR", "owner": 0, "source": "draw", "round": 1}


def test_ssp_5_4_untaken_drawn_general_becomes_discard_too():
    """SSP-5.4 [R]: an untaken drawn General also becomes the drawer's discard."""
    st = game([], ["wK"])
    answer_all(st, {})
    assert st.view(None)["table"]["claim"] == {"card": "wK", "owner": 0, "source": "discard", "round": 2}
    answer_all(st, {})
    assert st.view(None)["seats"][0]["discards"] == ["wK"]


def test_ssp_5_5_play_continues_from_the_claimer():
    """SSP-5.5: the claimer discards; if untaken, the player after the claimer draws."""
    st = game([[], [], codes("rA rA")], ["rA", "gC"])
    answer_all(st, {2: "claim:triple:rA,rA,rA"})
    st.apply(2, "discard:rH")
    answer_all(st, {})
    v = st.view(None)
    assert v["seats"][2]["discards"] == ["rH"]
    assert v["table"]["claim"] == {"card": "gC", "owner": 3, "source": "draw", "round": 1}


def test_ssp_5_6_win_without_naming_a_meld_and_without_restrictions():
    """SSP-5.6 / SSP-5.3: "win" names no meld; a winning claim may make a pair even for a
    seat that is neither the drawer nor next."""
    hand = codes("yA yA yA yE yE yE yR yR yR yH yH yH yC yC yC gE gE F3 gA gK")
    st = game([[], [], hand], ["gA"])
    acts = st.legal_actions(2)
    assert acts[0].id == "win" and acts[0].type == "win" and acts[0].cards == ("gA",)
    answer_all(st, {2: "win"})
    res = st.result()
    assert res["outcome"] == "win" and res["winners"] == [2] and res["winning_card"] == "gA"
    assert {"cards": ["gA", "gA"], "kind": "pair", "points": 0, "exposed": False} in res["melds"]


def test_ssp_1_2_win_ends_the_deal():
    """SSP-1.2: all 21 cards melded right after taking a public card wins and ends the deal."""
    st = game([[], [], H_YEL], ["F1"])
    answer_all(st, {2: "win"})
    assert st.is_finished() and st.to_act() == []
    assert all(st.legal_actions(s) == [] for s in range(4))
    with pytest.raises(IllegalAction) as e:
        st.apply(0, "pass")
    assert e.value.rule == "SSP-1.2"
    check_invariants(st)


def test_ssp_1_2_win_with_exposed_melds():
    """SSP-1.2: exposed melds count toward the 21 cards."""
    st = game([[], [], codes("rA rA yA yA yA yE yE yE yR yR yR yH yH yH yC yC yC gE gE gA")], ["rA", "F1"])
    answer_all(st, {2: "claim:triple:rA,rA,rA"})  # not a win yet: gA is loose (SSP-4.3)
    st.apply(2, "discard:gA")
    answer_all(st, {})
    assert st.view(None)["table"]["claim"]["card"] == "F1"
    answer_all(st, {2: "win"})
    res = st.result()
    assert res["winners"] == [2]
    assert res["melds"][0] == {"cards": ["rA", "rA", "rA"], "kind": "triple", "points": 1, "exposed": True}
    assert res["scores"][2] == 1 + 5 + 3  # exposed triple + 5 triples + a flower


def test_ssp_1_3_exhausted_stock_is_a_drawn_deal():
    """SSP-1.3 / SSP-6.4: a seat must draw from an empty stock → drawn deal, no score."""
    st = game([], ["gC"])
    steps = 0
    while not st.is_finished():
        answer_all(st, {})
        steps += 1
        check_invariants(st)
    assert st.draws == 37 and not st.stock
    res = st.result()
    assert res["outcome"] == "draw" and res["winners"] == [] and res["scores"] == [0, 0, 0, 0]
    assert res["players"][0]["breakdown"][0]["rule"] == "SSP-1.3"
    assert st.view(None)["table"]["history"][-1]["event"] == "drawn_deal"


def test_illegal_action_leaves_state_unchanged():
    """SSP-5.3: a refused action changes nothing."""
    st = game([codes("rA")], ["rA"])
    before = st.full_state()
    for seat, aid in ((0, "claim:pair:rA,rA"), (1, "discard:rA"), (7, "pass"), (2, "win")):
        with pytest.raises(IllegalAction):
            st.apply(seat, aid)
    assert st.full_state() == before
