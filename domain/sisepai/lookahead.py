"""A short look-ahead in one sampled world: the other seats play `basic` until the seat decides
again.

From a public card the seat has just let go (its discard, or a card it passed), the play goes on
as the rules say (SSP-4, SSP-5) with every other seat answering and discarding as basic would in
the world (`inference.basic_claims` and `inference.discard_values`: basic's own scores; its coin
flip among equal discards drawn from the rng). The seat itself always wins when it can (SSP-1.2)
and otherwise only passes, so the play stops at the first public card that offers it a claim, or
after `horizon` public cards. Count vectors only: no view, no state object.
"""

from __future__ import annotations

import random

from .ai import PW, hand_value
from .cards import COUNTS
from .inference import claimed_points, discard_values, values_after_claim
from .melds import (
    LVL_DRAWER_WIN,
    LVL_WIN,
    best_partition,
    claim_options,
)
from .state import PLAYERS

__all__ = ["Outcome", "play_on"]


# How the look-ahead ended: ("won", _) the seat won; ("lost", _) another seat won or the stock
# ran out (SSP-1.3); ("open", stock left) the seat decides again or the horizon was reached.
Outcome = tuple[str, int]


def _basic_answer(
    hand: list[int], x: int, drawer: bool, next_: bool, public: list[int]
) -> tuple[int, tuple[int, ...]] | None:
    """basic's claim on public card x (ai.basic_policy): (SSP-5.2 level, meld cards) or None
    for a pass. The first claim with the highest score above the hand's score now."""
    options = claim_options(hand, x, drawer, next_)
    if not options:
        return None
    live = [h + p < c for h, p, c in zip(hand, public, COUNTS, strict=True)]
    live[x] = hand[x] + public[x] + 1 < COUNTS[x]
    best_val = hand_value(hand, live)
    best: tuple[int, tuple[int, ...]] | None = None
    for kind, cards, lvl in options:
        values = values_after_claim(hand, x, cards, live)
        if not values:
            continue
        val = max(values.values()) + PW * claimed_points(kind, x)
        if val > best_val:
            best_val, best = val, (lvl, cards)
    return best


def _complete_with(hand: list[int], x: int) -> bool:
    hand[x] += 1
    won = best_partition(tuple(hand)) is not None
    hand[x] -= 1
    return won


def play_on(
    me: int,
    hands: dict[int, list[int]],
    my_hand: list[int],
    public: list[int],
    stock: list[int],
    card: int,
    owner: int,
    drawn: bool,
    horizon: int,
    rng: random.Random,
    memo: dict[tuple[int, ...], tuple[int, tuple[int, ...]] | None] | None = None,
) -> Outcome:
    """Play on from the open public card `card` (owned by `owner`, drawn or discarded) which the
    seat `me` has passed or discarded. `hands` are the other seats' concealed hands (changed in
    place: pass copies), `public` the exposed and dead copies (changed in place), `stock` the
    world's stock, top first (not changed)."""
    pos = 0
    first = True
    for _ in range(horizon):
        # one claim window on `card` (SSP-5.1); the seat's own answer: a win or a pass
        best: tuple[tuple[int, int], int, tuple[int, ...]] | None = None
        seats = range(PLAYERS) if drawn else [(owner + k) % PLAYERS for k in range(1, PLAYERS)]
        for s in seats:
            order = (s - owner) % PLAYERS
            if s == me:
                if first:
                    continue  # the seat's answer to the first card is the one being judged
                if _complete_with(my_hand, card):
                    key = (LVL_DRAWER_WIN if drawn and s == owner else LVL_WIN, order)
                    if best is None or key < best[0]:
                        best = (key, s, ())
                    continue
                if claim_options(my_hand, card, drawn and s == owner, (owner + 1) % PLAYERS == s):
                    return ("open", len(stock) - pos)  # the seat decides again
                continue
            hand = hands[s]
            if _complete_with(hand, card):
                key = (LVL_DRAWER_WIN if drawn and s == owner else LVL_WIN, order)
                if best is None or key < best[0]:
                    best = (key, s, ())
                continue
            drawer = drawn and s == owner
            nxt = (owner + 1) % PLAYERS == s
            if not (drawer or nxt or hand[card] >= 2):
                continue  # a triple needs a pair (SSP-5.3)
            if memo is None:
                answer = _basic_answer(hand, card, drawer, nxt, public)
            else:
                # the same seat meets the same card with the same hand from several candidates
                # of the seat; which cards are public then differs a little, and is ignored
                memo_key = (card, int(drawer), int(nxt), *hand)
                if memo_key in memo:
                    answer = memo[memo_key]
                else:
                    answer = memo[memo_key] = _basic_answer(hand, card, drawer, nxt, public)
            if answer is not None:
                key = (answer[0], order)
                if best is None or key < best[0]:
                    best = (key, s, answer[1])
        first = False
        if best is not None:
            _, s, cards = best
            if not cards:
                return ("won", 0) if s == me else ("lost", 0)
            # SSP-4.2, SSP-5.5: the claimer exposes the meld and discards (basic's choice)
            hand = hands[s]
            used = list(cards)
            used.remove(card)
            for i in used:
                hand[i] -= 1
            for i in cards:
                public[i] += 1
            live = [h + p < c for h, p, c in zip(hand, public, COUNTS, strict=True)]
            values = discard_values(hand, live)
            top = max(values.values())
            ties = [i for i, v in values.items() if v == top]
            d = ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]
            hand[d] -= 1
            card, owner, drawn = d, s, False
            continue
        # untaken (SSP-5.4): a drawn card is the drawer's discard, which the same seats answer
        # the same way, so it is dead at once; then the next seat draws
        public[card] += 1
        if pos >= len(stock):
            return ("lost", 0)  # SSP-1.3: a drawn deal
        card, owner, drawn = stock[pos], (owner + 1) % PLAYERS, True
        pos += 1
    return ("open", len(stock) - pos)
