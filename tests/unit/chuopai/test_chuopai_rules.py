"""Rule cases for Chuo Pai, one or more per rule CP-1.1 … CP-5.3."""

from __future__ import annotations

import json

import pytest

from domain.base import IllegalAction, InvalidSetup
from domain.chuopai import RULESET
from domain.chuopai.cards import CODES, all_plays, to_counts
from tests.unit.chuopai.helpers import deck_from, ids, state_from

# ---------------------------------------------------------------- CP-1 table


def test_cp_1_1_three_players_clockwise_turn_order():
    """CP-1.1: three seats; after a lead by seat 1 the order is 2 then 0."""
    assert RULESET.players == 3
    st = state_from([["22", "55"], ["56", "46"], ["23", "25"]], leader=1)
    assert st.to_act() == [1]
    st.apply(1, "play:56")
    assert st.to_act() == [2]
    st.apply(2, "pass")
    assert st.to_act() == [0]


def test_cp_1_2_deal_ends_when_at_most_one_holds_cards_and_largest_pile_wins():
    """CP-1.2: the deal ends once only one player still holds cards."""
    st = state_from([["66", "66"], ["22"], ["23", "25"]], leader=0)
    st.apply(0, "play:66,66")  # nobody can beat a pair of Heaven
    assert st.to_act() == [1] and ids(st, 1) == ["pass"]
    st.apply(1, "pass")
    st.apply(2, "pass")
    assert not st.is_finished()  # seats 1 and 2 still hold cards
    assert st.to_act() == [1]  # CP-4.4: seat 0 is empty, next holding seat leads
    st.apply(1, "play:22")
    assert ids(st, 2) == ["pass"]  # black cannot beat main
    st.apply(2, "pass")
    assert st.is_finished()  # only seat 2 holds cards
    r = st.result()
    assert r["scores"] == [2, 1, 0] and r["winners"] == [0] and r["outcome"] == "win"


# ---------------------------------------------------------------- CP-2 cards


def test_cp_2_1_eighty_four_cards_four_of_each_of_21():
    """CP-2.1: 21 identities × 4 copies, no wild cards."""
    cards = RULESET.cards()
    assert len(cards) == 21
    assert all(c["count"] == 4 for c in cards)
    assert sum(c["count"] for c in cards) == 84


def test_cp_2_2_families_and_rank_order():
    """CP-2.2: families, highest first, with the two equal-rank pairs."""
    by = {c["code"]: c for c in RULESET.cards()}
    fams = {}
    for c in RULESET.cards():
        fams.setdefault(c["family"], []).append(c)
    order = {f: [c["code"] for c in sorted(v, key=lambda c: -c["rank"])] for f, v in fams.items()}
    assert order["main"] == ["66", "11", "44", "13", "33", "55", "22"]
    assert order["yao"] == ["15", "16", "46", "56"]
    assert order["black"][0] == "36" and order["black"][-2:] == ["25", "23"]
    assert order["red"][:3] == ["45", "34", "14"]
    assert by["26"]["rank"] == by["35"]["rank"]  # Flat Eight = Crooked Eight
    assert by["12"]["rank"] == by["24"]["rank"]  # Nail = Two Red
    assert len({c["rank"] for c in fams["main"]}) == 7  # strict order otherwise
    assert by["66"]["name"] == "Heaven" and by["12"]["name"] == "Nail"
    assert by["15"]["pips"] == [1, 5]
    # every one of the 21 pip pairs is used exactly once
    assert sorted(tuple(c["pips"]) for c in RULESET.cards()) == sorted(
        (a, b) for a in range(1, 7) for b in range(a, 7)
    )


