"""Chuo Pai game state (rules CP-1 … CP-5 in domain/chuopai/rules.md).

Phases:
- "bonus": CP-2.5 — before the first lead, each seat in turn order from the
  first leader answers once: "bonus" (only offered to a hand holding at least
  one Nail 12 and one Two Red 24) or "pass".
- "play": rounds (tricks) of CP-4. The leader plays (CP-4.1); each other seat
  still holding cards when the round is led acts once in turn order (CP-4.2).
- "finished": settled (CP-5.2).

Moment of settlement [interpretation of CP-1.2/CP-5.2 with CP-4.2/CP-4.3]:
a round in progress is always completed — every seat that held cards when
the round was led acts once and the winner banks the winning play (CP-4.3).
The end test "at most one player holds cards" is made each time a round
ends. A round cannot start with fewer than two players holding cards, so
"as soon as" is met at the first round boundary where it holds, and the
last play of a player who has just emptied their hand still counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from functools import lru_cache
from typing import Any, TypedDict

from domain.base import (
    PASS,
    Action,
    BreakdownLine,
    Consequence,
    IllegalAction,
    Outcome,
    PlayerResult,
    Result,
    State,
    View,
    breakdown_line,
)
from domain.narration import N_, said

from .cards import (
    CODES,
    EVERY_PLAY,
    FAMILIES,
    N_KINDS,
    NAIL,
    NAMES,
    PLAY_BY_ID,
    TWO_RED,
    Play,
    all_plays,
    beating_plays,
    beats,
    to_codes,
)

PLAYERS = 3
BONUS = "bonus"


class ActionType(StrEnum):
    """A legal action's `type` (the API types it as this ruleset's enum)."""

    BONUS = "bonus"  # CP-2.5: take the opening bonus
    PLAY = "play"  # CP-3.1, CP-3.2: a single, pair or set of one family
    COMBO = "combo"  # CP-3.2: a combination
    PASS = "pass"


class Phase(StrEnum):
    BONUS = "bonus"  # CP-2.5
    PLAY = "play"  # CP-4
    FINISHED = "finished"  # CP-5.2


# The members as module names: they are read at every decision, and in Python 3.11 reading
# a member off its enum class costs several times a global name.
BONUS_PHASE, PLAY, FINISHED = Phase.BONUS, Phase.PLAY, Phase.FINISHED
PLAY_TYPE, COMBO_TYPE, PASS_TYPE, BONUS_TYPE = (
    ActionType.PLAY,
    ActionType.COMBO,
    ActionType.PASS,
    ActionType.BONUS,
)


class TrickPlay(TypedDict):
    """One seat's act in a round: a play, a combination or a pass (CP-4.2)."""

    seat: int
    type: str  # "play", "combo" or "pass"
    cards: list[str]


class Round(TypedDict):
    """A finished round (CP-4.3), public; never changed once recorded."""

    round: int
    leader: int
    winner: int
    won: list[str]
    plays: list[TrickPlay]


class ChuoPaiResult(Result):
    rounds: int


class ChuoPaiFullState(TypedDict):
    phase: str
    to_act: list[int]
    first_leader: int
    leader: int
    pending: list[int]
    initial_hands: list[list[str]]
    hands: list[list[str]]
    piles: list[list[str]]
    bonus_points: list[int]
    trick_points: list[int]
    tricks_won: list[int]
    discarded: list[str]
    trick: list[TrickPlay]
    highest: dict[str, Any] | None
    round: int
    rounds: list[Round]
    moves: int
    result: ChuoPaiResult | None


_CODE_ORDER = {c: i for i, c in enumerate(CODES)}


def _sorted_codes(codes: Iterable[str]) -> list[str]:
    return sorted(codes, key=_CODE_ORDER.__getitem__)


def _play_action(p: Play) -> Action:
    """The Action of a play (built once per play: see ACTIONS)."""
    return ACTIONS[p]


def _new_play_action(p: Play) -> Action:
    codes = p.codes
    if p.combo is None:
        n = len(codes)
        label = f"{NAMES[p.kinds[0]]} {codes[0]}" + (f" ×{n}" if n > 1 else "")
        return Action(p.id, PLAY_TYPE, codes, label, {"family": p.family_name})
    parts = ", ".join(
        f"{NAMES[k]} {CODES[k]}" + (f" ×{p.kinds.count(k)}" if p.kinds.count(k) > 1 else "")
        for k in sorted(set(p.kinds))
    )
    assert p.combo is not None
    label = f"{p.combo.replace('_', ' ').title()}: {parts}"
    return Action(p.id, COMBO_TYPE, codes, label, {"family": "combo", "combination": p.combo})


