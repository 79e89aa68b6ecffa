"""Scoring and the hand calculator: NT-7 (base hu), NT-8 (winner), NT-9 (rounding, settlement)."""

from __future__ import annotations

import pytest

from domain.base import InvalidHand
from domain.nantong.scoring import round_up, settle
from tests.unit.nantong.helpers import factors, hu_list, score

# Five sequences with no base hu and no indicator rank (indicators 9m 9c by default).
G = "1m2m3m 4s5s6s 4c5c6c 1s2s3s 6m7m8m"


# ------------------------------------------------------------------ NT-7.6 worked examples


def test_nt_7_6_three_twos_of_myriads_give_8_and_three_twos_of_strings_give_24():
    """NT-7.6: indicators 2s and 3m; 2m2m2m → 4×2 = 8 hu; 2s2s2s → 12×2 = 24 hu."""
    r = score("2m2m2m 2s2s2s 4m5m6m 7m8m 4c5c6c 7c8c 5s6s7s 1c 9m 4s", indicators="2s3m")
    assert hu_list(r) == [("NT-7.2", 8), ("NT-7.5", 24)]
    assert r["base"] == 32 and r["total"] == 32 and r["rounded"] == 40
    assert r["shape"] is None and r["partition"] is None and r["multipliers"] == []


def test_nt_7_6_four_of_coins_hezi_gives_64():
    """NT-7.6: both indicators Four of Coins: the 4c Hezi gives 16×2×2 = 64 hu."""
    r = score(
        "1m2m3m 5m6m7m 1s2s3s 5s6s7s 1c2c3c 6c7c8c QN WF RF 9m", indicators="4c4c", melds=[("hezi", "4c")]
    )
    assert hu_list(r) == [("NT-7.1", 64)]
    assert r["rounded"] == 70


# ------------------------------------------------------------------ NT-7.1 base values


@pytest.mark.parametrize(
    "kind,hu",
    [("pong", 2), ("exposed_kong", 8), ("added_kong", 8), ("concealed_kong", 12), ("opening_kong", 16)],
)
def test_nt_7_1_meld_base_values(kind, hu):
    """NT-7.1: exposed pong 2, exposed kong 8 (claimed or added), concealed kong 12, opening kong 16."""
    r = score("1m2m3m 4s5s6s 4c5c6c 1s2s3s 6m7m8m 2c3c 7s8s", melds=[(kind, "5m")])
    assert hu_list(r) == [("NT-7.1", hu)]


def test_nt_7_1_concealed_three_and_four_identical():
    """NT-7.1: three identical concealed cards 4 hu; four identical concealed cards 12 hu."""
    r = score("5m5m5m 7s7s7s7s 4s5s6s 4c5c6c 1s2s3s 2c 3c 8c 6m7m8m")
    assert hu_list(r) == [("NT-7.2", 4), ("NT-7.2", 12)]


def test_nt_7_1_opening_triple_is_16_and_no_exact_match_bonus():
    """NT-7.1/NT-7.5: an opening indicator triple is 16 base; the exact-match effect does not
    apply to opening declarations, only the NT-7.4 rank doubling: 16×2 = 32."""
    r = score(
        "1m2m3m 4s5s6s 4c5c6c 1s2s3s 6m7m8m 2c3c 7s8s", indicators="5m9c", melds=[("opening_triple", "5m")]
    )
    assert hu_list(r) == [("NT-7.1", 32)]


def test_nt_7_1_sequences_and_pair_have_no_base_hu():
    """NT-7.1: sequences and the pair score nothing."""
    r = score("1m2m3m 4s5s6s 4c5c6c 1s2s3s 6m7m8m 2c3c4c QN 7c8c9c")
    assert r["base"] == 0 and r["items"] == [] and r["rounded"] == 0


# ------------------------------------------------------------------ NT-7.2 / NT-7.3


