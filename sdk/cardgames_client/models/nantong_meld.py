from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.nantong_card_code import NantongCardCode
from ..models.nantong_meld_kind import NantongMeldKind

T = TypeVar("T", bound="NantongMeld")


@_attrs_define
class NantongMeld:
    """
    Attributes:
        card (NantongCardCode):
        cards (list[NantongCardCode]):
        kind (NantongMeldKind):
    """

    card: NantongCardCode
    cards: list[NantongCardCode]
    kind: NantongMeldKind
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.value
            cards.append(cards_item)

        kind = self.kind.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
                "cards": cards,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = NantongCardCode(d.pop("card"))

        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = NantongCardCode(cards_item_data)

            cards.append(cards_item)

        kind = NantongMeldKind(d.pop("kind"))

        nantong_meld = cls(
            card=card,
            cards=cards,
            kind=kind,
        )

        nantong_meld.additional_properties = d
        return nantong_meld

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
