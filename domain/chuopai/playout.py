"""Count-vector play-outs of a Chuo Pai deal: the strong search's rollouts (strong.py).

`rollout` plays a deal to its end with basic's choices in every seat: a fast replica of
`State.apply` driven by `ai.basic_policy`'s rules (CP-4.1 to CP-5.2), on copies of the hands'
count vectors, never building every legal Action (tests check that it agrees with the real
State, candidate play included). Basic's lead and follow are read off prebuilt plays and, per
family, the kinds that rank higher (CP-3.3). `endgame_piles` solves the rest of a deal exactly
for one seat against basic everywhere else once the hands are small, and `outcome` scores final
piles for a seat (CP-5.3).
"""

from __future__ import annotations

from functools import cache
from operator import add

from .ai import _COMBO_KINDS
from .cards import (
    CODES,
    COMBO_FAMILY_INDEX,
    COMBOS,
    FAMILIES,
    KIND_FAMILY,
    KIND_RANK,
    N_KINDS,
    NAIL,
    ORDINARY,
    TWO_RED,
    Play,
    all_plays,
)
from .state import PLAYERS, ChuoPaiState

MARGIN_WEIGHT = 0.02  # weight of (own pile − best other pile) next to a win

# Kinds of the same family that rank strictly higher (CP-2.2, CP-3.3).
HIGHER: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in range(N_KINDS) if KIND_FAMILY[j] == KIND_FAMILY[k] and KIND_RANK[j] > KIND_RANK[k])
    for k in range(N_KINDS)
)
# Per family, its identities grouped by equal rank, highest rank first.
_RANK_GROUPS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(k for k in range(N_KINDS) if KIND_FAMILY[k] == f and KIND_RANK[k] == r)
        for r in sorted({KIND_RANK[k] for k in range(N_KINDS) if KIND_FAMILY[k] == f}, reverse=True)
    )
    for f in range(len(FAMILIES))
)
# The same groups with their rank: ((rank, identities), ...) per family.
_RANKED_GROUPS: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple((KIND_RANK[g[0]], g) for g in groups) for groups in _RANK_GROUPS
)
# basic_lead's pass over a family: (kind, rank, whether it is the last kind of its rank) per
# kind, highest rank first; one flat loop per family costs less than a loop per rank.
_FAMILY_PASSES: tuple[tuple[tuple[int, int, bool], ...], ...] = tuple(
    tuple((k, r, i == len(group) - 1) for r, group in groups for i, k in enumerate(group))
    for groups in _RANKED_GROUPS
)
# Per special combination, the (key, member, member) kinds of the higher-ranked ones (CP-3.2).
_HIGHER_COMBOS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((kk, x, y) for _nm, kk, (x, y), cr in COMBOS if cr > COMBOS[ci][3]) for ci in range(len(COMBOS))
)
COMBO_KIND = tuple(k in _COMBO_KINDS for k in range(N_KINDS))
# Dump order of ai.basic_policy's weak single: kinds outside combinations first, by rank then code.
_DUMP_ORDERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted((k for k in range(N_KINDS) if COMBO_KIND[k] == flag), key=lambda k: (KIND_RANK[k], CODES[k]))
    )
    for flag in (False, True)
)


# Per seat, the other two in turn order (CP-4.2: the seats after it).
_OTHERS: tuple[tuple[int, int], ...] = tuple(((s + 1) % PLAYERS, (s + 2) % PLAYERS) for s in range(PLAYERS))


def beatable(p: Play, pool: list[int]) -> bool:
    """ai.can_be_beaten on a Play: could the pooled cards beat it (CP-3.3)?"""
    if p.family == COMBO_FAMILY_INDEX:
        k = p.size // 2
        for _name, key, (m1, m2), crank in COMBOS:
            if crank > p.rank and pool[key] >= k and pool[m1] + pool[m2] >= k:
                return True
        return False
    n = p.size
    for j in HIGHER[p.kinds[0]]:
        if pool[j] >= n:
            return True
    return False


def _pool(hands: list[list[int]], seat: int) -> list[int]:
    a, b = _OTHERS[seat]
    return list(map(add, hands[a], hands[b]))


def _combo_plays(hand: list[int], ci: int, k: int) -> list[Play]:
    """The special combinations (CP-3.2) of combination `ci` with k keys, in legal order."""
    name, key, (m1, m2), crank = COMBOS[ci]
    a_have, b_have = hand[m1], hand[m2]
    out = []
    for a in range(min(k, a_have), max(0, k - b_have) - 1, -1):  # more m1 first: smaller kinds
        kinds = (key,) * k + (m1,) * a + (m2,) * (k - a)
        out.append(Play(COMBO_FAMILY_INDEX, 2 * k, crank, kinds, name))
    return out


