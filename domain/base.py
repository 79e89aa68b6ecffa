"""The domain contract every ruleset implements (docs/design.md, "The domain contract").

Modelled on OpenSpiel's Game/State split and python-chess's typed errors:
a `Ruleset` holds the static facts and deals a `State` from a seed; a
`State` answers who must act, what they may do, and applies one decision.

The domain is pure: no Flask, SQL, clock, I/O or global random. All
randomness comes from a `random.Random` built from the game's seed (dealing)
or handed in by the caller (AI decisions), so a replay decides the same.
"""

from __future__ import annotations

import abc
import random
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, ClassVar, NotRequired, Self, TypedDict, TypeVar, cast

from domain.narration import N_, Said, render
from domain.schema import Record

# The language of every ruleset's canonical rules (rules.md), cited by rule number everywhere;
# a translation (rules.<language>.md) keeps the numbers.
CANONICAL_RULES_LANGUAGE = "en"


class DomainError(Exception):
    """Base of every error the domain raises on purpose."""

    def __init__(self, rule: str | None, message: str, /, **params: Any):
        """`message` is an `N_` message id with named placeholders (domain/narration.py), filled
        in from `params`: `message` keeps the English text, `template` and `params` let the
        service word the refusal in the reader's language."""
        self.template = message
        self.params = params
        self.message = message.format(**params) if params else message
        super().__init__(self.message)
        self.rule = rule


class IllegalAction(DomainError):
    """The action is not legal for that seat now; `rule` names the rule (e.g. "CP-4.2")."""


class InvalidSetup(DomainError):
    """A `deck` or `options` value that cannot start a game (wrong counts, unknown codes...)."""


class InvalidHand(DomainError):
    """Input to a hand calculator that does not describe a possible hand."""


@dataclass(frozen=True)
class Action:
    """One decision a seat may take.

    `id` is stable and means the same action in every layer (domain, log, API,
    SDK): for example "play:66,66", "discard:rH", "pong:5m", "pass".
    `cards` lists the card codes the action plays, melds or discards.
    `extra` carries ruleset-specific structured fields (JSON-safe values).
    """

    id: str
    type: str
    cards: tuple[str, ...] = ()
    label: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": self.type,
            "label": self.label or self.id,
            "cards": list(self.cards),
            **self.extra,
        }


PASS = "pass"


class Outcome(StrEnum):
    """How a game ended (`Result.outcome`); a ruleset uses those its rules know."""

    WIN = "win"
    DRAW = "draw"  # Sì Sè Pái: stock exhausted (SSP-1.3); Chuo Pai: a tie (CP-5.3)
    EXHAUSTED = "exhausted"  # Nantong: the stock ran out without a winner (NT-6.6, NT-9.3)


# ----- the shapes a State gives (docs/design.md, "The domain contract") ---------------------
# Field names here are what clients read: add freely, never rename or drop. The
# ruleset-specific public facts (a seat's melds, the table) stay open dicts: each ruleset
# declares their shape as schema Records (`seat_facts`, `table`) for the API.


class BreakdownLine(TypedDict):
    """One line of a player's score: the rule applied, in words, and the points it adds."""

    rule: str
    what: str
    points: int
    factor: NotRequired[int]  # a multiplier line (Nantong NT-8): the factor applied
    deal: NotRequired[int]  # in a match of several deals: the deal the line belongs to
    settlement: NotRequired[bool]  # a Nantong settlement line (NT-9.2)
    # `what` language-free (domain/narration.py), for the service to word per reader; a ruleset
    # may leave it out, and its lines then read as `what` in every language
    message: NotRequired[list[Said]]


def breakdown_line(rule: str, points: int, *parts: Said) -> BreakdownLine:
    """A line whose words are `parts` (domain/narration.py): `what` in English, `message`."""
    message = list(parts)
    return {"rule": rule, "what": render(message), "points": points, "message": message}


class PlayerResult(TypedDict):
    """One seat's part of a result; a ruleset may add facts of its own (NotRequired)."""

    seat: int
    score: int
    breakdown: list[BreakdownLine]
    total: NotRequired[int]  # a single Nantong deal: the hu before rounding (NT-9.1)
    rounded: NotRequired[int]  # ... and after it
    tricks_won: NotRequired[int]  # Chuo Pai (CP-4.3)
    unplayed: NotRequired[list[str]]  # Chuo Pai: cards still held at settlement (CP-5.2)


