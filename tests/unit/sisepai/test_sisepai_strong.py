"""The `strong` Sì Sè Pái AI: basic's hand score plus a look at the live outs.

It sees only its own seat's view, decides reproducibly from (view, legal, rng), always
plays a legal action, and wins more often than basic in basic's seats (measured with the
match runner in duplicate format).
"""

from __future__ import annotations

import random

import pytest

from cli.match import MatchSpec, play_match
from cli.stats import standings
from domain.sisepai import RULESET
from domain.sisepai.ai import _counts, _live, basic_policy, hand_value, seen_copies
from domain.sisepai.cards import COUNTS, INDEX, N_KINDS
from domain.sisepai.strong import FEATURES, features, outs, strong_policy
from domain.sisepai.strong_weights import WEIGHTS
from tests.unit.sisepai.helpers import codes, game

strong = RULESET.policy("strong")


def _positions(seeds, every=2):
    """(state, seat) at decisions with a choice, in seeded games of strong and basic seats."""
    for seed in seeds:
        st = RULESET.new_game(seed, {}, None)
        step = 0
        while not st.is_finished():
            seat = st.to_act()[0]
            legal = st.legal_actions(seat)
            if len(legal) == 1:
                st.apply(seat, legal[0].id)
                continue
            if step % every == 0:
                yield st, seat
            pol = strong if (seat + seed) % 2 else basic_policy
            st.apply(seat, pol(st.view(seat), legal, random.Random(f"{seed}:{step}")).id)
            step += 1


def test_strong_is_offered_and_is_the_strong_policy():
    assert RULESET.ai_levels == ("random", "basic", "strong")
    assert strong is strong_policy


def test_the_learned_weights_cover_every_feature():
    assert set(WEIGHTS) == set(FEATURES)


def test_strong_decides_the_same_twice():
    """A pure function of (view, legal, rng): the same inputs give the same action."""
    n = 0
    for st, seat in _positions(range(3), every=3):
        view, legal = st.view(seat), st.legal_actions(seat)
        a = strong(view, legal, random.Random(f"x:{seat}"))
        b = strong(st.view(seat), st.legal_actions(seat), random.Random(f"x:{seat}"))
        assert a == b
        n += 1
    assert n > 10


def _swap_hidden(st, seat):
    """A copy of `st` that differs from it only in what `seat` cannot see: one card
    exchanged between two other concealed hands (of different kinds), and the stock
    reversed."""
    other = st.clone()
    a, b = [s for s in range(4) if s != seat][:2]
    ka = next((k for k in range(N_KINDS) if other.hands[a][k] and not other.hands[b][k]), None)
    kb = next((k for k in range(N_KINDS) if other.hands[b][k] and not other.hands[a][k]), None)
    if ka is None or kb is None:
        return None
    other.hands[a][ka] -= 1
    other.hands[b][ka] += 1
    other.hands[b][kb] -= 1
    other.hands[a][kb] += 1
    other.stock.reverse()
    return other


def test_strong_sees_only_its_own_view():
    """Two states that differ only in other seats' concealed hands and the stock order give
    the seat the same view, and strong the same decision (SSP-2.3: hands are hidden)."""
    n = 0
    for st, seat in _positions(range(4), every=3):
        other = _swap_hidden(st, seat)
        if other is None:
            continue
        assert other.hands != st.hands
        view = st.view(seat)
        assert all("hand" not in s for s in view["seats"])
        assert other.view(seat) == view
        assert strong(view, st.legal_actions(seat), random.Random(9)) == strong(
            other.view(seat), other.legal_actions(seat), random.Random(9)
        )
        n += 1
    assert n > 10


def test_strong_always_plays_a_legal_action():
    """Strong in every seat over seeded games: each choice is one of the legal actions and
    every game ends (SSP-1.2 win or SSP-1.3 drawn deal)."""
    for seed in range(6):
        st = RULESET.new_game(100 + seed, {}, None)
        step = 0
        while not st.is_finished():
            seat = st.to_act()[0]
            legal = st.legal_actions(seat)
            choice = strong(st.view(seat), legal, random.Random(f"{seed}:{step}"))
            assert choice in legal
            st.apply(seat, choice.id)
            step += 1
        assert st.result()["outcome"] in ("win", "draw")


