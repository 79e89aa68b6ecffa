"""Worlds for the Sì Sè Pái `strong` level (domain/sisepai/inference.py) and its look-ahead
(domain/sisepai/lookahead.py): every world fits the view, the true hands of basic seats pass
every check, and a seat that does not play like basic is caught."""

from __future__ import annotations

import random

from domain.base import random_policy
from domain.sisepai import RULESET
from domain.sisepai.ai import _counts, basic_policy, hand_value, seen_copies
from domain.sisepai.cards import COUNTS, INDEX, N_KINDS
from domain.sisepai.inference import claimed_points, discard_values, failed_checks, record, sample_worlds
from domain.sisepai.lookahead import play_on
from domain.sisepai.strong import Inference, inferring_policy, make_inferring_policy
from domain.sisepai.strong_weights import INTERCEPT, WEIGHTS


def _decisions(seeds, policies):
    """(state, seat) at every decision with a choice, in seeded games; policies[seat] plays."""
    for seed in seeds:
        st = RULESET.new_game(seed, {}, None)
        step = 0
        while not st.is_finished():
            seat = st.to_act()[0]
            legal = st.legal_actions(seat)
            if len(legal) > 1:
                yield st, seat
            rng = random.Random(f"{seed}:{step}")
            st.apply(seat, policies[seat](st.view(seat), legal, rng).id if len(legal) > 1 else legal[0].id)
            step += 1


def test_the_true_hands_of_basic_seats_pass_every_check():
    """Basic is deterministic but for coin flips among equal discards, so the real hands explain
    every recorded discard and pass (SSP-4.3, SSP-5.1) of a basic seat."""
    checked = 0
    for st, seat in _decisions(range(8), [basic_policy] * 4):
        view = st.view(seat)
        rec = record(view, seat, _counts(view["hand"]))
        for other in rec.seats:
            assert failed_checks(list(st.hands[other.seat]), other) == 0
            checked += 1
    assert checked > 500


def test_a_seat_playing_at_random_is_caught():
    """A random discarder keeps cards basic would throw: its true hand fails a check."""
    caught = 0
    for st, seat in _decisions(range(4), [basic_policy, random_policy, basic_policy, basic_policy]):
        if seat == 1:
            continue
        view = st.view(seat)
        rec = record(view, seat, _counts(view["hand"]))
        other = next(s for s in rec.seats if s.seat == 1)
        caught += failed_checks(list(st.hands[1]), other) > 0
    assert caught > 10


def test_every_world_fits_the_view():
    """Each world deals exactly the cards the seat cannot see: each other concealed hand its
    public size (SSP-4.2), the stock its public count, and no kind more often than it exists
    (SSP-2.1), whatever the true hands."""
    n = 0
    for st, seat in _decisions(range(3), [basic_policy] * 4):
        view = st.view(seat)
        hand = _counts(view["hand"])
        rec = record(view, seat, hand)
        seen = seen_copies(view, hand)
        assert list(rec.unseen) == [COUNTS[k] - seen[k] for k in range(N_KINDS)]
        for w in sample_worlds(rec, 4, 3, random.Random(n)):
            assert set(w.hands) == {s for s in range(4) if s != seat}
            for s, h in w.hands.items():
                assert sum(h) == view["seats"][s]["hand_count"]
                assert min(h) >= 0
            assert len(w.stock) == view["table"]["stock_count"]
            dealt = [sum(h[k] for h in w.hands.values()) + w.stock.count(k) for k in range(N_KINDS)]
            assert dealt == list(rec.unseen)
        n += 1
    assert n > 100


def test_worlds_depend_only_on_the_view_and_the_rng():
    """The same view and rng give the same worlds; the other seats' true hands are never read."""
    for n, (st, seat) in enumerate(_decisions([11], [basic_policy] * 4)):
        if n % 15:
            continue
        view = st.view(seat)
        rec = record(view, seat, _counts(view["hand"]))
        a = sample_worlds(rec, 3, 4, random.Random(5))
        other = st.clone()
        a_seat, b_seat = [s for s in range(4) if s != seat][:2]
        ha, hb = other.hands[a_seat], other.hands[b_seat]
        ka = next((k for k in range(N_KINDS) if ha[k] and not hb[k]), None)
        kb = next((k for k in range(N_KINDS) if hb[k] and not ha[k]), None)
        if ka is None or kb is None:
            continue
        ha[ka], hb[ka], hb[kb], ha[kb] = ha[ka] - 1, hb[ka] + 1, hb[kb] - 1, ha[kb] + 1
        other.stock.reverse()
        view2 = other.view(seat)
        assert view2 == view and other.hands != st.hands
        b = sample_worlds(record(view2, seat, _counts(view2["hand"])), 3, 4, random.Random(5))
        assert [(w.hands, w.stock) for w in a] == [(w.hands, w.stock) for w in b]


