"""Independent rules audit of Chuo Pai against docs/rules/chuopai.md.

Every test cites the rule it checks. The module carries its OWN model of the
rules (family rank lists, combination table, beat relation), written from the
rules file and not imported from domain/chuopai, and compares the
implementation with it: exhaustively for pairs of identities, and by
brute-force enumeration of every sub-multiset for small hands.
Stacked decks use the `deck` option (seat s gets deck[28*s : 28*(s+1)]).
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest

from domain.base import PASS, IllegalAction
from domain.chuopai import RULESET
from domain.chuopai.calculator import score_hand
from domain.chuopai.cards import to_counts
from domain.chuopai.state import ChuoPaiState
from tests.unit.chuopai.helpers import ids, policies, state_from

# ------------------------------------------------------------ the spec model
# CP-2.2, highest first; a group is a set of equal-rank identities.
SPEC_FAMILIES: dict[str, list[list[str]]] = {
    "main": [["66"], ["11"], ["44"], ["13"], ["33"], ["55"], ["22"]],
    "yao": [["15"], ["16"], ["46"], ["56"]],
    "black": [["36"], ["26", "35"], ["25"], ["23"]],
    "red": [["45"], ["34"], ["14"], ["12", "24"]],
}
SPEC_FAMILY = {c: f for f, groups in SPEC_FAMILIES.items() for g in groups for c in g}
# larger is higher
SPEC_RANK = {c: len(groups) - i for groups in SPEC_FAMILIES.values() for i, g in enumerate(groups) for c in g}
# CP-3.2: key identity, matching identities (red and black of the total), combination rank
SPEC_COMBOS = {
    "tian_jiu": ("66", ("45", "36"), 4),
    "di_ba": ("11", ("26", "35"), 3),
    "ren_qi": ("44", ("34", "25"), 2),
    "he_wu": ("13", ("14", "23"), 1),
}
ALL = sorted(SPEC_FAMILY)
assert len(ALL) == 21


def spec_play(cards: Counter) -> tuple[str, int, int] | None:
    """(family, size, rank) of a multiset of cards if it is a play (CP-3.1/CP-3.2), else None."""
    n = sum(cards.values())
    kinds = [c for c, m in cards.items() if m]
    if len(kinds) == 1 and 1 <= n <= 4:  # CP-3.1: 1..4 of exactly one identity
        return SPEC_FAMILY[kinds[0]], n, SPEC_RANK[kinds[0]]
    for key, matches, rank in SPEC_COMBOS.values():  # CP-3.2
        k = cards[key]
        m = sum(cards[x] for x in matches)
        if k >= 1 and k == m and k + m == n:
            return "combo", n, rank
    return None


def spec_beats(new, old) -> bool:
    """CP-3.3: same family, same size, strictly higher rank."""
    return new[0] == old[0] and new[1] == old[1] and new[2] > old[2]


def play_id(cards: Counter) -> str:
    order = [
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
    ]  # CP-2.3 order
    return "play:" + ",".join(c for c in order for _ in range(cards[c]))


def sub_multisets(hand: list[str]):
    """Every non-empty sub-multiset of `hand` with at most three distinct identities (a play
    never has more: CP-3.1 one identity, CP-3.2 a key and two matching identities)."""
    cnt = Counter(hand)
    kinds = sorted(cnt)
    for r in (1, 2, 3):
        for ks in itertools.combinations(kinds, r):
            for ns in itertools.product(*[range(1, cnt[k] + 1) for k in ks]):
                yield Counter(dict(zip(ks, ns, strict=True)))


def spec_lead_ids(hand: list[str]) -> set[str]:
    return {play_id(s) for s in sub_multisets(hand) if spec_play(s)}


def spec_follow_ids(hand: list[str], highest: list[str]) -> set[str]:
    old = spec_play(Counter(highest))
    assert old is not None
    out = {play_id(s) for s in sub_multisets(hand) if (p := spec_play(s)) and spec_beats(p, old)}
    return out or {PASS}


def stacked(h0: list[str], h1: list[str], h2: list[str], leader: int = 0, seed: int = 0):
    """A real deal through new_game(deck=...): full 28-card hands, all 84 cards dealt."""
    assert len(h0) == len(h1) == len(h2) == 28
    deck = h0 + h1 + h2
    assert Counter(deck) == Counter({c: 4 for c in ALL})
    return RULESET.new_game(seed, {"leader": leader}, deck)


def pass_bonus(st):
    while st.phase == "bonus":
        st.apply(st.to_act()[0], PASS)
    return st


# ---------------------------------------------------------- CP-2.2 / CP-3.3
@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_cp_2_2_cp_3_3_every_identity_against_every_identity(size):
    """CP-2.2 + CP-3.3: for every ordered pair of identities and every size, the follower
    may beat iff same family and strictly higher rank (equal rank never beats: Flat/Crooked
    Eight, Nail/Two Red); otherwise the follower's only action is pass (CP-4.2)."""
    for a in ALL:
        for b in ALL:
            if a == b and size * 2 > 4:
                continue
            st = state_from([[a] * size + ["22"], [b] * size + ["56"], ["56"]], leader=0)
            st.apply(0, "play:" + ",".join([a] * size))
            legal = ids(st, 1)
            should = spec_beats((SPEC_FAMILY[b], size, SPEC_RANK[b]), (SPEC_FAMILY[a], size, SPEC_RANK[a]))
            if should:
                assert "play:" + ",".join([b] * size) in legal, (a, b, size)
                assert PASS not in legal
            else:
                assert legal == [PASS], (a, b, size, legal)