class Result(TypedDict):
    """A finished game's result; each ruleset extends it with its own facts."""

    outcome: Outcome
    winners: list[int]
    scores: list[int]
    players: list[PlayerResult]


class View(TypedDict):
    """What one viewer may know (see `State.view`); each ruleset may extend it."""

    phase: str
    to_act: list[int]
    hand: list[str] | None
    seats: list[dict[str, Any]]
    table: dict[str, Any]
    seat: NotRequired[int | None]
    result: NotRequired[Result | None]


class _Settled(dict[str, Any]):
    """A dict `settled` marked: see there."""

    __slots__ = ()


_Part = TypeVar("_Part", bound=Mapping[str, Any])


def settled(part: _Part) -> _Part:
    """`part` of a view (a JSON object) marked as never changing once made, such as a finished
    deal of a match: the state hands out the same object in every view, and a presentation step
    may keep what it made of it by the object's identity (service/wording.py) instead of
    making it again on every read. Neither the state nor any reader may change it."""
    return cast(_Part, _Settled(part))


def is_settled(value: object) -> bool:
    """Whether `value` was marked by `settled`."""
    return type(value) is _Settled


@dataclass(frozen=True, slots=True)
class Consequence:
    """Something the deal or an `apply` caused that no decision shows: a card drawn, a claim
    settled, a round won (docs/design.md, "Consequences"). The service logs each as an event
    of type `type` right after the decision (or the deal) that caused it.

    `seat` is the seat it happened to; `public` is what every seat may know of it;
    `private` what only `seat` may know until the game is over (a drawn card no one else
    sees). Both are JSON-safe. The vocabulary every ruleset shares:

    - "draw": `seat` takes a card from the stock. public {"replacement": bool} (a kong's or
      declaration's replacement from the back), plus {"card"} when everyone sees the card;
      otherwise private {"card"}.
    - "claim_settled": a claim window settled in `seat`'s favour. public {"claim": "pong" |
      "kong" | "win" | "rob" | a meld kind, "card", "from": the seat whose card it was},
      plus {"cards"}: the meld it completes, when it makes one.
    - "unclaimed": nobody took `seat`'s public card. public {"card", "becomes": "discard" |
      "dead"}.
    - "round_won": `seat` won a round (a trick). public {"round", "cards": the cards won}.
    - "deal_over": a deal of a match ended and another follows; `seat` is its dealer. public
      {"deal", "outcome", "winner": a seat or None, "settlement": per seat, "running": the
      match scores}. The last deal's end is the game's result (game_finished).
    """

    type: str
    seat: int
    public: dict[str, Any]
    private: dict[str, Any] = field(default_factory=dict)

    def payload(self) -> dict[str, Any]:
        """The logged payload: {"seat", "public", ...private}, the shape of an action event's
        payload, so one redaction serves both (another viewer reads {"seat", "public"})."""
        return {"seat": self.seat, "public": self.public, **self.private}


