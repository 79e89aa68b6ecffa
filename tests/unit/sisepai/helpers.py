"""Shared helpers for the sisepai tests: stacked decks and invariant checks."""

from __future__ import annotations

import random

from domain.sisepai import RULESET
from domain.sisepai.cards import CODES, COUNTS, N_KINDS
from domain.sisepai.melds import best_partition, classify


def family(code: str) -> set[str]:
    """The kinds a card can share a mixed group with (and itself)."""
    if code.startswith("F"):
        return {code}
    col, ch = code[0], code[1]
    if ch == "S":
        return {c + "S" for c in "rywg"}
    trio = "KAE" if ch in "KAE" else "RHC"
    return {col + x for x in trio}


# Padding order: Advisors, Elephants, Horses, Cannons, Generals, flowers,
# Soldiers, Chariots. Many lone Horses/Cannons keep padded hands far from complete.
FILL_ORDER = (
    [col + ch for ch in "AEHCK" for col in "rywg"]
    + [f"F{n}" for n in range(1, 6)]
    + [col + ch for ch in "SR" for col in "rywg"]
)


def stacked(hands: list[list[str]], stock: list[str], avoid: set[str] | None = None) -> list[str]:
    """A full 117-card deck: seat p starts with hands[p] padded to 20 cards,
    then the stock starts with `stock`. Padding never uses a kind in the
    family of any listed stock card (nor in `avoid`), and gives each seat
    distinct kinds where it can, so no filler card makes an unplanned claim."""
    pool = {c: n for c, n in zip(CODES, COUNTS, strict=True)}
    for c in [c for h in hands for c in h] + list(stock):
        pool[c] -= 1
        assert pool[c] >= 0, f"too many {c}"
    banned = set(avoid or ())
    for c in stock:
        banned |= family(c)
    out_hands = []
    hands = list(hands) + [[] for _ in range(4 - len(hands))]
    for h in hands:
        h = list(h)
        assert len(h) <= 20
        have = set(h)
        for rnd in range(4):
            for c in FILL_ORDER:
                if len(h) == 20:
                    break
                if c in banned or pool[c] == 0 or (rnd == 0 and c in have):
                    continue
                if rnd < 2 and c in have:
                    continue
                h.append(c)
                have.add(c)
                pool[c] -= 1
        assert len(h) == 20
        out_hands.append(h)
    rest = [c for c in CODES for _ in range(pool[c])]
    return [c for h in out_hands for c in h] + list(stock) + rest


def game(hands, stock, dealer=0, avoid=None, seed=0):
    return RULESET.new_game(seed, {"dealer": dealer}, stacked(hands, stock, avoid))


def ids(st, seat):
    return [a.id for a in st.legal_actions(seat)]


def answer_all(st, answers: dict[int, str]):
    """Answer the open claim window: the given seats their answer, the rest pass."""
    for seat in list(st.to_act()):
        st.apply(seat, answers.get(seat, "pass"))


def conserved(st) -> bool:
    """117 cards: concealed hands + exposed melds + discard piles + stock + open card."""
    tally = [0] * N_KINDS
    for h in st.hands:
        for i, n in enumerate(h):
            tally[i] += n
    for ms in st.exposed:
        for _, cards in ms:
            for i in cards:
                tally[i] += 1
    for d in st.discards:
        for i in d:
            tally[i] += 1
    for i in st.stock:
        tally[i] += 1
    if st.card is not None:
        tally[st.card] += 1
    return tally == list(COUNTS)


def check_invariants(st) -> None:
    assert conserved(st), "SSP-2.1: 117 cards conserved"
    for p in range(4):
        for kind, cards in st.exposed[p]:
            assert classify(cards) == kind, "SSP-3: every exposed meld legal"
            assert kind != "pair", "SSP-5.3: pairs are never exposed"
        owned = sum(st.hands[p]) + sum(len(c) for _, c in st.exposed[p])
        if st.phase == "discard" and st.actor == p:
            assert owned == 21
        elif st.phase == "finished" and st.winner == p:
            assert owned == 21
        else:
            assert owned == 20
    if st.phase == "finished" and st.outcome == "win":
        assert best_partition(tuple(st.hands[st.winner])) is not None, "SSP-1.2: winner complete"


def play_random(seed: int, steps: int, levels=("random",) * 4):
    st = RULESET.new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if st.is_finished():
            break
        seat = st.to_act()[0]
        pol = RULESET.policy(levels[seat])
        st.apply(seat, pol(st.view(seat), st.legal_actions(seat), rng).id)
    return st


def codes(s: str) -> list[str]:
    return s.split()