def test_cp_3_1_equal_rank_identities_never_pair():
    """CP-3.1: Flat Eight + Crooked Eight and Nail + Two Red are not pairs (nor any mix of two
    different identities), so a hand of exactly those has only single plays."""
    for pair in (["26", "35"], ["12", "24"], ["26", "26", "35", "35"], ["12", "12", "24", "24"]):
        st = state_from([pair, ["56"], ["56"]], leader=0)
        got = set(ids(st, 0))
        assert got == spec_lead_ids(pair)
        assert all(len(set(i[5:].split(","))) == 1 for i in got)


# ---------------------------------------------------------- CP-3.2 combinations
@pytest.mark.parametrize("name", list(SPEC_COMBOS))
@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_cp_3_2_every_combination_every_k_every_red_black_mix(name, k):
    """CP-3.2: k keys + k matching cards, red and black mixing in every proportion, k = 1..4."""
    key, (m1, m2), _ = SPEC_COMBOS[name]
    for a in range(k + 1):
        hand = [key] * k + [m1] * a + [m2] * (k - a)
        st = state_from([hand, ["56"], ["56"]], leader=0)
        legal = {x.id: x for x in st.legal_actions(0)}
        cid = play_id(Counter(hand))
        assert cid in legal, (name, k, a)
        assert legal[cid].type == "combo" and legal[cid].extra["combination"] == name
        assert set(legal) == spec_lead_ids(hand)


def test_cp_3_2_unequal_counts_and_wrong_totals_are_not_combinations():
    """CP-3.2: equal counts are required; High Foot 16 (a yao seven) and Man 44 (an eight)
    are not matching cards; a key never matches another key's total."""
    st = state_from([["66", "66", "45"], ["56"], ["56"]], leader=0)
    assert "play:66,66,45" not in ids(st, 0)
    for hand in (
        ["44", "16"],
        ["11", "44"],
        ["66", "26"],
        ["13", "12"],
        ["13", "24"],
        ["66", "11"],
        ["11", "35", "26"],
    ):
        st = state_from([hand, ["56"], ["56"]], leader=0)
        assert set(ids(st, 0)) == spec_lead_ids(hand)
        assert play_id(Counter(hand)) not in ids(st, 0), hand


def test_cp_3_3_combinations_rank_and_same_k_required():
    """CP-3.3: combination vs combination by combination rank with the same k; equal
    combination rank (red vs black matching) never beats; different k never beats."""
    names = list(SPEC_COMBOS)
    for lead_name in names:
        for fol_name in names:
            for kl in (1, 2):
                for kf in (1, 2):
                    lk, (lm, _), lr = SPEC_COMBOS[lead_name]
                    fk, (_, fm2), fr = SPEC_COMBOS[fol_name]
                    lead = [lk] * kl + [lm] * kl
                    fol = [fk] * kf + [fm2] * kf
                    if Counter(lead) & Counter(fol) and lead_name == fol_name and kl + kf > 2:
                        continue
                    st = state_from([lead + ["56"], fol + ["56"], ["56"]], leader=0)
                    st.apply(0, play_id(Counter(lead)))
                    got = set(ids(st, 1))
                    assert got == spec_follow_ids(fol + ["56"], lead), (lead, fol, got)
                    if kl == kf and fr > lr:
                        assert play_id(Counter(fol)) in got
                    if kl != kf:
                        assert got == {PASS} or all(len(i.split(",")) == 2 * kl for i in got)


def test_cp_3_3_combination_and_ordinary_play_never_beat_each_other():
    """CP-3.3: special combinations are a fifth family: an ordinary pair never beats a k=1
    combination and a combination never beats an ordinary pair (or four of a kind)."""
    st = state_from([["13", "14", "56"], ["66", "66", "11", "11"], ["56"]], leader=0)
    st.apply(0, "play:13,14")  # He Wu k=1 (size 2)
    assert ids(st, 1) == [PASS]  # pairs of Heaven / Earth are not combinations
    st = state_from([["22", "22", "56"], ["66", "45", "66", "36"], ["56"]], leader=0)
    st.apply(0, "play:22,22")  # lowest main pair
    assert ids(st, 1) == ["play:66,66"]  # only the ordinary pair, never Tian Jiu 66,45 / 66,36
    st = state_from([["22"] * 4 + ["56"], ["66", "66", "45", "36"], ["56"]], leader=0)
    st.apply(0, "play:22,22,22,22")  # four Bench (size 4)
    assert ids(st, 1) == [PASS]  # Tian Jiu k=2 (size 4) is another family


def test_cp_3_2_cp_3_3_matching_cards_of_a_higher_combination_do_not_beat_as_ordinary():
    """CP-3.3: a follower holding Red Nine and Black Nine singles (red/black families)
    facing a single Heaven: different families, must pass."""
    st = state_from([["66", "56"], ["45", "36", "16"], ["56"]], leader=0)
    st.apply(0, "play:66")
    assert ids(st, 1) == [PASS]


