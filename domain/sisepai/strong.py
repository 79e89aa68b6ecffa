"""The `strong` Sì Sè Pái level: basic's hand score plus a one-step look at the live outs.

Basic scores a concealed hand by its best partial partition (`ai.hand_value`) and settles
most discards by a coin flip: most of the time several discards leave exactly the same score.
Strong looks one public card ahead. For the concealed hand a decision would leave it counts,
over every kind still unseen (not in its hand, not exposed, not discarded, not the open card),
how many copies are unseen and what taking one would bring:

- a win (SSP-1.2: the concealed hand plus that card melds completely), which any public card
  can give (SSP-5.3 puts no restriction on a winning claim);
- an identical triple or quad (SSP-5.2 level 3), which anyone may claim from any public card;
- a command, field or soldier group, which only the drawer (its own draw) or the next player
  after a discarder may claim (SSP-5.3), so it counts for less;

each claim valued as basic would value it (the meld's points plus the best discard after it,
SSP-4.3), minus the hand's score now. These outs are worth `look` times their gain; the discard
gives a `danger` penalty when enough copies of it are unseen for an opponent to hold a pair and
claim a triple with it (SSP-5.2 level 3 outranks every non-winning claim). A claim is compared
with passing by the same measure, the claim's forced discard included.

The work per decision is fixed (at most 33 unseen kinds × the few claims each × one score of
every discard after it), it reads only the seat's view, and its only randomness is the rng it
is given (exact ties).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..base import PASS, Action
from . import strong_weights
from .ai import PW, _counts, _live, hand_value
from .cards import COUNTS, FLOWER0, INDEX, N_CHESS, N_KINDS, discardable
from .melds import SINGLE, claim_options, is_complete

_MELD_POINTS = {"triple": 1, "quad": 2}


@dataclass(frozen=True)
class StrongWeights:
    """How much each part of the look ahead counts, in units of basic's hand score."""

    win: float = 40.0  # per unseen copy that would complete the hand
    identical: float = 1.0  # per unseen copy × the gain of an identical triple/quad claim
    mixed: float = 0.35  # per unseen copy × the gain of a mixed group (own draw, or the left seat's discard)
    single: float = 0.25  # per unseen General/flower × the gain of taking it when drawn
    look: float = 0.05  # the weight of all the outs against basic's score
    danger: float = 0.0  # per unseen pair's worth of copies of the discard (a triple for an opponent)
    tie_only: bool = True  # the look ahead only breaks basic's exact ties (False: it adds to the score)


DEFAULT_WEIGHTS = StrongWeights()


def _seen(view: dict[str, Any], hand: list[int]) -> list[int]:
    seen = list(hand)
    for s in view["seats"]:
        for m in s.get("exposed", []):
            for c in m["cards"]:
                seen[INDEX[c]] += 1
        for c in s.get("discards", []):
            seen[INDEX[c]] += 1
    claim = (view.get("table") or {}).get("claim")
    if claim:
        seen[INDEX[claim["card"]]] += 1
    return seen


def _best_after_claim(hand: list[int], live: list[bool]) -> int:
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


def outs_value(hand: list[int], unseen: list[int], live: list[bool], w: StrongWeights) -> float:
    """The look ahead: unseen copies × what taking one would bring to this concealed hand."""
    wins, _, id_g, _, mix_g, _, one_g = outs(hand, unseen, live)
    return w.win * wins + w.identical * id_g + w.mixed * mix_g + w.single * one_g


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


def _danger(unseen: int, w: StrongWeights) -> float:
    """Copies of the discard still unseen (the discarded copy is public): an opponent holding
    two of them can claim a triple (SSP-5.2 level 3)."""
    return w.danger * (unseen * (unseen - 1) / 2)


Learned = tuple[float, dict[str, float]]  # (intercept, weight per FEATURES name)


@dataclass
class _Seat:
    """What one decision knows: the seat's concealed hand and the public facts it needs."""

    hand: list[int]
    live: list[bool]
    seen: list[int]
    exposed_points: int
    stock: int


