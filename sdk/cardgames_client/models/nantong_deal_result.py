from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="NantongDealResult")


@_attrs_define
class NantongDealResult:
    """a finished deal of the match (NT-9)

    Attributes:
        deal (int):
        dealer (int):
        outcome (str):
        winner (int | None):
    """

    deal: int
    dealer: int
    outcome: str
    winner: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deal = self.deal

        dealer = self.dealer

        outcome = self.outcome

        winner: int | None
        winner = self.winner

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deal": deal,
                "dealer": dealer,
                "outcome": outcome,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        deal = d.pop("deal")

        dealer = d.pop("dealer")

        outcome = d.pop("outcome")

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        nantong_deal_result = cls(
            deal=deal,
            dealer=dealer,
            outcome=outcome,
            winner=winner,
        )

        nantong_deal_result.additional_properties = d
        return nantong_deal_result

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