# ---------------------------------------------------------- brute force
def _random_small_hand(rng: random.Random, size: int) -> list[str]:
    pool = [
        "66",
        "45",
        "36",
        "11",
        "26",
        "35",
        "44",
        "34",
        "25",
        "13",
        "14",
        "23",
        "12",
        "24",
        "22",
        "16",
        "15",
    ]
    counts: Counter = Counter()
    out: list[str] = []
    while len(out) < size:
        c = rng.choice(pool)
        if counts[c] < 4:
            counts[c] += 1
            out.append(c)
    return out


def test_cp_4_1_leader_legal_list_equals_brute_force_enumeration():
    """CP-4.1 with CP-3.1/CP-3.2: the leader's legal list is exactly the set of sub-multisets of
    the hand that are plays (no duplicates, no pass, deterministic)."""
    rng = random.Random(4101)
    for _ in range(400):
        hand = _random_small_hand(rng, rng.randint(1, 9))
        st = state_from([hand, ["56"], ["56"]], leader=0)
        got = ids(st, 0)
        assert len(got) == len(set(got))
        assert set(got) == spec_lead_ids(hand), hand
        for a in st.legal_actions(0):
            assert Counter(a.cards) == Counter(a.id[5:].split(","))


def test_cp_4_2_follower_legal_list_equals_brute_force_enumeration():
    """CP-4.2 with CP-3.3: the follower's list is exactly every beating sub-multiset, or just
    pass when there is none."""
    rng = random.Random(4202)
    checked = 0
    for _ in range(600):
        lead_hand = _random_small_hand(rng, rng.randint(1, 6))
        lead = rng.choice(sorted(spec_lead_ids(lead_hand)))
        lead_cards = lead[5:].split(",")
        rest = Counter({c: 4 for c in ALL}) - Counter(lead_cards)
        fol: list[str] = []
        for _ in range(rng.randint(1, 9)):
            c = rng.choice(
                [
                    "66",
                    "45",
                    "36",
                    "11",
                    "26",
                    "35",
                    "44",
                    "34",
                    "25",
                    "13",
                    "14",
                    "23",
                    "12",
                    "24",
                    "22",
                    "33",
                    "55",
                    "15",
                    "16",
                    "46",
                    "56",
                ]
            )
            if rest[c] > 0:
                rest[c] -= 1
                fol.append(c)
        if not fol:
            continue
        st = state_from([lead_cards + ["22"], fol, ["56"]], leader=0)
        st.apply(0, lead)
        got = ids(st, 1)
        assert len(got) == len(set(got))
        assert set(got) == spec_follow_ids(fol, lead_cards), (lead, fol, got)
        checked += 1
    assert checked > 500


# ---------------------------------------------------------- CP-4.2 compulsory
def test_cp_4_2_compulsory_beat_even_when_it_breaks_a_pair_or_combination():
    """CP-4.2: the only beating play breaks a pair of Heaven and a Tian Jiu; no pass offered,
    and pass is refused."""
    st = state_from([["11", "22"], ["66", "66", "45"], ["56"]], leader=0)
    st.apply(0, "play:11")
    assert ids(st, 1) == ["play:66"]
    with pytest.raises(IllegalAction) as e:
        st.apply(1, PASS)
    assert e.value.rule == "CP-4.2"


def test_cp_4_2_compulsory_beat_stacked_deck():
    """CP-4.2 on a real stacked deal: seat 1 must answer a led Bench pair; seat 2 must beat
    seat 1's pair only if it can."""
    h0 = (
        ["22", "22"]
        + ["15"] * 4
        + ["16"] * 4
        + ["46"] * 4
        + ["56"] * 4
        + ["36"] * 4
        + ["26"] * 4
        + ["35", "35"]
    )
    h1 = (
        ["55", "55"]
        + ["66"] * 4
        + ["11"] * 4
        + ["44"] * 4
        + ["13"] * 4
        + ["33"] * 4
        + ["35", "35"]
        + ["25"] * 4
    )
    h2 = (
        ["22", "22", "55", "55"] + ["23"] * 4 + ["45"] * 4 + ["34"] * 4 + ["14"] * 4 + ["12"] * 4 + ["24"] * 4
    )
    st = pass_bonus(stacked(h0, h1, h2, leader=0))
    st.apply(0, "play:22,22")
    legal1 = ids(st, 1)
    assert PASS not in legal1
    assert set(legal1) == spec_follow_ids(h1, ["22", "22"])
    st.apply(1, "play:55,55")  # the cheapest beat
    assert set(ids(st, 2)) == spec_follow_ids(h2, ["55", "55"]) == {PASS}


# ---------------------------------------------------------- CP-4.2 / CP-4.4 empties
def test_cp_4_2_follower_with_empty_hand_is_skipped():
    """CP-4.2: a player who holds no cards when the round is led does not act (seat 2 empties
    by leading and winning; in the next round only seat 1 follows seat 0)."""
    st = state_from([["66", "22"], ["11"], ["56", "46"]], leader=2)
    st.apply(2, "play:56")
    assert ids(st, 0) == [PASS]  # no yao card
    st.apply(0, PASS)
    assert st.to_act() == [1]
    st.apply(1, PASS)  # 11 cannot beat a yao card
    assert st.leader == 2 and st.to_act() == [2]
    # round 2: seat 2 leads, then 0, then 1
    st.apply(2, "play:46")
    assert st.to_act() == [0]
    st.apply(0, PASS)
    st.apply(1, PASS)
    # seat 2 empty now: CP-4.4 next holder after 2 is 0
    assert st.to_act() == [0] and st.leader == 0
    st.apply(0, "play:66")
    assert st.to_act() == [1]  # seat 2 holds no cards: only seat 1 follows
    st.apply(1, PASS)
    assert st.to_act() == [0]