# Actions are immutable and there are only 140 possible plays: build each once.
ACTIONS: dict[Play, Action] = {p: _new_play_action(p) for p in EVERY_PLAY}
PASS_ACTION = Action(PASS, ActionType.PASS, (), "pass")


@lru_cache(maxsize=100_000)
def _lead_actions(hand: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(ACTIONS[p] for p in all_plays(hand))


def _holds(hand: list[int], play: Play) -> bool:
    kinds = play.kinds
    if play.size == 1 or kinds[0] == kinds[-1]:  # one identity (CP-3.1)
        return hand[kinds[0]] >= play.size
    return all(hand[k] >= kinds.count(k) for k in set(kinds))


def _copied(plays: list[TrickPlay]) -> list[TrickPlay]:
    """Plays with their own card lists (what a view hands out must not alias the state)."""
    return [{"seat": t["seat"], "type": t["type"], "cards": list(t["cards"])} for t in plays]


def _round_copied(r: Round) -> Round:
    return {**r, "won": list(r["won"]), "plays": _copied(r["plays"])}


# Breakdown words (CP-2.5, CP-4.3, CP-5.2), each count's plural and singular (indexed by count == 1).
UNPLAYED = N_("unplayed cards ({count}) score nothing")
NAILS = (N_("{count} Nails"), N_("{count} Nail"))
TWO_REDS = (N_("{count} Two Reds"), N_("{count} Two Red"))
TRICKS = (N_("{count} tricks won"), N_("{count} trick won"))
ONE_TRICK = (N_("1 trick won: {count} cards"), N_("1 trick won: {count} card"))


class ChuoPaiState(State):
    # What clone() copies (State.clone): the containers changed in place. Trick entries,
    # finished rounds (a tuple) and the opening hands never change once recorded.
    COPIED = ("bonus_points", "trick_points", "tricks_won", "discarded", "pending", "trick")
    COPIED_PER_SEAT = ("hands", "piles")

    def __init__(self, hands: list[list[int]], first_leader: int):
        self.hands: list[list[int]] = [list(h) for h in hands]
        self.initial_hands: list[list[str]] = [to_codes(h) for h in hands]
        self.first_leader = first_leader
        self.piles: list[list[str]] = [[] for _ in range(PLAYERS)]
        self.bonus_points = [0] * PLAYERS
        self.trick_points = [0] * PLAYERS
        self.tricks_won = [0] * PLAYERS
        self.discarded: list[str] = []
        self.phase = BONUS_PHASE
        # CP-2.5: every seat answers once, in seat order from the first leader.
        self.pending: list[int] = [(first_leader + i) % PLAYERS for i in range(PLAYERS)]
        self.leader = first_leader
        self.trick: list[TrickPlay] = []  # this round
        self.highest: tuple[int, Play] | None = None
        self.round_no = 0
        self.last_round: Round | None = None
        # Every finished round, public (CP-4.3); a tuple, so clones share it.
        self.rounds: tuple[Round, ...] = ()
        self.moves = 0
        # The round the last apply ended, if any (State.consequences builds its value lazily:
        # simulations never ask).
        self.ended_round: Round | None = None

    @classmethod
    def from_view(cls, view: View, hands: list[list[int]]) -> ChuoPaiState:
        """A state matching the public facts of a seat's `view` (phase, piles, discards,
        the current trick, who acts) with the given concealed `hands` (count vectors) —
        a determinization for AI search (strong.py). The hands must match the public
        hand counts; the opening hands are not known, so `initial_hands` are these."""
        seats, table = view["seats"], view["table"]
        for s in range(PLAYERS):
            if sum(hands[s]) != seats[s]["hand_count"]:
                raise ValueError(f"seat {s} must hold {seats[s]['hand_count']} cards")
        st = cls(hands, int(table["first_leader"]))
        st.piles = [list(s["pile"]) for s in seats]
        st.bonus_points = [int(s["bonus"]) for s in seats]
        st.trick_points = [len(s["pile"]) - int(s["bonus"]) for s in seats]
        st.tricks_won = [int(s["tricks_won"]) for s in seats]
        st.discarded = list(table["discarded"])
        st.phase = Phase(view["phase"])
        st.leader = int(table["leader"])
        st.round_no = int(table["round"])
        st.last_round = table.get("last_round")
        st.rounds = tuple(table.get("rounds", ()))
        st.trick = _copied(table["trick"])
        to_act = list(view["to_act"])
        if st.phase == FINISHED or not to_act:
            st.pending = []
            return st
        me = to_act[0]
        if st.phase == BONUS_PHASE:
            order = [(st.first_leader + i) % PLAYERS for i in range(PLAYERS)]
            st.pending = order[order.index(me) :]  # CP-2.5: seat order from the first leader
            return st
        if not st.trick:
            st.pending = [me]
            st.highest = None
            return st
        # CP-4.2: the followers who held cards at the lead and have not acted yet.
        acted = {t["seat"] for t in st.trick}
        st.pending = [
            (st.leader + i) % PLAYERS
            for i in (1, 2)
            if (st.leader + i) % PLAYERS not in acted and sum(hands[(st.leader + i) % PLAYERS]) > 0
        ]
        high = table["highest"]
        kinds = tuple(sorted(CODES.index(c) for c in high["cards"]))
        counts = [0] * N_KINDS
        for k in kinds:
            counts[k] += 1
        play = next(p for p in all_plays(tuple(counts)) if p.kinds == kinds)
        st.highest = (int(high["seat"]), play)
        return st

    # ------------------------------------------------------------------ helpers
    def _holding(self) -> list[int]:
        return [s for s in range(PLAYERS) if sum(self.hands[s]) > 0]

    def consequences(self) -> tuple[Consequence, ...]:
        r = self.ended_round
        if r is None:
            return ()
        # CP-4.3: the round's winner and the cards it banks are public.
        return (Consequence("round_won", r["winner"], {"round": r["round"], "cards": list(r["won"])}),)

    def is_finished(self) -> bool:
        return self.phase == FINISHED

    def pass_is_a_choice(self) -> bool:
        # CP-2.5: the opening bonus may be declined, so a pass in the bonus round does not say
        # whether the seat holds a Nail and a Two Red; a pass in play does (CP-4.2: a seat that
        # can beat must beat).
        return self.phase == BONUS

    def to_act(self) -> list[int]:
        if self.phase == FINISHED or not self.pending:
            return []
        return [self.pending[0]]

    # ------------------------------------------------------------- legal moves
    def _legal(self, seat: int) -> list[Action]:
        if self.phase == FINISHED or not self.pending or self.pending[0] != seat:
            return []
        hand = self.hands[seat]
        if self.phase == BONUS_PHASE:
            if hand[NAIL] and hand[TWO_RED]:  # CP-2.5
                cards = tuple([CODES[NAIL]] * hand[NAIL] + [CODES[TWO_RED]] * hand[TWO_RED])
                return [
                    Action(BONUS, BONUS_TYPE, cards, f"opening bonus {' '.join(cards)}"),
                    Action(PASS, PASS_TYPE, (), "pass"),
                ]
            return [PASS_ACTION]
        key = tuple(hand)
        if self.highest is None:  # CP-4.1: the leader makes any play
            return list(_lead_actions(key))
        beating = beating_plays(key, self.highest[1])
        if beating:  # CP-4.2: beating is compulsory
            return [ACTIONS[p] for p in beating]
        return [PASS_ACTION]

    def legal_actions(self, seat: int) -> list[Action]:
        return self._legal(seat)

    def _legal_play(self, seat: int, action_id: str) -> tuple[Action, Play | None] | None:
        """The legal action `action_id` of the seat to act in the play phase, with its play
        (None for a pass) — found without listing every legal action; None if not legal."""
        hand = self.hands[seat]
        if action_id == PASS:  # CP-4.2: only when nothing beats the highest play
            if self.highest is not None and not beating_plays(tuple(hand), self.highest[1]):
                return PASS_ACTION, None
            return None
        play = PLAY_BY_ID.get(action_id)
        if play is None or not _holds(hand, play):
            return None
        if self.highest is not None and not beats(play, self.highest[1]):  # CP-3.3
            return None
        return ACTIONS[play], play

    def _find(self, seat: int, action_id: str) -> Action:
        if self.phase == PLAY and self.pending and self.pending[0] == seat:
            found = self._legal_play(seat, action_id)
            if found is not None:
                return found[0]
        if self.phase == FINISHED:
            raise IllegalAction("CP-5.2", N_("the deal is over"))
        if not self.pending or self.pending[0] != seat:
            rule = "CP-2.5" if self.phase == BONUS_PHASE else "CP-4.2"
            raise IllegalAction(rule, N_("it is not seat {seat}'s turn"), seat=seat)
        for a in self._legal(seat):
            if a.id == action_id:
                return a
        if self.phase == BONUS_PHASE:
            raise IllegalAction(
                "CP-2.5", N_("{action!r} is not a legal opening-bonus answer"), action=action_id
            )
        held = any(a.id == action_id for a in _lead_actions(tuple(self.hands[seat])))
        if self.highest is None or (action_id != PASS and not held):
            # a play the hand cannot make is refused as such, leading or following: a follower
            # naming cards it does not hold was told its play "does not beat" (CP-3.3)
            rule = "CP-4.1" if self.highest is None else "CP-4.2"
            raise IllegalAction(
                rule, N_("{action!r} is not a play from this hand (CP-3.1/CP-3.2)"), action=action_id
            )
        if action_id == PASS:
            raise IllegalAction("CP-4.2", N_("a player who can beat the highest play must beat it"))
        raise IllegalAction("CP-3.3", N_("{action!r} does not beat the highest play"), action=action_id)

    def public_action(self, seat: int, action_id: str) -> dict[str, Any]:
        a = self._find(seat, action_id)
        if a.type == PASS:
            return {"type": "pass"}
        return {"type": a.type, "cards": list(a.cards), **a.extra}

    # ------------------------------------------------------------------ apply
    def apply(self, seat: int, action_id: str) -> None:
        found = None
        if self.phase == PLAY and self.pending and self.pending[0] == seat:
            found = self._legal_play(seat, action_id)
        if found is None:
            a, play = self._find(seat, action_id), None  # the bonus phase, or raises IllegalAction
        else:
            a, play = found
        self.moves += 1
        self.ended_round = None
        hand = self.hands[seat]
        if self.phase == BONUS_PHASE:
            self.pending.pop(0)
            if a.type == BONUS:  # CP-2.5: every Nail and Two Red to the pile
                self.piles[seat].extend(a.cards)
                self.bonus_points[seat] += len(a.cards)
                hand[NAIL] = 0
                hand[TWO_RED] = 0
            if not self.pending:
                self.phase = PLAY
                self.pending = [self.first_leader]
                self.leader = self.first_leader
            return
        self.pending.pop(0)
        if a.type == PASS:
            self.trick.append({"seat": seat, "type": "pass", "cards": []})
        else:
            assert play is not None
            for k in play.kinds:
                hand[k] -= 1
            self.trick.append({"seat": seat, "type": a.type, "cards": list(a.cards)})
            if self.highest is None:
                # CP-4.2: each other player who still holds cards acts once, in turn order.
                self.pending = [
                    (seat + i) % PLAYERS for i in (1, 2) if sum(self.hands[(seat + i) % PLAYERS]) > 0
                ]
            self.highest = (seat, play)
        if not self.pending:
            self._end_round()

    def _end_round(self) -> None:
        # CP-4.3: the winner banks only their own winning play; the rest leave the deal.
        assert self.highest is not None
        winner, play = self.highest
        won = list(play.codes)
        self.piles[winner].extend(won)
        self.trick_points[winner] += len(won)
        self.tricks_won[winner] += 1
        for t in self.trick:
            if t["seat"] != winner or t["cards"] != won:
                self.discarded.extend(t["cards"])
        self.last_round = {
            "round": self.round_no,
            "leader": self.leader,
            "winner": winner,
            "won": won,
            "plays": [t.copy() for t in self.trick],
        }
        self.rounds += (self.last_round,)
        self.ended_round = self.last_round
        self.round_no += 1
        self.trick = []
        self.highest = None
        holding = self._holding()
        if len(holding) <= 1:  # CP-1.2 / CP-5.2: settle
            self.phase = FINISHED
            self.pending = []
            return
        # CP-4.4: the winner leads; if empty-handed, the next player holding cards.
        nxt = next(
            (winner + i) % PLAYERS for i in range(PLAYERS) if sum(self.hands[(winner + i) % PLAYERS]) > 0
        )
        self.leader = nxt
        self.pending = [nxt]

    # ------------------------------------------------------------------ output
    def _highest_dict(self) -> dict[str, Any] | None:
        if self.highest is None:
            return None
        seat, p = self.highest
        d: dict[str, Any] = {
            "seat": seat,
            "cards": list(p.codes),
            "family": p.family_name,
            "type": "combo" if p.combo else "play",
        }
        if p.combo:
            d["combination"] = p.combo
        return d

    def result(self) -> ChuoPaiResult | None:
        if self.phase != FINISHED:
            return None
        scores = [len(p) for p in self.piles]  # CP-5.1
        best = max(scores)
        winners = [s for s in range(PLAYERS) if scores[s] == best]
        players: list[PlayerResult] = []
        for s in range(PLAYERS):
            breakdown = [self._bonus_line(s), self._tricks_line(s)]
            left = sum(self.hands[s])
            if left:
                breakdown.append(breakdown_line("CP-5.2", 0, said(UNPLAYED, count=left)))
            players.append(
                {
                    "seat": s,
                    "score": scores[s],
                    "breakdown": breakdown,
                    "tricks_won": self.tricks_won[s],
                    "unplayed": to_codes(self.hands[s]),
                }
            )
        return {
            "outcome": Outcome.WIN if len(winners) == 1 else Outcome.DRAW,  # CP-5.3
            "winners": winners,
            "scores": scores,
            "players": players,
            "rounds": self.round_no,
        }

    def _bonus_line(self, s: int) -> BreakdownLine:
        """CP-2.5 in words that add up: "opening bonus: 2 Nails + 1 Two Red = 3"."""
        n = self.bonus_points[s]
        if not n:
            return breakdown_line("CP-2.5", 0, said(N_("no opening bonus")))
        banked = self.piles[s][:n]  # the bonus is banked before any trick
        nails, reds = banked.count(CODES[NAIL]), banked.count(CODES[TWO_RED])
        words = said(
            N_("opening bonus, every Nail and Two Red banked: {nails} + {reds} = {total}"),
            nails=said(NAILS[nails == 1], count=nails),
            reds=said(TWO_REDS[reds == 1], count=reds),
            total=nails + reds,
        )
        return breakdown_line("CP-2.5", n, words)

    def _tricks_line(self, s: int) -> BreakdownLine:
        """CP-4.3: the cards banked per trick won, summed ("3 tricks won: 2 + 3 + 1 = 6")."""
        won = [len(r["won"]) for r in self.rounds if r["winner"] == s]
        n = self.tricks_won[s]
        if len(won) != n:  # a state rebuilt for search (from_view) may lack early rounds
            words = said(TRICKS[n == 1], count=n)
        elif n == 0:
            words = said(N_("no tricks won"))
        elif n == 1:
            words = said(ONE_TRICK[won[0] == 1], count=won[0])
        else:
            words = said(
                N_("{count} tricks won, cards banked: {cards} = {total}"),
                count=n,
                cards=" + ".join(map(str, won)),
                total=sum(won),
            )
        return breakdown_line("CP-4.3", self.trick_points[s], words)

    def view(self, viewer: int | None) -> View:
        finished = self.phase == FINISHED
        seats = []
        for s in range(PLAYERS):
            d: dict[str, Any] = {
                "seat": s,
                "hand_count": sum(self.hands[s]),
                "pile_count": len(self.piles[s]),
                "pile": list(self.piles[s]),
                "bonus": self.bonus_points[s],
                "tricks_won": self.tricks_won[s],
            }
            if finished:
                d["hand"] = to_codes(self.hands[s])
            seats.append(d)
        table = {
            "round": self.round_no,
            "first_leader": self.first_leader,
            "leader": self.leader,
            "trick": _copied(self.trick),
            "highest": self._highest_dict(),
            "discarded_count": len(self.discarded),
            "discarded": _sorted_codes(self.discarded),
            "last_round": None if self.last_round is None else _round_copied(self.last_round),
            "rounds": [_round_copied(r) for r in self.rounds],
            "families": list(FAMILIES),
        }
        out: View = {
            "phase": self.phase,
            "to_act": self.to_act(),
            "seat": viewer,
            "hand": None if viewer is None else to_codes(self.hands[viewer]),
            "seats": seats,
            "table": table,
        }
        if finished:
            out["result"] = self.result()
        return out

    def full_state(self) -> ChuoPaiFullState:
        return {
            "phase": self.phase,
            "to_act": self.to_act(),
            "first_leader": self.first_leader,
            "leader": self.leader,
            "pending": list(self.pending),
            "initial_hands": [list(h) for h in self.initial_hands],
            "hands": [to_codes(h) for h in self.hands],
            "piles": [list(p) for p in self.piles],
            "bonus_points": list(self.bonus_points),
            "trick_points": list(self.trick_points),
            "tricks_won": list(self.tricks_won),
            "discarded": list(self.discarded),
            "trick": _copied(self.trick),
            "highest": self._highest_dict(),
            "round": self.round_no,
            "rounds": [_round_copied(r) for r in self.rounds],
            "moves": self.moves,
            "result": self.result(),
        }

    def table_cards(self) -> list[str]:
        """Cards played this round (on the table)."""
        return [c for t in self.trick for c in t["cards"]]


assert N_KINDS == 21
