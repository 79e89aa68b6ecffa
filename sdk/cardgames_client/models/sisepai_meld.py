from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.sisepai_meld_kind import SisepaiMeldKind

T = TypeVar("T", bound="SisepaiMeld")


@_attrs_define
class SisepaiMeld:
    """
    Attributes:
        cards (list[str]):
        exposed (bool):
        kind (SisepaiMeldKind):
        points (int):
    """

    cards: list[str]
    exposed: bool
    kind: SisepaiMeldKind
    points: int

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

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
        cards = cast(list[str], d.pop("cards"))

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
