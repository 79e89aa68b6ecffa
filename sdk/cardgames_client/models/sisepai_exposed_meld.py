from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sisepai_card_code import SisepaiCardCode
from ..models.sisepai_exposed_meld_kind import SisepaiExposedMeldKind

T = TypeVar("T", bound="SisepaiExposedMeld")


@_attrs_define
class SisepaiExposedMeld:
    """
    Attributes:
        cards (list[SisepaiCardCode]):
        kind (SisepaiExposedMeldKind):
        points (int):
    """

    cards: list[SisepaiCardCode]
    kind: SisepaiExposedMeldKind
    points: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.value
            cards.append(cards_item)

        kind = self.kind.value

        points = self.points

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cards": cards,
                "kind": kind,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = SisepaiCardCode(cards_item_data)

            cards.append(cards_item)

        kind = SisepaiExposedMeldKind(d.pop("kind"))

        points = d.pop("points")

        sisepai_exposed_meld = cls(
            cards=cards,
            kind=kind,
            points=points,
        )

        sisepai_exposed_meld.additional_properties = d
        return sisepai_exposed_meld

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