def test_cp_2_2_red_family_is_the_black_and_red_faces_with_red_pips():
    """CP-2.2 [R]: of the black and red families' non-doubles, exactly those with a 1 or a 4
    (red pips) are red; other families hold non-doubles with red pips too (Harmony 1–3, Cat 1–5,
    High Foot 1–6, Four–Six 4–6), which is why the note names the two families."""
    military = [
        c for c in RULESET.cards() if c["family"] in ("black", "red") and c["pips"][0] != c["pips"][1]
    ]
    assert len(military) == 10
    for c in military:
        assert (c["family"] == "red") == bool({1, 4} & set(c["pips"])), c["code"]
    elsewhere = {
        c["code"] for c in RULESET.cards() if c["family"] in ("main", "yao") and {1, 4} & set(c["pips"])
    }
    assert {"13", "15", "16", "46"} <= elsewhere


def test_cp_2_3_codes():
    """CP-2.3: the suggested codes, in order."""
    assert [c["code"] for c in RULESET.cards()] == [
        "66",
        "11",
        "44",
        "13",
        "33",
        "55",
        "22",
        "15",
        "16",
        "46",
        "56",
        "36",
        "26",
        "35",
        "25",
        "23",
        "45",
        "34",
        "14",
        "12",
        "24",
    ]
    assert json.dumps(RULESET.cards())


def test_cp_2_4_deal_28_each_and_seeded_leader():
    """CP-2.4: 28 cards each; the deal and the first leader come from the seed."""
    a, b = RULESET.new_game(7), RULESET.new_game(7)
    assert a.full_state() == b.full_state()
    assert [len(h) for h in a.full_state()["hands"]] == [28, 28, 28]
    leaders = {RULESET.new_game(s).first_leader for s in range(30)}
    assert leaders == {0, 1, 2}
    assert RULESET.new_game(3).full_state()["hands"] != RULESET.new_game(4).full_state()["hands"]


def test_cp_2_4_leader_option_and_deck_option():
    """CP-2.4: options.leader fixes the first leader; a deck deals seat s deck[28s:28s+28]."""
    for leader in range(3):
        assert RULESET.new_game(5, {"leader": leader}).first_leader == leader
    deck = deck_from(["66"] * 4, ["11"] * 4, ["44"] * 4)
    st = RULESET.new_game(1, deck=deck)
    hands = st.full_state()["hands"]
    for s in range(3):
        assert sorted(hands[s]) == sorted(deck[28 * s : 28 * s + 28])
    assert hands[0].count("66") == 4 and hands[1].count("11") == 4


@pytest.mark.parametrize(
    "options", [{"leader": 3}, {"leader": -1}, {"leader": "0"}, {"leader": True}, {"players": 4}, "x"]
)
def test_cp_2_4_bad_options(options):
    """CP-2.4: only the `leader` option (0..2) is known."""
    with pytest.raises(InvalidSetup) as e:
        RULESET.new_game(1, options)
    assert e.value.rule == "CP-2.4"


@pytest.mark.parametrize(
    "deck",
    [
        ["66"] * 84,
        [c for c in CODES for _ in range(4)][:-1],
        [c for c in CODES for _ in range(4)][:-1] + ["77"],
        "66" * 84,
    ],
)
def test_cp_2_4_bad_deck(deck):
    """CP-2.4: a deck must hold the 84 cards exactly."""
    with pytest.raises(InvalidSetup) as e:
        RULESET.new_game(1, deck=deck)
    assert e.value.rule == "CP-2.4"


def test_cp_2_5_opening_bonus_offered_with_nail_and_two_red():
    """CP-2.5: a hand with ≥1 Nail and ≥1 Two Red may bank all of them."""
    deck = deck_from(["12", "12", "24"] + ["66"] * 4, ["12", "12", "11"], ["24", "24", "24", "44"])
    st = RULESET.new_game(1, {"leader": 1}, deck=deck)
    assert st.phase == "bonus"
    # seat order from the first leader: 1, 2, 0
    assert st.to_act() == [1] and ids(st, 1) == ["pass"]  # only Nail: nothing
    assert ids(st, 0) == [] and ids(st, 2) == []
    st.apply(1, "pass")
    assert st.to_act() == [2] and ids(st, 2) == ["pass"]  # only Two Red: nothing
    st.apply(2, "pass")
    assert st.to_act() == [0]
    acts = st.legal_actions(0)
    assert [a.id for a in acts] == ["bonus", "pass"]
    assert acts[0].cards == ("12", "12", "24")
    assert st.public_action(0, "bonus") == {"type": "bonus", "cards": ["12", "12", "24"]}
    st.apply(0, "bonus")
    assert st.phase == "play" and st.to_act() == [1]  # then the first leader leads
    fs = st.full_state()
    assert fs["piles"][0] == ["12", "12", "24"]
    assert "12" not in fs["hands"][0] and "24" not in fs["hands"][0]
    assert len(fs["hands"][0]) == 25
    assert st.view(2)["seats"][0]["pile"] == ["12", "12", "24"]