def _thresholds(a: list[int], b: list[int]) -> list[int]:
    """Per kind: the most copies of one strictly higher identity of its family held by
    a and b together (the pool). A play of n cards of kind k cannot be beaten by the
    pool iff n > this (CP-3.3)."""
    th = [0] * N_KINDS
    for groups in _RANK_GROUPS:
        m = 0
        for g in groups:
            for k in g:
                th[k] = m
            for k in g:
                c = a[k] + b[k]
                if c > m:
                    m = c
    return th


def _split_lead(hand: list[int], a: list[int], b: list[int]) -> Play:
    """The seat's lead in a rollout of `Search.split_leads`: basic's rule, except that a play
    counts as safe when neither other hand *alone* can beat it (CP-3.3, CP-4.2: each
    follower beats with its own cards) — in a world the hands are known."""
    zero = [0] * N_KINDS
    ta, tb = _thresholds(a, zero), _thresholds(b, zero)
    th = [x if x > y else y for x, y in zip(ta, tb, strict=True)]
    best_size = best_rank = 0
    tie_k: list[int] = []
    for k in range(N_KINDS):
        n = hand[k]
        if n > th[k]:
            r = KIND_RANK[k]
            if n > best_size or (n == best_size and r < best_rank):
                best_size, best_rank, tie_k = n, r, [k]
            elif n == best_size and r == best_rank:
                tie_k.append(k)
    safe_combos = []
    for ci, (_name, key_kind, (m1, m2), crank) in enumerate(COMBOS):
        n = min(hand[key_kind], hand[m1] + hand[m2])
        if n and not any(
            cr > crank and any(h[kk] >= n and h[x] + h[y] >= n for h in (a, b))
            for _nm, kk, (x, y), cr in COMBOS
        ):
            safe_combos.append((ci, n))
    return _lead_of(hand, best_size, best_rank, tie_k, safe_combos)


def basic_lead(hand: list[int], a: list[int], b: list[int]) -> Play:
    """ai.basic_policy when leading (CP-4.1), with a and b the other two hands (the
    pool of unseen cards), without enumerating every play.

    Being unbeatable only gets easier with more cards, so per identity (and per
    combination) only the largest play can be basic's safe choice: the most cards,
    then the lowest rank, then the smallest action id. A hot path of every rollout and
    world check: one pass over each family, highest rank first, finds what the pool
    holds above each identity (`_thresholds`) and the safe plays together."""
    best_size = best_rank = 0
    tie_k: list[int] = []
    for family in _FAMILY_PASSES:
        above = top = 0  # the most copies of one strictly higher identity in the pool (CP-3.3)
        for k, r, closes_rank in family:
            n = hand[k]
            if n > above:
                if n > best_size or (n == best_size and r < best_rank):
                    best_size, best_rank, tie_k = n, r, [k]
                elif n == best_size and r == best_rank:
                    tie_k.append(k)
            c = a[k] + b[k]
            if c > top:
                top = c
            if closes_rank:
                above = top
    safe_combos = []
    for ci, (_name, key_kind, (m1, m2), _crank) in enumerate(COMBOS):
        n = hand[key_kind]
        if not n:
            continue
        m = hand[m1] + hand[m2]
        if m < n:
            n = m
            if not n:
                continue
        for kk, x, y in _HIGHER_COMBOS[ci]:  # CP-3.2: a higher combination the pool can make
            if a[kk] + b[kk] >= n and a[x] + b[x] + a[y] + b[y] >= n:
                break
        else:
            safe_combos.append((ci, n))
    return _lead_of(hand, best_size, best_rank, tie_k, safe_combos)


@cache
def _action_id(play: Play) -> str:
    """`play.id`, built once per play (basic breaks its ties by it, on a hot path)."""
    return play.id


