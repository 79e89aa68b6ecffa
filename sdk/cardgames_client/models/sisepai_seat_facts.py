from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sisepai_card_code import SisepaiCardCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.sisepai_exposed_meld import SisepaiExposedMeld


T = TypeVar("T", bound="SisepaiSeatFacts")


@_attrs_define
class SisepaiSeatFacts:
    """
    Attributes:
        dealer (bool):
        discards (list[SisepaiCardCode]):
        exposed (list[SisepaiExposedMeld]):
        hand (list[SisepaiCardCode] | Unset): once the game is finished
    """

    dealer: bool
    discards: list[SisepaiCardCode]
    exposed: list[SisepaiExposedMeld]
    hand: list[SisepaiCardCode] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        dealer = self.dealer

        discards = []
        for discards_item_data in self.discards:
            discards_item = discards_item_data.value
            discards.append(discards_item)

        exposed = []
        for exposed_item_data in self.exposed:
            exposed_item = exposed_item_data.to_dict()
            exposed.append(exposed_item)

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
                "dealer": dealer,
                "discards": discards,
                "exposed": exposed,
            }
        )
        if hand is not UNSET:
            field_dict["hand"] = hand

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sisepai_exposed_meld import SisepaiExposedMeld  # noqa: PLC0415

        d = dict(src_dict)
        dealer = d.pop("dealer")

        discards = []
        _discards = d.pop("discards")
        for discards_item_data in _discards:
            discards_item = SisepaiCardCode(discards_item_data)

            discards.append(discards_item)

        exposed = []
        _exposed = d.pop("exposed")
        for exposed_item_data in _exposed:
            exposed_item = SisepaiExposedMeld.from_dict(exposed_item_data)

            exposed.append(exposed_item)

        _hand = d.pop("hand", UNSET)
        hand: list[SisepaiCardCode] | Unset = UNSET
        if _hand is not UNSET:
            hand = []
            for hand_item_data in _hand:
                hand_item = SisepaiCardCode(hand_item_data)

                hand.append(hand_item)

        sisepai_seat_facts = cls(
            dealer=dealer,
            discards=discards,
            exposed=exposed,
            hand=hand,
        )

        sisepai_seat_facts.additional_properties = d
        return sisepai_seat_facts

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
