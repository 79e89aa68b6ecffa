from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChuopaiGameOptions")


@_attrs_define
class ChuopaiGameOptions:
    """
    Attributes:
        leader (int | Unset): the first leader's seat; random from the seed if absent (CP-2.4)
    """

    leader: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        leader = self.leader

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if leader is not UNSET:
            field_dict["leader"] = leader

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        leader = d.pop("leader", UNSET)

        chuopai_game_options = cls(
            leader=leader,
        )

        return chuopai_game_options
