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

import math
import random
from dataclasses import dataclass
from typing import Any, TypeVar

from ..base import PASS, Action, Policy, View
from . import strong_weights
from .ai import PW, _counts, hand_value, live_of, seen_copies
from .cards import COUNTS, INDEX, N_CHESS, N_KINDS, discardable
from .inference import basic_claims, claimed_points, record, sample_worlds, values_after_claim
from .lookahead import play_on
from .melds import SINGLE, best_partition, claim_options, is_complete

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


def _claim_gain(hand: list[int], x: int, kind: str, cards: tuple[int, ...], live: list[bool]) -> int | None:
    values = values_after_claim(hand, x, cards, live)
    if not values:
        return None
    return max(values.values()) + PW * claimed_points(kind, x)


def _after_claim(hand: list[int], claim: Action, x: int) -> tuple[list[int], int]:
    """The concealed hand once `claim` of card kind `x` has taken its other cards out of it, and
    the points of the meld it exposes."""
    used = [INDEX[c] for c in claim.cards]
    used.remove(x)
    kept = list(hand)
    for i in used:
        kept[i] -= 1
    return kept, claimed_points(claim.extra.get("meld"), x)


def outs(
    hand: list[int], unseen: list[int] | list[float], live: list[bool]
) -> tuple[float, float, float, float, float, float, float]:
    """Unseen copies that would bring this concealed hand something, by kind of claim:
    (win outs, identical outs, their summed gain, mixed outs, their summed gain, single outs,
    their summed gain); a gain is basic's score after the claim and its best discard minus
    the score now."""
    base = hand_value(hand, live)
    wins = id_n = id_g = mix_n = mix_g = one_n = one_g = 0.0
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
    scale: list[float] | None = None,
) -> tuple[float, ...]:
    """The learned value's inputs for a seat waiting with this concealed hand (FEATURES), just
    after discarding `discarded` (None: it passed)."""
    weighted: list[float] | list[int] = (
        unseen if scale is None else [u * c for u, c in zip(unseen, scale, strict=True)]
    )
    wins, id_n, id_g, mix_n, mix_g, one_n, one_g = outs(hand, weighted, live)
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
    scale: list[float] | None = None,
) -> float:
    """The learned log-odds (less the intercept) of winning while waiting with `hand`; `seen`
    holds every card public by then, `extra_points` the points of a meld about to be exposed;
    `scale` weighs each kind's unseen copies as outs (None: each copy counts 1)."""
    unseen = [COUNTS[k] - seen[k] for k in range(N_KINDS)]
    f = features(hand, unseen, ctx.live, ctx.exposed_points + extra_points, ctx.stock, discarded, scale)
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


def _open_card(view: View, legal: list[Action]) -> tuple[dict[str, Any], int | None, Action]:
    """The claim window's public part, the kind of the card up for claims (None: no card) and
    the pass among the legal actions (SSP-5.1)."""
    claim = (view.get("table") or {}).get("claim") or {}
    card = claim.get("card")
    pass_action = next((a for a in legal if a.id == PASS), legal[0])
    return claim, None if card is None else INDEX[card], pass_action


def _claim(
    view: View, ctx: _Seat, legal: list[Action], rng: random.Random, weights: dict[str, float]
) -> Action:
    """Pass, or the claim whose best forced discard (SSP-4.3) leaves the most valuable hand."""
    _, x, pass_action = _open_card(view, legal)
    if x is None:
        return pass_action
    hand = ctx.hand
    options: list[tuple[float, Action]] = [(_value(ctx, hand, ctx.seen, 0, None, weights), pass_action)]
    for a in legal:
        if a.type != "claim":
            continue
        h, pts = _after_claim(hand, a, x)
        discards = [i for i in range(N_CHESS) if h[i] and discardable(i)]
        if not discards:
            continue
        options.append((max(v for v, _ in _discard_values(ctx, h, discards, pts, weights)), a))
    return _pick(options, rng)


# The registered level: the learned value of strong_weights.py.
strong_policy = make_strong_policy(strong_weights.WEIGHTS)


# ----- a candidate above the level: the learned value over worlds inferred from basic's play -----
#
# Not registered: measured against today's level on the tuning seed it showed no gain larger than
# its CI (docs/ai.md, "Sì Sè Pái: worlds inferred from basic's play"); kept to measure further
# (`--policy domain.sisepai.strong:inferring_policy`).


