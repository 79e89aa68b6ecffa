"""Property tests (hypothesis) of the Nantong win test (NT-1.2) and settlement (NT-9.2).

`is_complete` and `partitions` read a hand from its lowest kind up; the brute force here removes the
pair first (any kind) and then any group anywhere, so it shares no search order with them.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from domain.nantong.cards import COPIES, N_KINDS, can_sequence_start
from domain.nantong.scoring import is_complete, partitions, settle, waits

# Every group of NT-1.2 as a tuple of kinds: triplets of any kind, sequences of one suit.
GROUPS: tuple[tuple[int, ...], ...] = tuple((k, k, k) for k in range(N_KINDS)) + tuple(
    (k, k + 1, k + 2) for k in range(N_KINDS) if can_sequence_start(k)
)


def without(counts: tuple[int, ...], cards) -> tuple[int, ...] | None:
    rest = list(counts)
    for k in cards:
        if rest[k] == 0:
            return None
        rest[k] -= 1
    return tuple(rest)


@cache
def only_groups(counts: tuple[int, ...]) -> bool:
    if not any(counts):
        return True
    return any((rest := without(counts, g)) is not None and only_groups(rest) for g in GROUPS)


def brute_complete(counts: tuple[int, ...]) -> bool:
    """One pair of any kind, the rest triplets and sequences in any order (NT-1.2)."""
    return any(n >= 2 and only_groups(without(counts, (k, k))) for k, n in enumerate(counts))


def as_counts(cards: list[int]) -> tuple[int, ...] | None:
    counts = Counter(cards)
    if any(n > COPIES for n in counts.values()):
        return None
    return tuple(counts.get(k, 0) for k in range(N_KINDS))


def hand_of(pair: int, groups: list[tuple[int, ...]], swapped: list[int]) -> list[int]:
    """A pair and groups (a complete hand); with `swapped`, its last card replaced by that card."""
    cards = [pair, pair, *(k for g in groups for k in g)]
    return cards[: len(cards) - len(swapped)] + swapped


kinds = st.integers(0, N_KINDS - 1)
hands = (
    st.builds(hand_of, kinds, st.lists(st.sampled_from(GROUPS), max_size=4), st.lists(kinds, max_size=1))
    .map(as_counts)
    .filter(lambda counts: counts is not None)
)


@given(hands)
def test_the_win_test_matches_the_brute_force(counts):
    assert is_complete(counts) == brute_complete(counts)


@given(hands)
def test_every_partition_reads_the_whole_hand_as_groups_and_one_pair(counts):
    found = partitions(counts)
    assert bool(found) == is_complete(counts)
    for part in found:
        assert sum(kind == "p" for kind, _ in part) == 1
        cards = Counter()
        for kind, k in part:
            cards.update({"t": (k, k, k), "p": (k, k), "s": (k, k + 1, k + 2)}[kind])
            assert kind != "s" or can_sequence_start(k)
        assert cards == Counter({k: n for k, n in enumerate(counts) if n})
    assert len(set(found)) == len(found)


@given(hands.filter(lambda counts: sum(counts) % 3 == 2 and any(counts)))
def test_the_waits_are_the_kinds_that_complete_the_hand(counts):
    hand = without(counts, [next(k for k, n in enumerate(counts) if n)])  # 3m+1 cards
    expected = [k for k in range(N_KINDS) if hand[k] < COPIES and brute_complete(with_card(hand, k))]
    assert waits(hand) == expected


def with_card(counts: tuple[int, ...], added: int) -> tuple[int, ...]:
    return tuple(n + (k == added) for k, n in enumerate(counts))


@given(st.lists(st.integers(0, 10_000).map(lambda n: n * 10), min_size=3, max_size=3))
def test_settlement_is_zero_sum_and_pairwise(rounded):
    """NT-9.2: each pair of players settles the difference of their rounded totals."""
    paid = settle(rounded)
    assert sum(paid) == 0
    for i, mine in enumerate(rounded):
        assert paid[i] == sum(mine - other for other in rounded)