def test_nt_7_2_three_identical_count_even_inside_sequences_and_pair():
    """NT-7.2: 2m2m2m read as the pair 2m2m plus 2m3m4m still counts 4 hu (here in a Qing Hu)."""
    r = score("2m2m2m 3m4m 5s6s7s 1s2s3s 4c5c6c 6m7m 2c3c4c 7c8c9c", win={"card": "8m", "by": "discard"})
    assert ("NT-7.2", 4) in hu_list(r)
    assert r["shape"] == "qing"
    assert r["total"] == 104 and r["rounded"] == 110
    assert ["2m", "2m"] in r["partition"] and ["2m", "3m", "4m"] in r["partition"]


def test_nt_7_3_winning_discard_completing_a_triplet_counts_as_a_pong():
    """NT-7.3: a triplet completed by a discarded winning card is a pong (2 hu)."""
    r = score("5m5m " + G + " 2c3c4c QNQN", win={"card": "5m", "by": "discard"})
    assert hu_list(r)[0] == ("NT-7.3", 2)
    assert r["base"] == 2 and r["total"] == 22 and r["rounded"] == 30  # + Tazi 20


def test_nt_7_3_self_drawn_winning_card_completing_a_triplet_is_concealed():
    """NT-7.3: self-drawn, the same triplet counts as three identical concealed cards (4 hu)."""
    r = score("5m5m " + G + " 2c3c4c QNQN", win={"card": "5m", "by": "self_draw"})
    assert hu_list(r)[0] == ("NT-7.2", 4)
    assert r["total"] == 4 + 20 + 10 and r["rounded"] == 40


def test_nt_6_4_robbed_kong_win_is_not_a_self_draw():
    """NT-5.2/NT-8.4: robbing a kong wins on another player's card: no self-draw bonus."""
    r = score(G + " 2c3c4c 7c9c QNQN", win={"card": "8c", "by": "robbed_kong"})
    assert r["total"] == 100 + 10 and r["multipliers"] == []


# ------------------------------------------------------------------ NT-7.4 / NT-7.5 multipliers


@pytest.mark.parametrize(
    "triple,inds,hu",
    [
        ("QNQNQN", "5m5c", 8),  # old general ×2
        ("9s9s9s", "5m5c", 8),  # Nine of Strings is an old general
        ("5c5c5c", "5m8c", 8),  # ordinary indicator doubles its rank in any suit
        ("9s9s9s", "9m9c", 8),  # ... never the Nine of Strings (NT-2.3)
        ("9m9m9m", "9c8c", 8),  # 9c indicator doubles 9m
        ("9s9s9s", "WF5c", 16),  # old-general indicator doubles every old-general group
        ("RFRFRF", "QNWF", 32),  # two old-general indicators: 4 ×2 ×2 ×2
        ("5c5c5c", "5m5s", 16),  # both indicators, each on its own: ×4
        ("5m5m5m", "5m5s", 48),  # exact match (base 12) and both rank indicators: 12×4
    ],
)
def test_nt_7_4_group_multipliers(triple, inds, hu):
    """NT-7.4 (and NT-7.5 for the exact match): multipliers on a concealed triplet."""
    odd = "5c" if triple == "RFRFRF" else "RF"
    r = score(triple + " 1m2m3m 4s5s6s 1s2s3s 6m7m8m 2c3c4c 7c8c9c " + odd, indicators=inds)
    assert r["items"][0]["hu"] == hu
    assert r["base"] == hu


def test_nt_7_5_exact_match_pong_is_doubled_once_more():
    """NT-7.5: a pong of an indicator card: 2 ×2 (exact) ×2 (rank, NT-7.4) = 8."""
    r = score("1m2m3m 4s5s6s 4c5c6c 1s2s3s 6m7m8m 2c3c 7s8s", indicators="5m9c", melds=[("pong", "5m")])
    assert hu_list(r) == [("NT-7.1", 8)]