def test_cp_2_5_bonus_can_be_declined_and_not_taken_later():
    """CP-2.5: declining looks like having no choice; the bonus is not offered after."""
    deck = deck_from(["12", "24"], [], [])
    st = RULESET.new_game(1, {"leader": 0}, deck=deck)
    assert st.public_action(0, "pass") == {"type": "pass"}
    st2 = RULESET.new_game(1, {"leader": 1}, deck=deck)
    assert st2.public_action(1, "pass") == {"type": "pass"}  # seat 1 had no choice
    st.apply(0, "pass")
    st.apply(1, "pass")
    st.apply(2, "pass")
    assert st.phase == "play"
    assert "bonus" not in ids(st, 0)
    with pytest.raises(IllegalAction) as e:
        st.apply(0, "bonus")
    assert e.value.rule == "CP-4.1"


def test_cp_2_5_bonus_wrong_seat_and_unknown_answer():
    """CP-2.5: answers are made in turn; only legal answers are accepted."""
    st = RULESET.new_game(1, {"leader": 2}, deck=deck_from([], [], []))
    with pytest.raises(IllegalAction) as e:
        st.apply(0, "pass")
    assert e.value.rule == "CP-2.5"
    with pytest.raises(IllegalAction):
        st.apply(2, "play:66")
    assert st.to_act() == [2]


# ---------------------------------------------------------------- CP-3 plays


def test_cp_3_1_ordinary_plays_are_one_to_four_identical_cards():
    """CP-3.1: 1–4 cards of one identity; equal rank is not the same identity."""
    st = state_from([["66"] * 4 + ["26", "35", "12", "24"], ["22"], ["23"]])
    got = ids(st, 0)
    for n in range(1, 5):
        assert "play:" + ",".join(["66"] * n) in got
    assert "play:26,35" not in got and "play:35,26" not in got
    assert "play:12,24" not in got
    assert "pass" not in got
    assert len(got) == 4 + 4  # 66×1..4 and four singles


def test_cp_3_2_special_combinations_any_k_mixed_matching():
    """CP-3.2: k keys + k matching cards, red and black nines mixed, any k ≥ 1."""
    hand = ["66", "66", "45", "36", "16"]
    plays = {p.id: p for p in all_plays(tuple(to_counts(hand)))}
    combos = {i for i, p in plays.items() if p.combo}
    assert combos == {"play:66,36", "play:66,45", "play:66,66,36,45"}
    assert plays["play:66,66,36,45"].combo == "tian_jiu"
    st = state_from([hand, ["22"], ["23"]])
    a = {x.id: x for x in st.legal_actions(0)}["play:66,66,36,45"]
    assert a.type == "combo" and a.extra == {"family": "combo", "combination": "tian_jiu"}
    assert st.public_action(0, a.id) == {
        "type": "combo",
        "cards": ["66", "66", "36", "45"],
        "family": "combo",
        "combination": "tian_jiu",
    }


