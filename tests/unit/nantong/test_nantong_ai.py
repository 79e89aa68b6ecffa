"""AI policies: random and basic; basic sees only its own view."""

from __future__ import annotations

import json
import random

from domain.base import Action
from domain.nantong import RULESET
from domain.nantong.ai import basic_policy, distance
from domain.nantong.cards import to_counts
from tests.unit.nantong.helpers import cards, finish_prep, new

G = "1m2m3m 4s5s6s 4c5c6c 1s2s3s 6m7m8m"
WAIT_8C = G + " 2c3c4c 7c9c QNQN"


def decide(st, seat, level="basic"):
    """The policy gets a JSON copy of the seat's view and its legal actions, never the state."""
    view = json.loads(json.dumps(st.view(seat)))
    return RULESET.policy(level)(view, st.legal_actions(seat), random.Random(0))


def test_distance_to_a_complete_hand():
    """NT-1.2: -1 complete, 0 one card away."""
    assert distance(tuple(to_counts(cards(G + " 2c3c4c 7c8c9c QNQN"))), 7) == -1
    assert distance(tuple(to_counts(cards(WAIT_8C))), 7) == 0
    assert distance(tuple(to_counts(cards(G + " 2c3c4c 7c QN RF WF"))), 7) == 2


def test_basic_wins_whenever_it_can():
    """NT-4.6: the dealer's heavenly win is taken."""
    st = new(0, {0: G + " 2c3c4c 7c8c9c QNQN"}, "9m9s")
    finish_prep(st)
    assert decide(st, 0).id == "win"


def test_basic_makes_opening_declarations():
    """NT-4.2/NT-4.3: basic declares what it can before finishing."""
    st = new(0, {0: "5m5m5m5m", 1: "7c7c7c"}, "7c9m")
    assert decide(st, 0).id == "declare_kong:5m"
    st.apply(0, "declare_kong:5m")
    st.apply(0, decide(st, 0).id)
    assert st.current == 1
    assert decide(st, 1).id == "declare_triple:7c"


def test_basic_declares_ready_with_enough_outs():
    """NT-4.5: one card from winning with four unseen 8c: ready."""
    st = new(0, {1: WAIT_8C}, "9m9s")
    st.apply(0, "finish")
    assert decide(st, 1).id == "ready"


def test_basic_pongs_when_it_helps():
    """NT-6.2: a lone pair becomes a group: pong."""
    st = new(0, {0: "5s", 1: "1m2m3m 4c5c6c 6m7m8m 2c3c4c 7c9c QNQN 5s5s 1s 9s RF WF"}, "9m9c")
    finish_prep(st)
    st.apply(0, "discard:5s")
    assert decide(st, 1).id == "pong:5s"


def test_basic_passes_a_pong_that_breaks_its_hand():
    """NT-6.2: 5s5s are inside two sequences of a hand one card from winning: pass."""
    st = new(0, {0: "5s", 1: "1m2m3m 4s5s6s 5s6s7s 4c5c6c 6m7m8m 2c3c4c 7c9c QNQN"}, "9m9c")
    finish_prep(st)
    st.apply(0, "discard:5s")
    assert "pong:5s" in [a.id for a in st.legal_actions(1)]
    assert decide(st, 1).id == "pass"


def test_basic_discard_keeps_the_hand_closest_to_complete():
    """NT-5.1: the discard chosen leaves the smallest distance."""
    st = new(0, {0: WAIT_8C + " RF"}, "9m9s")
    finish_prep(st)
    assert decide(st, 0).id == "discard:RF"


def test_random_policy_picks_a_legal_action():
    st = new(0, {}, "9m9c")
    legal = st.legal_actions(0)
    a = RULESET.policy("random")(st.view(0), legal, random.Random(3))
    assert isinstance(a, Action) and a in legal
    assert RULESET.ai_levels == ("random", "basic") and RULESET.policy("basic") is basic_policy


def test_one_card_away_reads_like_distance_of_the_changed_hand():
    """basic's discard and useful-card counts read only the changed block again; that must
    give distance() of the whole changed hand, for hands dealt from a shuffled deck."""
    from domain.nantong.ai import _OneCardAway

    rng = random.Random(13)
    deck = [k for k in range(30) for _ in range(4)]
    for _ in range(300):
        rng.shuffle(deck)
        hand = [0] * 30
        for k in deck[: rng.choice([8, 11, 14, 17, 20, 23])]:
            hand[k] += 1
        needed = rng.randrange(1, 8)
        after = _OneCardAway(hand, needed)
        for k in range(30):
            for change in (1, -1):
                if 0 <= hand[k] + change <= 4:
                    changed = list(hand)
                    changed[k] += change
                    assert after.distance(k, change) == distance(tuple(changed), needed)
