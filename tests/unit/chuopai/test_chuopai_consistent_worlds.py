"""Worlds consistent with every play of the other seats (inference.ConsistentWorlds: drawn by
rejection, or reached by swap chains), the screened search of `strong` that plays every legal
action out in the first worlds, the chained search that plays its candidates out in the
worlds of the chains, and the adaptive search that reads as basic only the seats basic explains
(strong.py)."""

from __future__ import annotations

import random

import pytest

from domain.base import random_policy
from domain.chuopai.ai import basic_policy
from domain.chuopai.inference import ConsistentWorlds, history, mismatches
from domain.chuopai.strong import ADAPTIVE, CHAINED, SCREENED, search_policy, worlds
from tests.unit.chuopai.helpers import decisions_of


def test_a_world_is_consistent_exactly_when_basic_explains_every_play():
    """The compiled checks (CP-2.5 bonus, CP-4.1 leads, CP-4.2 passes and beats) agree with
    `mismatches` over the whole history on every draw, and the true hands always pass."""
    agree = consistent = 0
    for seed in (11, 12):
        for st, seat in decisions_of(seed, [basic_policy] * 3, every=4):
            if st.phase != "play":
                continue
            view = st.view(seat)
            sampler = ConsistentWorlds(view, seat)
            assert sampler.consistent([list(h) for h in st.hands])
            hist = history(view, seat, 1000)
            rng = random.Random(seed)
            for _ in range(15):
                hands = sampler.draw(rng)
                ok = sampler.consistent(hands)
                assert ok == (mismatches(hist, hands, 1000) == 0)
                agree += 1
                consistent += ok
    assert agree > 300 and 0 < consistent < agree  # both kinds of world were seen


def test_drawn_worlds_keep_the_view_and_the_hand_sizes():
    for st, seat in decisions_of(5, [basic_policy] * 3, every=6):
        if st.phase != "play":
            continue
        view = st.view(seat)
        got = ConsistentWorlds(view, seat).worlds(random.Random(2), 6, 48)
        again = ConsistentWorlds(view, seat).worlds(random.Random(2), 6, 48)
        assert got == again  # a function of the rng
        assert len(got) == 6
        for hands in got:
            assert hands[seat] == st.hands[seat]  # its own hand is never re-dealt
            assert [sum(h) for h in hands] == [sum(h) for h in st.hands]
            # every card is where the view allows: the unseen ones, once each (CP-2.1)
            assert [hands[0][k] + hands[1][k] + hands[2][k] for k in range(21)] == [
                st.hands[0][k] + st.hands[1][k] + st.hands[2][k] for k in range(21)
            ]


def test_against_players_unlike_basic_the_worlds_are_still_dealt():
    """With random seats few or no draws explain every play; the search still gets its worlds."""
    for st, seat in decisions_of(7, [basic_policy, random_policy, random_policy], every=5):
        if st.phase != "play" or seat != 0 or st.round_no < 5:
            continue
        view = st.view(seat)
        assert len(ConsistentWorlds(view, seat).worlds(random.Random(0), 5, 10)) == 5
        assert len(worlds(view, seat, random.Random(0), 5, SCREENED)) == 5
        assert len(worlds(view, seat, random.Random(0), 5, CHAINED)) == 5


@pytest.mark.parametrize(
    "search,seed,every,least",
    [(SCREENED, 2, 7, 5), (CHAINED, 4, 12, 3), (ADAPTIVE, 6, 12, 3)],
    ids=["screened", "chained", "adaptive"],
)
def test_the_search_decides_the_same_twice_and_sees_only_its_view(search, seed, every, least):
    checked = 0
    for st, seat in decisions_of(seed, [basic_policy] * 3, every=every):
        legal = st.legal_actions(seat)
        if len(legal) < 2:
            continue
        view = st.view(seat)
        assert all("hand" not in s for s in view["seats"])
        a = search_policy(view, legal, random.Random(f"x:{seat}"), search)
        b = search_policy(view, legal, random.Random(f"x:{seat}"), search)
        assert a == b and a in legal
        checked += 1
    assert checked >= least


def test_violations_count_the_plays_basic_would_not_have_made():
    """`violations` over the compiled checks is `mismatches` over the whole history, on draws
    that break some checks and on the true hands (which break none against basic seats)."""
    seen_bad = 0
    for st, seat in decisions_of(13, [basic_policy] * 3, every=5):
        if st.phase != "play":
            continue
        view = st.view(seat)
        sampler = ConsistentWorlds(view, seat)
        hist = history(view, seat, 1000)
        assert sampler.violations([list(h) for h in st.hands], 1000) == 0
        rng = random.Random(3)
        for _ in range(5):
            hands = sampler.draw(rng)
            bad = sampler.violations(hands, 1000)
            assert bad == mismatches(hist, hands, 1000)
            assert sampler.violations(hands, 0) == min(bad, 1)  # counting stops past the limit
            seen_bad += bad > 0
    assert seen_bad > 5


def test_a_world_counted_before_is_counted_the_same_whatever_the_limits_in_between():
    """`violations` remembers the worlds it counted (a chain comes back to them): a count that
    stopped at a low limit is only a lower bound and must not answer a higher limit."""
    compared = 0
    for st, seat in decisions_of(17, [basic_policy] * 3, every=4):
        if st.phase != "play":
            continue
        view = st.view(seat)
        rng = random.Random(5)
        draws = [ConsistentWorlds(view, seat).draw(rng) for _ in range(4)]
        remembering = ConsistentWorlds(view, seat)
        for limit in (0, 2, 1000, 1, 0, 1000):
            for hands in draws:
                fresh = ConsistentWorlds(view, seat).violations([list(h) for h in hands], limit)
                assert remembering.violations(hands, limit) == fresh
                compared += 1
    assert compared > 100