def test_nt_7_5_exact_match_does_not_apply_to_kongs():
    """NT-7.5: no exact-match effect on kongs (an exposed kong of 5m with indicator 5s: 8×2)."""
    r = score(
        "1m2m3m 4s5s6s 4c5c6c 1s2s3s 6m7m8m 2c3c 7s8s", indicators="5s9c", melds=[("exposed_kong", "5m")]
    )
    assert hu_list(r) == [("NT-7.1", 16)]


def test_nt_7_4_old_general_hezi_is_doubled_as_an_old_general_group():
    """NT-7.4: a Red Flower Hezi with both indicators Red Flower: 16 ×2 ×2 ×2 = 128."""
    r = score(
        "1m2m3m 5m6m7m 1s2s3s 5s6s7s 1c2c3c 6c7c8c QN WF 4c 9m", indicators="RFRF", melds=[("hezi", "RF")]
    )
    assert hu_list(r) == [("NT-7.1", 128)]


# ------------------------------------------------------------------ NT-8.2 shapes, NT-8.3 Wenqian


def test_nt_8_2_qing_hu_all_sequences_plus_100():
    """NT-8.2 Qing Hu +100; NT-8.5 the winning QN completes the pair +10."""
    r = score(G + " 2c3c4c 7c8c9c QN", win={"card": "QN", "by": "discard"})
    assert r["shape"] == "qing"
    assert [(i["rule"], i["hu"]) for i in r["items"]] == [("NT-8.2", 100), ("NT-8.5", 10)]
    assert r["total"] == 110 and r["multipliers"] == []


def test_nt_8_2_piao_hu_plus_50_times_2_and_closed_floating():
    """NT-8.2 Piao Hu +50 ×2; NT-8.6 Closed Floating ×2 (no pongs); NT-8.4 self-draw +10."""
    r = score("1m1m1m 5s5s5s 6c6c6c 7m7m7m 3s3s3s 4c4c4c QNQN 2m2m", win={"card": "2m", "by": "self_draw"})
    assert r["shape"] == "piao"
    assert r["base"] == 7 * 4
    assert r["total"] == (28 + 50 + 10) * 4 == 352 and r["rounded"] == 360
    assert [m["rule"] for m in r["multipliers"]] == ["NT-8.2", "NT-8.6"]


def test_nt_8_6_closed_floating_lost_by_a_discard_pong():
    """NT-8.6 [R]: the winning discard completing a triplet is a pong: no Closed Floating."""
    r = score("1m1m1m 5s5s5s 6c6c6c 7m7m7m 3s3s3s 4c4c4c QNQN 2m2m", win={"card": "2m", "by": "discard"})
    assert r["shape"] == "piao"
    assert r["total"] == (24 + 2 + 50) * 2 == 152 and r["rounded"] == 160
    assert factors(r) == ["Piao Hu"]


@pytest.mark.parametrize(
    "kind,closed",
    [
        ("pong", False),
        ("exposed_kong", False),
        ("added_kong", False),
        ("concealed_kong", True),
        ("opening_kong", True),
    ],
)
def test_nt_8_6_closed_floating_and_melds(kind, closed):
    """NT-8.6 [R]: pongs and exposed kongs (claimed or added) break Closed Floating;
    concealed kongs and opening declarations do not."""
    r = score(
        "1m1m1m 5s5s5s 6c6c6c 7m7m7m 3s3s3s QNQN 2m2m",
        melds=[(kind, "8s")],
        win={"card": "2m", "by": "self_draw"},
    )
    assert r["shape"] == "piao"
    assert any("Closed Floating" in f for f in factors(r)) is closed


def test_nt_8_2_piao_allows_one_two_three_of_coins_and_nt_8_3_wenqian_one():
    """NT-8.2: One–Two–Three of Coins allowed in Piao; NT-8.3 one Wenqian +20."""
    r = score("1m1m1m 5s5s5s 6c6c6c 7m7m7m 3s3s3s 1c2c3c QNQN 2m2m", win={"card": "2m", "by": "self_draw"})
    assert r["shape"] == "piao"
    assert ("NT-8.3", 20) in hu_list(r)
    assert r["total"] == (24 + 50 + 20 + 10) * 4 == 416 and r["rounded"] == 420