@dataclass(frozen=True)
class Inference:
    """Settings of the world-sampling layer over the learned value (see `make_inferring_policy`)."""

    worlds: int = 16  # worlds sampled per decision (inference.sample_worlds)
    tries: int = 8  # draws per seat and world until basic would have made its recorded decisions
    windows: int = 4  # claim windows checked per seat, the most recent since its last discard
    claim_penalty: float = 0.0  # the share of our chance lost when an opponent claims our discard
    live_outs: float = 0.0  # 0: outs counted as unseen copies; 1: scaled by where the worlds put them
    danger_feature: bool = True  # keep the learned discard-danger feature in the value
    horizon: int = 0  # public cards played on in each world after a candidate (0: no look-ahead)
    candidates: int = 4  # discards looked ahead from, the best by the one-step value


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z))


def _at_stock(f: tuple[float, ...], stock: int) -> tuple[float, ...]:
    """The same features with `stock` cards left: only the stock and its products change."""
    sf = stock / 37
    g = list(f)
    g[9], g[10], g[11], g[12], g[14] = sf, f[2] * sf, f[4] * sf, f[6] * sf, f[0] * sf
    return tuple(g)


def _minus(hand: list[int], d: int) -> list[int]:
    h = list(hand)
    h[d] -= 1
    return h