class State(abc.ABC):
    """A game in progress (or finished). Mutable; `clone()` for search.

    `clone()` copies the state's attributes as they are, then gives the copy its own
    container for each attribute the state changes in place: those named in `COPIED`
    (a list, dict, set or anything with `copy()`; None stays None) and, one level deeper,
    those in `COPIED_PER_SEAT` (a list of lists, one per seat). Everything else is
    immutable or only ever replaced whole, so original and copy may share it.
    """

    COPIED: ClassVar[tuple[str, ...]] = ()
    COPIED_PER_SEAT: ClassVar[tuple[str, ...]] = ()

    @abc.abstractmethod
    def to_act(self) -> list[int]:
        """Seats whose decision is awaited now (several at once in a claim window)."""

    @abc.abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Legal actions of `seat` now, in a fixed order; [] when not its decision."""

    @abc.abstractmethod
    def apply(self, seat: int, action_id: str) -> None:
        """Apply one decision. Raises IllegalAction (state unchanged) when not legal."""

    @abc.abstractmethod
    def public_action(self, seat: int, action_id: str) -> dict[str, Any]:
        """What seats other than `seat` may learn of this decision when it is made.

        Called on the state *before* `apply`. Returns a JSON-safe dict such as
        {"type": "play", "cards": [...]} or {"type": "answer"} for a claim
        answer that stays secret until settlement. Never names a hidden card.
        """

    @abc.abstractmethod
    def view(self, viewer: int | None) -> View:
        """What `viewer` may know (None: a spectator). Once finished, everything.

        Keys: "to_act" (as the viewer may see it), "hand" (the viewer's
        concealed cards, or None), "seats" (one dict of public facts per seat,
        each with "seat" and "hand_count"), "table" (ruleset-specific public
        facts), "phase" (a short string).
        """

    @abc.abstractmethod
    def is_finished(self) -> bool: ...

    def consequences(self) -> Sequence[Consequence]:
        """What the last `apply` (before any: the deal) caused that no decision shows, in the
        order it happened. Replaced at every `apply`, so nothing accumulates when no one reads
        it (simulations, search). Rulesets without such happenings keep this default."""
        return ()

    def answer_window(self) -> tuple[int, ...] | None:
        """The seats answering the open claim window, in the order their answers are
        recorded, or None when no window is open.

        In a window several seats answer the same public card and each answer stays
        secret until the last one is in; the result does not depend on the order the
        answers arrive in. Rulesets without such windows keep this default.
        """
        return None

    def pass_is_a_choice(self) -> bool:
        """Whether the seats to act now may pass even when they could do something else (an
        optional answer, such as a claim window's), rather than pass only when the rules leave
        them nothing else. Then a seat whose only legal action is pass tells what it holds by
        that alone, and a person there is asked like everyone else instead of passing
        automatically. Claim windows are such answers; rulesets with others say so."""
        return self.answer_window() is not None

    @abc.abstractmethod
    def result(self) -> Result | None:
        """None while active. Once finished: {"outcome": "win"|"draw"|...,
        "winners": [seats], "scores": [one int per seat], "players": [{"seat",
        "score", "breakdown": [{"rule", "what", "points"}]}], ...}."""

    @abc.abstractmethod
    def full_state(self) -> Mapping[str, Any]:
        """Everything, hidden cards included (for audits once the game is over)."""

    def clone(self) -> Self:
        attrs = self.__dict__.copy()
        for name in self.COPIED:
            value = attrs[name]
            if value is not None:
                attrs[name] = value.copy()
        for name in self.COPIED_PER_SEAT:
            attrs[name] = list(map(list.copy, attrs[name]))
        new = object.__new__(type(self))
        new.__dict__ = attrs
        return new


# An AI policy sees only its seat's view and its legal actions (docs/design.md).
Policy = Callable[[View, list[Action], random.Random], Action]


@dataclass(frozen=True)
class Strength:
    """One measured match of a level in duplicate format (docs/ai.md gives the command):
    each deal played once per seat rotation, this level in that seat, `against` in every
    other seat; means per game with 95 % confidence half-widths over per-deal blocks."""

    against: str
    deals: int
    games: int
    win_share: float  # win points per game: 1 for a win, 1/n for an n-way tie
    win_share_ci95: float
    fair_share: float  # 1 / players
    mean_score: float  # the ruleset's score (Chuo Pai cards banked, Nantong settlement in hu, ...)
    mean_score_ci95: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "against": self.against,
            "deals": self.deals,
            "games": self.games,
            "win_share": self.win_share,
            "win_share_ci95": self.win_share_ci95,
            "fair_share": self.fair_share,
            "vs_fair": round(self.win_share / self.fair_share, 2),
            "mean_score": self.mean_score,
            "mean_score_ci95": self.mean_score_ci95,
        }


@dataclass(frozen=True)
class LevelInfo:
    """What an AI level is, in one line, and how strong it measured. `description` says how it
    decides, for a developer; `summary` how it plays, in plain words, for a person choosing an
    opponent (the web table's lobby shows it)."""

    description: str
    strength: tuple[Strength, ...] = ()
    summary: str = ""


@dataclass(frozen=True)
class Option:
    """One game option a ruleset takes: an integer from `minimum` to `maximum`.

    `seat=True` says the value is a seat number (the error then lists the seats).
    A missing or null option takes `default` (None: the ruleset decides, e.g. from the seed).
    """

    name: str
    minimum: int
    maximum: int
    rule: str
    description: str
    seat: bool = False
    default: int | None = None

    def problem(self) -> InvalidSetup:
        if self.seat:
            seats = [str(s) for s in range(self.minimum, self.maximum + 1)]
            return InvalidSetup(
                self.rule,
                N_("option '{option}' must be a seat number {seats} or {last}"),
                option=self.name,
                seats=", ".join(seats[:-1]),
                last=seats[-1],
            )
        return InvalidSetup(
            self.rule,
            N_("option '{option}' must be an integer from {minimum} to {maximum}"),
            option=self.name,
            minimum=self.minimum,
            maximum=self.maximum,
        )


def validate_options(options: Any, known: tuple[Option, ...], rule: str) -> dict[str, int | None]:
    """The one option validator of every ruleset: each known option's value (or default).

    Raises InvalidSetup citing `rule` for a non-object or an unknown key, and the option's
    own rule for a value that is not an integer in range (booleans are not integers).
    """
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidSetup(rule, N_("options must be an object"))
    names = [o.name for o in known]
    unknown = sorted(str(k) for k in options if k not in names)
    if unknown:
        raise InvalidSetup(
            rule,
            N_("unknown option(s): {unknown}; known: {known}"),
            unknown=", ".join(unknown),
            known=", ".join(names) or "none",
        )
    values: dict[str, int | None] = {}
    for option in known:
        value = options.get(option.name)
        if value is None:
            values[option.name] = option.default
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise option.problem()
        if not option.minimum <= value <= option.maximum:
            raise option.problem()
        values[option.name] = value
    return values


@dataclass(frozen=True)
class Calculator:
    """A ruleset's hand calculator (API: POST /v1/rulesets/{id}/score).

    `score` takes the request body and returns the report, or raises InvalidHand;
    `hand` and `report` declare their shapes; `summary` is one line for the API docs;
    `example` is a hand the calculator accepts (the API documents it as an example).
    """

    summary: str
    hand: Record
    report: Record
    score: Callable[[dict[str, Any]], dict[str, Any]]
    example: dict[str, Any]


@cache
def _rules_files(package: str) -> dict[str, Traversable]:
    """A ruleset package's rules files by language: `rules.md` (English, canonical) first, then
    each translation `rules.<language>.md` by language code (listed once per package)."""
    files = resources.files(package)
    found = {
        f.name[len("rules.") : -len(".md")]: f
        for f in files.iterdir()
        if f.name.startswith("rules.") and f.name.endswith(".md") and f.name.count(".") == 2
    }
    return {CANONICAL_RULES_LANGUAGE: files.joinpath("rules.md")} | dict(sorted(found.items()))


class Ruleset(abc.ABC):
    """Static facts of one ruleset plus the deal.

    Besides the deal and the AI, a ruleset declares the shapes of what it takes and
    gives (domain.schema): its `options`, its `card_facts` (facts of `cards()` besides
    code, name and count), its `table` and `seat_facts` (the public parts of a view) and
    its `calculator`. The API builds its schemas from them and names no ruleset.
    """

    id: str
    name: str
    players: int
    summary: str  # the canonical rules text is rules.md in the ruleset's package (English)
    ai_levels: tuple[str, ...] = ("random", "basic")
    # The values a view's `phase` and a legal action's `type` take (the API types each as an
    # enum of this ruleset; left empty, a plain string).
    phases: tuple[str, ...] = ()
    action_types: tuple[str, ...] = ()
    ai_level_info: dict[str, LevelInfo] = {}  # per level in ai_levels (docs/ai.md)
    options: tuple[Option, ...] = ()
    options_rule: str = ""  # the rule cited for a bad options object or an unknown key
    card_facts: Record = Record(name="Card")
    table: Record = Record(name="Table", open=True)
    seat_facts: Record = Record(name="SeatFacts", open=True)
    calculator: Calculator | None = None

    @abc.abstractmethod
    def cards(self) -> list[dict[str, Any]]:
        """One dict per card kind: {"code", "name", "count", ...extra facts}."""

    def card_codes(self) -> list[str]:
        """Every card code, in the order of `cards()`."""
        return [c["code"] for c in self.cards()]

    def deck_size(self) -> int:
        return sum(c["count"] for c in self.cards())

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, int | None]:
        """This ruleset's options with defaults filled in; raises InvalidSetup (see `validate_options`)."""
        return validate_options(options, self.options, self.options_rule)

    def rules_text(self, language: str = CANONICAL_RULES_LANGUAGE) -> str:
        """The rules (Markdown) in `language`: the canonical English `rules.md`, or its translation
        `rules.<language>.md`, shipped inside the ruleset's package (KeyError: no such
        translation; `rules_languages` lists them)."""
        return _rules_files(self._package())[language].read_text(encoding="utf-8")

    def rules_languages(self) -> tuple[str, ...]:
        """The languages the rules can be read in: English (canonical), then every translation
        `rules.<language>.md` beside it, in alphabetical order. A translation keeps every rule
        number, **[R]** marker and code span of the English (tests/unit/test_rules_translations.py)."""
        return tuple(_rules_files(self._package()))

    def _package(self) -> str:
        return sys.modules[type(self).__module__].__package__ or type(self).__module__

    @abc.abstractmethod
    def new_game(
        self, seed: int, options: dict[str, Any] | None = None, deck: list[str] | None = None
    ) -> State:
        """Deal a game. The shuffle (or the given deck) and every random choice
        come from `seed` only. Raises InvalidSetup for a bad deck or options."""

    @abc.abstractmethod
    def policy(self, level: str) -> Policy:
        """The AI policy for a level in `ai_levels`."""

    def describe_options(self) -> list[dict[str, Any]]:
        """Each option a game of this ruleset takes at creation, in `options` order: its name,
        range, default (None: decided from the seed), whether it names a seat, its rule and a
        one-line description."""
        return [
            {
                "name": o.name,
                "minimum": o.minimum,
                "maximum": o.maximum,
                "default": o.default,
                "seat": o.seat,
                "rule": o.rule,
                "description": o.description,
            }
            for o in self.options
        ]

    def describe_levels(self) -> list[dict[str, Any]]:
        """Each AI level with its one-line description, its summary and measured strength, in
        ai_levels order."""
        out = []
        for level in self.ai_levels:
            info = self.ai_level_info.get(level, LevelInfo(""))
            out.append(
                {
                    "level": level,
                    "description": info.description,
                    "summary": info.summary,
                    "strength": [m.to_dict() for m in info.strength],
                }
            )
        return out

    def score_hand(self, body: dict[str, Any]) -> dict[str, Any]:
        """Hand calculator (API: POST /v1/rulesets/{id}/score). Raises InvalidHand."""
        if self.calculator is None:
            raise NotImplementedError
        return self.calculator.score(body)


def random_policy(view: View, legal: list[Action], rng: random.Random) -> Action:
    """The `random` AI level: any legal action, uniformly."""
    return legal[rng.randrange(len(legal))]


def count_vector(codes: Iterable[str], index: dict[str, int], kinds: int) -> list[int]:
    """Count vector of card codes: copies of each kind, indexed as `index` says."""
    counts = [0] * kinds
    for code in codes:
        counts[index[code]] += 1
    return counts


def codes_of(counts: Sequence[int], codes: Sequence[str]) -> list[str]:
    """Card codes of a count vector, in kind order."""
    return [codes[k] for k, n in enumerate(counts) for _ in range(n)]


def dealt_deck(deck: list[str] | None, counts: dict[str, int], rng: random.Random, rule: str) -> list[str]:
    """The cards in dealing order: `deck` itself once checked against `counts` (InvalidSetup
    otherwise), or, without one, every copy of every code in `counts` order shuffled by `rng`."""
    if deck is not None:
        check_deck(deck, counts, rule)
        return list(deck)
    cards = [code for code, copies in counts.items() for _ in range(copies)]
    rng.shuffle(cards)
    return cards


def check_deck(deck: object, counts: dict[str, int], rule: str) -> None:
    """Raise InvalidSetup unless `deck` (as the request gave it) holds exactly `counts` copies of each code."""
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise InvalidSetup(rule, N_("deck must be a list of card codes"))
    unknown = sorted({c for c in deck if c not in counts})
    if unknown:
        raise InvalidSetup(rule, N_("unknown card codes in deck: {codes}"), codes=", ".join(unknown[:10]))
    total = sum(counts.values())
    if len(deck) != total:
        raise InvalidSetup(
            rule, N_("deck must hold {total} cards, got {count}"), total=total, count=len(deck)
        )
    seen: dict[str, int] = {}
    for c in deck:
        seen[c] = seen.get(c, 0) + 1
    wrong = [f"{c} ×{n} (expected {counts[c]})" for c, n in sorted(seen.items()) if n != counts[c]]
    if wrong:
        raise InvalidSetup(rule, N_("wrong number of copies in deck: {cards}"), cards=", ".join(wrong[:10]))