def test_nt_8_1_best_partition_and_nt_8_3_four_wenqian():
    """NT-8.1: 1c×4 2c×4 3c×4 read as four Wenqian (+200), not three triplets and one (+20);
    NT-7.2 counts the fours (12 each) either way."""
    r = score("1c1c1c1c 2c2c2c2c 3c3c3c3c 1m1m1m 5s5s5s 8s8s8s 7m", win={"card": "7m", "by": "self_draw"})
    assert ("NT-8.3", 200) in hu_list(r)
    assert r["base"] == 3 * 12 + 3 * 4
    assert r["total"] == (48 + 50 + 200 + 10 + 10) * 4 == 1272 and r["rounded"] == 1280
    assert r["partition"].count(["1c", "2c", "3c"]) == 4


@pytest.mark.parametrize("n,bonus", [(2, 50), (3, 100)])
def test_nt_8_3_wenqian_two_and_three(n, bonus):
    """NT-8.3: two Wenqian +50, three +100 (Tazi hand: one other sequence)."""
    rest = {2: "5m5m5m 7s7s7s 4m5m6m QNQNQN", 3: "5m5m5m 4m5m6m QNQNQN"}[n]
    r = score("1c2c3c" * n + " " + rest + " RFRF 8c8c", win={"card": "8c", "by": "discard"})
    assert ("NT-8.3", bonus) in hu_list(r)
    assert r["shape"] == "tazi"


def test_nt_8_2_tazi_plus_20():
    """NT-8.2: any other shape: Tazi Hu +20."""
    r = score("5m5m5m " + G + " QNQN 7c8c", win={"card": "9c", "by": "discard"})
    assert r["shape"] == "tazi" and ("NT-8.2", 20) in hu_list(r)


def test_nt_8_1_qing_reading_beats_triplet_reading():
    """NT-8.1: 1m…3m and 4s…6s three times each: read as six sequences (Qing) not triplets."""
    r = score("1m1m1m 2m2m 3m3m3m 4s4s4s 5s5s5s 6s6s6s 7c8c9c QNQN", win={"card": "2m", "by": "self_draw"})
    assert r["shape"] == "qing"
    assert r["base"] == 6 * 4  # NT-7.2 counts every triple anyway
    assert r["total"] == 24 + 100 + 10 + 10 == 144 and r["rounded"] == 150


# ------------------------------------------------------------------ NT-8.4, NT-8.5


def test_nt_8_4_kong_replacement_win_gets_self_draw_and_a_further_10():
    """NT-8.4: self-draw +10 and winning on a kong's replacement a further +10."""
    r = score(
        "1m2m3m 4s5s6s 4c5c6c 1s2s3s 6m7m8m QNQN 2c3c",
        melds=[("concealed_kong", "8s")],
        win={"card": "4c", "by": "kong_replacement"},
    )
    assert [(i["rule"], i["hu"]) for i in r["items"]] == [
        ("NT-7.1", 12),
        ("NT-8.2", 20),
        ("NT-8.4", 10),
        ("NT-8.4", 10),
    ]
    assert r["total"] == 52


