"""The `strong` AI for Chuo Pai: determinized Monte-Carlo search.

For a decision with more than one legal action it samples determinizations of
what its seat cannot see: the two other concealed hands (their ``hand_count``
is public). The unseen cards are the 84-card deck (CP-2.1) minus its own
hand, every point pile (opening bonuses included, CP-2.5), the discarded
cards and the cards of the current trick (CP-4.3). A seat that passed in the
previous or the current round could not beat the highest play at that moment
(CP-4.2), so it is dealt no card that would let it beat (while the other seat
has room for it).

Each sample is a real `ChuoPaiState` (`ChuoPaiState.from_view`); every
candidate action is applied to it and the deal is played to its end (CP-5.2)
with the `basic` policy for every seat. The basic policy does not use its rng,
so a rollout is a pure function of the sample; it is run by `rollout`, a fast
count-vector replica of `State.apply` driven by `ai.basic_policy` (tests check
that it agrees with the real State, candidate play included; an opening-bonus
answer is applied with `State.apply` itself). Common random numbers: every
candidate is scored on the same samples.

Outcome for the acting seat (CP-5.3): 1 for a win, 1/n for an n-way draw for
the largest pile, 0 otherwise, plus MARGIN_WEIGHT × (own pile − best other
pile) as a tie-break. The best mean wins; ties go to the earlier legal action.

Candidates are pruned with basic's judgement: basic's choice plus the best
others by a cheap heuristic (`MAX_CANDIDATES` in all). The budget is a fixed
number of rollouts per decision (`ROLLOUTS`), never wall-clock time: the
decision is a pure function of (view, legal, rng). The policy never sees the
real State.

What a `Search` adds to that (the `CANDIDATE` settings, the `strong` level before `ADAPTIVE`;
`REFERENCE` turns all of it off: the level as first released, kept as
`reference_policy` for the head-to-head measure in docs/ai.md):
- worlds ranked by the other seats' plays: `WORLDS_PER_SAMPLE` times as many
  worlds are drawn and those in which basic would have made the most of the
  other seats' plays in the last `CHECKED_ROUNDS` rounds are kept (inference.py);
- an exact endgame: once the hands hold at most `ENDGAME_CARDS` cards in all, a
  rollout ends with the seat's perfect play against basic (`endgame_piles`);
- optional, measured and left off (docs/ai.md): lead candidates ranked by the
  cards they are expected to bank (`banked_order`), and leading in rollouts what
  neither other hand alone can beat (`_split_lead`).

The `SCREENED` settings (`screened_policy`; measured, not adopted: docs/ai.md) change
two things:
- worlds that explain *every* play of the other seats (inference.ConsistentWorlds:
  basic would have made each of them there), the first consistent draws of at most
  `CONSISTENT_DRAWS` per world wanted (then inconsistent draws fill up, e.g. against
  players who are not basic);
- screening instead of the heuristic's 5 candidates: every legal action is played out
  in the first `SCREEN_WORLDS` worlds, and the best `MAX_CANDIDATES` of them (and
  basic's choice) in all `SCREENED_WORLDS` worlds. Measured on stored positions
  against the move a player seeing every hand would make, the heuristic's 5
  candidates miss that move in about a third of the positions (docs/ai.md).

The `CHAINED` settings (`chained_policy`; measured against CANDIDATE in docs/ai.md) keep
CANDIDATE's candidates, rollouts and endgame and draw its worlds from swap chains instead
(inference.ConsistentWorlds.chained): from a drawn world, a chain swaps single cards between
the two other hands, keeping a swap unless it breaks more of the checks (basic's play at every
past decision of the other seats, the passes of CP-4.2, the bonus of CP-2.5), so it reaches
the worlds that explain every play — which rejection seldom finds — in a fixed number of
moves (`CHAINS` × (`CHAIN_BURN` + worlds × `CHAIN_THIN`)).

The `ADAPTIVE` settings (`adaptive_policy`) are CHAINED's, except that a
seat is read as basic only while basic explains its plays: if the chains' best world leaves
`DISTRUST_AFTER` or more of a seat's plays unexplained (`ConsistentWorlds.unexplained`), the
chains run again checking only that seat's passes, which bind every player (CP-4.2). Against
basic the chains' worlds stay CHAINED's; against people and other searches, whose plays basic
does not explain, they are no longer wrong with confidence (docs/ai.md).

The `DOUBLED` settings (`LEVEL`, the `strong` level) are ADAPTIVE's with twice the rollouts:
twice the worlds per candidate, so a candidate's mean wanders less from one decision to the next;
a decision whose chains ran twice (a seat read by its passes alone) keeps ADAPTIVE's rollouts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from domain.base import PASS, Action, View

from .ai import _COMBO_KINDS, basic_policy, unseen_counts
from .cards import (
    CODES,
    COMBO_FAMILY_INDEX,
    COMBOS,
    FAMILIES,
    INDEX,
    KIND_FAMILY,
    KIND_RANK,
    N_KINDS,
    NAIL,
    ORDINARY,
    TWO_RED,
    Play,
    all_plays,
)
from .inference import ConsistentWorlds, history, mismatches
from .state import PLAYERS, ChuoPaiState

ROLLOUTS = 96  # rollouts per decision, shared among the candidates
MIN_SAMPLES = 8  # determinizations per candidate at the least
MAX_CANDIDATES = 5  # basic's choice + the best others by the heuristic
WORLDS_PER_SAMPLE = 4  # worlds drawn per world kept, ranked by the plays they explain
CHECKED_ROUNDS = 8  # recent rounds whose plays rank the worlds
ENDGAME_CARDS = 9  # cards left in all hands from which rollouts solve the rest exactly
MARGIN_WEIGHT = 0.02  # weight of (own pile − best other pile) next to a win
SCREEN_WORLDS = 4  # worlds in which every legal action is played out (SCREENED)
SCREENED_WORLDS = 20  # worlds in which the best actions of the screen are played out (SCREENED)
CHAINS = 2  # swap chains per decision (CHAINED)
CHAIN_BURN = 60  # moves of a chain before its first world (CHAINED)
CHAIN_THIN = 4  # moves between two worlds of a chain (CHAINED)
DISTRUST_AFTER = 1  # unexplained plays from which a seat is not read as basic (ADAPTIVE)
CONSISTENT_DRAWS = 8  # draws at most per world wanted that explains every play (SCREENED)

# Kinds of the same family that rank strictly higher (CP-2.2, CP-3.3).
_HIGHER: tuple[tuple[int, ...], ...] = tuple(
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
# Per special combination, the (key, member, member) kinds of the higher-ranked ones (CP-3.2).
_HIGHER_COMBOS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((kk, x, y) for _nm, kk, (x, y), cr in COMBOS if cr > COMBOS[ci][3]) for ci in range(len(COMBOS))
)
_COMBO_KIND = tuple(k in _COMBO_KINDS for k in range(N_KINDS))
# Dump order of ai.basic_policy's weak single: kinds outside combinations first, by rank then code.
_DUMP_ORDERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted((k for k in range(N_KINDS) if _COMBO_KIND[k] == flag), key=lambda k: (KIND_RANK[k], CODES[k]))
    )
    for flag in (False, True)
)


# ----------------------------------------------------------- determinization
def _play_of(cards: list[str]) -> Play:
    """The Play (CP-3.1/CP-3.2) made of exactly these cards."""
    counts = [0] * N_KINDS
    for c in cards:
        counts[INDEX[c]] += 1
    kinds = tuple(sorted(INDEX[c] for c in cards))
    for p in all_plays(tuple(counts)):
        if p.kinds == kinds:
            return p
    raise ValueError(f"not a play: {cards}")  # pragma: no cover - views only show plays


def _pass_constraints(view: View) -> list[tuple[int, Play]]:
    """(seat, highest play it could not beat) for each pass in the previous and the
    current round (CP-4.2: a seat that can beat must beat). Cards only leave a hand,
    so what a seat could not beat then it cannot beat now."""
    out = []
    table = view["table"]
    rounds = [(table.get("last_round") or {}).get("plays", []), table.get("trick", [])]
    for plays in rounds:
        highest: Play | None = None
        for t in plays:
            if t["type"] == PASS:
                if highest is not None:
                    out.append((t["seat"], highest))
            else:
                highest = _play_of(t["cards"])
    return out


def _risky_kinds(p: Play) -> set[int]:
    """Kinds that can make a play beating `p` (CP-3.3)."""
    if p.family == COMBO_FAMILY_INDEX:
        return {k for _n, key, (m1, m2), crank in COMBOS if crank > p.rank for k in (key, m1, m2)}
    return set(_HIGHER[p.kinds[0]])


def determinize(view: View, seat: int, rng: random.Random) -> ChuoPaiState:
    """A real state consistent with `view`: the unseen cards dealt at random to the
    other seats' hands, respecting their public hand counts."""
    left = unseen_counts(view)
    pool = [k for k in range(N_KINDS) for _ in range(left[k])]  # sorted: no hash order
    others = [s for s in range(PLAYERS) if s != seat]
    counts = [view["seats"][s]["hand_count"] for s in others]
    if sum(counts) != len(pool):  # pragma: no cover - a consistent view always matches
        raise ValueError("hand counts do not match the unseen cards")
    hands: list[list[int]] = [[0] * N_KINDS for _ in range(PLAYERS)]
    for c in view.get("hand") or []:
        hands[seat][INDEX[c]] += 1
    rng.shuffle(pool)
    room = dict(zip(others, counts, strict=True))
    # CP-4.2: a seat that passed could not beat the highest play then, so it gets no
    # card that would let it beat (being able to beat only grows with cards) while
    # the other seat has room. The cards that could matter are dealt first.
    cons = {s: [p for t, p in _pass_constraints(view) if t == s] for s in others}
    risky: set[int] = set()
    for s in others:
        for p in cons[s]:
            risky |= _risky_kinds(p)
    if risky:
        pool.sort(key=lambda k: k not in risky)  # stable: the shuffle decides within each part
    for k in pool:
        ok = [s for s in others if room[s] > 0]
        if len(ok) == 2 and k in risky:
            fits = []
            for s in ok:
                hands[s][k] += 1
                if not any(_beating(hands[s], p) for p in cons[s]):
                    fits.append(s)
                hands[s][k] -= 1
            if fits:
                ok = fits
        if len(ok) == 2:  # a uniform split: each seat in proportion to its room left
            s = ok[0] if rng.randrange(room[ok[0]] + room[ok[1]]) < room[ok[0]] else ok[1]
        else:
            s = ok[0]
        hands[s][k] += 1
        room[s] -= 1
    return ChuoPaiState.from_view(view, hands)


