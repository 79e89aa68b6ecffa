from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChuopaiHand")


@_attrs_define
class ChuopaiHand:
    """
    Attributes:
        hand (list[str]):
        highest (list[str] | None | Unset): the current highest play, to list the plays that beat it
    """

    hand: list[str]
    highest: list[str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hand = self.hand

        highest: list[str] | None | Unset
        if isinstance(self.highest, Unset):
            highest = UNSET
        elif isinstance(self.highest, list):
            highest = self.highest

        else:
            highest = self.highest

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hand": hand,
            }
        )
        if highest is not UNSET:
            field_dict["highest"] = highest

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand = cast(list[str], d.pop("hand"))

        def _parse_highest(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                highest_type_0 = cast(list[str], data)

                return highest_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        highest = _parse_highest(d.pop("highest", UNSET))

        chuopai_hand = cls(
            hand=hand,
            highest=highest,
        )

        return chuopai_hand
