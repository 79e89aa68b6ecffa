from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.chuopai_card_code import ChuopaiCardCode
from ..models.chuopai_highest_family import ChuopaiHighestFamily
from ..types import UNSET, Unset

T = TypeVar("T", bound="ChuopaiHighest")


@_attrs_define
class ChuopaiHighest:
    """
    Attributes:
        cards (list[ChuopaiCardCode]):
        family (ChuopaiHighestFamily):
        combination (str | Unset):
    """

    cards: list[ChuopaiCardCode]
    family: ChuopaiHighestFamily
    combination: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.value
            cards.append(cards_item)

        family = self.family.value

        combination = self.combination

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "family": family,
            }
        )
        if combination is not UNSET:
            field_dict["combination"] = combination

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = ChuopaiCardCode(cards_item_data)

            cards.append(cards_item)

        family = ChuopaiHighestFamily(d.pop("family"))

        combination = d.pop("combination", UNSET)

        chuopai_highest = cls(
            cards=cards,
            family=family,
            combination=combination,
        )

        return chuopai_highest