def _lead_of(
    hand: list[int], best_size: int, best_rank: int, tie_k: list[int], safe_combos: list[tuple[int, int]]
) -> Play:
    """Basic's lead: among its largest safe plays of the lowest rank — `best_size` cards of rank
    `best_rank` of each kind in `tie_k`, or the safe (combination, keys) in `safe_combos` — the
    smallest action id; with none, a weak single."""
    tie_c: list[tuple[int, int]] = []
    for ci, n in safe_combos:
        size, crank = 2 * n, COMBOS[ci][3]
        if size > best_size or (size == best_size and crank < best_rank):
            best_size, best_rank, tie_k, tie_c = size, crank, [], [(ci, n)]
        elif size == best_size and crank == best_rank:
            tie_c.append((ci, n))
    if len(tie_k) == 1 and not tie_c:
        k = tie_k[0]
        return ORDINARY[best_size][k]
    if tie_k or tie_c:
        ties = [ORDINARY[best_size][k] for k in tie_k]
        for ci, n in tie_c:
            ties.extend(_combo_plays(hand, ci, n))
        return min(ties, key=_action_id)
    # No safe play: dump a weak single — not of a combination kind, not of a
    # multiple, the lowest rank, the smallest code (as ai.basic_policy does).
    for order in _DUMP_ORDERS:
        for k in order:
            if hand[k] == 1:
                return ORDINARY[1][k]
        for k in order:
            if hand[k] > 1:
                return ORDINARY[1][k]
    raise AssertionError("a leader always holds a card")  # pragma: no cover


def plays_beating(hand: list[int], old: Play) -> list[Play]:
    """cards.beating_plays (CP-3.3) without the cache, in legal order."""
    if old.family == COMBO_FAMILY_INDEX:
        k = old.size // 2
        out: list[Play] = []
        for ci, (_name, key, (m1, m2), crank) in enumerate(COMBOS):
            if crank > old.rank and hand[key] >= k and hand[m1] + hand[m2] >= k:
                out.extend(_combo_plays(hand, ci, k))
        out.sort(key=lambda p: (p.rank, p.kinds))
        return out
    n = old.size
    plays = ORDINARY[n]  # prebuilt: no Play built on this hot path
    return [plays[j] for j in HIGHER[old.kinds[0]] if hand[j] >= n]


def basic_follow(beating: list[Play], pool: list[int], later: bool) -> Play:
    """ai.basic_policy when following (CP-4.2): the cheapest beat, a safe one if others follow."""
    if len(beating) == 1:
        return beating[0]
    # Stable order as in ai.basic_policy: by rank, then combination cards spent, then legal order.
    cheapest = sorted(beating, key=lambda p: (p.rank, sum(COMBO_KIND[k] for k in p.kinds), p.kinds))
    if later:
        for p in cheapest:
            if not beatable(p, pool):
                return p
    return cheapest[0]


def rollout(
    st: ChuoPaiState,
    first: Play | None = None,
    solver: int | None = None,
    endgame: int = 0,
    split: bool = False,
    memo: EndgameMemo | None = None,
) -> list[int]:
    """Play `st` to the end with the basic policy for every seat; the final pile sizes.

    `first`, if given, is the play the seat to act makes first (in the play phase;
    it must be legal there) — the same as `st.apply` of its action, without
    building every legal Action. Works on copies of the state's count vectors
    (the State is not changed). With a `solver` seat, once a round is to be led and
    the hands hold at most `endgame` cards in all, the rest is solved exactly for that
    seat instead (`endgame_piles`: its best play against basic everywhere else, its solved
    positions kept in `memo` when given); with `split`, the solver seat leads by `_split_lead`
    until then."""
    hands = [list(h) for h in st.hands]
    piles = [len(p) for p in st.piles]
    if st.phase == "finished":
        return piles
    pending = list(st.pending)
    if st.phase == "bonus":
        for s in pending:  # CP-2.5: basic always takes the opening bonus
            h = hands[s]
            if h[NAIL] and h[TWO_RED]:
                piles[s] += h[NAIL] + h[TWO_RED]
                h[NAIL] = h[TWO_RED] = 0
        pending = [st.first_leader]
        highest: Play | None = None
        hseat = -1
    else:
        highest = None if st.highest is None else st.highest[1]
        hseat = -1 if st.highest is None else st.highest[0]
    sizes = [sum(h) for h in hands]  # cards in each hand, kept as plays leave them
    while True:
        while pending:
            s = pending.pop(0)
            hand = hands[s]
            if first is not None:  # the candidate under test (CP-4.1 or CP-4.2)
                p, first = first, None
                for k in p.kinds:
                    hand[k] -= 1
                sizes[s] -= p.size
                if highest is None:
                    pending = [o for o in _OTHERS[s] if sizes[o]]
            elif highest is None:
                a, b = _OTHERS[s]
                if split and s == solver:
                    p = _split_lead(hand, hands[a], hands[b])
                else:
                    p = basic_lead(hand, hands[a], hands[b])
                for k in p.kinds:
                    hand[k] -= 1
                sizes[s] -= p.size
                pending = [o for o in (a, b) if sizes[o]]
            else:
                beating = plays_beating(hand, highest)
                if not beating:
                    continue  # CP-4.2: pass
                if len(beating) == 1:
                    p = beating[0]
                elif pending:
                    p = basic_follow(beating, _pool(hands, s), True)
                else:
                    p = basic_follow(beating, [], False)
                for k in p.kinds:
                    hand[k] -= 1
                sizes[s] -= p.size
            highest, hseat = p, s
        assert highest is not None
        piles[hseat] += highest.size  # CP-4.3
        highest = None
        if PLAYERS - sizes.count(0) <= 1:  # CP-5.2
            return piles
        nxt = hseat if sizes[hseat] else next(o for o in _OTHERS[hseat] if sizes[o])
        pending = [nxt]  # CP-4.4
        if solver is not None and sum(sizes) <= endgame:
            return endgame_piles(hands, piles, nxt, solver, memo)