# ------------------------------------------------------------------ rollout
def _beatable(p: Play, pool: list[int]) -> bool:
    """ai.can_be_beaten on a Play: could the pooled cards beat it (CP-3.3)?"""
    if p.family == COMBO_FAMILY_INDEX:
        k = p.size // 2
        for _name, key, (m1, m2), crank in COMBOS:
            if crank > p.rank and pool[key] >= k and pool[m1] + pool[m2] >= k:
                return True
        return False
    n = p.size
    for j in _HIGHER[p.kinds[0]]:
        if pool[j] >= n:
            return True
    return False


def _pool(hands: list[list[int]], seat: int) -> list[int]:
    a, b = hands[(seat + 1) % PLAYERS], hands[(seat + 2) % PLAYERS]
    return [a[k] + b[k] for k in range(N_KINDS)]


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


def _basic_lead(hand: list[int], a: list[int], b: list[int]) -> Play:
    """ai.basic_policy when leading (CP-4.1), with a and b the other two hands (the
    pool of unseen cards), without enumerating every play.

    Being unbeatable only gets easier with more cards, so per identity (and per
    combination) only the largest play can be basic's safe choice: the most cards,
    then the lowest rank, then the smallest action id. A hot path of every rollout and
    world check: one pass over each family, highest rank first, finds what the pool
    holds above each identity (`_thresholds`) and the safe plays together."""
    best_size = best_rank = 0
    tie_k: list[int] = []
    for groups in _RANKED_GROUPS:
        above = 0  # the most copies of one strictly higher identity in the pool (CP-3.3)
        for r, group in groups:
            top = above
            for k in group:
                n = hand[k]
                if n > above:
                    if n > best_size or (n == best_size and r < best_rank):
                        best_size, best_rank, tie_k = n, r, [k]
                    elif n == best_size and r == best_rank:
                        tie_k.append(k)
                c = a[k] + b[k]
                if c > top:
                    top = c
            above = top
    safe_combos = []
    for ci, (_name, key_kind, (m1, m2), _crank) in enumerate(COMBOS):
        n = hand[key_kind]
        if not n:
            continue
        n = min(n, hand[m1] + hand[m2])
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