@pytest.mark.parametrize(
    "hand,card,bonus",
    [
        (G + " 2c3c4c 7c9c QNQN", "8c", True),  # middle of a sequence
        (G + " 2c3c4c 8s9s QNQN", "7s", True),  # the Seven of a Seven–Eight–Nine
        (G + " 7c8c9c 1c2c QNQN", "3c", True),  # the Three of a One–Two–Three
        (G + " 2c3c4c 7c8c9c QN", "QN", True),  # completes the pair
        (G + " 2c3c4c 8m9m QNQN", "7m", True),  # Seven of 789 (also the edge of 678: once)
        (G + " 2c3c4c 5s6s QNQN", "4s", False),  # edge of 4–5–6
        (G + " 2c3c4c 6s7s QNQN", "8s", False),  # edge of 6–7–8
        ("5m5m " + G + " 2c3c4c QNQN", "5m", False),  # completes a triplet
    ],
)
def test_nt_8_5_wait_bonus(hand, card, bonus):
    """NT-8.5: +10 when the winning card completes the pair, the middle of a sequence, the Three
    of a One–Two–Three or the Seven of a Seven–Eight–Nine."""
    r = score(hand, win={"card": card, "by": "discard"})
    assert any(i["rule"] == "NT-8.5" for i in r["items"]) is bonus


def test_nt_8_5_wait_bonus_counts_once_even_when_several_apply():
    """NT-8.5: 8c can complete the pair 8c8c or the middle of 7c8c9c: +10 once.
    (NT-7.3: the discarded 8c is the third 8c, so the three count as a pong: 2 hu.)"""
    r = score(G + " 2c3c4c 7c8c9c 8c", win={"card": "8c", "by": "discard"})
    assert [i["hu"] for i in r["items"] if i["rule"] == "NT-8.5"] == [10]
    assert ("NT-7.3", 2) in hu_list(r)
    assert r["total"] == 2 + 100 + 10


# ------------------------------------------------------------------ NT-8.6 multipliers, NT-8.7, NT-8.8

ELDERS = "QNQNQN WFWFWF RFRFRF 1m2m3m 4s5s6s 5c6c 2c3c4c 7m7m"


def test_nt_8_6_three_elders():
    """NT-8.6: three or more each of RF, WF and QN: ×2 (old-general triplets 8 hu each)."""
    r = score(ELDERS, win={"card": "4c", "by": "discard"})
    assert r["base"] == 24
    assert factors(r) == ["Three Elders: three or more each of Red Flower, White Flower and Thousand"]
    assert r["total"] == (24 + 20) * 2 == 88 and r["rounded"] == 90


def test_nt_8_6_three_elders_counts_exposed_cards():
    """NT-8.6: exposed cards count for Three Elders (a QN pong: 2×2 = 4 hu)."""
    r = score(
        "WFWFWF RFRFRF 1m2m3m 4s5s6s 5c6c 2c3c4c 7m7m",
        melds=[("pong", "QN")],
        win={"card": "4c", "by": "discard"},
    )
    assert r["base"] == 4 + 8 + 8
    assert len(factors(r)) == 1 and r["total"] == (20 + 20) * 2


def test_nt_8_6_heavenly_win_and_nt_8_8_no_self_draw_or_wait_bonus():
    """NT-8.6 heavenly ×2; NT-8.8: no winning card, so no self-draw and no wait bonus."""
    r = score(G + " 2c3c4c 7c8c9c QNQN", win={"by": "heavenly"})
    assert [(i["rule"], i["hu"]) for i in r["items"]] == [("NT-8.2", 100)]
    assert factors(r) == ["Heavenly win"] and r["total"] == 200


def test_nt_8_6_earthly_ready_and_stacking():
    """NT-8.6: earthly ×2 and opening ready ×2 stack (×4)."""
    r = score(G + " 2c3c4c 7c9c QNQN", win={"card": "8c", "by": "discard", "earthly": True, "ready": True})
    assert len(r["multipliers"]) == 2
    assert r["total"] == (100 + 10) * 4 == 440


def test_nt_8_6_last_card_self_draw_only():
    """NT-8.6: self-drawing the last stock card ×2; winning on the last discard is not."""
    r = score(G + " 2c3c4c 7c9c QNQN", win={"card": "8c", "by": "self_draw", "last_card": True})
    assert factors(r) == ["self-drew the last stock card"] and r["total"] == (100 + 10 + 10) * 2
    r = score(G + " 2c3c4c 7c9c QNQN", win={"card": "8c", "by": "discard", "last_card": True})
    assert r["multipliers"] == [] and r["total"] == 110


