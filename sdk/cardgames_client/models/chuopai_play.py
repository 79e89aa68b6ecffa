from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.chuopai_card_code import ChuopaiCardCode
from ..models.chuopai_play_type import ChuopaiPlayType

T = TypeVar("T", bound="ChuopaiPlay")


@_attrs_define
class ChuopaiPlay:
    """one seat's play or pass in a round

    Attributes:
        cards (list[ChuopaiCardCode]):
        seat (int):
        type_ (ChuopaiPlayType):
    """

    cards: list[ChuopaiCardCode]
    seat: int
    type_: ChuopaiPlayType
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.value
            cards.append(cards_item)

        seat = self.seat

        type_ = self.type_.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cards": cards,
                "seat": seat,
                "type": type_,
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

        seat = d.pop("seat")

        type_ = ChuopaiPlayType(d.pop("type"))

        chuopai_play = cls(
            cards=cards,
            seat=seat,
            type_=type_,
        )

        chuopai_play.additional_properties = d
        return chuopai_play

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
