"""Shapes of the data a ruleset takes and gives, declared as plain data.

A ruleset declares with these the shapes of its options, its calculator's input and
output, its public table and its seats' public facts. The API turns them into request
and response schemas (and so into the OpenAPI document and the SDK's models) without
naming any ruleset; the domain stays free of any web or schema library.

`Card` means "one card code of this ruleset": the API spells it as the ruleset's enum of
codes. A `Record` is an object with named properties; `open=True` says the object may
carry more properties than those declared (views may gain facts without breaking clients).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Shape:
    """Base of every shape; `description` ends up in the OpenAPI document."""

    description: str = field(default="", kw_only=True)


@dataclass(frozen=True)
class Text(Shape):
    """A string, optionally one of `choices`."""

    choices: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Whole(Shape):
    """An integer, optionally within minimum..maximum (both inclusive)."""

    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True)
class Flag(Shape):
    """A boolean."""


@dataclass(frozen=True)
class Card(Shape):
    """One card code of the ruleset that declares the shape."""


@dataclass(frozen=True)
class ListOf(Shape):
    """A list of `item`, with optional length bounds (inclusive)."""

    item: Shape
    min_items: int | None = None
    max_items: int | None = None


@dataclass(frozen=True)
class LegalActionShape(Shape):
    """One legal action as the API lists it (id, type, label, cards and extra fields)."""


@dataclass(frozen=True)
class Prop:
    """One property of a Record: its shape, whether it must be present and may be null,
    and the value taken when a request leaves it out (`default`, requests only)."""

    shape: Shape
    required: bool = True
    nullable: bool = False
    default: Any = None
    description: str = ""


@dataclass(frozen=True)
class Record(Shape):
    """An object. `name` names it in the API (prefixed with the ruleset's name there)."""

    name: str = ""
    props: dict[str, Prop] = field(default_factory=dict, hash=False)
    open: bool = False


def card_list(min_items: int | None = None, max_items: int | None = None, description: str = "") -> ListOf:
    """A list of card codes of the ruleset."""
    return ListOf(Card(), min_items, max_items, description=description)


def seat(players: int, description: str = "") -> Whole:
    """A seat number 0 .. players-1."""
    return Whole(0, players - 1, description=description)