def _beating(hand: list[int], old: Play) -> list[Play]:
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
    return [plays[j] for j in _HIGHER[old.kinds[0]] if hand[j] >= n]


def _basic_follow(beating: list[Play], pool: list[int], later: bool) -> Play:
    """ai.basic_policy when following (CP-4.2): the cheapest beat, a safe one if others follow."""
    if len(beating) == 1:
        return beating[0]
    # Stable order as in ai.basic_policy: by rank, then combination cards spent, then legal order.
    cheapest = sorted(beating, key=lambda p: (p.rank, sum(_COMBO_KIND[k] for k in p.kinds), p.kinds))
    if later:
        for p in cheapest:
            if not _beatable(p, pool):
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
                    pending = [(s + i) % PLAYERS for i in (1, 2) if sizes[(s + i) % PLAYERS]]
            elif highest is None:
                if split and s == solver:
                    p = _split_lead(hand, hands[(s + 1) % PLAYERS], hands[(s + 2) % PLAYERS])
                else:
                    p = _basic_lead(hand, hands[(s + 1) % PLAYERS], hands[(s + 2) % PLAYERS])
                for k in p.kinds:
                    hand[k] -= 1
                sizes[s] -= p.size
                pending = [(s + i) % PLAYERS for i in (1, 2) if sizes[(s + i) % PLAYERS]]
            else:
                beating = _beating(hand, highest)
                if not beating:
                    continue  # CP-4.2: pass
                if len(beating) == 1:
                    p = beating[0]
                elif pending:
                    p = _basic_follow(beating, _pool(hands, s), True)
                else:
                    p = _basic_follow(beating, [], False)
                for k in p.kinds:
                    hand[k] -= 1
                sizes[s] -= p.size
            highest, hseat = p, s
        assert highest is not None
        piles[hseat] += highest.size  # CP-4.3
        highest = None
        if PLAYERS - sizes.count(0) <= 1:  # CP-5.2
            return piles
        nxt = next((hseat + i) % PLAYERS for i in range(PLAYERS) if sizes[(hseat + i) % PLAYERS])
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
            p = _basic_lead(h[s], h[(s + 1) % PLAYERS], h[(s + 2) % PLAYERS])
            for k in p.kinds:
                h[s][k] -= 1
            followers = [(s + i) % PLAYERS for i in (1, 2) if any(h[(s + i) % PLAYERS])]
            memo[key] = got = follow(h, pl, followers, p, s)
            return got
        options = all_plays(hs[s])
        best: list[int] | None = None
        best_v = -1e9
        for p in options:
            h2 = [list(x) for x in hs]
            for k in p.kinds:
                h2[s][k] -= 1
            followers = [(s + i) % PLAYERS for i in (1, 2) if any(h2[(s + i) % PLAYERS])]
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
            if sum(1 for x in h if any(x)) <= 1:  # CP-5.2
                return piles2
            nxt = next((hs + i) % PLAYERS for i in range(PLAYERS) if any(h[(hs + i) % PLAYERS]))
            return lead(tuple(tuple(x) for x in h), tuple(piles2), nxt)
        s, rest = pending[0], pending[1:]
        beating = _beating(h[s], high)
        if not beating:  # CP-4.2: pass
            return follow(h, pl, rest, high, hs)
        if s != seat:  # basic's one answer: nothing to compare
            p = (
                beating[0]
                if len(beating) == 1
                else _basic_follow(beating, _pool(h, s) if rest else [], bool(rest))
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


# ---------------------------------------------------------------- the policy
@dataclass(frozen=True)
class Search:
    """A fixed budget of work per decision (never wall-clock time)."""

    rollouts: int  # rollouts per decision, shared among the candidates
    min_samples: int  # determinizations per candidate at the least
    max_candidates: int  # basic's choice + the best others by the heuristic
    worlds_per_sample: int  # worlds drawn per world kept (1: keep every world drawn)
    checked_rounds: int  # recent rounds whose plays rank the worlds (inference.py)
    endgame: int  # solve exactly once the hands hold at most this many cards (0: never)
    ranked_leads: bool = False  # lead candidates by expected cards banked over the worlds
    split_leads: bool = False  # in rollouts the seat leads what neither other hand alone can beat
    # Screening (0: off, candidates by `candidates`): every legal action is played out in the
    # first `screen_worlds` worlds, and the best `max_candidates` of them by that (with basic's
    # choice) in all `min_samples` worlds.
    screen_worlds: int = 0
    # Worlds drawn whole-history consistent (inference.ConsistentWorlds), at most this many
    # draws per world wanted (0: off, worlds as `worlds_per_sample` and `checked_rounds` say).
    consistent_draws: int = 0
    # Worlds from Markov chains of card swaps between the two other hands that reach worlds
    # explaining every play (inference.ConsistentWorlds.chained): `chains` chains, each
    # `chain_burn` moves before its first world, then a world every `chain_thin` moves
    # (0 chains: off).
    chains: int = 0
    chain_burn: int = 0
    chain_thin: int = 1
    # With chains: a seat whose plays the chains' best world leaves this many or more unexplained
    # by basic (inference.ConsistentWorlds.unexplained) is not read as basic, and the chains run
    # again with only its passes checked (0: every seat read as basic).
    distrust_after: int = 0
    # With distrust_after: the rollouts of a decision whose chains ran twice (0: `rollouts`), so
    # the second run of the chains is paid for with fewer worlds and a decision's work stays
    # bounded whoever the other players are.
    rollouts_when_distrusted: int = 0


# The `strong` level as first released: the yardstick of the head-to-head measure (docs/ai.md),
# so every later change of `strong` is measured against it.
REFERENCE = Search(rollouts=ROLLOUTS, min_samples=MIN_SAMPLES, max_candidates=MAX_CANDIDATES,
                   worlds_per_sample=1, checked_rounds=0, endgame=0)  # fmt: skip
# The `strong` level before ADAPTIVE: the levers that measured best on the tuning seeds, then
# better than REFERENCE against basic on the evaluation seed (docs/ai.md); `candidate_policy`.
CANDIDATE = Search(rollouts=ROLLOUTS, min_samples=MIN_SAMPLES, max_candidates=MAX_CANDIDATES,
                   worlds_per_sample=WORLDS_PER_SAMPLE, checked_rounds=CHECKED_ROUNDS,
                   endgame=ENDGAME_CARDS)  # fmt: skip
# Measured and not adopted (docs/ai.md: no gain over CANDIDATE on the evaluation seed, and a
# longer p95): worlds that explain every play of the other seats, every legal action screened
# in the first SCREEN_WORLDS of them, the best MAX_CANDIDATES (and basic's choice) played out
# in all SCREENED_WORLDS; `screened_policy`.
SCREENED = Search(rollouts=0, min_samples=SCREENED_WORLDS, max_candidates=MAX_CANDIDATES,
                worlds_per_sample=1, checked_rounds=0, endgame=ENDGAME_CARDS,
                screen_worlds=SCREEN_WORLDS, consistent_draws=CONSISTENT_DRAWS)  # fmt: skip

# CANDIDATE with its worlds drawn by swap chains that reach the worlds explaining every play
# of the other seats (inference.ConsistentWorlds.chained) instead of ranked draws.
CHAINED = Search(rollouts=ROLLOUTS, min_samples=MIN_SAMPLES, max_candidates=MAX_CANDIDATES,
                 worlds_per_sample=1, checked_rounds=0, endgame=ENDGAME_CARDS,
                 chains=CHAINS, chain_burn=CHAIN_BURN, chain_thin=CHAIN_THIN)  # fmt: skip

# CHAINED, reading as basic only the seats whose plays basic explains (the `strong` level until
# DOUBLED): a seat whose plays the chains' best world leaves unexplained by basic
# (DISTRUST_AFTER or more) is checked by its passes alone (CP-4.2), so players who are not
# basic — people, other searches — do not mislead the worlds with confidence (docs/ai.md:
# against basic it wins more than CANDIDATE on the same deals; head to head it takes more than
# the level as first released).
ADAPTIVE = Search(rollouts=ROLLOUTS, min_samples=MIN_SAMPLES, max_candidates=MAX_CANDIDATES,
                  worlds_per_sample=1, checked_rounds=0, endgame=ENDGAME_CARDS,
                  chains=CHAINS, chain_burn=CHAIN_BURN, chain_thin=CHAIN_THIN,
                  distrust_after=DISTRUST_AFTER)  # fmt: skip


# ADAPTIVE with twice the rollouts, so twice the worlds per candidate (each candidate's value is
# an average over worlds whose spread between candidates is small: docs/ai.md), except when a
# seat is read by its passes alone: then the chains run twice and the rollouts stay ADAPTIVE's,
# which keeps a decision against people within the time limits.
DOUBLED = Search(rollouts=2 * ROLLOUTS, min_samples=MIN_SAMPLES, max_candidates=MAX_CANDIDATES,
                 worlds_per_sample=1, checked_rounds=0, endgame=ENDGAME_CARDS,
                 chains=CHAINS, chain_burn=CHAIN_BURN, chain_thin=CHAIN_THIN,
                 distrust_after=DISTRUST_AFTER, rollouts_when_distrusted=ROLLOUTS)  # fmt: skip
# The search the `strong` level runs.
LEVEL = DOUBLED


def candidates(
    view: View,
    legal: list[Action],
    rng: random.Random,
    max_candidates: int = MAX_CANDIDATES,
    first: Sequence[Action] = (),
) -> list[Action]:
    """Basic's choice, then `first` in its order, then the best others by a cheap heuristic;
    `max_candidates` in all, in legal order."""
    choice = basic_policy(view, legal, rng)
    if len(legal) <= max_candidates:
        return list(legal)
    unseen = unseen_counts(view)
    scored: list[tuple[tuple[int, ...], int, Action]] = []
    for i, a in enumerate(legal):
        key: tuple[int, ...]
        if a.type in ("play", "combo"):
            p = _play_of(list(a.cards))
            safe = not _beatable(p, unseen)
            # Safe plays with many cards first, then cheap single dumps.
            key = (0, -p.size, p.rank) if safe else (1, p.size, _COMBO_KIND[p.kinds[0]], p.rank)
        else:
            key = (2,)
        scored.append((key, i, a))
    scored.sort(key=lambda t: (t[0], t[1]))
    keep = {choice.id}
    for a in first:
        if len(keep) >= max_candidates - 1:
            break
        keep.add(a.id)
    for _key, _i, a in scored:
        if len(keep) >= max_candidates:
            break
        keep.add(a.id)
    return [a for a in legal if a.id in keep]


def _read_as_basic_where_explained(
    view: View,
    seat: int,
    rng: random.Random,
    n: int,
    search: Search,
    sampler: ConsistentWorlds,
    hands: list[list[list[int]]],
) -> list[list[list[int]]]:
    """ADAPTIVE's trust check on the chains' worlds `hands`: in their best world (the fewest
    broken checks), a seat with `distrust_after` or more plays basic would not have made is not
    read as basic, and the chains run again checking only its passes (CP-4.2), for fewer worlds
    when `rollouts_when_distrusted` says so; else `hands`."""
    best, least = hands[0], len(sampler.checks) + 1
    for h in hands:  # the world that breaks the fewest checks (stop at one with none)
        bad = sampler.violations(h, least - 1)
        if bad < least:
            best, least = h, bad
        if not least:
            break
    unexplained = sampler.unexplained(best)
    basic = frozenset(s for s, bad in unexplained.items() if bad < search.distrust_after)
    if len(basic) == len(unexplained):
        return hands
    again = ConsistentWorlds(view, seat, basic)
    if search.rollouts_when_distrusted:
        n = max(search.min_samples, n * search.rollouts_when_distrusted // search.rollouts)
    return again.chained(rng, n, search.chains, search.chain_burn, search.chain_thin)


def worlds(view: View, seat: int, rng: random.Random, n: int, search: Search) -> list[ChuoPaiState]:
    """`n` determinizations: drawn `worlds_per_sample` times as many, the `n` that best
    explain the other seats' recent plays kept (fewest mismatches, then draw order); or, with
    `consistent_draws`, the first `n` that explain every play (inference.ConsistentWorlds)."""
    if (search.consistent_draws or search.chains) and view["phase"] == "play":
        sampler = ConsistentWorlds(view, seat)
        if search.chains:
            hands = sampler.chained(rng, n, search.chains, search.chain_burn, search.chain_thin)
            if search.distrust_after:
                hands = _read_as_basic_where_explained(view, seat, rng, n, search, sampler, hands)
        else:
            hands = sampler.worlds(rng, n, n * search.consistent_draws)
        base = ChuoPaiState.from_view(view, hands[0])
        out = []
        for h in hands:
            st = base.clone()
            st.hands = [list(x) for x in h]
            out.append(st)
        return out
    if search.worlds_per_sample <= 1:
        return [determinize(view, seat, rng) for _ in range(n)]
    hist = history(view, seat, search.checked_rounds)
    drawn = [determinize(view, seat, rng) for _ in range(n * search.worlds_per_sample)]
    scored: list[tuple[int, int]] = []
    limit = 1 << 30
    for i, st in enumerate(drawn):
        bad = mismatches(hist, st.hands, limit)
        scored.append((bad, i))
        if len(scored) >= n:  # counting can stop past the n-th best so far
            limit = sorted(scored)[n - 1][0]
    scored.sort()
    return [drawn[i] for _bad, i in scored[:n]]


def banked_order(legal: list[Action], ws: list[ChuoPaiState], seat: int) -> list[Action]:
    """Leads (CP-4.1) most cards expected banked first: a play's size times the share of
    the worlds in which neither other hand alone can beat it (CP-3.3, CP-4.3), then the
    lower rank (the top cards kept); only plays banked in some world."""
    a_seat, b_seat = (seat + 1) % PLAYERS, (seat + 2) % PLAYERS
    scored = []
    for i, a in enumerate(legal):
        if a.type not in ("play", "combo"):
            continue
        p = _play_of(list(a.cards))
        kept = sum(1 for w in ws if not _beating(w.hands[a_seat], p) and not _beating(w.hands[b_seat], p))
        if kept:
            scored.append((-p.size * kept, p.rank, i, a))
    scored.sort(key=lambda t: t[:3])
    return [t[3] for t in scored]


def search_policy(view: View, legal: list[Action], rng: random.Random, search: Search) -> Action:
    if len(legal) == 1:
        return legal[0]
    me = view.get("seat")
    seat = int(me) if me is not None else int(view["to_act"][0])
    leading = view["phase"] == "play" and view["table"].get("highest") is None
    if search.screen_worlds:
        return _screened(view, legal, rng, search, seat)
    if search.ranked_leads and leading and len(legal) > search.max_candidates:
        samples = max(search.min_samples, search.rollouts // search.max_candidates)
        ws = worlds(view, seat, rng, samples, search)
        cands = candidates(view, legal, rng, search.max_candidates, banked_order(legal, ws, seat))
    else:
        cands = candidates(view, legal, rng, search.max_candidates)
        if len(cands) == 1:
            return cands[0]
        samples = max(search.min_samples, search.rollouts // len(cands))
        ws = worlds(view, seat, rng, samples, search)
    # In the play phase a candidate is applied inside the rollout (rollout's `first`).
    plays = [
        _play_of(list(a.cards)) if view["phase"] == "play" and a.type in ("play", "combo") else None
        for a in cands
    ]
    totals = [0.0] * len(cands)
    memo: EndgameMemo = {}
    for base in ws:
        for k, a in enumerate(cands):
            totals[k] += _play_out(base, seat, a, plays[k], search, memo)
    best = max(range(len(cands)), key=lambda k: (totals[k], -k))
    return cands[best]


def _play_out(
    base: ChuoPaiState, seat: int, action: Action, play: Play | None, search: Search, memo: EndgameMemo
) -> float:
    """The outcome for `seat` of `action` in one world (rollout, exact endgame; the decision's
    solved endgames in `memo`)."""
    solver = seat if search.endgame or search.split_leads else None
    if play is None:
        st = base.clone()
        st.apply(seat, action.id)
        return outcome(rollout(st, None, solver, search.endgame, search.split_leads, memo), seat)
    return outcome(rollout(base, play, solver, search.endgame, search.split_leads, memo), seat)


def _screened(view: View, legal: list[Action], rng: random.Random, search: Search, seat: int) -> Action:
    """Every legal action in the first `screen_worlds` worlds; the best `max_candidates` of
    them (and basic's choice) in all `min_samples` worlds; the best total wins (ties: the
    earlier legal action). The same worlds for every action (common random numbers)."""
    choice = basic_policy(view, legal, rng)
    ws = worlds(view, seat, rng, max(search.min_samples, search.screen_worlds), search)
    in_play = view["phase"] == "play"
    plays = [_play_of(list(a.cards)) if in_play and a.type in ("play", "combo") else None for a in legal]
    totals = [0.0] * len(legal)
    memo: EndgameMemo = {}
    first = ws[: search.screen_worlds]
    for base in first:
        for k, a in enumerate(legal):
            totals[k] += _play_out(base, seat, a, plays[k], search, memo)
    keep = sorted(range(len(legal)), key=lambda k: (-totals[k], k))[: search.max_candidates]
    kept = sorted(set(keep) | {next(k for k, a in enumerate(legal) if a.id == choice.id)})
    for base in ws[search.screen_worlds :]:
        for k in kept:
            totals[k] += _play_out(base, seat, legal[k], plays[k], search, memo)
    best = max(kept, key=lambda k: (totals[k], -k))
    return legal[best]


def chained_policy(view: View, legal: list[Action], rng: random.Random) -> Action:
    """The CHAINED search (CANDIDATE with worlds from swap chains), for `cardgames match --policy`."""
    return search_policy(view, legal, rng, CHAINED)


def adaptive_policy(view: View, legal: list[Action], rng: random.Random) -> Action:
    """The ADAPTIVE search (CHAINED, reading as basic only the seats basic explains), for
    `cardgames match --policy`."""
    return search_policy(view, legal, rng, ADAPTIVE)


def strong_policy(view: View, legal: list[Action], rng: random.Random) -> Action:
    """The `strong` level: the DOUBLED search (docs/ai.md: on a fresh evaluation seed it wins
    more against basic than ADAPTIVE, on the same deals; head to head against REFERENCE it takes
    half of the points, where ADAPTIVE took more, the two not told apart)."""
    return search_policy(view, legal, rng, LEVEL)


def screened_policy(view: View, legal: list[Action], rng: random.Random) -> Action:
    """The SCREENED search (measured against CANDIDATE, not adopted: docs/ai.md), for
    `cardgames match --policy`."""
    return search_policy(view, legal, rng, SCREENED)


def reference_policy(view: View, legal: list[Action], rng: random.Random) -> Action:
    """`strong` as first released (REFERENCE): the head-to-head yardstick (docs/ai.md); it
    stays this search whatever `strong` becomes."""
    return search_policy(view, legal, rng, REFERENCE)


def candidate_policy(view: View, legal: list[Action], rng: random.Random) -> Action:
    """The CANDIDATE search (the `strong` level before ADAPTIVE), for `cardgames match --policy`."""
    return search_policy(view, legal, rng, CANDIDATE)


__all__ = [
    "strong_policy",
    "reference_policy",
    "candidate_policy",
    "search_policy",
    "screened_policy",
    "SCREENED",
    "CANDIDATE",
    "ADAPTIVE",
    "DOUBLED",
    "LEVEL",
    "adaptive_policy",
    "chained_policy",
    "REFERENCE",
    "Search",
    "determinize",
    "unseen_counts",
    "rollout",
    "outcome",
    "candidates",
]