def test_cp_4_2_follower_who_empties_mid_round_and_wins_then_cp_4_4():
    """CP-4.2/CP-4.4: seat 1 beats with its last cards and wins the round; the lead passes to
    the next holder in turn order (seat 2), not back to seat 0."""
    st = state_from([["33", "22", "56"], ["44"], ["23", "25"]], leader=0)
    st.apply(0, "play:33")
    st.apply(1, "play:44")  # seat 1 now empty
    assert st.to_act() == [2]  # the round continues
    st.apply(2, PASS)
    assert st.piles[1] == ["44"]
    assert st.to_act() == [2] and st.leader == 2


def test_cp_4_4_empty_winner_and_empty_next_seat_settles():
    """CP-4.4/CP-5.2: seat 1 emptied in round 1 is never asked to follow; when the winner
    (seat 0) and seat 1 are both empty only seat 2 holds cards, so the deal settles instead
    of handing seat 2 a lead."""
    st = state_from([["66", "66", "22"], ["11", "11"], ["56", "46"]], leader=1)
    st.apply(1, "play:11,11")
    st.apply(2, PASS)
    st.apply(0, "play:66,66")
    # seat 0 won with 22 left; seat 1 empty
    assert st.to_act() == [0]
    st.apply(0, "play:22")  # seat 0 empties by leading
    assert st.to_act() == [2]  # seat 1 empty: skipped
    st.apply(2, PASS)
    # winner seat 0 empty, seat 1 empty -> only seat 2 holds: settle (CP-5.2)
    assert st.is_finished()
    assert st.result()["scores"] == [3, 0, 0]  # 11,11 was beaten and left the deal


# ---------------------------------------------------------- CP-1.2 / CP-5.2 end
def test_cp_1_2_not_finished_while_two_hold_finished_when_one_holds():
    """CP-1.2/CP-5.2: the deal goes on while two players hold cards and ends as soon as a
    round ends with at most one holder."""
    st = state_from([["66"], ["22", "23"], ["56", "46"]], leader=0)
    st.apply(0, "play:66")
    st.apply(1, PASS)
    st.apply(2, PASS)
    assert not st.is_finished() and st.to_act() == [1]
    st.apply(1, "play:23")
    st.apply(2, PASS)
    assert not st.is_finished()
    st.apply(1, "play:22")
    st.apply(2, PASS)
    assert st.is_finished()
    assert st.result()["scores"] == [1, 2, 0]
    assert st.result()["players"][2]["unplayed"] == ["46", "56"]


def test_cp_5_2_zero_holders_settles():
    """CP-5.2 ("at most one"): when the last two holders empty in the same round, the deal ends
    with nobody holding cards."""
    st = state_from([["22"], ["55"], ["66"]], leader=0)
    st.apply(0, "play:22")
    st.apply(1, "play:55")
    st.apply(2, "play:66")
    assert st.is_finished()
    assert st.result()["scores"] == [0, 0, 1] and st.result()["winners"] == [2]


def test_cp_5_2_r_the_round_in_progress_is_played_out_before_settling():
    """CP-5.2 [R]: "as soon as" is read at the end of a round (CP-4.2, CP-4.3). Seat 1 empties
    its hand mid-round; seat 2, the last holder, still acts in that round, must beat (CP-4.2)
    and banks its play, which wins the deal."""
    st = state_from([["14"], ["34"], ["45", "55"]], leader=0)
    st.apply(0, "play:14")
    st.apply(1, "play:34")
    assert not st.is_finished() and st.to_act() == [2]
    assert ids(st, 2) == ["play:45"]  # the one play that beats (55 is of another family)
    st.apply(2, "play:45")
    assert st.is_finished()
    assert st.result()["scores"] == [0, 0, 1] and st.result()["winners"] == [2]
    assert st.result()["players"][2]["unplayed"] == ["55"]


def test_cp_4_2_a_follower_naming_cards_it_does_not_hold_is_told_so():
    """A beating play from cards the follower does not hold is no play of its hand (CP-3.1,
    CP-4.2); it was refused as a play that "does not beat" (CP-3.3), which 45 over 14 does."""
    st = state_from([["14", "66"], ["23", "11"], ["55"]], leader=0)
    st.apply(0, "play:14")
    with pytest.raises(IllegalAction) as refused:
        st.apply(1, "play:45")
    assert refused.value.rule == "CP-4.2" and "is not a play from this hand" in str(refused.value)
    with pytest.raises(IllegalAction) as low:  # held, but beaten: the refusal says so
        st.apply(1, "play:11")
    assert low.value.rule == "CP-3.3"