def test_chained_worlds_keep_the_view_and_are_a_function_of_the_rng():
    for st, seat in decisions_of(5, [basic_policy] * 3, every=6):
        if st.phase != "play":
            continue
        view = st.view(seat)
        got = ConsistentWorlds(view, seat).chained(random.Random(2), 7, 2, 20, 3)
        again = ConsistentWorlds(view, seat).chained(random.Random(2), 7, 2, 20, 3)
        assert got == again
        assert len(got) == 7
        for hands in got:
            assert hands[seat] == st.hands[seat]
            assert [sum(h) for h in hands] == [sum(h) for h in st.hands]
            assert [hands[0][k] + hands[1][k] + hands[2][k] for k in range(21)] == [
                st.hands[0][k] + st.hands[1][k] + st.hands[2][k] for k in range(21)
            ]


def test_chains_reach_the_worlds_that_explain_every_play_and_stay_there():
    """Against basic seats a chain's worlds explain every play far more often than worlds
    drawn from the view, and once a chain has reached such a world it never leaves them
    (a move is kept only if it breaks no more checks)."""
    chained = drawn = total = 0
    for seed in (21, 22):
        for st, seat in decisions_of(seed, [basic_policy] * 3, every=4):
            if st.phase != "play" or st.round_no < 3:
                continue
            view = st.view(seat)
            sampler = ConsistentWorlds(view, seat)
            rng = random.Random(seed)
            ws = sampler.chained(rng, 6, 1, 40, 3)
            ok = [sampler.consistent(w) for w in ws]
            if True in ok:
                assert all(ok[ok.index(True) :])
            chained += sum(ok)
            drawn += sum(sampler.consistent(sampler.draw(rng)) for _ in range(6))
            total += 6
    assert total > 100
    assert chained > 0.5 * total and chained > 2 * drawn  # measured: 175, 53 of 288


def test_unexplained_counts_each_seats_plays_that_basic_would_not_have_made():
    """Per seat, the plays and bonus answer basic would not have made: none for the true hands
    of basic seats; with the passes (which bind every player, CP-4.2) they add up to
    `violations`."""
    for st, seat in decisions_of(17, [basic_policy] * 3, every=5):
        if st.phase != "play":
            continue
        view = st.view(seat)
        sampler = ConsistentWorlds(view, seat)
        truth = [list(h) for h in st.hands]
        assert sampler.unexplained(truth) == {s: 0 for s in range(3) if s != seat}
        hands = sampler.draw(random.Random(4))
        passes = ConsistentWorlds(view, seat, frozenset()).violations(hands, 1000)
        assert sum(sampler.unexplained(hands).values()) + passes == sampler.violations(hands, 1000)


def test_a_seat_not_read_as_basic_is_checked_by_its_passes_alone():
    """Random seats play what basic would not, so their true hands break checks when read as
    basic, and never when only their passes are checked (CP-4.2 binds every player)."""
    broken = 0
    for st, seat in decisions_of(19, [basic_policy, random_policy, random_policy], every=3):
        if st.phase != "play" or seat != 0:
            continue
        view = st.view(seat)
        truth = [list(h) for h in st.hands]
        assert ConsistentWorlds(view, seat, frozenset()).violations(truth, 1000) == 0
        as_basic = ConsistentWorlds(view, seat)
        broken += as_basic.violations(truth, 1000) > 0
        assert sum(as_basic.unexplained(truth).values()) == as_basic.violations(truth, 1000)
    assert broken >= 3


def test_the_adaptive_search_reads_basic_seats_as_basic_and_others_by_their_passes():
    """Against basic seats ADAPTIVE's worlds are CHAINED's wherever the chains' best world
    explains every play. Against random seats, whose plays no world explains as basic's, the
    chains run again on their passes alone: other worlds than CHAINED's, each keeping every
    pass (CP-4.2)."""
    same = 0
    for st, seat in decisions_of(23, [basic_policy] * 3, every=6):
        if st.phase != "play" or st.round_no < 2:
            continue
        view = st.view(seat)
        chained = worlds(view, seat, random.Random(5), 8, CHAINED)
        sampler = ConsistentWorlds(view, seat)
        if any(sampler.consistent(w.hands) for w in chained):
            adaptive = worlds(view, seat, random.Random(5), 8, ADAPTIVE)
            assert [w.hands for w in adaptive] == [w.hands for w in chained]
            same += 1
    assert same >= 3
    positions = other = 0
    for st, seat in decisions_of(29, [basic_policy, random_policy, random_policy], every=3):
        if st.phase != "play" or seat != 0 or st.round_no < 3:
            continue
        view = st.view(seat)
        passes = ConsistentWorlds(view, seat, frozenset())
        adaptive = worlds(view, seat, random.Random(5), 8, ADAPTIVE)
        assert len(adaptive) == 8 and all(passes.consistent(w.hands) for w in adaptive)
        chained = worlds(view, seat, random.Random(5), 8, CHAINED)
        other += [w.hands for w in adaptive] != [w.hands for w in chained]
        positions += 1
    assert positions >= 5 and other >= 0.8 * positions  # measured: 9 of 9
