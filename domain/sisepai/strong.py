"""The `strong` Sì Sè Pái level: a learned value of the hand it would keep, over its live outs.

Basic scores a concealed hand by its best partial partition (`ai.hand_value`) and settles most
discards by a coin flip: often several discards leave exactly the same score. Strong ranks every
discard, and every claim against passing, by a learned estimate of the chance that the seat goes
on to win with the concealed hand it would then be waiting with. The estimate is a logistic model
(weights in `strong_weights.py`, fitted on self-play by `scripts/train_sisepai_strong.py`) over
FEATURES of that hand, all from the seat's own view:

- basic's hand score, and the meld points already exposed (SSP-6.2);
- its outs, one public card ahead: over every kind still unseen (not in the hand, not exposed,
  not discarded, not the open card), the unseen copies that would
  - win (SSP-1.2: the concealed hand plus that card melds completely; any public card can,
    SSP-5.3 puts no restriction on a winning claim),
  - make an identical triple or quad (SSP-5.2 level 3: anyone, from any public card),
  - make a command, field or soldier group (only from one's own draw or the left seat's
    discard, SSP-5.3), or a single General or flower (one's own draw only),
  and what each claim would gain (basic's score after the claim and its best discard, SSP-4.3,
  minus the score now);
- the stock left, alone and with the score and outs (outs count for more while the stock lasts);
- the danger of the discard itself: pairs among its unseen copies (an opponent holding two of
  them claims a triple with it, SSP-5.2 level 3), so a claim is weighed with its forced discard.

Always takes a win. The work per decision is fixed (each candidate: at most 33 unseen kinds ×
the few claims each × one score per discard after it; no clock), it reads only the seat's view,
and its only randomness is the rng it is given (exact ties).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TypeVar

from ..base import PASS, Action, Policy, View
from . import strong_weights
from .ai import PW, _counts, hand_value, live_of, seen_copies
from .cards import COUNTS, FLOWER0, INDEX, N_CHESS, N_KINDS, discardable
from .melds import SINGLE, claim_options, is_complete

_MELD_POINTS: dict[str | None, int] = {"triple": 1, "quad": 2}

FEATURES = (
    "hand_score",  # basic's score of the concealed hand / 10
    "exposed_points",  # meld points already exposed (SSP-6.2)
    "win_outs",
    "identical_outs",
    "identical_gain",  # / 10
    "mixed_outs",
    "mixed_gain",  # / 10
    "single_outs",
    "single_gain",  # / 10
    "stock",  # cards left in the stock / 37
    "win_outs_x_stock",
    "identical_gain_x_stock",
    "mixed_gain_x_stock",
    "ready",  # 1 when some unseen card would complete the hand
    "hand_score_x_stock",
    "discard_danger",  # pairs among the unseen copies of the card just discarded (0 when none)
)


def _best_after_claim(hand: list[int], live: list[bool]) -> int | None:
    """Basic's score of the best discard from `hand` (SSP-4.3, SSP-4.4), or None when none."""
    best = None
    for i in range(N_CHESS):
        if hand[i] and discardable(i):
            hand[i] -= 1
            v = hand_value(hand, live)
            hand[i] += 1
            if best is None or v > best:
                best = v
    return best


def _claim_gain(hand: list[int], x: int, kind: str, cards: tuple[int, ...], live: list[bool]) -> int | None:
    used = list(cards)
    used.remove(x)
    for i in used:
        hand[i] -= 1
    after = _best_after_claim(hand, live)
    for i in used:
        hand[i] += 1
    if after is None:
        return None
    pts = 3 if kind == SINGLE and x >= FLOWER0 else (1 if kind == SINGLE else _MELD_POINTS.get(kind, 0))
    return after + PW * pts


def outs(hand: list[int], unseen: list[int], live: list[bool]) -> tuple[int, int, int, int, int, int, int]:
    """Unseen copies that would bring this concealed hand something, by kind of claim:
    (win outs, identical outs, their summed gain, mixed outs, their summed gain, single outs,
    their summed gain); a gain is basic's score after the claim and its best discard minus
    the score now."""
    base = hand_value(hand, live)
    wins = id_n = id_g = mix_n = mix_g = one_n = one_g = 0
    for x in range(N_KINDS):
        n = unseen[x]
        if n <= 0:
            continue
        hand[x] += 1
        won = is_complete(hand)
        hand[x] -= 1
        if won:
            wins += n
            continue
        best_ident = best_mixed = best_single = 0
        # as the drawer and the next seat: every claim the card could ever give (SSP-5.3)
        for kind, cards, _lvl in claim_options(hand, x, True, True):
            g = _claim_gain(hand, x, kind, cards, live)
            if g is None:
                continue
            gain = g - base
            if gain <= 0:
                continue
            if kind in ("triple", "quad"):
                best_ident = max(best_ident, gain)
            elif kind == SINGLE:
                best_single = max(best_single, gain)
            else:
                best_mixed = max(best_mixed, gain)
        if best_ident:
            id_n, id_g = id_n + n, id_g + n * best_ident
        if best_mixed:
            mix_n, mix_g = mix_n + n, mix_g + n * best_mixed
        if best_single:
            one_n, one_g = one_n + n, one_g + n * best_single
    return wins, id_n, id_g, mix_n, mix_g, one_n, one_g


