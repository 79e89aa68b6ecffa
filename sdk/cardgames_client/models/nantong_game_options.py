from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="NantongGameOptions")


@_attrs_define
class NantongGameOptions:
    """
    Attributes:
        dealer (int | Unset): the first dealer's seat; random from the seed if absent (NT-3.1)
        deals (int | Unset): deals in the match (NT-3.3)
    """

    dealer: int | Unset = UNSET
    deals: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        dealer = self.dealer

        deals = self.deals

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if deals is not UNSET:
            field_dict["deals"] = deals

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        dealer = d.pop("dealer", UNSET)

        deals = d.pop("deals", UNSET)

        nantong_game_options = cls(
            dealer=dealer,
            deals=deals,
        )

        return nantong_game_options
