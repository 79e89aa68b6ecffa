from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Card")


@_attrs_define
class Card:
    """
    Attributes:
        code (str):
        count (int): copies in the deck
        name (str):
        character (str | Unset): sisepai: the chess character or flower
        colour (None | str | Unset): sisepai: red, yellow, white, green (flowers: null)
        family (str | Unset): chuopai: main, yao, black or red
        old_general (bool | Unset): nantong: one of the four old generals
        pips (list[int] | Unset): chuopai: the two pip counts
        rank (int | None | Unset): rank within the family or suit (nantong honours: null)
        suit (None | str | Unset): nantong: m, s, c or null for honours
    """

    code: str
    count: int
    name: str
    character: str | Unset = UNSET
    colour: None | str | Unset = UNSET
    family: str | Unset = UNSET
    old_general: bool | Unset = UNSET
    pips: list[int] | Unset = UNSET
    rank: int | None | Unset = UNSET
    suit: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        count = self.count

        name = self.name

        character = self.character

        colour: None | str | Unset
        if isinstance(self.colour, Unset):
            colour = UNSET
        else:
            colour = self.colour

        family = self.family

        old_general = self.old_general

        pips: list[int] | Unset = UNSET
        if not isinstance(self.pips, Unset):
            pips = self.pips

        rank: int | None | Unset
        if isinstance(self.rank, Unset):
            rank = UNSET
        else:
            rank = self.rank

        suit: None | str | Unset
        if isinstance(self.suit, Unset):
            suit = UNSET
        else:
            suit = self.suit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "count": count,
                "name": name,
            }
        )
        if character is not UNSET:
            field_dict["character"] = character
        if colour is not UNSET:
            field_dict["colour"] = colour
        if family is not UNSET:
            field_dict["family"] = family
        if old_general is not UNSET:
            field_dict["old_general"] = old_general
        if pips is not UNSET:
            field_dict["pips"] = pips
        if rank is not UNSET:
            field_dict["rank"] = rank
        if suit is not UNSET:
            field_dict["suit"] = suit

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        count = d.pop("count")

        name = d.pop("name")

        character = d.pop("character", UNSET)

        def _parse_colour(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        colour = _parse_colour(d.pop("colour", UNSET))

        family = d.pop("family", UNSET)

        old_general = d.pop("old_general", UNSET)

        pips = cast(list[int], d.pop("pips", UNSET))

        def _parse_rank(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rank = _parse_rank(d.pop("rank", UNSET))

        def _parse_suit(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        suit = _parse_suit(d.pop("suit", UNSET))

        card = cls(
            code=code,
            count=count,
            name=name,
            character=character,
            colour=colour,
            family=family,
            old_general=old_general,
            pips=pips,
            rank=rank,
            suit=suit,
        )

        return card