# ---------------------------------------------------------- CP-2.5 bonus
def _deck_for_bonus():
    # seat 0: 2 Nails + 1 Two Red; seat 1: 2 Nails only; seat 2: 3 Two Reds only;
    # the rest of each hand is filler from the other identities.
    filler = [c for c in ALL if c not in ("12", "24") for _ in range(4)]
    h0 = ["12", "12", "24"] + filler[0:25]
    h1 = ["12", "12"] + filler[25:51]
    h2 = ["24", "24", "24"] + filler[51:76]
    return h0, h1, h2


def test_cp_2_5_bonus_requires_both_kinds_and_moves_every_copy():
    """CP-2.5: only a hand with both a Nail and a Two Red is offered the bonus; taking it moves
    every Nail and every Two Red of the hand (here 2 + 1) to the pile."""
    h0, h1, h2 = _deck_for_bonus()
    st = stacked(h0, h1, h2, leader=0)
    assert st.phase == "bonus" and st.to_act() == [0]
    assert ids(st, 0) == ["bonus", PASS]
    st.apply(0, "bonus")
    assert sorted(st.piles[0]) == ["12", "12", "24"]
    assert st.hands[0][to_counts(["12"]).index(1)] == 0
    assert sum(st.hands[0]) == 25
    assert ids(st, 1) == [PASS]  # Nails only
    st.apply(1, PASS)
    assert ids(st, 2) == [PASS]  # Two Reds only
    st.apply(2, PASS)
    assert st.phase == "play" and st.to_act() == [0]
    assert all(a.type != "bonus" for a in st.legal_actions(0))


@pytest.mark.parametrize("leader", [0, 1, 2])
def test_cp_2_5_bonus_answers_in_seat_order_from_the_first_leader(leader):
    """CP-2.5 [R]: every seat answers once, in turn order starting with the first leader, before
    the first lead; the first leader then leads."""
    # each seat holds a Nail and a Two Red; seat 0 holds the fourth of each too
    hands = [["12", "24", "12", "24"], ["12", "24"], ["12", "24"]]
    st = RULESET.new_game(0, {"leader": leader}, _complete(hands))
    order = []
    while st.phase == "bonus":
        s = st.to_act()[0]
        order.append(s)
        assert ids(st, s) == ["bonus", PASS]
        st.apply(s, "bonus")
    assert order == [leader, (leader + 1) % 3, (leader + 2) % 3]
    assert st.to_act() == [leader]
    assert sum(len(p) for p in st.piles) == 8
    assert all(a.type != "bonus" for a in st.legal_actions(leader))


def test_cp_2_5_all_eight_copies_move():
    """CP-2.5: a hand with all four Nails and all four Two Reds moves all eight (8 points)."""
    st = RULESET.new_game(0, {"leader": 1}, _complete([["12"] * 4 + ["24"] * 4, [], []]))
    assert st.to_act() == [1] and ids(st, 1) == [PASS]
    st.apply(1, PASS)
    st.apply(2, PASS)
    assert st.legal_actions(0)[0].cards == ("12",) * 4 + ("24",) * 4
    st.apply(0, "bonus")
    assert st.piles[0] == ["12"] * 4 + ["24"] * 4 and sum(st.hands[0]) == 20
    assert st.to_act() == [1]


def _complete(hands: list[list[str]]) -> list[str]:
    """Trim/pad three hands to 28 each so that the deck holds exactly 4 of every identity,
    keeping every Nail/Two Red where it was put."""
    need = Counter({c: 4 for c in ALL})
    out = []
    for h in hands:
        hh = []
        for c in h:
            if need[c] > 0 and len(hh) < 28:
                need[c] -= 1
                hh.append(c)
        out.append(hh)
    for hh in out:
        for c in ALL:
            while len(hh) < 28 and need[c] > 0:
                need[c] -= 1
                hh.append(c)
    assert all(len(h) == 28 for h in out) and not +need
    return out[0] + out[1] + out[2]


def test_cp_2_5_declined_bonus_cannot_be_taken_later():
    """CP-2.5 [R]: a seat that passed cannot take the bonus later; "bonus" is refused in play."""
    h0, h1, h2 = _deck_for_bonus()
    st = stacked(h0, h1, h2, leader=0)
    st.apply(0, PASS)
    st.apply(1, PASS)
    st.apply(2, PASS)
    with pytest.raises(IllegalAction):
        st.apply(0, "bonus")
    assert st.piles == [[], [], []]


def test_cp_2_5_cp_5_1_bonus_points_count_in_result():
    """CP-2.5/CP-5.1: bonus cards are pile cards worth one point each, and they leave the
    hand (cannot also be played)."""
    st = state_from([["12", "24", "24", "66"], ["22"], ["23"]], leader=0, bonus=True)
    st.apply(0, "bonus")
    st.apply(1, PASS)
    st.apply(2, PASS)
    assert ids(st, 0) == ["play:66"]
    st.apply(0, "play:66")
    st.apply(1, PASS)
    st.apply(2, PASS)
    assert st.result() is None  # seats 1 and 2 still hold cards
    st.apply(1, "play:22")
    st.apply(2, PASS)
    assert st.result()["scores"] == [4, 1, 0]


