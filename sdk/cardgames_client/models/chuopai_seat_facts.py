from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.chuopai_card_code import ChuopaiCardCode
from ..types import UNSET, Unset

T = TypeVar("T", bound="ChuopaiSeatFacts")


@_attrs_define
class ChuopaiSeatFacts:
    """
    Attributes:
        bonus (int):
        pile (list[ChuopaiCardCode]):
        pile_count (int):
        tricks_won (int):
        hand (list[ChuopaiCardCode] | Unset): once the game is finished
    """

    bonus: int
    pile: list[ChuopaiCardCode]
    pile_count: int
    tricks_won: int
    hand: list[ChuopaiCardCode] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bonus = self.bonus

        pile = []
        for pile_item_data in self.pile:
            pile_item = pile_item_data.value
            pile.append(pile_item)

        pile_count = self.pile_count

        tricks_won = self.tricks_won

        hand: list[str] | Unset = UNSET
        if not isinstance(self.hand, Unset):
            hand = []
            for hand_item_data in self.hand:
                hand_item = hand_item_data.value
                hand.append(hand_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bonus": bonus,
                "pile": pile,
                "pile_count": pile_count,
                "tricks_won": tricks_won,
            }
        )
        if hand is not UNSET:
            field_dict["hand"] = hand

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bonus = d.pop("bonus")

        pile = []
        _pile = d.pop("pile")
        for pile_item_data in _pile:
            pile_item = ChuopaiCardCode(pile_item_data)

            pile.append(pile_item)

        pile_count = d.pop("pile_count")

        tricks_won = d.pop("tricks_won")

        _hand = d.pop("hand", UNSET)
        hand: list[ChuopaiCardCode] | Unset = UNSET
        if _hand is not UNSET:
            hand = []
            for hand_item_data in _hand:
                hand_item = ChuopaiCardCode(hand_item_data)

                hand.append(hand_item)

        chuopai_seat_facts = cls(
            bonus=bonus,
            pile=pile,
            pile_count=pile_count,
            tricks_won=tricks_won,
            hand=hand,
        )

        chuopai_seat_facts.additional_properties = d
        return chuopai_seat_facts

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
