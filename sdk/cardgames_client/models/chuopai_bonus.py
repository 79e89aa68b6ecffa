from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.chuopai_card_code import ChuopaiCardCode

T = TypeVar("T", bound="ChuopaiBonus")


@_attrs_define
class ChuopaiBonus:
    """
    Attributes:
        cards (list[ChuopaiCardCode]):
        eligible (bool):
        points (int):
        rule (str):
    """

    cards: list[ChuopaiCardCode]
    eligible: bool
    points: int
    rule: str

    def to_dict(self) -> dict[str, Any]:
        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.value
            cards.append(cards_item)

        eligible = self.eligible

        points = self.points

        rule = self.rule

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "eligible": eligible,
                "points": points,
                "rule": rule,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = ChuopaiCardCode(cards_item_data)

            cards.append(cards_item)

        eligible = d.pop("eligible")

        points = d.pop("points")

        rule = d.pop("rule")

        chuopai_bonus = cls(
            cards=cards,
            eligible=eligible,
            points=points,
            rule=rule,
        )

        return chuopai_bonus