# ---------------------------------------------------------- CP-4.3 pile
def test_cp_4_3_only_the_winning_play_is_banked_everything_else_leaves():
    """CP-4.3: the winner banks only their own play; beaten plays leave the deal."""
    st = state_from([["22", "22", "56"], ["55", "55", "46"], ["33", "33", "16"]], leader=0)
    st.apply(0, "play:22,22")
    st.apply(1, "play:55,55")
    st.apply(2, "play:33,33")
    assert st.piles == [[], [], ["33", "33"]]
    assert sorted(st.discarded) == ["22", "22", "55", "55"]
    assert st.view(0)["table"]["discarded_count"] == 4


# ---------------------------------------------------------- CP-5.3 ties
def test_cp_5_3_three_way_tie_is_a_draw_of_all_three():
    """CP-5.3: a three-way tie for largest is a draw between all three; seat 2's leftover
    Black Five scores nothing (CP-5.2)."""
    st = state_from([["66"], ["15", "22"], ["55", "23"]], leader=0)
    st.apply(0, "play:66")
    st.apply(1, PASS)
    st.apply(2, PASS)
    assert st.to_act() == [1]  # CP-4.4: seat 0 is empty
    st.apply(1, "play:15")
    assert st.to_act() == [2]  # seat 0 holds nothing: not asked
    st.apply(2, PASS)
    st.apply(1, "play:22")
    assert ids(st, 2) == ["play:55"]  # CP-4.2 compulsory
    st.apply(2, "play:55")
    assert st.is_finished()
    r = st.result()
    assert r["scores"] == [1, 1, 1]
    assert r["outcome"] == "draw" and r["winners"] == [0, 1, 2]
    assert r["players"][2]["unplayed"] == ["23"]


def test_cp_5_3_single_largest_wins_over_others():
    """CP-5.3: one largest pile wins alone."""
    st = state_from([["66", "22"], ["15", "13"], ["45"]], leader=0)
    st.apply(0, "play:66")
    st.apply(1, PASS)
    st.apply(2, PASS)
    st.apply(0, "play:22")
    st.apply(1, "play:13")
    st.apply(2, PASS)
    st.apply(1, "play:15")
    st.apply(2, PASS)
    assert st.is_finished()
    r = st.result()
    assert r["scores"] == [1, 2, 0] and r["winners"] == [1] and r["outcome"] == "win"


def test_cp_5_3_draw_between_two_and_zero_point_draw():
    """CP-5.3: tie for largest between two players is a draw; the third is not a winner."""
    st = state_from([["66", "56"], ["11", "22"], ["36"]], leader=0)
    st.apply(0, "play:66")
    st.apply(1, PASS)
    st.apply(2, PASS)
    st.apply(0, "play:56")
    st.apply(1, PASS)
    st.apply(2, PASS)
    # seat 0 empty and won: next holder seat 1
    st.apply(1, "play:11")
    st.apply(2, PASS)
    st.apply(1, "play:22")
    st.apply(2, PASS)
    r = st.result()
    assert r["scores"] == [2, 2, 0] and r["outcome"] == "draw" and r["winners"] == [0, 1]