def test_cp_3_2_combination_kinds_and_counts():
    """CP-3.2: Di Ba, Ren Qi, He Wu; unequal counts are not a combination; High Foot is no seven."""

    def combos(hand):
        return {p.id: p.combo for p in all_plays(tuple(to_counts(hand))) if p.combo}

    assert combos(["11", "26", "35"]) == {"play:11,26": "di_ba", "play:11,35": "di_ba"}
    assert combos(["44", "25", "34"]) == {"play:44,25": "ren_qi", "play:44,34": "ren_qi"}
    assert combos(["13", "23", "14"]) == {"play:13,23": "he_wu", "play:13,14": "he_wu"}
    assert combos(["44", "16"]) == {}
    assert combos(["66", "66", "45"]) == {"play:66,45": "tian_jiu"}  # no 2 keys + 1 nine
    four = combos(["66"] * 4 + ["45"] * 2 + ["36"] * 2)
    assert "play:66,66,66,66,36,36,45,45" in four
    assert len(four) == 2 + 3 + 2 + 1  # k=1: 2 ways, k=2: 3, k=3: 2, k=4: 1


def test_cp_3_3_same_family_same_count_strictly_higher():
    """CP-3.3: beats only within a family, with the same count and a higher rank."""
    st = state_from([["55"], ["66", "66", "11", "22", "15", "36"], ["23"]])
    st.apply(0, "play:55")
    assert ids(st, 1) == ["play:11", "play:66"]  # not 22 (lower), not 15/36 (other family)


def test_cp_3_3_equal_rank_does_not_beat():
    """CP-3.3: Crooked Eight does not beat Flat Eight; Two Red does not beat Nail."""
    st = state_from([["26", "12"], ["35", "24"], ["23"]])
    st.apply(0, "play:26")
    assert ids(st, 1) == ["pass"]
    st2 = state_from([["12", "26"], ["24", "35"], ["23"]])
    st2.apply(0, "play:12")
    assert ids(st2, 1) == ["pass"]


def test_cp_3_3_count_must_match():
    """CP-3.3: a single does not beat a pair, a pair does not beat a single."""
    st = state_from([["55", "55"], ["66"], ["11", "11"]])
    st.apply(0, "play:55,55")
    assert ids(st, 1) == ["pass"]
    st.apply(1, "pass")
    assert ids(st, 2) == ["play:11,11"]


def test_cp_3_3_combinations_compare_by_combination_rank_with_same_k():
    """CP-3.3: special combinations are a fifth family, compared by rank with the same k."""
    st = state_from([["13", "14"], ["44", "34", "11", "11", "26", "35", "66", "45"], ["22", "22"]])
    st.apply(0, "play:13,14")  # He Wu, k=1
    got = ids(st, 1)
    assert "play:11,11" not in got  # a pair is another family
    assert got == ["play:44,34", "play:11,26", "play:11,35", "play:66,45"]
    st.apply(1, "play:11,26")
    assert ids(st, 2) == ["pass"]  # a pair of Bench does not beat a combination
    # k must match: a k=1 combination does not beat a k=2 one
    st = state_from([["13", "13", "14", "23"], ["66", "45"], ["22"]])
    st.apply(0, "play:13,13,23,14")
    assert ids(st, 1) == ["pass"]


# ---------------------------------------------------------------- CP-4 rounds


def test_cp_4_1_leader_may_make_any_play_but_not_pass():
    """CP-4.1: every ordinary play and combination is open to the leader; no pass."""
    hand = ["66", "66", "45", "22", "22", "22"]
    st = state_from([hand, ["23"], ["25"]])
    got = ids(st, 0)
    assert got == [p.id for p in all_plays(tuple(to_counts(hand)))]
    assert "pass" not in got
    assert len(got) == 2 + 1 + 3 + 1  # 66×1-2, 45, 22×1-3, 66+45
    with pytest.raises(IllegalAction) as e:
        st.apply(0, "pass")
    assert e.value.rule == "CP-4.1"