def make_inferring_policy(weights: dict[str, float], intercept: float, settings: Inference) -> Policy:
    """The learned value (the level's P(win) = sigmoid(intercept + value)) over sampled worlds.

    Each decision samples worlds consistent with the view and with the other seats' recent
    decisions as basic would make them (`inference.py`). In every world it asks what basic does
    with each card the seat might discard: win on it (SSP-1.2, SSP-5.2: a loss for the seat) or
    claim it (SSP-5.3). A discard is then worth P(win) × (1 − P(an opponent wins on it)) ×
    (1 − claim_penalty × P(an opponent claims it)); a claim its best forced discard (SSP-4.3);
    a pass the P(win) of the hand kept times the safest discard's factor (the seat will have to
    discard some time). Optional: outs weighted by where the worlds put their copies
    (`live_outs`: in the stock or a hand), and a look-ahead of `horizon` public cards per world
    (`lookahead.play_on`) for the best `candidates` discards and for the pass."""
    weights = dict(weights)
    if not settings.danger_feature:
        weights["discard_danger"] = 0.0
    base = make_strong_policy(weights)

    def inferring_policy(view: View, legal: list[Action], rng: random.Random) -> Action:
        for a in legal:
            if a.id == "win":
                return a
        if len(legal) == 1:
            return legal[0]
        hand = _counts(view.get("hand") or [])
        me = view["to_act"][0] if view.get("to_act") else None
        if me is None:
            return base(view, legal, rng)
        exposed = sum(m["points"] for m in view["seats"][me]["exposed"])
        seen = seen_copies(view, hand)
        ctx = _Seat(hand, live_of(seen), seen, exposed, view["table"]["stock_count"])
        rec = record(view, me, hand, settings.windows)
        worlds = sample_worlds(rec, settings.worlds, settings.tries, rng)
        nw = len(worlds)
        kinds = [i for i in range(N_CHESS) if hand[i] and discardable(i)]
        nxt = (me + 1) % 4
        p_win = {d: 0.0 for d in kinds}
        p_claim = {d: 0.0 for d in kinds}
        stock_share = [0.0] * N_KINDS
        for w in worlds:
            for k in w.stock:
                stock_share[k] += 1
            seen_by = {}
            for s, h in w.hands.items():
                seen_by[s] = [a + b for a, b in zip(h, rec.public, strict=True)]
            for d in kinds:
                won = claimed = False
                for s, h in w.hands.items():
                    h[d] += 1
                    if best_partition(tuple(h)) is not None:
                        won = True
                    h[d] -= 1
                    if won:
                        break
                    # a seat not next in turn claims only a triple or quad (SSP-5.3)
                    if not claimed and (h[d] >= 2 or s == nxt):
                        sb = seen_by[s]
                        sb[d] += 1
                        claimed = basic_claims(h, d, False, s == nxt, live_of(sb))
                        sb[d] -= 1
                if won:
                    p_win[d] += 1 / nw
                elif claimed:
                    p_claim[d] += 1 / nw
        scale = None
        if settings.live_outs:
            total_unseen = sum(rec.unseen)
            mean_share = rec.stock / total_unseen if total_unseen else 0.0
            scale = [1.0] * N_KINDS
            for k in range(N_KINDS):
                if rec.unseen[k] and mean_share:
                    share = stock_share[k] / (nw * rec.unseen[k])
                    scale[k] = 1 - settings.live_outs + settings.live_outs * share / mean_share
        lam = settings.claim_penalty
        rec_public = list(rec.public)

        def factor(d: int) -> float:
            return (1 - p_win[d]) * (1 - lam * p_claim[d])

        wvec = [weights[name] for name in FEATURES]

        def feats(h: list[int], sn: list[int], pts: int, d: int | None) -> tuple[float, ...]:
            unseen = [COUNTS[k] - sn[k] for k in range(N_KINDS)]
            return features(h, unseen, ctx.live, ctx.exposed_points + pts, ctx.stock, d, scale)

        def prob(f: tuple[float, ...]) -> float:
            return _sigmoid(intercept + sum(w * v for w, v in zip(wvec, f, strict=True)))

        def discard_scores(h: list[int], pts: int) -> list[tuple[float, int, tuple[float, ...]]]:
            out = []
            for d in range(N_CHESS):
                if h[d] and discardable(d):
                    sn = list(seen)
                    sn[d] += 1
                    h[d] -= 1
                    f = feats(h, sn, pts, d)
                    h[d] += 1
                    out.append((prob(f) * factor(d), d, f))
            return out

        horizon = settings.horizon
        seed = rng.getrandbits(32) if horizon else 0
        memos: list[dict[tuple[int, ...], tuple[int, tuple[int, ...]] | None]] = [{} for _ in worlds]

        def look(
            h: list[int], f: tuple[float, ...], public: list[int], card: int, owner: int, drawn: bool
        ) -> float:
            """Mean over the worlds of the value after playing on from `card` (won 1, lost 0,
            else the learned value with the stock then left)."""
            total = 0.0
            cache: dict[int, float] = {}
            for n, w in enumerate(worlds):
                hands = {s: list(hh) for s, hh in w.hands.items()}
                end, left = play_on(
                    me,
                    hands,
                    h,
                    list(public),
                    w.stock,
                    card,
                    owner,
                    drawn,
                    horizon,
                    random.Random(seed + n),
                    memos[n],
                )
                if end == "won":
                    total += 1
                elif end == "open":
                    if left not in cache:
                        cache[left] = prob(_at_stock(f, left))
                    total += cache[left]
            return total / nw * (1 - lam * p_claim[card]) if owner == me and card in p_claim else total / nw

        if view.get("phase") == "discard":
            by_kind = {INDEX[a.cards[0]]: a for a in legal}
            scored = [(v, d, f) for v, d, f in discard_scores(hand, 0) if d in by_kind]
            if horizon:
                scored.sort(key=lambda t: -t[0])
                scored = [
                    (look(_minus(hand, d), f, rec_public, d, me, False), d, f)
                    for _v, d, f in scored[: settings.candidates]
                ]
            return by_kind[_pick([(v, d) for v, d, _f in scored], rng)]
        claim, x, pass_action = _open_card(view, legal)
        if x is None:
            return pass_action
        f_pass = feats(hand, seen, 0, None)
        if horizon:
            pass_value = look(hand, f_pass, rec_public, x, claim["owner"], claim.get("source") == "draw")
        else:
            safest = max((factor(d) for d in kinds), default=1.0)
            pass_value = prob(f_pass) * safest
        options: list[tuple[float, Action]] = [(pass_value, pass_action)]
        for a in legal:
            if a.type != "claim":
                continue
            h, pts = _after_claim(hand, a, x)
            scored = discard_scores(h, pts)
            if not scored:
                continue
            if horizon:
                scored.sort(key=lambda t: -t[0])
                public = list(rec_public)
                for c in a.cards:
                    public[INDEX[c]] += 1
                value = max(
                    look(_minus(h, d), f, public, d, me, False) for _v, d, f in scored[: settings.candidates]
                )
            else:
                value = max(v for v, _d, _f in scored)
            options.append((value, a))
        return _pick(options, rng)

    return inferring_policy


# The candidate as measured (docs/ai.md): 16 worlds, only the opponents' wins (no claim penalty),
# no look-ahead: the best of the variants tried, level with today's strong.
inferring_policy = make_inferring_policy(strong_weights.WEIGHTS, strong_weights.INTERCEPT, Inference())
