from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.nantong_card_code import NantongCardCode
from ..models.nantong_card_suit_type_0 import NantongCardSuitType0

T = TypeVar("T", bound="NantongCard")


@_attrs_define
class NantongCard:
    """
    Attributes:
        code (NantongCardCode):
        count (int): copies in the deck
        name (str):
        old_general (bool): one of the four old generals
        rank (int | None): null for honours
        suit (NantongCardSuitType0 | None): m, s or c; null for honours
    """

    code: NantongCardCode
    count: int
    name: str
    old_general: bool
    rank: int | None
    suit: NantongCardSuitType0 | None

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        count = self.count

        name = self.name

        old_general = self.old_general

        rank: int | None
        rank = self.rank

        suit: None | str
        if isinstance(self.suit, NantongCardSuitType0):
            suit = self.suit.value
        else:
            suit = self.suit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "count": count,
                "name": name,
                "old_general": old_general,
                "rank": rank,
                "suit": suit,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = NantongCardCode(d.pop("code"))

        count = d.pop("count")

        name = d.pop("name")

        old_general = d.pop("old_general")

        def _parse_rank(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rank = _parse_rank(d.pop("rank"))

        def _parse_suit(data: object) -> NantongCardSuitType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                suit_type_0 = NantongCardSuitType0(data)

                return suit_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NantongCardSuitType0 | None, data)

        suit = _parse_suit(d.pop("suit"))

        nantong_card = cls(
            code=code,
            count=count,
            name=name,
            old_general=old_general,
            rank=rank,
            suit=suit,
        )

        return nantong_card
