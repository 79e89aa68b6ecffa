"""The `strong` AI for Chuo Pai: determinized Monte-Carlo search.

For a decision with more than one legal action it samples determinizations of
what its seat cannot see: the two other concealed hands (their ``hand_count``
is public), dealt by `determinize.py` consistently with every recent pass (CP-4.2).

Each sample is a real `ChuoPaiState` (`ChuoPaiState.from_view`); every
candidate action is applied to it and the deal is played to its end (CP-5.2)
with the `basic` policy for every seat. The basic policy does not use its rng,
so a rollout is a pure function of the sample; it is run by `playout.rollout`, a
fast count-vector replica of `State.apply` driven by `ai.basic_policy` (an
opening-bonus answer is applied with `State.apply` itself). Common random numbers: every
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
  rollout ends with the seat's perfect play against basic (`playout.endgame_piles`);
- optional, measured and left off (docs/ai.md): lead candidates ranked by the
  cards they are expected to bank (`banked_order`), and leading in rollouts what
  neither other hand alone can beat (`playout.rollout`'s `split`).

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

The `DOUBLED` settings (`doubled_policy`, the `strong` level before DOUBLED_ALWAYS) are
ADAPTIVE's with twice the rollouts: twice the worlds per candidate, so a candidate's mean wanders
less from one decision to the next; a decision whose chains ran twice (a seat read by its passes
alone) keeps ADAPTIVE's rollouts.

The `DOUBLED_ALWAYS` settings (`doubled_always_policy`, the `strong` level before BONUS_TAKEN)
keep DOUBLED's rollouts in every decision, also when a seat is read by its passes alone — the
decisions against people and other searches, where DOUBLED took no more than half of the points
head to head (docs/ai.md).

The `BONUS_TAKEN` settings (`LEVEL`, the `strong` level) are DOUBLED_ALWAYS's, except that the
opening bonus (CP-2.5) is always taken, as basic takes it, without a search: the search declined
it in about three of ten bonus decisions, close calls its rollouts (basic in every seat) settle
by noise, and always taking it wins more (docs/ai.md).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass

from domain.base import Action, View

from .ai import basic_policy, unseen_counts
from .cards import Play
from .determinize import determinize, play_of
from .inference import ConsistentWorlds, history, mismatches
from .playout import COMBO_KIND, EndgameMemo, beatable, outcome, plays_beating, rollout
from .state import PLAYERS, ChuoPaiState

ROLLOUTS = 96  # rollouts per decision, shared among the candidates
MIN_SAMPLES = 8  # determinizations per candidate at the least
MAX_CANDIDATES = 5  # basic's choice + the best others by the heuristic
WORLDS_PER_SAMPLE = 4  # worlds drawn per world kept, ranked by the plays they explain
CHECKED_ROUNDS = 8  # recent rounds whose plays rank the worlds
ENDGAME_CARDS = 9  # cards left in all hands from which rollouts solve the rest exactly
SCREEN_WORLDS = 4  # worlds in which every legal action is played out (SCREENED)
SCREENED_WORLDS = 20  # worlds in which the best actions of the screen are played out (SCREENED)
CHAINS = 2  # swap chains per decision (CHAINED)
CHAIN_BURN = 60  # moves of a chain before its first world (CHAINED)
CHAIN_THIN = 4  # moves between two worlds of a chain (CHAINED)
DISTRUST_AFTER = 1  # unexplained plays from which a seat is not read as basic (ADAPTIVE)
CONSISTENT_DRAWS = 8  # draws at most per world wanted that explains every play (SCREENED)


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
    # Take the opening bonus (CP-2.5) whenever it is offered, without a search (False: search it).
    take_bonus: bool = False


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

# DOUBLED with its rollouts in every decision: a seat read by its passes alone (a player basic
# does not explain: a person, another search) no longer halves them. Against basic it plays as
# DOUBLED (the chains seldom run twice there); head to head against the level as first released
# it takes more than half of the points where DOUBLED took half (docs/ai.md, the sixth round).
# Its decisions against such players cost about 1.4x DOUBLED's (docs/ai.md gives the times).
DOUBLED_ALWAYS = dataclasses.replace(DOUBLED, rollouts_when_distrusted=0)
# DOUBLED_ALWAYS taking the opening bonus (CP-2.5) whenever it may, as basic does: the search
# declined it in about three bonus decisions of ten and won less so (docs/ai.md, the seventh round).
BONUS_TAKEN = dataclasses.replace(DOUBLED_ALWAYS, take_bonus=True)
# The search the `strong` level runs.
LEVEL = BONUS_TAKEN


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
            p = play_of(list(a.cards))
            safe = not beatable(p, unseen)
            # Safe plays with many cards first, then cheap single dumps.
            key = (0, -p.size, p.rank) if safe else (1, p.size, COMBO_KIND[p.kinds[0]], p.rank)
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
        p = play_of(list(a.cards))
        kept = sum(
            1 for w in ws if not plays_beating(w.hands[a_seat], p) and not plays_beating(w.hands[b_seat], p)
        )
        if kept:
            scored.append((-p.size * kept, p.rank, i, a))
    scored.sort(key=lambda t: t[:3])
    return [t[3] for t in scored]


def search_policy(view: View, legal: list[Action], rng: random.Random, search: Search) -> Action:
    if len(legal) == 1:
        return legal[0]
    if search.take_bonus:
        for a in legal:
            if a.type == "bonus":  # CP-2.5: the cards go to the pile at once
                return a
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
        play_of(list(a.cards)) if view["phase"] == "play" and a.type in ("play", "combo") else None
        for a in cands
    ]
    totals = [0.0] * len(cands)
    memo: EndgameMemo = {}
    # A world differs from the others only in its hands, and its rollouts are a pure function of
    # it, so a world drawn again (a chain that stays among few consistent worlds: about a fifth of
    # the worlds against people, half against basic) adds the outcomes played out the first time.
    played: dict[tuple[tuple[int, ...], ...], list[float]] = {}
    for base in ws:
        key = tuple(map(tuple, base.hands))
        outcomes = played.get(key)
        if outcomes is None:
            outcomes = [_play_out(base, seat, a, plays[k], search, memo) for k, a in enumerate(cands)]
            played[key] = outcomes
        for k, v in enumerate(outcomes):
            totals[k] += v
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
    plays = [play_of(list(a.cards)) if in_play and a.type in ("play", "combo") else None for a in legal]
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
    """The `strong` level: the BONUS_TAKEN search (DOUBLED_ALWAYS taking the opening bonus;
    docs/ai.md gives its measures)."""
    return search_policy(view, legal, rng, LEVEL)


def doubled_always_policy(view: View, legal: list[Action], rng: random.Random) -> Action:
    """The DOUBLED_ALWAYS search (the `strong` level before BONUS_TAKEN: the opening bonus searched),
    for `cardgames match --policy`."""
    return search_policy(view, legal, rng, DOUBLED_ALWAYS)


def doubled_policy(view: View, legal: list[Action], rng: random.Random) -> Action:
    """The DOUBLED search (the `strong` level before DOUBLED_ALWAYS: 96 rollouts when a seat is
    read by its passes alone), for `cardgames match --policy`."""
    return search_policy(view, legal, rng, DOUBLED)


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
    "DOUBLED_ALWAYS",
    "BONUS_TAKEN",
    "LEVEL",
    "doubled_always_policy",
    "doubled_policy",
    "adaptive_policy",
    "chained_policy",
    "REFERENCE",
    "Search",
    "candidates",
]