def test_cp_4_2_beating_is_compulsory():
    """CP-4.2: a player who can beat must beat; pass is then illegal."""
    st = state_from([["22", "23"], ["55", "33", "23"], ["25"]])
    st.apply(0, "play:22")
    assert ids(st, 1) == ["play:55", "play:33"]
    with pytest.raises(IllegalAction) as e:
        st.apply(1, "pass")
    assert e.value.rule == "CP-4.2"
    with pytest.raises(IllegalAction) as e:
        st.apply(1, "play:23")
    assert e.value.rule == "CP-3.3"
    st.apply(1, "play:33")
    assert ids(st, 2) == ["pass"]  # cannot beat: passes, discarding nothing
    st.apply(2, "pass")
    assert st.full_state()["hands"][2] == ["25"]


def test_cp_4_2_each_follower_acts_once_and_empty_hands_are_skipped():
    """CP-4.2: followers act once each in turn order; a seat without cards does not act."""
    st = state_from([["22", "23"], ["55", "15"], ["66"]])
    st.apply(0, "play:22")
    st.apply(1, "play:55")
    st.apply(2, "play:66")  # seat 2 empties its hand
    # the round is over after the three plays; seat 2 won and is empty → seat 0 leads
    assert st.full_state()["round"] == 1
    assert st.to_act() == [0]
    st.apply(0, "play:23")
    assert st.to_act() == [1]  # seat 2 holds nothing and is skipped
    st.apply(1, "pass")
    assert st.is_finished()


def test_cp_4_2_wrong_seat_is_refused():
    """CP-4.2: only the seat whose turn it is may act."""
    st = state_from([["22"], ["55"], ["66"]])
    before = st.full_state()
    with pytest.raises(IllegalAction):
        st.apply(1, "play:55")
    assert st.legal_actions(1) == []
    assert st.full_state() == before


def test_cp_4_3_winner_banks_only_the_winning_play():
    """CP-4.3: the winning play goes to the winner's pile; every other played card leaves."""
    st = state_from([["22", "22", "23"], ["55", "55", "25"], ["33", "33", "14"]])
    st.apply(0, "play:22,22")
    st.apply(1, "play:55,55")
    st.apply(2, "play:33,33")
    fs = st.full_state()
    assert fs["piles"] == [[], [], ["33", "33"]]
    assert sorted(fs["discarded"]) == ["22", "22", "55", "55"]
    assert fs["trick"] == []
    v = st.view(0)
    assert v["table"]["discarded_count"] == 4
    assert v["table"]["last_round"]["winner"] == 2


def test_cp_4_3_every_round_stays_on_the_table_in_public():
    """CP-4.3: the table lists every finished round (each play, the winner, the cards won),
    the same for every viewer; the breakdown sums the cards won per trick."""
    st = state_from([["22", "22", "23"], ["55", "55", "25"], ["33", "33", "14"]])
    st.apply(0, "play:22,22")
    st.apply(1, "play:55,55")
    st.apply(2, "play:33,33")
    first = {
        "round": 0,
        "leader": 0,
        "winner": 2,
        "won": ["33", "33"],
        "plays": [
            {"seat": 0, "type": "play", "cards": ["22", "22"]},
            {"seat": 1, "type": "play", "cards": ["55", "55"]},
            {"seat": 2, "type": "play", "cards": ["33", "33"]},
        ],
    }
    assert [st.view(v)["table"]["rounds"] for v in (0, 1, 2, None)] == [[first]] * 4
    while not st.is_finished():
        seat = st.to_act()[0]
        st.apply(seat, st.legal_actions(seat)[0].id)
    rounds = st.view(None)["table"]["rounds"]
    assert rounds[0] == first and [r["round"] for r in rounds] == list(range(len(rounds)))
    assert rounds[-1] == st.view(None)["table"]["last_round"]
    for p in st.result()["players"]:
        won = [len(r["won"]) for r in rounds if r["winner"] == p["seat"]]
        assert p["tricks_won"] == len(won)
        line = next(b for b in p["breakdown"] if b["rule"] == "CP-4.3")
        assert line["points"] == sum(won)


