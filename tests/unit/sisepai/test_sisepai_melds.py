"""Legal melds (SSP-3), meld values and the best partition (SSP-6.2), the
worked checks, and the hand calculator (RULESET.score_hand)."""

from __future__ import annotations

import random

import pytest

from domain.base import InvalidHand
from domain.sisepai import RULESET
from domain.sisepai.cards import CODES, COUNTS, INDEX, N_KINDS
from domain.sisepai.melds import best_partition, classify, is_complete, meld_points
from tests.unit.sisepai.helpers import codes


def kind(s: str):
    return classify([INDEX[c] for c in s.split()])


def vec(s: str) -> tuple[int, ...]:
    v = [0] * N_KINDS
    for c in s.split():
        v[INDEX[c]] += 1
    return tuple(v)


def score(concealed: str, new: str, exposed=()):
    return RULESET.score_hand(
        {"concealed": codes(concealed), "exposed": [codes(m) for m in exposed], "new_card": new}
    )


# ----- SSP-3 ----------------------------------------------------------------


def test_ssp_3_1_single_general_or_flower():
    """SSP-3.1: a General alone or a flower alone."""
    assert kind("rK") == "single" and kind("F5") == "single"
    assert kind("rA") is None and kind("gS") is None


def test_ssp_3_2_identical_groups_never_generals():
    """SSP-3.2: 2, 3 or 4 identical cards; Generals never form identical groups."""
    assert kind("yH yH") == "pair" and kind("yH yH yH") == "triple" and kind("yH yH yH yH") == "quad"
    assert kind("rK rK") is None and kind("rK rK rK") is None
    assert kind("yH wH") is None and kind("yH yH yH yH yH") is None


def test_ssp_3_3_command_and_field_groups_one_colour():
    """SSP-3.3: General+Advisor+Elephant, Chariot+Horse+Cannon, all one colour."""
    assert kind("wK wA wE") == "command" and kind("gR gH gC") == "field"
    assert kind("wK wA yE") is None and kind("gR gH yC") is None
    assert kind("wK wA wR") is None and kind("wA wE") is None


def test_ssp_3_4_soldier_groups_all_different_colours():
    """SSP-3.4: 3 or 4 Soldiers of different colours."""
    assert kind("rS yS wS") == "soldiers" and kind("rS yS wS gS") == "soldiers"
    assert kind("rS rS yS") is None and kind("rS yS") is None


def test_ssp_3_5_nothing_else():
    """SSP-3.5: a flower never joins another card; mixed groups never mix colours."""
    assert kind("F1 F2") is None and kind("F1 rK") is None and kind("F1 F1") is None
    assert kind("rK yK wK") is None and kind("rA yA wA") is None and kind("rK rA rE rR") is None


# ----- SSP-6.2 meld values --------------------------------------------------


@pytest.mark.parametrize(
    "cards,points",
    [
        ("rA rA", 0),
        ("rK", 1),
        ("F1", 3),
        ("rA rA rA", 1),
        ("rA rA rA rA", 2),
        ("rK rA rE", 0),
        ("rR rH rC", 0),
        ("rS yS wS", 0),
        ("rS yS wS gS", 0),
    ],
)
def test_ssp_6_2_meld_values(cards, points):
    """SSP-6.2: pair 0, single General 1, flower 3, triple 1, quad 2, mixed groups 0 [R]."""
    idx = [INDEX[c] for c in cards.split()]
    assert meld_points(classify(idx), idx) == points


def test_ssp_6_2_scoring_each_kind_in_a_winning_hand():
    """SSP-6.2: every meld kind scored in one calculator answer."""
    res = score("gK F1 rA rA wH wH wH yC yC yC yC yK yA yE rR rH rC rS yS wS", "gS")
    assert res["winning"]
    by_kind = {}
    for m in res["melds"]:
        by_kind.setdefault(m["kind"], []).append(m["points"])
    assert by_kind == {
        "single": [1, 3],
        "pair": [0],
        "triple": [1],
        "quad": [2],
        "command": [0],
        "field": [0],
        "soldiers": [0],
    }
    assert res["total"] == 7