def test_strong_always_takes_a_win():
    """SSP-1.2: a win is taken over any other claim."""
    st = game([codes("yA yA yA yE yE yE yR yR yR yH yH yH yC yC yC yK rK rE rE rA")], ["rA"])
    assert strong(st.view(0), st.legal_actions(0), random.Random(0)).id == "win"


def test_outs_count_unseen_copies_that_win_or_claim():
    """A concealed hand one card from complete has that card's unseen copies as win outs
    (SSP-1.2); a pair has its unseen copies as identical-triple outs (SSP-5.2 level 3)."""
    hand = [0] * N_KINDS
    for c in codes("rA rA rA rE rE rE rR rR rR rH rH rH rC rC rC yK gS gS wH"):
        hand[INDEX[c]] += 1
    unseen = [COUNTS[k] - hand[k] for k in range(N_KINDS)]
    live = [u > 0 for u in unseen]
    wins, id_n, *_ = outs(hand, unseen, live)
    # only a second wH melds the lone wH (a pair, SSP-3.2); a third gS makes a triple (SSP-3.2)
    assert wins == unseen[INDEX["wH"]] == 3
    assert id_n >= unseen[INDEX["gS"]] == 2
    f = features(hand, unseen, live, 0, 37)
    assert len(f) == len(FEATURES) and f[0] == hand_value(hand, live) / 10


def test_strong_settles_basics_ties_towards_a_ready_hand():
    """Where basic's hand score ties between a discard that leaves the hand one unseen card from
    complete (SSP-1.2) and one that does not, strong keeps the ready hand (seeded positions from
    games basic plays in every seat)."""
    found = 0
    for seed in range(60):
        st = RULESET.new_game(seed, {}, None)
        step = 0
        while not st.is_finished():
            seat = st.to_act()[0]
            legal = st.legal_actions(seat)
            view = st.view(seat)
            if st.phase == "discard" and len(legal) > 1:
                hand = _counts(view["hand"])
                live = _live(view, hand)
                seen = seen_copies(view, hand)
                ready, score = {}, {}
                for a in legal:
                    i = INDEX[a.cards[0]]
                    hand[i] -= 1
                    seen[i] += 1
                    score[a.id] = hand_value(hand, live)
                    ready[a.id] = outs(hand, [COUNTS[k] - seen[k] for k in range(N_KINDS)], live)[0] > 0
                    hand[i] += 1
                    seen[i] -= 1
                top = max(score.values())
                tied = [a for a in score if score[a] == top]
                if any(ready[a] for a in tied) and not all(ready[a] for a in tied):
                    assert ready[strong(view, legal, random.Random(0)).id], (seed, step, tied)
                    found += 1
            st.apply(seat, basic_policy(view, legal, random.Random(f"{seed}:{step}")).id)
            step += 1
    assert found >= 5


# --------------------------------------------------------------------- strength
DEALS = 100  # 400 games each way


@pytest.mark.slow
def test_strong_wins_more_than_basic_in_basics_seats():
    """Duplicate format with the match runner: strong in each seat in turn and basic in the
    others, against basic itself in those seats on the same deals. Seeded, so the figures are
    exact and the test is not flaky; at this size a CI is about ± 0.04 win share, so it checks
    the direction only (docs/ai.md has the 4,000-game measurement)."""
    spec = MatchSpec("sisepai", "strong", "basic", deals=DEALS, seed=5001)
    records, timings = play_match(spec, jobs=1)
    tested, opponent = standings(records, timings, "strong", "basic", 4)
    assert tested["games"] == DEALS * 4
    base_spec = MatchSpec("sisepai", "basic", "basic", deals=DEALS, seed=5001)
    base_records, base_timings = play_match(base_spec, jobs=1)
    baseline, _ = standings(base_records, base_timings, "basic", "basic", 4)
    assert tested["win_share"]["mean"] > baseline["win_share"]["mean"], (tested, baseline)
    assert tested["win_share"]["mean"] > opponent["win_share"]["mean"], (tested, opponent)