def test_cp_4_4_winner_leads_next():
    """CP-4.4: the round's winner leads the next round."""
    st = state_from([["22", "23"], ["55", "25"], ["14", "12"]], leader=0)
    st.apply(0, "play:22")
    st.apply(1, "play:55")
    st.apply(2, "pass")
    assert st.to_act() == [1] and st.view(None)["table"]["leader"] == 1
    assert st.view(None)["table"]["trick"] == []


def test_cp_4_4_empty_winner_passes_the_lead_on():
    """CP-4.4: a winner with an empty hand: the next player in order who holds cards leads."""
    st = state_from([["66"], ["22", "23"], ["25", "14"]], leader=0)
    st.apply(0, "play:66")
    st.apply(1, "pass")
    st.apply(2, "pass")
    assert st.to_act() == [1]


# ---------------------------------------------------------------- CP-5 scoring


def test_cp_5_1_each_pile_card_is_a_point_bonus_included():
    """CP-5.1: one point per card in the pile, opening bonus included."""
    st = state_from([["12", "24", "66"], ["22"], ["23"]], bonus=True)
    st.apply(0, "bonus")
    st.apply(1, "pass")
    st.apply(2, "pass")
    st.apply(0, "play:66")
    st.apply(1, "pass")
    st.apply(2, "pass")
    assert not st.is_finished()  # seats 1 and 2 still hold cards
    st.apply(1, "play:22")
    st.apply(2, "pass")
    assert st.is_finished()
    r = st.result()
    assert r["scores"][0] == 3
    bd = {b["rule"]: b["points"] for b in r["players"][0]["breakdown"]}
    assert bd == {"CP-2.5": 2, "CP-4.3": 1}


def test_cp_5_2_round_in_progress_completes_then_settles():
    """CP-5.2 (with CP-4.2/CP-4.3): settlement happens at the end of the round in which
    at most one player is left holding cards; that player's cards score nothing."""
    st = state_from([["55"], ["33"], ["11", "23"]], leader=0)
    st.apply(0, "play:55")  # seat 0 is now empty
    st.apply(1, "play:33")  # compulsory beat; seat 1 is now empty too
    assert not st.is_finished()  # the round is still in progress: seat 2 acts once
    assert ids(st, 2) == ["play:11"]
    st.apply(2, "play:11")
    assert st.is_finished()
    r = st.result()
    assert r["scores"] == [0, 0, 1]
    p2 = r["players"][2]
    assert p2["unplayed"] == ["23"]
    unplayed = {"rule": "CP-5.2", "what": "unplayed cards (1) score nothing", "points": 0}
    assert unplayed in [{k: line[k] for k in unplayed} for line in p2["breakdown"]]
    with pytest.raises(IllegalAction) as e:
        st.apply(2, "play:23")
    assert e.value.rule == "CP-5.2"
    assert st.to_act() == [] and st.legal_actions(2) == []


def test_cp_5_3_tie_for_largest_is_a_draw():
    """CP-5.3: equal largest piles draw."""
    st = state_from([["66"], ["11"], ["22", "23"]], leader=0)
    st.apply(0, "play:66")
    st.apply(1, "pass")
    st.apply(2, "pass")
    st.apply(1, "play:11")
    st.apply(2, "pass")
    r = st.result()
    assert r["scores"] == [1, 1, 0]
    assert r["outcome"] == "draw" and r["winners"] == [0, 1]
    assert [p["score"] for p in r["players"]] == r["scores"]


def test_cp_5_3_single_largest_wins():
    """CP-5.3: the largest pile wins alone."""
    st = state_from([["66", "66"], ["11"], ["22", "23"]], leader=0)
    st.apply(0, "play:66,66")
    st.apply(1, "pass")
    st.apply(2, "pass")
    st.apply(1, "play:11")
    st.apply(2, "pass")
    r = st.result()
    assert r == st.view(None)["result"]
    assert r["outcome"] == "win" and r["winners"] == [0] and r["scores"] == [2, 1, 0]
    assert st.result() is not None and RULESET.new_game(1).result() is None