def test_worked_check_1_triples_beat_command_and_field():
    """SSP-6.2 worked check 1: 4 Generals (4) + 2 flowers (6) + 5 triples (5) = 15."""
    res = score("rK yK wK gK F1 F2 rA rA rA rE rE rE rR rR rR rH rH rC rC rC", "rH")
    assert res["winning"] and res["total"] == 15
    assert sorted(m["kind"] for m in res["melds"]) == ["single"] * 6 + ["triple"] * 5
    # a partition using a command group scores less: rK+rA+rE, pairs rA rA, rE rE → 15 - 1 - 2
    assert best_partition(vec("rK rA rA rA rE rE rE"))[0] == 3


def test_worked_check_2_general_single_rather_than_command():
    """SSP-6.2 worked check 2: rK rA rE as a command scores 0; with rA rA and rE rE as pairs
    the General scores 1 as a single."""
    pts, melds = best_partition(vec("rK rA rA rE rE"))
    assert pts == 1
    assert sorted(k for k, _ in melds) == ["pair", "pair", "single"]
    assert best_partition(vec("rK rA rE")) == (0, (("command", (0, 1, 2)),))


def test_ssp_6_2_partition_choice_quad_vs_triple_plus_group():
    """SSP-6.2: the highest-scoring partition is chosen (quad 2 over field + triple 1)."""
    pts, melds = best_partition(vec("rR rR rR rR rH rH rH rC rC rC rC"))
    # quad R (2) + triple H (1) + quad C (2) = 5 beats field + triple R + triple... etc.
    assert pts == 5
    pts2, _ = best_partition(vec("rS rS rS yS yS yS wS wS wS"))
    assert pts2 == 3  # three triples, not three soldier groups


def test_ssp_6_2_tie_order_fewest_mixed_groups():
    """SSP-6.2 ties (documented order): fewest mixed groups first."""
    _, melds = best_partition(vec("rR rR rH rH rC rC"))
    assert [k for k, _ in melds] == ["pair", "pair", "pair"]  # not two field groups
    _, melds = best_partition(vec("rS rS yS yS wS wS gS gS"))
    assert [k for k, _ in melds] == ["pair"] * 4  # not two soldier groups of 4
    _, melds = best_partition(vec("rS yS wS gS rS yS wS"))
    assert sorted(len(c) for _, c in melds) == [3, 4]


def test_ssp_6_2_best_partition_is_max_over_brute_force():
    """SSP-6.2: the memoised search agrees with a brute-force search on random hands."""
    rng = random.Random(5)
    melds = []
    for i in range(N_KINDS):
        for n in (1, 2, 3, 4):
            if classify([i] * n):
                melds.append(tuple([i] * n))
    for col in range(4):
        b = col * 7
        melds += [(b, b + 1, b + 2), (b + 3, b + 4, b + 5)]
    ss = [c * 7 + 6 for c in range(4)]
    melds += [tuple(x for x in ss if x != s) for s in ss] + [tuple(ss)]

    def brute(v):
        first = next((i for i in range(N_KINDS) if v[i]), None)
        if first is None:
            return 0
        best = None
        for m in melds:
            if m[0] != first and first not in m:
                continue
            if min(m) != first:
                continue
            w = list(v)
            ok = True
            for i in m:
                w[i] -= 1
                ok &= w[i] >= 0
            if not ok:
                continue
            r = brute(tuple(w))
            if r is not None:
                p = meld_points(classify(list(m)), m) + r
                best = p if best is None or p > best else best
        return best

    fam = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 20, 27, 28, 29]  # a few families, to hit completions
    for _ in range(300):
        v = [0] * N_KINDS
        for _ in range(rng.randrange(3, 12)):
            i = rng.choice(fam)
            if v[i] < COUNTS[i]:
                v[i] += 1
        got = best_partition(tuple(v))
        want = brute(tuple(v))
        assert (got[0] if got else None) == want, [CODES[i] for i in range(N_KINDS) for _ in range(v[i])]
        if got:
            assert sum(meld_points(k, c) for k, c in got[1]) == got[0]
            w = [0] * N_KINDS
            for k, c in got[1]:
                assert classify(c) == k
                for i in c:
                    w[i] += 1
            assert w == v


