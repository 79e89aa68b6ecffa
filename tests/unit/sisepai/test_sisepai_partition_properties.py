"""Property tests (hypothesis) of the best partition (SSP-1.2, SSP-3, SSP-6.2) against a brute force.

`best_partition` splits a hand into independent parts and memoises each; the brute force here knows
nothing of parts: it tries every legal meld (by `classify`, SSP-3) containing the lowest card left,
on small hands, and keeps the highest total, then the fewest mixed groups (the SSP-6.2 tie rule).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement

from hypothesis import given
from hypothesis import strategies as st

from domain.sisepai.cards import COUNTS, N_KINDS
from domain.sisepai.melds import MIXED, best_partition, classify, meld_points

# Every legal meld of SSP-3 as a sorted tuple of card indices (1 to 4 cards).
LEGAL_MELDS: tuple[tuple[int, ...], ...] = tuple(
    cards
    for size in range(1, 5)
    for cards in combinations_with_replacement(range(N_KINDS), size)
    if classify(cards) is not None
)
MELDS_BY_LOWEST: dict[int, list[tuple[int, ...]]] = {
    k: [m for m in LEGAL_MELDS if m[0] == k] for k in range(N_KINDS)
}


@cache
def brute_best(counts: tuple[int, ...]) -> tuple[int, int] | None:
    """(highest total, fewest mixed groups at that total) over every partition, or None."""
    lowest = next((k for k, n in enumerate(counts) if n), None)
    if lowest is None:
        return 0, 0
    best = None
    for meld in MELDS_BY_LOWEST[lowest]:
        need = Counter(meld)
        if any(counts[k] < n for k, n in need.items()):
            continue
        rest = list(counts)
        for k, n in need.items():
            rest[k] -= n
        sub = brute_best(tuple(rest))
        if sub is None:
            continue
        kind = classify(meld)
        candidate = (sub[0] + meld_points(kind, meld), sub[1] + (kind in MIXED))
        if best is None or (candidate[0], -candidate[1]) > (best[0], -best[1]):
            best = candidate
    return best


def as_counts(cards: list[int]) -> tuple[int, ...] | None:
    counts = [0] * N_KINDS
    for k in cards:
        counts[k] += 1
    return tuple(counts) if all(n <= COUNTS[k] for k, n in enumerate(counts)) else None


# Hands built from a few legal melds (often complete) plus a few loose cards (often not).
hands = (
    st.builds(
        lambda melds, loose: [k for m in melds for k in m] + loose,
        st.lists(st.sampled_from(LEGAL_MELDS), max_size=6),
        st.lists(st.integers(0, N_KINDS - 1), max_size=3),
    )
    .map(as_counts)
    .filter(lambda counts: counts is not None and sum(counts) > 0)
)


@given(hands)
def test_best_partition_matches_the_brute_force(counts):
    found = best_partition(counts)
    expected = brute_best(counts)
    assert (found is None) == (expected is None)
    if found is None:
        return
    points, melds = found
    assert points == expected[0]  # SSP-6.2: the highest total
    assert sum(kind in MIXED for kind, _ in melds) == expected[1]  # then the fewest mixed groups


@given(hands)
def test_the_best_partition_is_a_partition_into_legal_melds(counts):
    found = best_partition(counts)
    if found is None:
        return
    points, melds = found
    for kind, cards in melds:
        assert classify(cards) == kind
    assert Counter(k for _, cards in melds for k in cards) == Counter(
        {k: n for k, n in enumerate(counts) if n}
    )
    assert points == sum(meld_points(kind, cards) for kind, cards in melds)
