from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.sisepai_card_code import SisepaiCardCode
from ..models.sisepai_meld_kind import SisepaiMeldKind

T = TypeVar("T", bound="SisepaiMeld")


@_attrs_define
class SisepaiMeld:
    """
    Attributes:
        cards (list[SisepaiCardCode]):
        exposed (bool):
        kind (SisepaiMeldKind):
        points (int):
    """

    cards: list[SisepaiCardCode]
    exposed: bool
    kind: SisepaiMeldKind
    points: int

    def to_dict(self) -> dict[str, Any]:
        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.value
            cards.append(cards_item)

        exposed = self.exposed

        kind = self.kind.value

        points = self.points

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "exposed": exposed,
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

        exposed = d.pop("exposed")

        kind = SisepaiMeldKind(d.pop("kind"))

        points = d.pop("points")

        sisepai_meld = cls(
            cards=cards,
            exposed=exposed,
            kind=kind,
            points=points,
        )

        return sisepai_meld
