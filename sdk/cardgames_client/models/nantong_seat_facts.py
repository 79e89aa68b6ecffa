from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.nantong_card_code import NantongCardCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.nantong_meld import NantongMeld


T = TypeVar("T", bound="NantongSeatFacts")


@_attrs_define
class NantongSeatFacts:
    """
    Attributes:
        dealer (bool):
        discards (list[NantongCardCode]):
        melds (list[NantongMeld]):
        prepared (bool):
        ready (bool):
        score (int): the match score so far
        hand (list[NantongCardCode] | Unset): once the game is finished
    """

    dealer: bool
    discards: list[NantongCardCode]
    melds: list[NantongMeld]
    prepared: bool
    ready: bool
    score: int
    hand: list[NantongCardCode] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        dealer = self.dealer

        discards = []
        for discards_item_data in self.discards:
            discards_item = discards_item_data.value
            discards.append(discards_item)

        melds = []
        for melds_item_data in self.melds:
            melds_item = melds_item_data.to_dict()
            melds.append(melds_item)

        prepared = self.prepared

        ready = self.ready

        score = self.score

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
                "melds": melds,
                "prepared": prepared,
                "ready": ready,
                "score": score,
            }
        )
        if hand is not UNSET:
            field_dict["hand"] = hand

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.nantong_meld import NantongMeld  # noqa: PLC0415

        d = dict(src_dict)
        dealer = d.pop("dealer")

        discards = []
        _discards = d.pop("discards")
        for discards_item_data in _discards:
            discards_item = NantongCardCode(discards_item_data)

            discards.append(discards_item)

        melds = []
        _melds = d.pop("melds")
        for melds_item_data in _melds:
            melds_item = NantongMeld.from_dict(melds_item_data)

            melds.append(melds_item)

        prepared = d.pop("prepared")

        ready = d.pop("ready")

        score = d.pop("score")

        _hand = d.pop("hand", UNSET)
        hand: list[NantongCardCode] | Unset = UNSET
        if _hand is not UNSET:
            hand = []
            for hand_item_data in _hand:
                hand_item = NantongCardCode(hand_item_data)

                hand.append(hand_item)

        nantong_seat_facts = cls(
            dealer=dealer,
            discards=discards,
            melds=melds,
            prepared=prepared,
            ready=ready,
            score=score,
            hand=hand,
        )

        nantong_seat_facts.additional_properties = d
        return nantong_seat_facts

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
