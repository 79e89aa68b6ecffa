from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sisepai_card_code import SisepaiCardCode
from ..models.sisepai_claim_source import SisepaiClaimSource

T = TypeVar("T", bound="SisepaiClaim")


@_attrs_define
class SisepaiClaim:
    """the card the open claim window is about (SSP-5)

    Attributes:
        card (SisepaiCardCode):
        owner (int):
        round_ (int):
        source (SisepaiClaimSource):
    """

    card: SisepaiCardCode
    owner: int
    round_: int
    source: SisepaiClaimSource
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        owner = self.owner

        round_ = self.round_

        source = self.source.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "card": card,
                "owner": owner,
                "round": round_,
                "source": source,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = SisepaiCardCode(d.pop("card"))

        owner = d.pop("owner")

        round_ = d.pop("round")

        source = SisepaiClaimSource(d.pop("source"))

        sisepai_claim = cls(
            card=card,
            owner=owner,
            round_=round_,
            source=source,
        )

        sisepai_claim.additional_properties = d
        return sisepai_claim

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