def test_discard_values_are_basics_scores():
    """The group-by-group score of each discard equals ai.hand_value of the hand left."""
    rng = random.Random(3)
    deck = [k for k in range(N_KINDS) for _ in range(COUNTS[k])]
    for _ in range(500):
        rng.shuffle(deck)
        hand = _counts_of(deck[: rng.randint(4, 21)])
        live = [rng.random() < 0.7 for _ in range(N_KINDS)]
        for i, v in discard_values(hand, live).items():
            hand[i] -= 1
            assert v == hand_value(hand, live)
            hand[i] += 1


def _codes(text):
    return text.split()


def _counts_of(kinds):
    v = [0] * N_KINDS
    for k in kinds:
        v[k] += 1
    return v


def test_the_look_ahead_loses_when_an_opponent_wins_on_the_discard():
    """SSP-1.2, SSP-5.2: seat 1's hand plus rA melds completely, so seat 0's discard of rA
    ends the look-ahead lost; a harmless discard plays on to the horizon."""
    one = _codes("yA yA yA yE yE yE yR yR yR yH yH yH yC yC yC rK rE rE rA rA")
    two = _codes("gA gE gR gH gC wA wE wR wH wC gS gS wS F1 F2 gA gE gR gH gC")
    three = _codes("wA wE wR wH wC gA gE gR gH gC wS yS F3 F4 F5 wA wE wR wH wC")
    mine = _codes("rS rS rS rC rC rC rH rH rH rR rR rR yK wK gK rA")
    stock = [INDEX[c] for c in ["yK", "wK", "gK", "rK"]]
    hands = {1: _counts(one), 2: _counts(two), 3: _counts(three)}
    end = play_on(0, hands, _counts(mine), [0] * N_KINDS, stock, INDEX["rA"], 0, False, 4, random.Random(0))
    assert end == ("lost", 0)
    hands = {1: _counts(one), 2: _counts(two), 3: _counts(three)}
    end = play_on(0, hands, _counts(mine), [0] * N_KINDS, stock, INDEX["rS"], 0, False, 1, random.Random(0))
    assert end[0] == "open"


def _swap_hidden(st, seat):
    """A copy of `st` that differs only in what `seat` cannot see: one card exchanged between
    two other concealed hands (of different kinds), and the stock reversed; None if no such pair."""
    other = st.clone()
    a, b = [s for s in range(4) if s != seat][:2]
    ha, hb = other.hands[a], other.hands[b]
    ka = next((k for k in range(N_KINDS) if ha[k] and not hb[k]), None)
    kb = next((k for k in range(N_KINDS) if hb[k] and not ha[k]), None)
    if ka is None or kb is None:
        return None
    ha[ka], hb[ka], hb[kb], ha[kb] = ha[ka] - 1, hb[ka] + 1, hb[kb] - 1, ha[kb] + 1
    other.stock.reverse()
    return other


def test_the_inferring_candidate_decides_from_the_view_alone_and_reproducibly():
    """Same view and rng, same action, whatever the hidden hands and stock order (SSP-2.3), and
    always a legal one; with the look-ahead too."""
    looking = make_inferring_policy(WEIGHTS, INTERCEPT, Inference(worlds=4, horizon=3, candidates=2))
    n = 0
    for k, (st, seat) in enumerate(_decisions([21, 22], [basic_policy] * 4)):
        if k % 4:
            continue
        other = _swap_hidden(st, seat)
        if other is None:
            continue
        view, legal = st.view(seat), st.legal_actions(seat)
        assert other.view(seat) == view and other.hands != st.hands
        for policy in (inferring_policy, looking):
            a = policy(view, legal, random.Random(k))
            assert a in legal
            assert policy(other.view(seat), other.legal_actions(seat), random.Random(k)) == a
        n += 1
    assert n > 20


def test_a_claimed_meld_is_worth_its_rule_points():
    # SSP-6.2: a single General 1, a flower 3, a triple 1, a quad 2, a mixed group 0 [R].
    assert claimed_points("single", INDEX["rK"]) == 1
    assert claimed_points("single", INDEX["F3"]) == 3
    assert claimed_points("triple", INDEX["yH"]) == 1
    assert claimed_points("quad", INDEX["gS"]) == 2
    assert claimed_points("command", INDEX["wA"]) == 0
    assert claimed_points("soldiers", INDEX["rS"]) == 0
