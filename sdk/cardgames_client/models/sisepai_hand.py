from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SisepaiHand")


@_attrs_define
class SisepaiHand:
    """
    Attributes:
        concealed (list[str]):
        new_card (str):
        exposed (list[list[str]] | Unset):
    """

    concealed: list[str]
    new_card: str
    exposed: list[list[str]] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        concealed = self.concealed

        new_card = self.new_card

        exposed: list[list[str]] | Unset = UNSET
        if not isinstance(self.exposed, Unset):
            exposed = []
            for exposed_item_data in self.exposed:
                exposed_item = exposed_item_data

                exposed.append(exposed_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "concealed": concealed,
                "new_card": new_card,
            }
        )
        if exposed is not UNSET:
            field_dict["exposed"] = exposed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        concealed = cast(list[str], d.pop("concealed"))

        new_card = d.pop("new_card")

        _exposed = d.pop("exposed", UNSET)
        exposed: list[list[str]] | Unset = UNSET
        if _exposed is not UNSET:
            exposed = []
            for exposed_item_data in _exposed:
                exposed_item = cast(list[str], exposed_item_data)

                exposed.append(exposed_item)

        sisepai_hand = cls(
            concealed=concealed,
            new_card=new_card,
            exposed=exposed,
        )

        return sisepai_hand
