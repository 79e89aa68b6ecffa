from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.nantong_card_code import NantongCardCode
from ..models.nantong_window_kind import NantongWindowKind

T = TypeVar("T", bound="NantongWindow")


@_attrs_define
class NantongWindow:
    """the open claim (NT-6) or robbing (NT-5.2) window

    Attributes:
        card (NantongCardCode):
        kind (NantongWindowKind):
        seat (int):
    """

    card: NantongCardCode
    kind: NantongWindowKind
    seat: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        kind = self.kind.value

        seat = self.seat

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
                "kind": kind,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = NantongCardCode(d.pop("card"))

        kind = NantongWindowKind(d.pop("kind"))

        seat = d.pop("seat")

        nantong_window = cls(
            card=card,
            kind=kind,
            seat=seat,
        )

        nantong_window.additional_properties = d
        return nantong_window

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
