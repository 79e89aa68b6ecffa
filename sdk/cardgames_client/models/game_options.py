from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="GameOptions")


@_attrs_define
class GameOptions:
    """
    Attributes:
        dealer (int | Unset): sisepai, nantong: the dealer's seat
        deals (int | Unset): nantong: deals in the match (NT-3.3)
        leader (int | Unset): chuopai: the first leader's seat (CP-2.4)
    """

    dealer: int | Unset = UNSET
    deals: int | Unset = UNSET
    leader: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        dealer = self.dealer

        deals = self.deals

        leader = self.leader

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if deals is not UNSET:
            field_dict["deals"] = deals
        if leader is not UNSET:
            field_dict["leader"] = leader

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        dealer = d.pop("dealer", UNSET)

        deals = d.pop("deals", UNSET)

        leader = d.pop("leader", UNSET)

        game_options = cls(
            dealer=dealer,
            deals=deals,
            leader=leader,
        )

        return game_options
