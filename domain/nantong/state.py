"""The Nantong game state machine: deal (NT-3), preparation (NT-4), turns
(NT-5), claims and robbing (NT-6), settlement (NT-9) and matches (NT-3.3).

Phases: "preparation" (one seat at a time, from the dealer), "play" (one
seat's turn), "claim" (both other seats answer a discard), "rob" (both other
seats answer an added kong), "finished".

Public facts chosen here:
- A concealed kong is shown as a meld with its card (the usual mahjong
  convention: the four cards are laid down, some face down, so the kind is
  known); its base hu differs from an exposed kong's, so it is public anyway
  once the deal is scored.
- A ready declaration is public (NT-4.5: it is a declaration); it also ends
  that seat's preparation, since the hand is then locked (NT-4.5 [R]).
- Every window (claim or rob) is answered by both other seats, whether or not
  they could claim; `public_action` of an answer is {"type": "answer"}, and
  during a window a seat sees only itself in to_act (a spectator sees nobody),
  so nobody learns who had a choice.
- In a match (NT-3.3) a deal that is over is public in full, as it is once the game is over:
  every seat's hand and melds at its end, the win, each seat's score lines and the settlement
  (NT-7 to NT-9 score every hand, so the table shows them all), in `table.deal_results`,
  for every viewer from the moment the next deal is dealt. The deal in play never is.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Any, NotRequired, TypedDict

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
    dealt_deck,
    settled,
)
from domain.narration import N_, said, worded

from .cards import CODES, COUNTS, INDEX, N_KINDS, to_codes
from .scoring import (
    GROUPS,
    MELD_SIZE,
    Meld,
    MeldKind,
    Win,
    WinBy,
    breakdown,
    groups_in,
    is_complete,
    score_player,
    settle,
    settlement_lines,
    waits,
)

PLAYERS = 3
DEALER_CARDS = 23  # NT-3.1
OTHER_CARDS = 22
STOCK_CARDS = 51  # NT-3.2


class ActionType(StrEnum):
    """A legal action's `type` (the API types it as this ruleset's enum)."""

    DECLARE_KONG = "declare_kong"  # NT-4.2
    DECLARE_TRIPLE = "declare_triple"  # NT-4.3
    HEZI = "hezi"  # NT-4.4
    READY = "ready"  # NT-4.5
    FINISH = "finish"  # NT-4.1: finish preparation
    DISCARD = "discard"  # NT-5.1
    CONCEALED_KONG = "concealed_kong"  # NT-5.2
    ADDED_KONG = "added_kong"  # NT-5.2
    PONG = "pong"  # NT-6.2
    KONG = "kong"  # NT-6.3
    WIN = "win"
    PASS = "pass"


class Phase(StrEnum):
    PREPARATION = "preparation"
    PLAY = "play"
    CLAIM = "claim"
    ROB = "rob"
    FINISHED = "finished"


class TurnKind(StrEnum):
    """How the seat to play came to its turn (it decides what the seat may do)."""

    PREPARATION = "prep"
    FIRST = "first"  # NT-4.6: the dealer's first discard
    DRAW = "draw"
    REPLACEMENT = "replacement"  # NT-5.3
    PONG = "pong"  # NT-6.2: discard without drawing


# The members as module names: they are read at every decision, and in Python 3.11 reading
# a member off its enum class costs several times a global name.
PREPARATION, PLAY, CLAIM, ROB, FINISHED = (
    Phase.PREPARATION,
    Phase.PLAY,
    Phase.CLAIM,
    Phase.ROB,
    Phase.FINISHED,
)
TURN_PREPARATION, TURN_FIRST, TURN_DRAW = TurnKind.PREPARATION, TurnKind.FIRST, TurnKind.DRAW
TURN_REPLACEMENT, TURN_PONG = TurnKind.REPLACEMENT, TurnKind.PONG
TURN_PHASES, WINDOW_PHASES = (PREPARATION, PLAY), (CLAIM, ROB)
DRAWN_TURNS = (TURN_DRAW, TURN_REPLACEMENT)  # turns that began with a draw


@dataclass(slots=True)
class Window:
    """An answer window: on a discard (CLAIM, NT-6.1) or on an added kong that may
    be robbed (ROB, NT-5.2). Both other seats answer, recorded in `order`."""

    kind: Phase
    seat: int  # the seat that discarded or added to its pong
    card: int
    order: list[int]  # the answering seats, in seat order from `seat`; never changed
    pending: set[int] = field(default_factory=set)
    answers: dict[int, str] = field(default_factory=dict)

    def copy(self) -> Window:
        return Window(self.kind, self.seat, self.card, self.order, set(self.pending), dict(self.answers))


class WinRecord(TypedDict):
    by: str
    card: str | None
    earthly: bool
    ready: bool
    last_card: bool


class DealSummary(TypedDict):
    """One deal of a result (`NantongResult.deals`)."""

    deal: int
    dealer: int
    outcome: Outcome
    winner: int | None
    win: WinRecord | None
    indicators: list[str]
    totals: list[int]
    rounded: list[int]
    settlement: list[int]
    running: list[int]
    breakdowns: list[list[BreakdownLine]]


class MeldDict(TypedDict):
    """A meld as a view shows it: its kind, its card and the cards laid down."""

    kind: str
    card: str
    cards: list[str]


class DealResult(DealSummary):
    """A finished deal of the match as every viewer sees it (`table.deal_results`): NT-9 settles
    on every seat's hand, so once the deal is over its hands and melds are public (NT-3.3: the
    next deal is dealt afresh)."""

    hands: list[list[str]]  # each seat's concealed cards at the end; the winner's with the winning card
    melds: list[list[MeldDict]]


class DealRecord(DealResult):
    """A settled deal as the state keeps it; `scores` (the calculator's reports) stays private."""

    scores: list[dict[str, Any]]


class NantongResult(Result):
    deals: list[DealSummary]


class NantongView(View):
    drawn: NotRequired[str]  # the card just drawn (or the last replacement), to the drawer only


class NantongFullState(TypedDict):
    seed: int
    deals: int
    deal: int
    dealer: int
    custom_deck: bool
    phase: str
    current: int
    turn_kind: str
    drawn: str | None
    hands: list[list[str]]
    original: list[list[str]]
    melds: list[list[MeldDict]]
    discards: list[list[str]]
    indicators: list[str]
    stock: list[str]
    ready: list[bool]
    prepared: list[bool]
    window: dict[str, Any] | None
    first_discard: bool
    last_draw_was_last: bool
    match_scores: list[int]
    deal_results: list[DealResult]
    history: list[dict[str, Any]]


def deal_cards(cards: list[str], dealer: int) -> tuple[list[list[int]], list[int], list[int]]:
    """Seats 0, 1, 2 take consecutive blocks (the dealer 23, the others 22),
    then the two indicators, then the stock front first."""
    hands: list[list[int]] = []
    pos = 0
    for s in range(PLAYERS):
        n = DEALER_CARDS if s == dealer else OTHER_CARDS
        v = [0] * N_KINDS
        for c in cards[pos : pos + n]:
            v[INDEX[c]] += 1
        hands.append(v)
        pos += n
    indicators = [INDEX[cards[pos]], INDEX[cards[pos + 1]]]
    stock = [INDEX[c] for c in cards[pos + 2 :]]
    return hands, indicators, stock


# Actions are immutable: build each (kind of action, card) once, not at every legal_actions call.
@cache
def _card_action(head: str, k: int) -> Action:
    c = CODES[k]
    if head == "discard":
        return Action(f"discard:{c}", ActionType.DISCARD, (c,), f"Discard {c}", {"card": c})
    if head == "concealed_kong":
        return Action(
            f"concealed_kong:{c}", ActionType.CONCEALED_KONG, (c,) * 4, f"Concealed kong of {c}", {"card": c}
        )
    if head == "added_kong":
        label = f"Add {c} to your pong (opponents may rob it)"
        return Action(f"added_kong:{c}", ActionType.ADDED_KONG, (c,), label, {"card": c})
    if head == "pong":
        return Action(f"pong:{c}", ActionType.PONG, (c,) * 3, f"Pong {c}", {"card": c})
    if head == "kong":
        return Action(f"kong:{c}", ActionType.KONG, (c,) * 4, f"Kong {c}", {"card": c})
    raise ValueError(head)  # pragma: no cover


@cache
def _win_action(label: str, k: int | None, with_extra: bool) -> Action:
    cards = () if k is None else (CODES[k],)
    return Action(
        "win", ActionType.WIN, cards, label, {"card": CODES[k]} if with_extra and k is not None else {}
    )


PASS_ACTION = Action(PASS, ActionType.PASS, (), "Pass")


class NantongState(State):
    # What clone() copies (State.clone): the containers changed in place. The stock is
    # never changed (the front and back indices move); records and history entries never
    # change once appended.
    COPIED = ("match_scores", "records", "public_records", "history", "ready", "prepared", "window")
    COPIED_PER_SEAT = ("hands", "original", "melds", "discards")

    def __init__(self, seed: int, deals: int, dealer: int, cards: list[str] | None, custom_deck: bool):
        self.seed = seed
        self.deals_total = deals
        self.custom_deck = custom_deck
        self.match_scores = [0] * PLAYERS
        self.records: list[DealRecord] = []
        # Each record as every viewer sees it, made once: a long match's view lists every
        # finished deal (NT-3.3), and the same settled object each time lets the service word
        # it once per language instead of on every read (domain.base.settled).
        self.public_records: list[DealResult] = []
        self.final_result: NantongResult | None = None  # made once the match is over (`result`)
        self.deal_no = 0
        # What the last apply caused (State.consequences), as cheap raw tuples: ("draw", seat,
        # k, replacement), ("claim_settled", seat, claim, k, from), ("deal_over", record index).
        # Simulations never read them; `consequences` builds the typed values when asked. Not
        # in COPIED: each apply replaces the list, never changing a clone's.
        self.caused: list[tuple[Any, ...]] = []
        self._start_deal(dealer, cards)

    # ------------------------------------------------------------ deal
    def _start_deal(self, dealer: int, cards: list[str] | None) -> None:
        self.deal_no += 1
        if cards is None:  # later deals of a match: a shuffle derived from the seed and the deal number
            rng = random.Random(f"nantong:{self.seed}:{self.deal_no}")
            cards = dealt_deck(None, COUNTS, rng, "NT-3.3")
        self.dealer = dealer
        self.hands, self.indicators, self.stock = deal_cards(cards, dealer)
        self.front = 0
        self.back = len(self.stock)
        self.original = [list(h) for h in self.hands]  # NT-4.1: dealt cards still held
        self.melds: list[list[Meld]] = [[] for _ in range(PLAYERS)]
        self.discards: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.ready = [False] * PLAYERS
        self.prepared = [False] * PLAYERS
        self.phase = PREPARATION
        self.current = dealer  # preparation seat, or the seat whose turn it is
        self.turn_kind = TURN_PREPARATION
        self.drawn: int | None = None
        self.last_draw_was_last = False
        self.window: Window | None = None
        self.first_discard = False
        self.deal_over = False
        self.last_discard: tuple[int, int] | None = None  # (seat, kind)
        # What a player at the table sees happen in this deal, in order (see _history_entry).
        self.history: list[tuple[str, int | None, int | None, int | None, str | None]] = []

    @property
    def stock_count(self) -> int:
        return self.back - self.front

    def _draw_front(self, seat: int) -> None:
        k = self.stock[self.front]
        self.front += 1
        self.hands[seat][k] += 1
        self.drawn = k
        self.last_draw_was_last = self.stock_count == 0
        self.history.append(("draw", seat, k, None, None))
        self.caused.append(("draw", seat, k, False))

    def _draw_back(self, seat: int) -> None:
        self.back -= 1
        k = self.stock[self.back]
        self.hands[seat][k] += 1
        self.drawn = k
        self.last_draw_was_last = self.stock_count == 0
        self.history.append(("replacement", seat, k, None, None))
        self.caused.append(("draw", seat, k, True))

    def _groups(self, seat: int) -> int:
        return groups_in(self.melds[seat])

    def _complete_with(self, seat: int, k: int | None) -> bool:
        hand = self.hands[seat]
        if sum(hand) + (k is not None) != 3 * (GROUPS - self._groups(seat)) + 2:
            return False
        if k is None:
            return is_complete(tuple(hand))
        v = list(hand)
        v[k] += 1
        return is_complete(tuple(v))

    # ------------------------------------------------------------ contract
    def _answering(self) -> Window:
        """The open window (the phase is CLAIM or ROB)."""
        assert self.window is not None
        return self.window

    def to_act(self) -> list[int]:
        if self.phase in TURN_PHASES:
            return [self.current]
        if self.phase in WINDOW_PHASES and self.window is not None:
            return sorted(self.window.pending)
        return []

    def consequences(self) -> list[Consequence]:
        return [self._consequence(raw) for raw in self.caused]

    def _consequence(self, raw: tuple[Any, ...]) -> Consequence:
        if raw[0] == "draw":  # NT-5.1, NT-4.2, NT-5.3: the card is seen by its drawer only
            _, seat, k, replacement = raw
            return Consequence("draw", seat, {"replacement": replacement}, {"card": CODES[k]})
        if raw[0] == "claim_settled":  # NT-6.1: public: who took which card from whom
            _, seat, claim, k, source = raw
            public: dict[str, Any] = {"claim": claim, "card": CODES[k], "from": source}
            if claim in ("pong", "kong"):  # NT-6.2, NT-6.3: the meld it makes
                public["cards"] = [CODES[k]] * (3 if claim == "pong" else 4)
            return Consequence("claim_settled", seat, public)
        # NT-3.3, NT-9.2: a deal of a match is over, its settlement public; another follows.
        r = self.records[raw[1]]
        public = {
            "deal": r["deal"],
            "outcome": r["outcome"],
            "winner": r["winner"],
            "settlement": list(r["settlement"]),
            "running": list(r["running"]),
        }
        return Consequence("deal_over", r["dealer"], public)

    def is_finished(self) -> bool:
        return self.phase == FINISHED

    def answer_window(self) -> tuple[int, ...] | None:
        # NT-6.1 / NT-5.2: both other seats answer a discard (or an added kong that may be
        # robbed); answers are recorded in seat order from the seat after the discarder.
        return tuple(self.window.order) if self.phase in WINDOW_PHASES and self.window else None

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == PREPARATION:
            return self._prep_actions(seat) if seat == self.current else []
        if self.phase == PLAY:
            return self._turn_actions(seat) if seat == self.current else []
        if self.phase in WINDOW_PHASES and self.window is not None:
            return self._window_actions(seat) if seat in self.window.pending else []
        return []

    def _prep_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        orig = self.original[seat]
        ind = self.indicators
        for k in range(N_KINDS):  # NT-4.2
            if orig[k] == 4:
                c = CODES[k]
                out.append(
                    Action(
                        f"declare_kong:{c}",
                        ActionType.DECLARE_KONG,
                        (c,) * 4,
                        f"Opening kong of {c} (replacement from the back)",
                        {"card": c},
                    )
                )
        for k in sorted(set(ind)):  # NT-4.3
            if orig[k] >= 3:
                c = CODES[k]
                out.append(
                    Action(
                        f"declare_triple:{c}",
                        ActionType.DECLARE_TRIPLE,
                        (c,) * 3,
                        f"Opening indicator triple of {c}",
                        {"card": c},
                    )
                )
        if ind[0] == ind[1] and orig[ind[0]] >= 2 and self.stock_count >= 2:  # NT-4.4
            c = CODES[ind[0]]
            out.append(
                Action("hezi", ActionType.HEZI, (c, c), f"Tiandi Hezi of {c} (two replacements)", {"card": c})
            )
        if seat != self.dealer and waits(tuple(self.hands[seat])):  # NT-4.5
            out.append(
                Action("ready", ActionType.READY, (), "Declare ready (ends preparation; the hand is locked)")
            )
        out.append(Action("finish", ActionType.FINISH, (), "Finish preparation"))
        return out

    def _turn_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        out: list[Action] = []
        if self.turn_kind != TURN_PONG and self._complete_with(seat, None):
            w = self.drawn if self.turn_kind != TURN_FIRST else None
            label = "Heavenly win" if self.turn_kind == TURN_FIRST else "Win (self-draw)"
            out.append(_win_action(label, w, False))
        if self.ready[seat]:  # NT-4.5: win or discard exactly the drawn card
            assert self.drawn is not None  # a ready seat's turn always starts with a draw
            out.append(_card_action("discard", self.drawn))
            return out
        if self.turn_kind in DRAWN_TURNS and self.stock_count >= 1:  # NT-5.2, NT-5.3
            out += [_card_action("concealed_kong", k) for k in range(N_KINDS) if hand[k] == 4]
            for kind, k in self.melds[seat]:
                if kind == MeldKind.PONG and hand[k]:
                    out.append(_card_action("added_kong", k))
        out += [_card_action("discard", k) for k in range(N_KINDS) if hand[k]]
        return out

    def _window_actions(self, seat: int) -> list[Action]:
        k = self._answering().card
        c = CODES[k]
        out: list[Action] = []
        if self._complete_with(seat, k):
            label = "Rob the kong and win" if self.phase == ROB else f"Win on {c}"
            out.append(_win_action(label, k, True))
        if self.phase == CLAIM and not self.ready[seat]:  # NT-6.4: ready players only win or pass
            n = self.hands[seat][k]
            if n >= 2:  # NT-6.2
                out.append(_card_action("pong", k))
            if n >= 3 and self.stock_count >= 1:  # NT-6.3, NT-5.3
                out.append(_card_action("kong", k))
        out.append(PASS_ACTION)
        return out

    def public_action(self, seat: int, action_id: str) -> dict[str, Any]:
        if self.phase in WINDOW_PHASES:
            return {"type": "answer"}
        head, _, card = action_id.partition(":")
        if head == "hezi":
            card = CODES[self.indicators[0]]
        if head == "win":
            out: dict[str, Any] = {"type": "win"}
            if self.turn_kind in DRAWN_TURNS and self.drawn is not None:
                out["cards"] = [CODES[self.drawn]]
            return out
        if card:
            n = {"discard": 1, "added_kong": 1, "declare_triple": 3, "hezi": 2}.get(head, 4)
            return {"type": head, "card": card, "cards": [card] * n}
        return {"type": head}

    # ------------------------------------------------------------ apply
    def apply(self, seat: int, action_id: str) -> None:
        if self.phase == FINISHED:
            raise IllegalAction("NT-1.4", N_("the game is over"))
        if seat not in self.to_act():
            raise IllegalAction(self._rule_for_wrong_seat(), N_("seat {seat} is not to act now"), seat=seat)
        head, _, code = action_id.partition(":")
        k = INDEX.get(code) if code else None
        if not self._plainly_legal(seat, head, k) and action_id not in {
            a.id for a in self.legal_actions(seat)
        }:
            raise IllegalAction(
                self._rule_for(seat, action_id),
                N_("{action!r} is not legal now for seat {seat}"),
                action=action_id,
                seat=seat,
            )
        self.caused = []
        if self.phase == PREPARATION:
            self._apply_prep(seat, head, k)
        elif self.phase == PLAY:
            self._apply_turn(seat, head, k)
        else:
            window = self._answering()
            window.answers[seat] = action_id
            window.pending.discard(seat)
            if not window.pending:
                self._resolve_window()
        if self.deal_over:
            self._end_deal()

    def _plainly_legal(self, seat: int, head: str, k: int | None) -> bool:
        """The two most frequent answers, checked without listing every legal action:
        a pass in a window (always offered, NT-6.1) and a discard of a held card on
        one's turn (NT-5.1; a ready hand discards only the drawn card, NT-4.5).
        False means "not known here": the caller then checks the full legal list."""
        if head == PASS:
            return self.phase in WINDOW_PHASES
        if head == "discard" and self.phase == PLAY and k is not None and self.hands[seat][k]:
            return not self.ready[seat] or k == self.drawn
        return False

    def _rule_for_wrong_seat(self) -> str:
        return {"preparation": "NT-4.1", "play": "NT-5.1", "claim": "NT-6.1", "rob": "NT-5.2"}[self.phase]

    def _rule_for(self, seat: int, action_id: str) -> str:
        head = action_id.partition(":")[0]
        if (
            head
            in (
                "pong",
                "kong",
                "concealed_kong",
                "added_kong",
                "declare_kong",
                "declare_triple",
                "hezi",
                "chow",
                "discard",
            )
            and self.ready[seat]
            and self.phase != PREPARATION
        ):
            return "NT-6.4" if head == "chow" else "NT-4.5"  # the ready hand is locked
        if head in ("kong", "concealed_kong", "added_kong") and self.stock_count == 0:
            return "NT-5.3"
        if self.phase == PLAY and self.turn_kind == TURN_FIRST and head != "discard":
            return "NT-4.6"
        if self.phase == PLAY and self.turn_kind == TURN_PONG and head != "discard":
            return "NT-6.2"
        return {
            "declare_kong": "NT-4.2",
            "declare_triple": "NT-4.3",
            "hezi": "NT-4.4",
            "ready": "NT-4.5",
            "finish": "NT-4.1",
            "win": "NT-1.2",
            "concealed_kong": "NT-5.2",
            "added_kong": "NT-5.2",
            "discard": "NT-5.1",
            "pong": "NT-6.2",
            "kong": "NT-6.3",
            "chow": "NT-6.4",
            "pass": "NT-6.1",
        }.get(head, "NT-5.3")

    def _apply_prep(self, seat: int, head: str, k: int | None) -> None:
        hand, orig = self.hands[seat], self.original[seat]
        if head == "declare_kong":  # NT-4.2
            assert k is not None
            hand[k] -= 4
            orig[k] -= 4
            self.melds[seat].append(Meld(MeldKind.OPENING_KONG, k))
            self.history.append(("opening_kong", seat, k, None, None))
            self._draw_back(seat)
        elif head == "declare_triple":  # NT-4.3
            assert k is not None
            hand[k] -= 3
            orig[k] -= 3
            self.melds[seat].append(Meld(MeldKind.OPENING_TRIPLE, k))
            self.history.append(("opening_triple", seat, k, None, None))
        elif head == "hezi":  # NT-4.4
            k = self.indicators[0]
            hand[k] -= 2
            orig[k] -= 2
            self.melds[seat].append(Meld(MeldKind.HEZI, k))
            self.history.append(("hezi", seat, k, None, None))
            self._draw_back(seat)
            self._draw_back(seat)
        else:  # "ready" (NT-4.5, ends preparation) or "finish"
            if head == "ready":
                self.ready[seat] = True
            self.history.append(("ready" if head == "ready" else "prepared", seat, None, None, None))
            self.prepared[seat] = True
            self.drawn = None
            nxt = (seat + 1) % PLAYERS
            if nxt == self.dealer:  # NT-4.6: the dealer discards first
                self.phase = PLAY
                self.current = self.dealer
                self.turn_kind = TURN_FIRST
                self.last_draw_was_last = False
            else:
                self.current = nxt

    def _apply_turn(self, seat: int, head: str, k: int | None) -> None:
        hand = self.hands[seat]
        if head == "win":
            if self.turn_kind == TURN_FIRST:
                win = Win(WinBy.HEAVENLY)
            else:
                assert self.drawn is not None
                by = WinBy.KONG_REPLACEMENT if self.turn_kind == TURN_REPLACEMENT else WinBy.SELF_DRAW
                win = Win(by, self.drawn, ready=self.ready[seat], last_card=self.last_draw_was_last)
                hand[self.drawn] -= 1  # scored as the winning card
            self._finish_win(seat, win)
            return
        assert k is not None  # every other turn action names a card
        if head == "concealed_kong":  # NT-5.2
            hand[k] -= 4
            self.melds[seat].append(Meld(MeldKind.CONCEALED_KONG, k))
            self.history.append(("concealed_kong", seat, k, None, None))
            self._draw_back(seat)
            self.turn_kind = TURN_REPLACEMENT
        elif head == "added_kong":  # NT-5.2: opponents may rob it first
            hand[k] -= 1
            self.history.append(("added_kong", seat, k, None, None))
            self._open_window(ROB, seat, k)
        else:  # discard
            hand[k] -= 1
            self.history.append(("discard", seat, k, None, None))
            self.discards[seat].append(k)
            self.last_discard = (seat, k)
            self.first_discard = self.turn_kind == TURN_FIRST
            self._open_window(CLAIM, seat, k)

    def _open_window(self, kind: Phase, seat: int, k: int) -> None:
        self.phase = kind
        self.drawn = None
        others = [(seat + i) % PLAYERS for i in (1, 2)]
        self.window = Window(kind, seat, k, others, set(others))

    def _resolve_window(self) -> None:
        w = self._answering()
        seat, k, answers = w.seat, w.card, w.answers
        self.window = None
        # NT-6.1: wins first, in seat order from the discarder; one winner only.
        for s in w.order:
            if answers.get(s) == "win":
                if w.kind == ROB:
                    win = Win(WinBy.ROBBED_KONG, k, ready=self.ready[s])
                else:
                    self.discards[seat].pop()
                    win = Win(
                        WinBy.DISCARD,
                        k,
                        earthly=self.first_discard,
                        ready=self.ready[s],
                        last_card=self.stock_count == 0,
                    )
                self.phase = PLAY
                self.caused.append(("claim_settled", s, "rob" if w.kind == ROB else "win", k, seat))
                self._finish_win(s, win, seat)
                return
        self.first_discard = False
        if w.kind == ROB:  # the kong stands (NT-5.2)
            melds = self.melds[seat]
            for i, m in enumerate(melds):
                if m.kind == MeldKind.PONG and m.card == k:
                    melds[i] = Meld(MeldKind.ADDED_KONG, k)
                    break
            self.phase = PLAY
            self.current = seat
            self._draw_back(seat)
            self.turn_kind = TURN_REPLACEMENT
            return
        for s in w.order:
            head = answers.get(s, PASS).partition(":")[0]
            if head in ("pong", "kong"):
                self.discards[seat].pop()
                self.last_discard = None
                self.phase = PLAY
                self.current = s
                self.history.append((head, s, k, seat, None))
                self.caused.append(("claim_settled", s, head, k, seat))
                if head == "pong":  # NT-6.2: discard without drawing
                    self.hands[s][k] -= 2
                    self.melds[s].append(Meld(MeldKind.PONG, k))
                    self.turn_kind = TURN_PONG
                    self.drawn = None
                else:  # NT-6.3
                    self.hands[s][k] -= 3
                    self.melds[s].append(Meld(MeldKind.EXPOSED_KONG, k))
                    self._draw_back(s)
                    self.turn_kind = TURN_REPLACEMENT
                return
        if self.stock_count == 0:  # NT-6.6
            self.phase = PLAY
            self._finish_exhausted()
            return
        nxt = (seat + 1) % PLAYERS  # NT-6.5
        self.phase = PLAY
        self.current = nxt
        self._draw_front(nxt)
        self.turn_kind = TURN_DRAW

    # ------------------------------------------------------------ settlement
    def _score_all(self, winner: int | None, win: Win | None) -> list[dict[str, Any]]:
        inds = (self.indicators[0], self.indicators[1])
        return [
            score_player(
                inds,
                tuple(self.hands[s]),
                self.melds[s],
                win if s == winner else None,
            )
            for s in range(PLAYERS)
        ]

    def _finish_win(self, seat: int, win: Win, source: int | None = None) -> None:
        """`source`: the seat whose discard (or added kong) was won, None for a self-draw."""
        self.history.append(("win", seat, win.card, source, win.by))
        scores = self._score_all(seat, win)
        self._record(Outcome.WIN, seat, win, scores)

    def _finish_exhausted(self) -> None:
        self.history.append(("exhausted", None, None, None, None))
        scores = self._score_all(None, None)  # NT-9.3
        self._record(Outcome.EXHAUSTED, None, None, scores)

    def _record(
        self, outcome: Outcome, winner: int | None, win: Win | None, scores: list[dict[str, Any]]
    ) -> None:
        rounded = [s["rounded"] for s in scores]
        settlement = settle(rounded)
        lines = []
        for s in range(PLAYERS):
            # The hu lines sum to the rounded total; the NT-9.2 lines turn it into the
            # settlement, one difference per opponent, so every line sums to the score.
            lines.append(breakdown(scores[s]) + settlement_lines(s, rounded))
        hands = [list(h) for h in self.hands]
        if winner is not None and win is not None and win.card is not None:
            hands[winner][win.card] += 1
        for i in range(PLAYERS):
            self.match_scores[i] += settlement[i]
        self.records.append(
            {
                "deal": self.deal_no,
                "dealer": self.dealer,
                "outcome": outcome,
                "winner": winner,
                "win": None
                if win is None
                else {
                    "by": win.by,
                    "card": None if win.card is None else CODES[win.card],
                    "earthly": win.earthly,
                    "ready": win.ready,
                    "last_card": win.last_card,
                },
                "indicators": [CODES[k] for k in self.indicators],
                "hands": [to_codes(h) for h in hands],
                "melds": [self._meld_dicts(s) for s in range(PLAYERS)],
                "totals": [s["total"] for s in scores],
                "rounded": rounded,
                "settlement": settlement,
                "running": list(self.match_scores),
                "scores": scores,
                "breakdowns": lines,
            }
        )
        self.public_records.append(settled(self._public_record(self.records[-1])))
        self.hands = hands
        self.deal_over = True

    def _end_deal(self) -> None:
        self.deal_over = False
        if self.deal_no < self.deals_total:  # NT-3.3: next deal, dealer rotated
            self.caused.append(("deal_over", len(self.records) - 1))  # the last deal's: the result
            self._start_deal((self.dealer + 1) % PLAYERS, None)
        else:
            self.phase = FINISHED
            self.window = None

    # ------------------------------------------------------------ views
    def _meld_dicts(self, seat: int) -> list[MeldDict]:
        return [
            {"kind": m[0], "card": CODES[m[1]], "cards": [CODES[m[1]]] * MELD_SIZE[m[0]]}
            for m in self.melds[seat]
        ]

    def _table(self) -> dict[str, Any]:
        t: dict[str, Any] = {
            "deal": self.deal_no,
            "deals": self.deals_total,
            "dealer": self.dealer,
            "indicators": [CODES[k] for k in self.indicators],
            "stock_count": self.stock_count,
            "current": self.current if self.phase in TURN_PHASES else None,
            "last_discard": None
            if self.last_discard is None
            else {"seat": self.last_discard[0], "card": CODES[self.last_discard[1]]},
            "window": None
            if self.window is None
            else {
                "kind": self.window.kind,
                "seat": self.window.seat,
                "card": CODES[self.window.card],
            },
            "match_scores": list(self.match_scores),
            "deal_results": list(self.public_records),
        }
        return t

    # Entries whose card only the acting seat sees until the deal is over: the draws.
    HIDDEN_EVENTS = frozenset({"draw", "replacement"})

    def _history(self, viewer: int | None, everything: bool) -> list[dict[str, Any]]:
        """The deal's public record as `viewer` sees it (NT-5, NT-6): every draw (its card
        for the drawing seat only: the others see that a card was drawn), every discard,
        declaration and kong, and every settled claim with the seat it came from."""
        out = []
        for event, seat, k, source, by in self.history:
            entry: dict[str, Any] = {"event": event}
            if seat is not None:
                entry["seat"] = seat
            if k is not None and (everything or seat == viewer or event not in self.HIDDEN_EVENTS):
                entry["card"] = CODES[k]
            if source is not None:
                entry["from"] = source
            if by is not None:
                entry["by"] = by
            out.append(entry)
        return out

    @staticmethod
    def _summary(r: DealRecord) -> DealSummary:
        """A finished deal without its hands and melds (the final result's `deals`)."""
        return {
            "deal": r["deal"],
            "dealer": r["dealer"],
            "outcome": r["outcome"],
            "winner": r["winner"],
            "win": r["win"],
            "indicators": r["indicators"],
            "totals": r["totals"],
            "rounded": r["rounded"],
            "settlement": r["settlement"],
            "running": r["running"],
            "breakdowns": r["breakdowns"],
        }

    @classmethod
    def _public_record(cls, r: DealRecord) -> DealResult:
        """A finished deal as every viewer may see it (NT-3.3, NT-9): everything but the
        calculator's reports, which its breakdown lines already put into words."""
        return {**cls._summary(r), "hands": r["hands"], "melds": r["melds"]}

    def view(self, viewer: int | None) -> NantongView:
        finished = self.phase == FINISHED
        seats = []
        for s in range(PLAYERS):
            d: dict[str, Any] = {
                "seat": s,
                "hand_count": sum(self.hands[s]),
                "dealer": s == self.dealer,
                "melds": self._meld_dicts(s),
                "discards": [CODES[k] for k in self.discards[s]],
                "ready": self.ready[s],
                "prepared": self.prepared[s],
                "score": self.match_scores[s],
            }
            if finished:
                d["hand"] = to_codes(self.hands[s])
            seats.append(d)
        if self.phase in WINDOW_PHASES:
            to_act = [viewer] if viewer is not None and viewer in self._answering().pending else []
        else:
            to_act = self.to_act()
        v: NantongView = {
            "phase": self.phase,
            "to_act": to_act,
            "seat": viewer,
            "hand": None if viewer is None else to_codes(self.hands[viewer]),
            "seats": seats,
            "table": self._table(),
        }
        v["table"]["history"] = self._history(viewer, finished)
        if (
            viewer is not None
            and self.phase in TURN_PHASES
            and viewer == self.current
            and self.drawn is not None
        ):
            v["drawn"] = CODES[self.drawn]  # the card just drawn (or the last replacement)
        if finished:
            v["result"] = self.result()
        return v

    def result(self) -> NantongResult | None:
        if self.phase != FINISHED:
            return None
        # A finished match never changes: its result (every deal's score lines) is made once,
        # settled (domain.base.settled), and every later view hands out the same object.
        if self.final_result is None:
            self.final_result = settled(self._result())
        return self.final_result

    def _result(self) -> NantongResult:
        single = self.deals_total == 1
        if single:
            r = self.records[0]
            outcome = r["outcome"]
            winners = [] if r["winner"] is None else [r["winner"]]
        else:
            outcome = Outcome.WIN if any(r["winner"] is not None for r in self.records) else Outcome.EXHAUSTED
            top = max(self.match_scores)
            winners = [s for s in range(PLAYERS) if self.match_scores[s] == top]
        players: list[PlayerResult] = []
        for s in range(PLAYERS):
            bd: list[BreakdownLine] = []
            for r in self.records:
                for line in r["breakdowns"][s]:
                    line = line.copy()
                    if not single:
                        words = worded(said(N_("deal {deal}: "), deal=r["deal"]), *line["message"])
                        line["what"], line["message"] = words["what"], words["message"]
                        line["deal"] = r["deal"]
                    bd.append(line)
            p: PlayerResult = {"seat": s, "score": self.match_scores[s], "breakdown": bd}
            if single:
                p["total"] = self.records[0]["totals"][s]
                p["rounded"] = self.records[0]["rounded"][s]
            players.append(p)
        return {
            "outcome": outcome,
            "winners": winners,
            "scores": list(self.match_scores),
            "players": players,
            "deals": [self._summary(r) for r in self.records],
        }

    def full_state(self) -> NantongFullState:
        return {
            "seed": self.seed,
            "deals": self.deals_total,
            "deal": self.deal_no,
            "dealer": self.dealer,
            "custom_deck": self.custom_deck,
            "phase": self.phase,
            "current": self.current,
            "turn_kind": self.turn_kind,
            "drawn": None if self.drawn is None else CODES[self.drawn],
            "hands": [to_codes(h) for h in self.hands],
            "original": [to_codes(h) for h in self.original],
            "melds": [self._meld_dicts(s) for s in range(PLAYERS)],
            "discards": [[CODES[k] for k in d] for d in self.discards],
            "indicators": [CODES[k] for k in self.indicators],
            "stock": [CODES[k] for k in self.stock[self.front : self.back]],
            "ready": list(self.ready),
            "prepared": list(self.prepared),
            "window": None
            if self.window is None
            else {
                "kind": self.window.kind,
                "seat": self.window.seat,
                "card": CODES[self.window.card],
                "pending": sorted(self.window.pending),
                "answers": {str(k): v for k, v in self.window.answers.items()},
            },
            "first_discard": self.first_discard,
            "last_draw_was_last": self.last_draw_was_last,
            "match_scores": list(self.match_scores),
            "deal_results": list(self.public_records),
            "history": self._history(None, True),
        }
