"""The Sì Sè Pái state machine (SSP-1, SSP-4, SSP-5, SSP-6).

Phases:
- "claim": a public card (drawn or discarded) is open; every eligible seat
  answers once (a claim naming its meld, "win", or "pass"); answers stay
  secret until the last one is in, then the window is settled (SSP-5.1).
- "discard": the seat that took a card with a non-winning meld discards one
  concealed card that is not a General or flower (SSP-4.3, SSP-4.4).
- "finished": a win (SSP-1.2) or a drawn deal (SSP-1.3, SSP-6.4).

Draws are automatic, not decisions: the dealer's first act (SSP-2.3) and
every later draw open a claim window on the drawn card. Turn order is
seat 0 → 1 → 2 → 3 → 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple, TypedDict

from ..base import (
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
from ..narration import N_, said
from .cards import CODES, INDEX, N_CHESS, N_KINDS, card_name, discardable, is_flower, is_general, to_codes
from .melds import (
    LVL_DRAWER_WIN,
    LVL_WIN,
    MELD_KINDS,
    Meld,
    MeldKind,
    best_partition,
    claim_options,
    meld_codes,
    meld_id,
    meld_points,
)

WIN = "win"
PLAYERS = 4


class ActionType(StrEnum):
    """A legal action's `type` (the API types it as this ruleset's enum)."""

    WIN = "win"  # SSP-1.2
    CLAIM = "claim"  # SSP-5: a non-winning meld with the public card
    PASS = "pass"
    DISCARD = "discard"  # SSP-4.3


class Phase(StrEnum):
    CLAIM = "claim"
    DISCARD = "discard"
    FINISHED = "finished"


class Source(StrEnum):
    """Where the open public card comes from (SSP-4.1)."""

    DRAW = "draw"
    DISCARD = "discard"


# The members as module names: they are read at every decision, and in Python 3.11 reading
# a member off its enum class costs several times a global name.
CLAIM, DISCARD, FINISHED = Phase.CLAIM, Phase.DISCARD, Phase.FINISHED
WIN_TYPE, CLAIM_TYPE, PASS_TYPE, DISCARD_TYPE = (
    ActionType.WIN,
    ActionType.CLAIM,
    ActionType.PASS,
    ActionType.DISCARD,
)
FROM_DRAW, FROM_DISCARD = Source.DRAW, Source.DISCARD


class WinMeld(NamedTuple):
    """A meld of the winning hand, exposed before the win or read from the concealed cards."""

    kind: MeldKind
    cards: tuple[int, ...]
    exposed: bool


class ResultMeld(TypedDict):
    cards: list[str]
    kind: str
    points: int
    exposed: bool


class SiSePaiResult(Result):
    winner: int | None
    winning_card: str | None
    melds: list[ResultMeld]


class SiSePaiFullState(TypedDict):
    seed: Any
    dealer: int
    phase: str
    hands: list[list[str]]
    exposed: list[list[dict[str, Any]]]
    discards: list[list[str]]
    stock: list[str]
    card: str | None
    owner: int | None
    source: str | None
    second_round: bool
    eligible: list[int]
    answers: dict[str, str]
    actor: int | None
    outcome: str | None
    winner: int | None
    win_melds: list[dict[str, Any]]
    history: list[dict[str, Any]]
    draws: int
    result: SiSePaiResult | None


# SSP-6.2 breakdown words: a meld as the winner holds it (its kind, then its cards), exposed or not.
MELD_WORDS = {
    "single": N_("single"),
    "pair": N_("pair"),
    "triple": N_("triple"),
    "quad": N_("quad"),
    "command": N_("command"),
    "field": N_("field"),
    "soldiers": N_("soldiers"),
}
MELD_LINE = {False: N_("{meld} {cards}"), True: N_("{meld} {cards} (exposed)")}


def _consequence(raw: tuple[Any, ...]) -> Consequence:
    """A raw consequence as `State.consequences` gives it; everything here is public: a drawn
    card is turned face up (SSP-2.3, SSP-4.1), untaken cards (SSP-5.4) and the card a claim
    takes, the meld it makes and whose card it was (SSP-5.2, SSP-4.2) are seen by all."""
    if raw[0] == "draw":
        return Consequence("draw", raw[1], {"replacement": False, "card": CODES[raw[2]]})
    if raw[0] == "unclaimed":
        return Consequence("unclaimed", raw[1], {"card": CODES[raw[2]], "becomes": raw[3]})
    _, seat, x, owner, claim, cards = raw
    public: dict[str, Any] = {"claim": claim, "card": CODES[x], "from": owner}
    if claim != WIN:
        public["cards"] = meld_codes(cards)
    return Consequence("claim_settled", seat, public)


# One answer a seat may give in a claim window: its SSP-5.2 priority level, the meld kind it
# makes (or WIN) and the meld's cards (count-vector indices; () for a win). A plain tuple: the
# window opens on every public card, and a named tuple's constructor cost 3 % of random play.
ClaimOption = tuple[int, str, tuple[int, ...]]


@dataclass(slots=True)
class ClaimWindow:
    """The seats answering the open public card and what they may answer (SSP-5.1, SSP-5.2).

    `eligible` is in recording order (SSP-5.1 [R]: for a drawn card the drawer first);
    `answers` fills as seats answer; `options` is built whole when the window opens and never
    changed, so a copy may share it."""

    eligible: list[int] = field(default_factory=list)
    answers: dict[int, str] = field(default_factory=dict)
    options: dict[int, dict[str, ClaimOption]] = field(default_factory=dict)

    def copy(self) -> ClaimWindow:
        return ClaimWindow(self.eligible.copy(), self.answers.copy(), self.options)


class SiSePaiState(State):
    # What clone() copies (State.clone): the containers changed in place (the claim window
    # copies its own, ClaimWindow.copy).
    COPIED = ("stock", "window", "history")
    COPIED_PER_SEAT = ("hands", "exposed", "discards")

    def __init__(self) -> None:
        self.seed: Any = None
        self.dealer = 0
        self.hands: list[list[int]] = []  # concealed count vectors
        self.exposed: list[list[Meld]] = []
        self.discards: list[list[int]] = []  # untaken public cards, per owner
        self.stock: list[int] = []  # stock[0] is the top
        self.phase = CLAIM
        self.card: int | None = None  # the open public card
        self.owner: int | None = None
        self.source: Source | None = None
        self.window = ClaimWindow()  # empty while no claim window is open
        self.actor: int | None = None
        self.outcome: Outcome | None = None
        self.winner: int | None = None
        self.win_melds: list[WinMeld] = []
        self.win_card: int | None = None
        self.history: list[dict[str, Any]] = []
        self.draws = 0
        self.second = False  # the open window is the second round on a drawn card (SSP-5.4)
        # What the last apply (or the deal) caused (State.consequences), as cheap raw tuples:
        # ("draw", seat, x), ("unclaimed", owner, x, becomes), ("claim_settled", seat, x, owner,
        # meld kind or "win", meld cards). `consequences` builds the typed values when asked.
        # Not in COPIED: each apply replaces the list, never changing a clone's.
        self.caused: list[tuple[Any, ...]] = []

    # ----- setup ------------------------------------------------------------

    @classmethod
    def deal(cls, seed: Any, deck: list[int], dealer: int) -> SiSePaiState:
        st = cls()
        st.seed = seed
        st.dealer = dealer
        st.hands = []
        for p in range(PLAYERS):
            v = [0] * N_KINDS
            for i in deck[20 * p : 20 * p + 20]:
                v[i] += 1
            st.hands.append(v)
        st.exposed = [[] for _ in range(PLAYERS)]
        st.discards = [[] for _ in range(PLAYERS)]
        st.stock = list(deck[80:])
        st._draw(dealer)  # SSP-2.3: the dealer's first act is to draw, publicly
        return st

    # ----- transitions -------------------------------------------------------

    def _draw(self, seat: int) -> None:
        if not self.stock:  # SSP-1.3 / SSP-6.4: must draw from an empty stock
            self.phase = FINISHED
            self.outcome = Outcome.DRAW
            self.card = self.owner = self.source = self.actor = None
            self.window = ClaimWindow([], {}, {})
            self.history.append({"event": "drawn_deal", "seat": seat})
            return
        x = self.stock.pop(0)
        self.draws += 1
        self.history.append({"event": "draw", "seat": seat, "card": CODES[x]})
        self.caused.append(("draw", seat, x))
        self._open(x, seat, FROM_DRAW)

    def _open(self, x: int, owner: int, source: Source, second: bool = False) -> None:
        """Open a claim window on public card x (SSP-4.1, SSP-5.1)."""
        self.phase = CLAIM
        self.second = second
        self.card, self.owner, self.source, self.actor = x, owner, source, None
        if source == FROM_DRAW:
            # SSP-5.1 [R]: for a drawn card the drawer answers first
            eligible = [(owner + k) % PLAYERS for k in range(PLAYERS)]
        else:
            # SSP-5.3: nobody claims their own discard
            eligible = [(owner + k) % PLAYERS for k in range(1, PLAYERS)]
        options: dict[int, dict[str, ClaimOption]] = {}
        self.window = ClaimWindow(eligible, {}, options)
        nxt = (owner + 1) % PLAYERS
        for seat in eligible:
            hand = self.hands[seat]
            drawer = source == FROM_DRAW and seat == owner
            opts: dict[str, ClaimOption] = {}
            # SSP-1.2 / SSP-5.6: a win needs only that all cards meld; no SSP-5.3 restriction
            hand[x] += 1
            won = best_partition(tuple(hand)) is not None
            hand[x] -= 1
            if won:
                opts[WIN] = (LVL_DRAWER_WIN if drawer else LVL_WIN, WIN, ())
            for kind, cards, lvl in claim_options(hand, x, drawer, seat == nxt):
                opts[meld_id(kind, cards)] = (lvl, kind, cards)
            options[seat] = opts

    def _settle(self) -> None:
        """SSP-5.2: the highest priority claim wins; ties in turn order from the owner."""
        x, owner = self.card, self.owner
        assert x is not None and owner is not None
        best = None
        window = self.window
        for seat, aid in window.answers.items():
            if aid == PASS:
                continue
            lvl = window.options[seat][aid][0]
            key = (lvl, (seat - owner) % PLAYERS)
            if best is None or key < best[0]:
                best = (key, seat, aid)
        if best is None:
            if self.source == FROM_DRAW:
                # SSP-5.4: an untaken drawn card becomes the drawer's discard; settle again
                self.history.append(
                    {"event": "untaken", "seat": owner, "card": CODES[x], "becomes": "discard"}
                )
                self.caused.append(("unclaimed", owner, x, "discard"))
                self._open(x, owner, FROM_DISCARD, second=True)
            else:
                self.history.append({"event": "untaken", "seat": owner, "card": CODES[x], "becomes": "dead"})
                self.caused.append(("unclaimed", owner, x, "dead"))
                self.discards[owner].append(x)
                self._draw((owner + 1) % PLAYERS)  # SSP-5.4, SSP-5.5
            return
        _, seat, aid = best
        lvl, kind, cards = window.options[seat][aid]
        hand = self.hands[seat]
        self.window = ClaimWindow([], {}, {})
        if kind == WIN:
            hand[x] += 1
            res = best_partition(tuple(hand))
            assert res is not None
            self.phase = FINISHED
            self.outcome = Outcome.WIN
            self.winner = seat
            self.win_card = x
            self.win_melds = [WinMeld(k, c, True) for k, c in self.exposed[seat]] + [
                WinMeld(k, c, False) for k, c in res[1]
            ]
            self.card = self.owner = self.source = None
            self.history.append({"event": "win", "seat": seat, "card": CODES[x], "from": owner})
            self.caused.append(("claim_settled", seat, x, owner, WIN, ()))
            return
        # SSP-4.2: the taken card is melded at once with concealed cards and exposed
        used = list(cards)
        used.remove(x)
        for i in used:
            hand[i] -= 1
        assert isinstance(kind, MeldKind)  # not a win: a meld kind from claim_options
        self.exposed[seat].append(Meld(kind, cards))
        self.history.append(
            {
                "event": "taken",
                "seat": seat,
                "card": CODES[x],
                "from": owner,  # the seat that drew or discarded it
                "meld": kind,
                "cards": meld_codes(cards),
            }
        )
        self.caused.append(("claim_settled", seat, x, owner, kind, cards))
        # SSP-4.3 / SSP-5.5: the claimer discards next
        self.phase = DISCARD
        self.actor = seat
        self.card = self.owner = self.source = None

    # ----- the contract ------------------------------------------------------

    def to_act(self) -> list[int]:
        if self.phase == CLAIM:
            window = self.window
            return [s for s in window.eligible if s not in window.answers]
        if self.phase == DISCARD and self.actor is not None:
            return [self.actor]
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == CLAIM:
            if seat not in self.window.eligible or seat in self.window.answers:
                return []
            x = self.card
            assert x is not None
            out = []
            for aid, (lvl, kind, cards) in self.window.options[seat].items():
                if kind == WIN:
                    out.append(
                        Action(
                            WIN,
                            WIN_TYPE,
                            (CODES[x],),
                            f"Win with {card_name(x)}",
                            {"meld": None, "priority": lvl},
                        )
                    )
                else:
                    out.append(
                        Action(
                            aid,
                            CLAIM_TYPE,
                            tuple(meld_codes(cards)),
                            f"Claim {CODES[x]} as {kind} {' '.join(meld_codes(cards))}",
                            {"meld": kind, "priority": lvl},
                        )
                    )
            out.append(Action(PASS, PASS_TYPE, (), "Pass"))
            return out
        if self.phase == DISCARD and seat == self.actor:
            hand = self.hands[seat]
            return [
                Action(f"discard:{CODES[i]}", DISCARD_TYPE, (CODES[i],), f"Discard {card_name(i)}")
                for i in range(N_CHESS)
                if hand[i] and discardable(i)
            ]
        return []

    def apply(self, seat: int, action_id: str) -> None:
        if self.phase == FINISHED:
            raise IllegalAction("SSP-1.2", N_("the deal is over"))
        given: object = seat  # callers outside the domain may pass anything
        if not isinstance(given, int) or not 0 <= given < PLAYERS:
            raise IllegalAction("SSP-1.1", N_("no seat {seat!r}"), seat=seat)
        if self.phase == CLAIM:
            window = self.window
            if seat not in window.eligible:
                raise IllegalAction("SSP-5.3", N_("nobody claims their own discard"))
            if seat in window.answers:
                raise IllegalAction("SSP-5.1", N_("seat {seat} has already answered"), seat=seat)
            if action_id != PASS and action_id not in window.options[seat]:
                raise IllegalAction(
                    self._why_not_claim(seat, action_id),
                    N_("{action!r} is not a legal answer for seat {seat} now"),
                    action=action_id,
                    seat=seat,
                )
            self.caused = []
            window.answers[seat] = action_id
            if len(window.answers) == len(window.eligible):
                self._settle()
            return
        if seat != self.actor:
            raise IllegalAction(
                "SSP-4.3", N_("seat {actor} must discard, not seat {seat}"), actor=self.actor, seat=seat
            )
        code = action_id[len("discard:") :] if action_id.startswith("discard:") else None
        i = INDEX.get(code) if code else None
        if i is None:
            raise IllegalAction(
                "SSP-4.3",
                N_("{action!r}: seat {seat} must discard one concealed card"),
                action=action_id,
                seat=seat,
            )
        if not discardable(i):
            raise IllegalAction("SSP-4.4", N_("Generals and flowers can never be discarded"))
        if not self.hands[seat][i]:
            raise IllegalAction("SSP-4.3", N_("{card} is not in the concealed hand"), card=code)
        self.caused = []
        self.hands[seat][i] -= 1
        self.history.append({"event": "discard", "seat": seat, "card": code})
        self._open(i, seat, FROM_DISCARD)

    def _why_not_claim(self, seat: int, action_id: str) -> str:
        if action_id == WIN:
            return "SSP-1.2"
        if action_id.startswith("claim:pair") and self.source == FROM_DRAW and seat == self.owner:
            return "SSP-5.3"
        if action_id.startswith("discard:"):
            return "SSP-5.1"
        return "SSP-5.3"

    def public_action(self, seat: int, action_id: str) -> dict[str, Any]:
        if self.phase == DISCARD and action_id.startswith("discard:"):
            code = action_id[len("discard:") :]
            if code in INDEX:
                return {"type": "discard", "cards": [code]}
        # SSP-5.1: claim-window answers (claims, wins, passes) stay secret until settlement
        return {"type": "answer"}

    def consequences(self) -> list[Consequence]:
        return [_consequence(raw) for raw in self.caused]

    def is_finished(self) -> bool:
        return self.phase == FINISHED

    def answer_window(self) -> tuple[int, ...] | None:
        # SSP-5.1 [R]: answers to a drawn card are recorded drawer first, then in turn order;
        # to a discard, in turn order from the discarder.
        return tuple(self.window.eligible) if self.phase == CLAIM else None

    # ----- views and results -------------------------------------------------

    def _seat_public(self, p: int) -> dict[str, Any]:
        return {
            "seat": p,
            "hand_count": sum(self.hands[p]),
            "dealer": p == self.dealer,
            "exposed": [
                {"kind": k, "cards": meld_codes(c), "points": meld_points(k, c)} for k, c in self.exposed[p]
            ],
            "discards": [CODES[i] for i in self.discards[p]],
        }

    def view(self, viewer: int | None) -> View:
        finished = self.phase == FINISHED
        if self.phase == CLAIM:
            # SSP-5.1: nothing shows who had a choice or who already answered
            window = self.window
            to_act = [viewer] if viewer in window.eligible and viewer not in window.answers else []
        else:
            to_act = self.to_act()
        seats = []
        for p in range(PLAYERS):
            d = self._seat_public(p)
            if finished:
                d["hand"] = to_codes(self.hands[p])
            seats.append(d)
        claim = None
        if self.phase == CLAIM:
            assert self.card is not None
            claim = {
                "card": CODES[self.card],
                "owner": self.owner,
                "source": self.source,
                "round": 2 if self.second else 1,
            }
        out: View = {
            "seat": viewer,
            "phase": self.phase,
            "to_act": to_act,
            "hand": to_codes(self.hands[viewer]) if viewer is not None and 0 <= viewer < PLAYERS else None,
            "seats": seats,
            "table": {
                "dealer": self.dealer,
                "stock_count": len(self.stock),
                "draws": self.draws,
                "claim": claim,
                "discarding": self.actor if self.phase == DISCARD else None,
                "history": [dict(h) for h in self.history],
            },
        }
        if finished:
            out["result"] = self.result()
        return out

    def result(self) -> SiSePaiResult | None:
        if self.phase != FINISHED:
            return None
        scores = [0] * PLAYERS
        players: list[PlayerResult] = [{"seat": p, "score": 0, "breakdown": []} for p in range(PLAYERS)]
        melds: list[ResultMeld] = []
        if self.outcome == Outcome.WIN:
            w = self.winner
            assert w is not None and self.win_card is not None
            bd: list[BreakdownLine] = []
            for kind, cards, exp in self.win_melds:
                pts = meld_points(kind, cards)
                melds.append({"cards": meld_codes(cards), "kind": kind, "points": pts, "exposed": exp})
                words = said(MELD_LINE[exp], meld=said(MELD_WORDS[kind]), cards=" ".join(meld_codes(cards)))
                bd.append(breakdown_line("SSP-6.2", pts, words))
            scores[w] = sum(b["points"] for b in bd)
            players[w] = {"seat": w, "score": scores[w], "breakdown": bd}
            for p in range(PLAYERS):
                if p != w:
                    players[p]["breakdown"] = [breakdown_line("SSP-6.3", 0, said(N_("losers score nothing")))]
            return {
                "outcome": Outcome.WIN,
                "winners": [w],
                "scores": scores,
                "players": players,
                "winner": w,
                "winning_card": CODES[self.win_card],
                "melds": melds,
            }
        for p in range(PLAYERS):
            players[p]["breakdown"] = [breakdown_line("SSP-1.3", 0, said(N_("stock exhausted: drawn deal")))]
        return {
            "outcome": Outcome.DRAW,
            "winners": [],
            "scores": scores,
            "players": players,
            "winner": None,
            "winning_card": None,
            "melds": [],
        }

    def full_state(self) -> SiSePaiFullState:
        return {
            "seed": self.seed,
            "dealer": self.dealer,
            "phase": self.phase,
            "hands": [to_codes(h) for h in self.hands],
            "exposed": [[{"kind": k, "cards": meld_codes(c)} for k, c in m] for m in self.exposed],
            "discards": [[CODES[i] for i in d] for d in self.discards],
            "stock": [CODES[i] for i in self.stock],
            "card": CODES[self.card] if self.card is not None else None,
            "owner": self.owner,
            "source": self.source,
            "second_round": self.second,
            "eligible": list(self.window.eligible),
            "answers": {str(k): v for k, v in self.window.answers.items()},
            "actor": self.actor,
            "outcome": self.outcome,
            "winner": self.winner,
            "win_melds": [{"kind": k, "cards": meld_codes(c), "exposed": e} for k, c, e in self.win_melds],
            "history": [dict(h) for h in self.history],
            "draws": self.draws,
            "result": self.result(),
        }


__all__ = ["SiSePaiState", "WIN", "MELD_KINDS", "is_flower", "is_general"]
