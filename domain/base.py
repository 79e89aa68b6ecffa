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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any


class DomainError(Exception):
    """Base of every error the domain raises on purpose."""

    def __init__(self, rule: str | None, message: str):
        super().__init__(message)
        self.rule = rule
        self.message = message


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


class State(abc.ABC):
    """A game in progress (or finished). Mutable; `clone()` for search."""

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
    def view(self, viewer: int | None) -> dict[str, Any]:
        """What `viewer` may know (None: a spectator). Once finished, everything.

        Keys: "to_act" (as the viewer may see it), "hand" (the viewer's
        concealed cards, or None), "seats" (one dict of public facts per seat,
        each with "seat" and "hand_count"), "table" (ruleset-specific public
        facts), "phase" (a short string).
        """

    @abc.abstractmethod
    def is_finished(self) -> bool: ...

    def answer_window(self) -> tuple[int, ...] | None:
        """The seats answering the open claim window, in the order their answers are
        recorded, or None when no window is open.

        In a window several seats answer the same public card and each answer stays
        secret until the last one is in; the result does not depend on the order the
        answers arrive in. Rulesets without such windows keep this default.
        """
        return None

    @abc.abstractmethod
    def result(self) -> dict[str, Any] | None:
        """None while active. Once finished: {"outcome": "win"|"draw"|...,
        "winners": [seats], "scores": [one int per seat], "players": [{"seat",
        "score", "breakdown": [{"rule", "what", "points"}]}], ...}."""

    @abc.abstractmethod
    def full_state(self) -> dict[str, Any]:
        """Everything, hidden cards included (for audits once the game is over)."""

    @abc.abstractmethod
    def clone(self) -> State: ...


# An AI policy sees only its seat's view and its legal actions (docs/design.md).
Policy = Callable[[dict[str, Any], list[Action], random.Random], Action]


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
    """What an AI level is, in one line, and how strong it measured."""

    description: str
    strength: tuple[Strength, ...] = ()


class Ruleset(abc.ABC):
    """Static facts of one ruleset plus the deal."""

    id: str
    name: str
    players: int
    summary: str  # the canonical rules text is docs/rules/<id>.md, served by the API
    ai_levels: tuple[str, ...] = ("random", "basic")
    ai_level_info: dict[str, LevelInfo] = {}  # per level in ai_levels (docs/ai.md)

    @abc.abstractmethod
    def cards(self) -> list[dict[str, Any]]:
        """One dict per card kind: {"code", "name", "count", ...extra facts}."""

    @abc.abstractmethod
    def new_game(
        self, seed: int, options: dict[str, Any] | None = None, deck: list[str] | None = None
    ) -> State:
        """Deal a game. The shuffle (or the given deck) and every random choice
        come from `seed` only. Raises InvalidSetup for a bad deck or options."""

    @abc.abstractmethod
    def policy(self, level: str) -> Policy:
        """The AI policy for a level in `ai_levels`."""

    def describe_levels(self) -> list[dict[str, Any]]:
        """Each AI level with its one-line description and measured strength, in ai_levels order."""
        out = []
        for level in self.ai_levels:
            info = self.ai_level_info.get(level, LevelInfo(""))
            out.append(
                {
                    "level": level,
                    "description": info.description,
                    "strength": [m.to_dict() for m in info.strength],
                }
            )
        return out

    def score_hand(self, body: dict[str, Any]) -> dict[str, Any]:
        """Hand calculator (API: POST /v1/rulesets/{id}/score). Raises InvalidHand."""
        raise NotImplementedError


def random_policy(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
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


def check_deck(deck: list[str], counts: dict[str, int], rule: str) -> None:
    """Raise InvalidSetup unless `deck` holds exactly `counts` copies of each code."""
    if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
        raise InvalidSetup(rule, "deck must be a list of card codes")
    unknown = sorted({c for c in deck if c not in counts})
    if unknown:
        raise InvalidSetup(rule, f"unknown card codes in deck: {', '.join(unknown[:10])}")
    total = sum(counts.values())
    if len(deck) != total:
        raise InvalidSetup(rule, f"deck must hold {total} cards, got {len(deck)}")
    seen: dict[str, int] = {}
    for c in deck:
        seen[c] = seen.get(c, 0) + 1
    wrong = [f"{c} ×{n} (expected {counts[c]})" for c, n in sorted(seen.items()) if n != counts[c]]
    if wrong:
        raise InvalidSetup(rule, "wrong number of copies in deck: " + ", ".join(wrong[:10]))