def test_nt_8_6_all_multipliers_stack_with_piao():
    """NT-8.6/NT-8.7: Piao ×2, Closed Floating ×2, ready ×2, last card ×2 → ×16, rounding last."""
    r = score(
        "1m1m1m 5s5s5s 6c6c6c 7m7m7m 3s3s3s 4c4c4c QNQN 2m2m",
        win={"card": "2m", "by": "self_draw", "ready": True, "last_card": True},
    )
    assert len(r["multipliers"]) == 4
    assert r["total"] == (28 + 50 + 10) * 16 == 1408 and r["rounded"] == 1410


def test_nt_8_7_rounding_comes_after_the_multipliers():
    """NT-8.7/NT-9.1: (2 + 20 + 10) × 2 = 64 → 70 (rounding first would give 80)."""
    r = score("5m5m " + G + " 2c3c4c QNQN", win={"card": "5m", "by": "self_draw", "ready": True})
    assert r["total"] == (4 + 20 + 10) * 2 == 68 and r["rounded"] == 70


# ------------------------------------------------------------------ NT-9


def test_nt_9_1_round_up_to_ten():
    """NT-9.1: 22 → 30, 20 stays 20, 0 stays 0."""
    assert [round_up(x) for x in (22, 20, 0, 1, 29, 31)] == [30, 20, 0, 10, 30, 40]


def test_nt_9_2_settlement_example():
    """NT-9.2: totals 100, 40 and 20 give +140, −40 and −100."""
    assert settle([100, 40, 20]) == [140, -40, -100]


@pytest.mark.parametrize("totals", [[0, 0, 0], [30, 30, 10], [10, 60, 1410], [20, 20, 20]])
def test_nt_9_2_settlement_sums_to_zero(totals):
    """NT-9.2: each pair settles the difference; the results sum to zero."""
    out = settle(totals)
    assert sum(out) == 0
    assert out == [sum(totals[i] - totals[j] for j in range(3) if j != i) for i in range(3)]


def test_nt_9_3_non_winner_scores_base_only():
    """NT-9.3: win null — base hu with indicator multipliers, rounded; no bonuses."""
    r = score("5m5m5m QNQNQN 4s5s6s 4c5c6c 1s2s3s 2c3c4c 7s 7m8m9m", indicators="5c9c")
    assert r["base"] == 4 * 2 + 4 * 2 and r["total"] == 16 and r["rounded"] == 20
    assert r["shape"] is None


def test_nt_9_4_non_winner_may_have_the_highest_total():
    """NT-9.4: a non-winner with a big concealed hand outscores a small win."""
    win = score("5m5m " + G + " 2c3c4c QNQN", win={"card": "5m", "by": "discard"})["rounded"]
    other = score("5m5m5m5m QNQNQN 4s5s6s 1s2s3s 2c3c4c 7s8s 6m7m8m 1c", indicators="5c9c")["rounded"]
    assert other > win
    assert settle([win, other, 0])[1] > settle([win, other, 0])[0]


# ------------------------------------------------------------------ calculator validation