def features(
    hand: list[int],
    unseen: list[int],
    live: list[bool],
    exposed_points: int,
    stock: int,
    discarded: int | None = None,
) -> tuple[float, ...]:
    """The learned value's inputs for a seat waiting with this concealed hand (FEATURES), just
    after discarding `discarded` (None: it passed)."""
    wins, id_n, id_g, mix_n, mix_g, one_n, one_g = outs(hand, unseen, live)
    sf = stock / 37
    hv = hand_value(hand, live) / 10
    # an opponent holding two of the unseen copies claims a triple with the discard (SSP-5.2)
    danger = 0 if discarded is None else unseen[discarded] * (unseen[discarded] - 1) / 2
    return (
        hv,
        exposed_points,
        wins,
        id_n,
        id_g / 10,
        mix_n,
        mix_g / 10,
        one_n,
        one_g / 10,
        sf,
        wins * sf,
        id_g / 10 * sf,
        mix_g / 10 * sf,
        1 if wins else 0,
        hv * sf,
        danger,
    )


@dataclass
class _Seat:
    """What one decision knows: the seat's concealed hand and the public facts it needs."""

    hand: list[int]
    live: list[bool]
    seen: list[int]
    exposed_points: int
    stock: int


def _value(
    ctx: _Seat,
    hand: list[int],
    seen: list[int],
    extra_points: int,
    discarded: int | None,
    weights: dict[str, float],
) -> float:
    """The learned log-odds (less the intercept) of winning while waiting with `hand`; `seen`
    holds every card public by then, `extra_points` the points of a meld about to be exposed."""
    unseen = [COUNTS[k] - seen[k] for k in range(N_KINDS)]
    f = features(hand, unseen, ctx.live, ctx.exposed_points + extra_points, ctx.stock, discarded)
    return sum(weights[name] * v for name, v in zip(FEATURES, f, strict=True))


def _discard_values(
    ctx: _Seat, hand: list[int], indices: list[int], extra_points: int, weights: dict[str, float]
) -> list[tuple[float, int]]:
    """(value, kind) of each discard of `indices` from `hand`."""
    scored = []
    seen = list(ctx.seen)
    for i in indices:
        seen[i] += 1  # the discard becomes public
        hand[i] -= 1
        scored.append((_value(ctx, hand, seen, extra_points, i, weights), i))
        hand[i] += 1
        seen[i] -= 1
    return scored


T = TypeVar("T")


def _pick(scored: list[tuple[float, T]], rng: random.Random) -> T:
    top = max(v for v, _ in scored)
    ties = [a for v, a in scored if v == top]
    return ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]


def make_strong_policy(weights: dict[str, float]) -> Policy:
    """The strong policy with these feature weights (strong_weights.WEIGHTS for the level)."""

    def strong_policy(view: View, legal: list[Action], rng: random.Random) -> Action:
        for a in legal:
            if a.id == "win":
                return a  # always take a win (SSP-1.2)
        if len(legal) == 1:
            return legal[0]
        hand = _counts(view.get("hand") or [])
        me = view["to_act"][0] if view.get("to_act") else None
        exposed = sum(m["points"] for m in view["seats"][me]["exposed"]) if me is not None else 0
        seen = seen_copies(view, hand)
        ctx = _Seat(hand, live_of(seen), seen, exposed, view["table"]["stock_count"])
        if view.get("phase") == "discard":
            by_kind = {INDEX[a.cards[0]]: a for a in legal}
            return by_kind[_pick(_discard_values(ctx, hand, sorted(by_kind), 0, weights), rng)]
        return _claim(view, ctx, legal, rng, weights)

    return strong_policy


def _claim(
    view: View, ctx: _Seat, legal: list[Action], rng: random.Random, weights: dict[str, float]
) -> Action:
    """Pass, or the claim whose best forced discard (SSP-4.3) leaves the most valuable hand."""
    claim = (view.get("table") or {}).get("claim") or {}
    card = claim.get("card")
    pass_action = next((a for a in legal if a.id == PASS), legal[0])
    if card is None:
        return pass_action
    x = INDEX[card]
    hand = ctx.hand
    options: list[tuple[float, Action]] = [(_value(ctx, hand, ctx.seen, 0, None, weights), pass_action)]
    for a in legal:
        if a.type != "claim":
            continue
        used = [INDEX[c] for c in a.cards]
        used.remove(x)
        h = list(hand)
        for i in used:
            h[i] -= 1
        kind = a.extra.get("meld")
        pts = _MELD_POINTS.get(kind, 0)
        if kind == SINGLE:
            pts = 3 if x >= FLOWER0 else 1
        discards = [i for i in range(N_CHESS) if h[i] and discardable(i)]
        if not discards:
            continue
        options.append((max(v for v, _ in _discard_values(ctx, h, discards, pts, weights)), a))
    return _pick(options, rng)


# The registered level: the learned value of strong_weights.py.
strong_policy = make_strong_policy(strong_weights.WEIGHTS)