def _look(
    ctx: _Seat,
    hand: list[int],
    seen: list[int],
    extra_points: int,
    discarded: int | None,
    w: StrongWeights,
    learned,
) -> float:
    """The look-ahead score of waiting with `hand` (seen: every card public by then)."""
    unseen = [COUNTS[k] - seen[k] for k in range(N_KINDS)]
    if learned is None:
        return w.look * outs_value(hand, unseen, ctx.live, w)
    f = features(hand, unseen, ctx.live, ctx.exposed_points + extra_points, ctx.stock, discarded)
    weights = learned[1]
    return sum(weights[name] * v for name, v in zip(FEATURES, f, strict=True))


def _discard_scores(
    ctx: _Seat, hand: list[int], indices: list[int], extra_points: int, w: StrongWeights, learned
) -> list[tuple[float, float, int]]:
    """(basic's score, strong's score, kind) for each discard of `indices` from `hand`."""
    out = []
    for i in indices:
        hand[i] -= 1
        base = hand_value(hand, ctx.live)
        hand[i] += 1
        out.append((base, i))
    top = max(b for b, _ in out)
    scored = []
    seen = list(ctx.seen)
    for b, i in out:
        if w.tie_only and b != top:
            continue
        seen[i] += 1  # the discard becomes public
        hand[i] -= 1
        look = _look(ctx, hand, seen, extra_points, i, w, learned)
        hand[i] += 1
        seen[i] -= 1
        total = look if learned is not None else b + look
        scored.append((b, total - _danger(COUNTS[i] - seen[i] - 1, w), i))
    return scored


def _pick(scored: list[tuple[float, Any]], rng: random.Random) -> Any:
    top = max(v for v, _ in scored)
    ties = [a for v, a in scored if v == top]
    return ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]


def make_strong_policy(w: StrongWeights = DEFAULT_WEIGHTS, learned: Learned | None = None):
    """The strong policy with these weights; `learned` replaces the hand-set look ahead by the
    learned logistic value (strong_weights.py)."""

    def strong_policy(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        for a in legal:
            if a.id == "win":
                return a  # always take a win (SSP-1.2)
        if len(legal) == 1:
            return legal[0]
        hand = _counts(view.get("hand") or [])
        me = view["to_act"][0] if view.get("to_act") else None
        exposed = sum(m["points"] for m in view["seats"][me]["exposed"]) if me is not None else 0
        ctx = _Seat(hand, _live(view, hand), _seen(view, hand), exposed, view["table"]["stock_count"])
        if view.get("phase") == "discard":
            by_kind = {INDEX[a.cards[0]]: a for a in legal}
            scored = _discard_scores(ctx, hand, sorted(by_kind), 0, w, learned)
            return by_kind[_pick([(t, i) for _, t, i in scored], rng)]
        return _claim(view, ctx, legal, rng, w, learned)

    return strong_policy


def _claim(view, ctx: _Seat, legal, rng, w, learned):
    claim = (view.get("table") or {}).get("claim") or {}
    card = claim.get("card")
    pass_action = next((a for a in legal if a.id == PASS), legal[0])
    if card is None:
        return pass_action
    x = INDEX[card]
    hand = ctx.hand
    # passing: the hand stays as it is
    pass_base = hand_value(hand, ctx.live)
    look = _look(ctx, hand, ctx.seen, 0, None, w, learned)
    options: list[tuple[float, float, Action]] = [
        (pass_base, look if learned is not None else pass_base + look, pass_action)
    ]
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
        if kind == "single":
            pts = 3 if x >= FLOWER0 else 1
        discards = [i for i in range(N_CHESS) if h[i] and discardable(i)]
        if not discards:
            continue
        scored = _discard_scores(ctx, h, discards, pts, w, learned)
        best_base = max(b for b, _, _ in scored)
        best_total = max(t for _, t, _ in scored)
        bonus = 0 if learned is not None else PW * pts
        options.append((best_base + PW * pts, best_total + bonus, a))
    if w.tie_only:
        # basic's comparison first (a claim must improve its score); the look ahead settles ties
        top = max(b for b, _, _ in options)
        return _pick([(t, a) for b, t, a in options if b == top], rng)
    return _pick([(t, a) for _, t, a in options], rng)


# The registered level: the learned value (strong_weights.py) ranks every discard and claim.
strong_policy = make_strong_policy(
    StrongWeights(tie_only=False), learned=(strong_weights.INTERCEPT, strong_weights.WEIGHTS)
)