# ---------------------------------------------------------- hidden information
ALL_ORDER = [
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


def _reshuffled(st: ChuoPaiState, viewer: int, rng: random.Random) -> ChuoPaiState:
    """The same public position with the other two concealed hands re-dealt at random
    (same sizes). What `viewer` sees must not change."""
    other = [s for s in range(3) if s != viewer]
    pool = []
    for s in other:
        for k, n in enumerate(st.hands[s]):
            pool += [k] * n
    rng.shuffle(pool)
    new = st.clone()
    i = 0
    for s in other:
        n = sum(st.hands[s])
        h = [0] * 21
        for k in pool[i : i + n]:
            h[k] += 1
        i += n
        new.hands[s] = h
    return new


def test_views_are_independent_of_concealed_cards():
    """Views (hidden information): for a seat or the spectator, re-dealing the OTHER seats'
    concealed cards never changes the view or the legal actions (so no view can carry a
    hidden card), during the bonus phase and play; checked along seeded random games."""
    rng = random.Random(77)
    pols = policies("random", "basic", "random")
    for seed in range(8):
        st = RULESET.new_game(seed)
        steps = 0
        while not st.is_finished() and steps < 400:
            if steps % 3 == 0:
                for viewer in (0, 1, 2, None):
                    v = st.view(viewer)
                    for _ in range(2):
                        other = _reshuffled(st, -1 if viewer is None else viewer, rng)
                        if viewer is None:
                            # spectator: every hand is concealed
                            other = st.clone()
                            pool = [k for s in range(3) for k, n in enumerate(st.hands[s]) for _ in range(n)]
                            rng.shuffle(pool)
                            i = 0
                            for s in range(3):
                                n = sum(st.hands[s])
                                h = [0] * 21
                                for k in pool[i : i + n]:
                                    h[k] += 1
                                i += n
                                other.hands[s] = h
                        assert json.dumps(other.view(viewer), sort_keys=True) == json.dumps(v, sort_keys=True)
            seat = st.to_act()[0]
            legal = st.legal_actions(seat)
            a = pols[seat](st.view(seat), legal, rng) if len(legal) > 1 else legal[0]
            pub = st.public_action(seat, a.id)
            if a.type in ("play", "combo"):
                assert sorted(pub["cards"]) == sorted(a.cards)
            st.apply(seat, a.id)
            steps += 1
        assert st.is_finished()


def _strings(x):
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for v in x.values():
            yield from _strings(v)
    elif isinstance(x, list):
        for v in x:
            yield from _strings(v)


def test_views_contain_no_foreign_concealed_cards():
    """Views: apart from the viewer's own "hand", every card code anywhere in a view (seat or
    spectator) is one that has been shown publicly (a pile, a played card); the viewer's
    "hand" is exactly their own hand; seats carry no "hand" before the end."""
    rng = random.Random(5)
    for seed in range(6):
        st = RULESET.new_game(seed)
        while not st.is_finished():
            public = set()
            for p in st.piles:
                public |= set(p)
            public |= set(st.discarded) | set(st.table_cards())
            for viewer in (0, 1, 2, None):
                v = st.view(viewer)
                if viewer is None:
                    assert v["hand"] is None
                else:
                    assert v["hand"] == _codes(st.hands[viewer])
                assert all("hand" not in s for s in v["seats"])
                rest = {k: val for k, val in v.items() if k != "hand"}
                shown = {x for x in _strings(rest) if x in SPEC_FAMILY}
                assert shown <= public, (viewer, shown - public)
            seat = st.to_act()[0]
            legal = st.legal_actions(seat)
            st.apply(seat, legal[rng.randrange(len(legal))].id)


def _codes(counts) -> list[str]:
    return [ALL_ORDER[k] for k, n in enumerate(counts) for _ in range(n)]


# ---------------------------------------------------------- simulation vs spec
def test_random_games_every_decision_matches_the_spec_model():
    """CP-4.1/CP-4.2/CP-4.3/CP-4.4/CP-5.2: along seeded random games, recompute from the spec
    model who acts, what is legal (for hands small enough to enumerate), what is banked, who
    leads next and when the deal ends."""
    rng = random.Random(99)
    for seed in range(10):
        st = pass_bonus(RULESET.new_game(seed))
        while not st.is_finished():
            leader = st.to_act()[0]
            holders = [s for s in range(3) if sum(st.hands[s]) > 0]
            assert leader in holders and len(holders) >= 2
            hand = _codes(st.hands[leader])
            legal = ids(st, leader)
            assert set(legal) == spec_lead_ids(hand)
            lead = legal[rng.randrange(len(legal))]
            st.apply(leader, lead)
            best_seat, best = leader, lead[5:].split(",")
            followers = [(leader + i) % 3 for i in (1, 2) if sum(st.hands[(leader + i) % 3]) > 0]
            for f in followers:
                assert st.to_act() == [f]
                fh = _codes(st.hands[f])
                fl = ids(st, f)
                assert set(fl) == spec_follow_ids(fh, best)
                a = fl[rng.randrange(len(fl))]
                st.apply(f, a)
                if a != PASS:
                    best_seat, best = f, a[5:].split(",")
            lr = st.last_round
            assert lr["winner"] == best_seat and sorted(lr["won"]) == sorted(best)
            holders = [s for s in range(3) if sum(st.hands[s]) > 0]
            if len(holders) <= 1:
                assert st.is_finished()
            else:
                nxt = next((best_seat + i) % 3 for i in range(3) if (best_seat + i) % 3 in holders)
                assert st.to_act() == [nxt]
        r = st.result()
        assert r["scores"] == [len(p) for p in st.piles]
        top = max(r["scores"])
        assert r["winners"] == [s for s in range(3) if r["scores"][s] == top]
        assert r["outcome"] == ("win" if len(r["winners"]) == 1 else "draw")


# ---------------------------------------------------------- calculator agrees
def test_calculator_agrees_with_spec_model():
    """Calculator (CP-2.5, CP-3.1..CP-3.3, CP-4.2): plays and beating lists equal the spec."""
    rng = random.Random(3)
    for _ in range(150):
        hand = _random_small_hand(rng, rng.randint(1, 8))
        out = score_hand({"hand": hand})
        assert {p["id"] for p in out["plays"]} == spec_lead_ids(hand)
        assert out["opening_bonus"]["eligible"] == ("12" in hand and "24" in hand)
        lead_hand = _random_small_hand(rng, 4)
        lead = rng.choice(sorted(spec_lead_ids(lead_hand)))[5:].split(",")
        if any(Counter(hand)[c] + Counter(lead)[c] > 4 for c in ALL):
            continue
        out = score_hand({"hand": hand, "highest": lead})
        want = spec_follow_ids(hand, lead)
        got = {p["id"] for p in out["beating"]} or {PASS}
        assert got == want
        assert out["must_pass"] == (want == {PASS})


@pytest.mark.parametrize(
    "seed,steps,seat,count", [(2, 3, 1, 32), (3, 10, 0, 4), (4, 25, 0, 1), (5, 40, 0, 1), (6, 4, 0, 3)]
)
def test_golden_counts_agree_with_the_spec_model(seed, steps, seat, count):
    """CP-4.1/CP-4.2: the golden legal-action counts of test_chuopai_golden.py are the counts
    the spec model gives for the same positions (full 20-28 card hands)."""
    from domain.base import random_policy

    st = RULESET.new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        s = st.to_act()[0]
        st.apply(s, random_policy(st.view(s), st.legal_actions(s), rng).id)
    assert st.to_act() == [seat]
    hand = _codes(st.hands[seat])
    if st.highest is None:
        want = spec_lead_ids(hand)
    else:
        want = spec_follow_ids(hand, list(st.highest[1].codes))
    assert len(want) == count
    assert set(ids(st, seat)) == want


@pytest.mark.parametrize("seed", range(6))
def test_cp_4_1_full_28_card_first_lead_equals_spec(seed):
    """CP-4.1: the first leader's complete list on a full dealt hand equals the spec model."""
    st = pass_bonus(RULESET.new_game(seed))
    s = st.to_act()[0]
    assert set(ids(st, s)) == spec_lead_ids(_codes(st.hands[s]))


# ---------------------------------------------------------- refusals leave no trace
BOGUS = [
    "",
    "pass",
    "bonus",
    "play:",
    "play:66",
    "play:66,66,66,66,66",
    "play:26,35",
    "play:12,24",
    "play:66,16",
    "play:45,66",
    "win",
    "PLAY:22",
    "play:22 ",
]


def test_illegal_answers_leave_the_state_unchanged_everywhere():
    """CP-2.5/CP-4.1/CP-4.2/CP-5.2: every refused answer (wrong seat, bogus id, pass when a beat
    exists, bonus outside the bonus phase, anything after the end) raises IllegalAction and
    changes nothing; public_action of a legal answer changes nothing either."""
    rng = random.Random(11)
    for seed in range(3):
        st = RULESET.new_game(seed)
        while True:
            before = json.dumps(st.full_state(), sort_keys=True)
            for seat in (0, 1, 2):
                legal = set(ids(st, seat))
                for bogus in BOGUS:
                    if bogus in legal:
                        continue
                    with pytest.raises(IllegalAction):
                        st.apply(seat, bogus)
                    with pytest.raises(IllegalAction):
                        st.public_action(seat, bogus)
                for a in legal:
                    st.public_action(seat, a)
            assert json.dumps(st.full_state(), sort_keys=True) == before
            if st.is_finished():
                break
            seat = st.to_act()[0]
            legal = ids(st, seat)
            assert legal == ids(st.clone(), seat)  # deterministic order
            st.apply(seat, legal[rng.randrange(len(legal))])


def test_cp_2_5_first_leader_not_eligible_others_answer_in_turn_order():
    """CP-2.5 [R]: with seat 2 leading first and only seat 1 eligible, the answers run 2, 0, 1
    (seats 2 and 0 can only pass); then seat 2 leads."""
    hands = [["12", "12"] + [c for c in ALL if c not in ("12", "24")][:10], ["12", "24"], ["24", "24", "24"]]
    st = RULESET.new_game(5, {"leader": 2}, _complete(hands))
    assert st.to_act() == [2] and ids(st, 2) == [PASS]
    st.apply(2, PASS)
    assert st.to_act() == [0] and ids(st, 0) == [PASS]
    st.apply(0, PASS)
    assert st.to_act() == [1] and ids(st, 1) == ["bonus", PASS]
    assert st.legal_actions(1)[0].cards == ("12", "24")
    st.apply(1, "bonus")
    assert st.phase == "play" and st.to_act() == [2]
    assert st.piles == [[], ["12", "24"], []]
    assert [s["pile_count"] for s in st.view(None)["seats"]] == [0, 2, 0]


def test_views_are_copies():
    """Views: mutating a returned view (or result) never changes the game."""
    st = pass_bonus(RULESET.new_game(4))
    s = st.to_act()[0]
    st.apply(s, ids(st, s)[0])
    before = json.dumps(st.full_state(), sort_keys=True)
    v = st.view(s)
    v["hand"].clear()
    v["seats"][0]["pile"].append("66")
    for t in v["table"]["trick"]:
        t["cards"].append("66")
    v["table"]["discarded"].append("66")
    assert json.dumps(st.full_state(), sort_keys=True) == before


@pytest.mark.parametrize(
    "body",
    [
        {"hand": ["66", "66", "66", "66"], "highest": ["66"]},  # CP-2.1: five Heavens
        {"hand": ["22"], "highest": ["26", "35"]},  # CP-3.1: not a pair
        {"hand": ["22"], "highest": ["12", "24"]},
        {"hand": ["22"], "highest": ["66", "66", "45"]},  # CP-3.2: unequal counts
        {"hand": ["22"], "highest": ["44", "16"]},  # CP-3.2: 16 is not a seven
        {"hand": ["22"], "highest": []},
    ],
)
def test_calculator_refuses_impossible_highest(body):
    """Calculator: a 'highest' that is not a play, or more copies than the deck has, is refused."""
    from domain.base import InvalidHand

    with pytest.raises(InvalidHand):
        score_hand(body)


def test_calculator_combination_highest_and_equal_rank():
    """Calculator, CP-3.3: against Tian Jiu 66+36 a Tian Jiu 66+45 does not beat (equal
    combination rank); against Flat Eight a Crooked Eight does not beat; Black Nine does."""
    out = score_hand({"hand": ["66", "45"], "highest": ["66", "36"]})
    assert out["beating"] == [] and out["must_pass"] is True
    assert out["highest"]["combination"] == "tian_jiu"
    out = score_hand({"hand": ["35", "36"], "highest": ["26"]})
    assert [p["id"] for p in out["beating"]] == ["play:36"]
