"""The Nantong policies tried and not kept (scripts/nantong_experiments.py; docs/ai.md has their
figures): each decides legally from its own seat's view only, reproducibly from (view, legal
actions, rng), so the recorded measurements can be played again."""

from __future__ import annotations

import json
import random

import pytest

from domain.base import PASS
from domain.nantong import RULESET
from domain.nantong.ai import basic_policy
from domain.nantong.cards import INDEX, to_counts
from scripts import nantong_experiments as ex
from tests.unit.nantong.helpers import cards

POLICIES = {
    "random_tie": ex.random_tie,
    "claim_weighted": ex.claim_weighted,
    "claim_weighted_discarded": ex.claim_weighted_discarded,
    "two_step": ex.two_step,
    "two_step_tie": ex.two_step_tie,
    "expected_draws": ex.expected_draws,
    "solitaire": ex.solitaire,
    "solitaire_tie": ex.solitaire_tie,
    "piao_1": ex.piao_1,
    "piao_9": ex.piao_9,
    "never_claim": ex.never_claim,
    "always_pong": ex.always_pong,
}


def positions(seed, tested):
    """(state, seat) at the tested seat's decisions with a choice, the policy in seat 0."""
    st = RULESET.new_game(seed, {}, None)
    step = 0
    while not st.is_finished():
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        if len(legal) == 1 and legal[0].id == PASS:
            st.apply(seat, PASS)
            continue
        if seat == 0 and len(legal) > 1:
            yield st, seat
        policy = tested if seat == 0 else basic_policy
        st.apply(seat, policy(st.view(seat), legal, random.Random(step)).id)
        step += 1


@pytest.mark.parametrize("name", sorted(POLICIES))
def test_legal_reproducible_and_from_the_view_only(name):
    """A JSON copy of the view (no state reachable from it) and the same rng seed give the
    same legal action each time; the game ends."""
    policy = POLICIES[name]
    decisions = 0
    for st, seat in positions(3, policy):
        view = json.loads(json.dumps(st.view(seat)))
        legal = st.legal_actions(seat)
        first = policy(view, legal, random.Random(decisions))
        assert first in legal
        assert policy(json.loads(json.dumps(st.view(seat))), legal, random.Random(decisions)) == first
        decisions += 1
    assert decisions > 5


def test_piao_missing_counts_triplets_and_one_pair():
    """NT-8.2 Piao Hu: every group a triplet (or kong), plus the pair (NT-1.2)."""
    hand = to_counts(cards("1m1m1m 2s2s2s 3c3c 4c4c QN"))
    live = [4] * 30
    # two groups needed: the two triplets held, a pair held: complete but for nothing
    assert ex.piao_missing(hand, 2, live) == 0
    # three groups: a pair becomes a triplet (one card), the other pair stays the pair
    assert ex.piao_missing(hand, 3, live) == 1
    # four groups: both pairs become triplets and the single Thousand the pair
    assert ex.piao_missing(hand, 4, live) == 3


def test_piao_missing_needs_copies_not_yet_seen():
    """A pair whose other two copies are already seen cannot become a triplet (NT-2.1: four
    copies of each kind)."""
    hand = to_counts(cards("1m1m1m 2s2s 3c3c"))
    live = [4] * 30
    assert ex.piao_missing(hand, 2, live) == 1
    live[INDEX["2s"]] = live[INDEX["3c"]] = 0
    # neither pair can grow: one stays the pair, the second triplet is built from nothing
    assert ex.piao_missing(hand, 2, live) == 3
    live = [0] * 30
    assert ex.piao_missing(hand, 2, live) == 99  # no second triplet can be built at all


def test_random_tie_shows_the_weight_of_basics_tie_break():
    """The only difference from basic is the choice among discards of the nearest distance:
    the policy still keeps the nearest distance (NT-1.2)."""
    from domain.nantong.ai import _counts, _needed, _OneCardAway

    for st, seat in positions(5, ex.random_tie):
        view = st.view(seat)
        legal = st.legal_actions(seat)
        action = ex.random_tie(view, legal, random.Random(1))
        if action.type != "discard":
            continue
        hand = _counts(view["hand"])
        after = _OneCardAway(hand, _needed(view))
        nearest = min(after.distance(INDEX[a.cards[0]], -1) for a in legal if a.type == "discard")
        assert after.distance(INDEX[action.cards[0]], -1) == nearest
