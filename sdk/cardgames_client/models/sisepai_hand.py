from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.sisepai_card_code import SisepaiCardCode
from ..types import UNSET, Unset

T = TypeVar("T", bound="SisepaiHand")


@_attrs_define
class SisepaiHand:
    """A 21-card hand: concealed cards, exposed melds and the new card (SSP-1.2). The deck's copies per code (SSP-2.1)
    bound the hand; that is checked with 422.

        Attributes:
            concealed (list[SisepaiCardCode]):
            new_card (SisepaiCardCode):
            exposed (list[list[SisepaiCardCode]] | Unset): exposed melds, each a list of card codes
    """

    concealed: list[SisepaiCardCode]
    new_card: SisepaiCardCode
    exposed: list[list[SisepaiCardCode]] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        concealed = []
        for concealed_item_data in self.concealed:
            concealed_item = concealed_item_data.value
            concealed.append(concealed_item)

        new_card = self.new_card.value

        exposed: list[list[str]] | Unset = UNSET
        if not isinstance(self.exposed, Unset):
            exposed = []
            for exposed_item_data in self.exposed:
                exposed_item = []
                for exposed_item_item_data in exposed_item_data:
                    exposed_item_item = exposed_item_item_data.value
                    exposed_item.append(exposed_item_item)

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
        concealed = []
        _concealed = d.pop("concealed")
        for concealed_item_data in _concealed:
            concealed_item = SisepaiCardCode(concealed_item_data)

            concealed.append(concealed_item)

        new_card = SisepaiCardCode(d.pop("new_card"))

        _exposed = d.pop("exposed", UNSET)
        exposed: list[list[SisepaiCardCode]] | Unset = UNSET
        if _exposed is not UNSET:
            exposed = []
            for exposed_item_data in _exposed:
                exposed_item = []
                _exposed_item = exposed_item_data
                for exposed_item_item_data in _exposed_item:
                    exposed_item_item = SisepaiCardCode(exposed_item_item_data)

                    exposed_item.append(exposed_item_item)

                exposed.append(exposed_item)

        sisepai_hand = cls(
            concealed=concealed,
            new_card=new_card,
            exposed=exposed,
        )

        return sisepai_hand