# Solved endgame positions: (hands, piles, leader) -> final piles, for one solving seat.
EndgameMemo = dict[tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int], list[int]]


def endgame_piles(
    hands: list[list[int]], piles: list[int], leader: int, seat: int, memo: EndgameMemo | None = None
) -> list[int]:
    """The final piles when `seat` plays the rest of the deal perfectly (it sees every hand)
    against the basic policy in the other seats, `leader` to lead the next round (CP-4.1):
    an exhaustive search over the seat's plays, the other seats' plays read off basic.

    A position's answer depends on nothing else, so `memo` may be shared by every solve for the
    same `seat`: a decision's rollouts (its candidates in one world, its worlds) often reach the
    same endgame, about half the solves in a measured run."""
    if memo is None:
        memo = {}

    def lead(hs: tuple[tuple[int, ...], ...], pl: tuple[int, ...], s: int) -> list[int]:
        key = (hs, pl, s)
        got = memo.get(key)
        if got is not None:
            return got
        if s != seat:  # basic's one lead: nothing to compare
            h = [list(x) for x in hs]
            a, b = _OTHERS[s]
            p = basic_lead(h[s], h[a], h[b])
            for k in p.kinds:
                h[s][k] -= 1
            followers = [o for o in (a, b) if any(h[o])]
            memo[key] = got = follow(h, pl, followers, p, s)
            return got
        options = all_plays(hs[s])
        best: list[int] | None = None
        best_v = -1e9
        for p in options:
            h2 = [list(x) for x in hs]
            for k in p.kinds:
                h2[s][k] -= 1
            followers = [o for o in _OTHERS[s] if any(h2[o])]
            res = follow(h2, pl, followers, p, s)
            v = outcome(res, seat)
            if v > best_v:
                best, best_v = res, v
        assert best is not None
        memo[key] = best
        return best

    def follow(h: list[list[int]], pl: tuple[int, ...], pending: list[int], high: Play, hs: int) -> list[int]:
        if not pending:  # CP-4.3: the round ends
            piles2 = list(pl)
            piles2[hs] += high.size
            holds = any(h[hs])
            holding = [o for o in _OTHERS[hs] if any(h[o])]
            if len(holding) + holds <= 1:  # CP-5.2
                return piles2
            nxt = hs if holds else holding[0]  # CP-4.4
            return lead(tuple(tuple(x) for x in h), tuple(piles2), nxt)
        s, rest = pending[0], pending[1:]
        beating = plays_beating(h[s], high)
        if not beating:  # CP-4.2: pass
            return follow(h, pl, rest, high, hs)
        if s != seat:  # basic's one answer: nothing to compare
            p = (
                beating[0]
                if len(beating) == 1
                else basic_follow(beating, _pool(h, s) if rest else [], bool(rest))
            )
            h2 = [list(x) for x in h]
            for k in p.kinds:
                h2[s][k] -= 1
            return follow(h2, pl, rest, p, s)
        best: list[int] | None = None
        best_v = -1e9
        for p in beating:
            h2 = [list(x) for x in h]
            for k in p.kinds:
                h2[s][k] -= 1
            res = follow(h2, pl, rest, p, s)
            v = outcome(res, seat)
            if v > best_v:
                best, best_v = res, v
        assert best is not None
        return best

    return lead(tuple(tuple(x) for x in hands), tuple(piles), leader)


def outcome(piles: list[int], seat: int) -> float:
    """CP-5.3 for `seat`: win 1, an n-way draw 1/n, a loss 0; plus the pile margin."""
    best = max(piles)
    other = max(p for s, p in enumerate(piles) if s != seat)
    win = 0.0 if piles[seat] < best else 1.0 / piles.count(best)
    return win + MARGIN_WEIGHT * (piles[seat] - other)
