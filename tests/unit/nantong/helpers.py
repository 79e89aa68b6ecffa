"""Shared helpers for the Nantong tests."""

from __future__ import annotations

import random

from domain.nantong import RULESET
from domain.nantong.cards import CODES, COPIES


def cards(text: str) -> list[str]:
    """'1m2m3m QN' -> ['1m', '2m', '3m', 'QN'] (two characters per card, spaces ignored)."""
    s = text.replace(" ", "")
    assert len(s) % 2 == 0, text
    return [s[i : i + 2] for i in range(0, len(s), 2)]


def body(concealed: str, indicators: str = "9m9c", melds=(), win=None) -> dict:
    return {
        "indicators": cards(indicators),
        "concealed": cards(concealed),
        "melds": [{"kind": k, "card": c} for k, c in melds],
        "win": win,
    }


def score(concealed: str, indicators: str = "9m9c", melds=(), win=None) -> dict:
    return RULESET.score_hand(body(concealed, indicators, melds, win))


def items(result: dict) -> dict[str, int]:
    """what-prefix (before ':') -> hu, for groups; bonus what -> hu."""
    return {i["what"]: i["hu"] for i in result["items"]}


def hu_list(result: dict) -> list[tuple[str, int]]:
    return [(i["rule"], i["hu"]) for i in result["items"]]


def factors(result: dict) -> list[str]:
    return [m["what"] for m in result["multipliers"]]


def make_deck(
    dealer: int, hands: dict[int, str], indicators: str, front: str = "", back: str = "", fill_seed: int = 0
) -> list[str]:
    """A 120-card deck in the dealing order of NT-3 (docs/export-format.md, custom decks).  `hands` gives
    (possibly partial) hands; the rest is filled from the remaining cards,
    shuffled with `fill_seed`.  `front` are the first stock cards (drawn in
    order), `back` the replacements in the order they are drawn."""
    pool = {c: COPIES for c in CODES}
    given = {s: cards(h) for s, h in hands.items()}
    fixed = [c for h in given.values() for c in h] + cards(indicators) + cards(front) + cards(back)
    for c in fixed:
        pool[c] -= 1
        assert pool[c] >= 0, f"too many {c}"
    rest = [c for c in CODES for _ in range(pool[c])]
    random.Random(fill_seed).shuffle(rest)
    deck: list[str] = []
    for s in range(3):
        n = 23 if s == dealer else 22
        h = given.get(s, [])
        assert len(h) <= n
        deck += h
        for _ in range(n - len(h)):
            deck.append(rest.pop())
    deck += cards(indicators)
    stock_front = cards(front)
    stock_back = list(reversed(cards(back)))
    middle = 51 - len(stock_front) - len(stock_back)
    deck += stock_front + [rest.pop() for _ in range(middle)] + stock_back
    assert not rest and len(deck) == 120
    return deck


def new(
    dealer: int,
    hands: dict[int, str],
    indicators: str,
    front: str = "",
    back: str = "",
    deals: int = 1,
    fill_seed: int = 0,
):
    return RULESET.new_game(
        1, {"dealer": dealer, "deals": deals}, make_deck(dealer, hands, indicators, front, back, fill_seed)
    )


def ids(state, seat: int) -> list[str]:
    return [a.id for a in state.legal_actions(seat)]


def finish_prep(state) -> None:
    """Every seat still in preparation finishes."""
    while state.phase == "preparation":
        state.apply(state.current, "finish")


def pass_window(state) -> None:
    for s in list(state.to_act()):
        state.apply(s, "pass")