@pytest.mark.parametrize(
    "kwargs,rule,fragment",
    [
        (dict(concealed="5m5m5m5m " + G + " 2c3c", indicators="5m9c"), "NT-2.1", "more copies"),
        (dict(concealed=G + " 2c3c4c QN"), "NT-1.2", "must hold 22"),
        (
            dict(concealed=G + " 2c3c4c 7c9c QNRF", win={"card": "8c", "by": "discard"}),
            "NT-1.2",
            "not complete",
        ),
        (
            dict(concealed=G + " 2c3c4c 7c9c QNQN", win={"card": "8c", "by": "self_draw", "earthly": True}),
            "NT-8.6",
            "earthly",
        ),
        (
            dict(concealed=G + " 2c3c4c 7c9c QNQN", win={"card": "8c", "by": "kong_replacement"}),
            "NT-8.4",
            "kong",
        ),
        (
            dict(concealed=G + " 2c3c4c 7c8c9c QNQN", win={"card": "8c", "by": "heavenly"}),
            "NT-8.8",
            "no winning",
        ),
        (
            dict(
                concealed=G + " 2c3c4c 7c9c QNQN", win={"card": "8c", "by": "robbed_kong"}, indicators="8c9m"
            ),
            "NT-5.2",
            "robbed",
        ),
        (
            dict(concealed="1m2m3m 4s5s6s 4c5c6c 1s2s3s 6m7m8m 2c3c 7s8s", melds=[("opening_triple", "5m")]),
            "NT-4.3",
            "indicator",
        ),
        (
            dict(concealed="1m2m3m 4s5s6s 4c5c6c 1s2s3s 6m7m8m 2c3c 7s 8s 9s", melds=[("hezi", "5m")]),
            "NT-4.4",
            "Hezi",
        ),
        (
            dict(
                concealed="1m2m3m 4s5s6s 4c5c6c 1s2s3s 6m7m8m 2c3c 7s8s",
                melds=[("pong", "5m")],
                win={"card": "7s", "by": "discard", "ready": True},
            ),
            "NT-4.5",
            "locked",
        ),
    ],
)
def test_calculator_rejects_impossible_hands(kwargs, rule, fragment):
    """The calculator: impossible input raises InvalidHand naming the problem."""
    with pytest.raises(InvalidHand) as e:
        score(**kwargs)
    assert e.value.rule == rule
    assert fragment in e.value.message


def test_calculator_rejects_unknown_codes_and_bad_shapes():
    """NT-2.2: unknown codes; malformed bodies."""
    from domain.nantong import RULESET

    with pytest.raises(InvalidHand, match="unknown card code"):
        RULESET.score_hand({"indicators": ["9m", "XX"], "concealed": [], "melds": [], "win": None})
    with pytest.raises(InvalidHand):
        RULESET.score_hand({"indicators": ["9m"], "concealed": [], "melds": [], "win": None})
    with pytest.raises(InvalidHand):
        RULESET.score_hand({"indicators": ["9m", "9c"], "concealed": "1m", "melds": [], "win": None})
    with pytest.raises(InvalidHand):
        RULESET.score_hand(
            {"indicators": ["9m", "9c"], "concealed": [], "melds": [{"kind": "chow", "card": "1m"}]}
        )


def test_calculator_response_shape():
    """The calculator's report: base, total, rounded, shape, items, multipliers, partition."""
    r = score(G + " 2c3c4c 7c9c QNQN", win={"card": "8c", "by": "discard"})
    assert set(r) == {"base", "total", "rounded", "shape", "items", "multipliers", "partition"}
    # `message`: the words of `what`, language-free; the service words them per reader
    # (service/wording.py)
    assert all(set(i) == {"rule", "what", "message", "hu"} for i in r["items"])
    assert sorted(c for g in r["partition"] for c in g) == sorted(
        "1m2m3m4s5s6s4c5c6c1s2s3s6m7m8m2c3c4c7c8c9cQNQN"[i : i + 2] for i in range(0, 46, 2)
    )


def test_a_win_without_its_winning_card_is_refused_in_words():
    """NT-8.8: only a heavenly win has no winning card; any other `win` must name it, and the
    refusal says so (it read "win.card: unknown card code None")."""
    from domain.nantong import RULESET

    hand = {"indicators": ["9m", "9c"], "concealed": ["1m"] * 3, "melds": [], "win": {"by": "self_draw"}}
    with pytest.raises(InvalidHand) as refused:
        RULESET.score_hand(hand)
    assert refused.value.rule == "NT-8.8"
    assert "None" not in refused.value.message
    assert "winning card" in refused.value.message
