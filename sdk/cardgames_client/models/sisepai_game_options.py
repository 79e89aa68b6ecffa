from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SisepaiGameOptions")


@_attrs_define
class SisepaiGameOptions:
    """
    Attributes:
        dealer (int | Unset): the dealer's seat; random from the seed if absent (SSP-2.3)
    """

    dealer: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        dealer = self.dealer

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if dealer is not UNSET:
            field_dict["dealer"] = dealer

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        dealer = d.pop("dealer", UNSET)

        sisepai_game_options = cls(
            dealer=dealer,
        )

        return sisepai_game_options