def test_ssp_1_2_is_complete():
    """SSP-1.2: complete only when every card melds."""
    assert is_complete(vec("rK F1 rA rA"))
    assert not is_complete(vec("rK F1 rA"))
    assert not is_complete(vec("yK rA rE"))  # a command group needs one colour


# ----- hand calculator ------------------------------------------------------


def test_calculator_not_winning():
    """SSP-1.2: a hand that does not meld completely: winning false, total None, no melds."""
    res = score("rK yK wK gK F1 F2 rA rA rA rE rE rE rR rR rR rH rH rC rC rC", "gH")
    assert res == {"winning": False, "total": None, "melds": []}


def test_calculator_exposed_melds_count():
    """SSP-1.2 / SSP-6.2: exposed melds are listed first, flagged, and scored."""
    res = score("rK yK wK gK F1 F2 rA rA rA rE rE rE rH rH rC rC rC", "rH", exposed=["rR rR rR"])
    assert res["winning"] and res["total"] == 15
    assert res["melds"][0] == {"cards": ["rR", "rR", "rR"], "kind": "triple", "points": 1, "exposed": True}
    assert sum(m["exposed"] for m in res["melds"]) == 1


@pytest.mark.parametrize(
    "body,rule,words",
    [
        ({"concealed": ["rK"] * 20, "new_card": "rA"}, "SSP-2.1", "rK ×20"),
        ({"concealed": ["rA"] * 4 + ["yA"] * 16, "new_card": "rA"}, "SSP-2.1", "rA ×5"),
        (
            {
                "concealed": ["F1", "F1"] + ["yA"] * 2 + ["wA"] * 4 + ["gA"] * 4 + ["rE"] * 4 + ["yE"] * 4,
                "new_card": "wE",
            },
            "SSP-2.1",
            "F1 ×2",
        ),
        ({"concealed": ["xx"] + ["yA"] * 19, "new_card": "rA"}, "SSP-2.2", "xx"),
        ({"concealed": ["yA"] * 3, "new_card": "rA"}, "SSP-1.2", "got 4"),
        (
            {
                "concealed": codes("rK yK wK gK F1 F2 rA rA rA rE rE rE rH rH rC rC rC"),
                "new_card": "rH",
                "exposed": [["rR", "yR", "wR"]],
            },
            "SSP-3.5",
            "rR yR wR",
        ),
        (
            {
                "concealed": codes("rK yK wK gK F1 F2 rA rA rA rE rE rE rH rH rC rC rC rR"),
                "new_card": "rH",
                "exposed": [["rR", "rR"]],
            },
            "SSP-5.3",
            "pair",
        ),
    ],
)
def test_calculator_invalid_hands(body, rule, words):
    """The calculator refuses impossible hands with InvalidHand naming the problem."""
    with pytest.raises(InvalidHand) as e:
        RULESET.score_hand(body)
    assert e.value.rule == rule
    assert words in e.value.message


@pytest.mark.parametrize(
    "body",
    [
        None,
        {},
        {"concealed": "rK", "new_card": "rA"},
        {"concealed": ["rK"], "new_card": 3},
        {"concealed": ["rK"], "new_card": "rA", "exposed": "rA"},
        {"concealed": ["rK"], "new_card": "rA", "exposed": [[1]]},
    ],
)
def test_calculator_malformed_body(body):
    """The calculator refuses a malformed body with InvalidHand."""
    with pytest.raises(InvalidHand):
        RULESET.score_hand(body)
