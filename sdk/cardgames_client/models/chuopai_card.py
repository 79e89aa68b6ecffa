from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.chuopai_card_code import ChuopaiCardCode
from ..models.chuopai_card_family import ChuopaiCardFamily

T = TypeVar("T", bound="ChuopaiCard")


@_attrs_define
class ChuopaiCard:
    """
    Attributes:
        code (ChuopaiCardCode):
        count (int): copies in the deck
        family (ChuopaiCardFamily):
        name (str):
        pips (list[int]): the two pip counts
        rank (int): rank within the family, higher is stronger
    """

    code: ChuopaiCardCode
    count: int
    family: ChuopaiCardFamily
    name: str
    pips: list[int]
    rank: int

    def to_dict(self) -> dict[str, Any]:
        code = self.code.value

        count = self.count

        family = self.family.value

        name = self.name

        pips = self.pips

        rank = self.rank

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "count": count,
                "family": family,
                "name": name,
                "pips": pips,
                "rank": rank,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = ChuopaiCardCode(d.pop("code"))

        count = d.pop("count")

        family = ChuopaiCardFamily(d.pop("family"))

        name = d.pop("name")

        pips = cast(list[int], d.pop("pips"))

        rank = d.pop("rank")

        chuopai_card = cls(
            code=code,
            count=count,
            family=family,
            name=name,
            pips=pips,
            rank=rank,
        )

        return chuopai_card
