from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.nantong_ai_level import NantongAiLevel
from ..models.seat_spec_kind import SeatSpecKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="NantongSeatSpec")


@_attrs_define
class NantongSeatSpec:
    """
    Attributes:
        kind (SeatSpecKind):
        level (NantongAiLevel | Unset):
    """

    kind: SeatSpecKind
    level: NantongAiLevel | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )
        if level is not UNSET:
            field_dict["level"] = level

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = SeatSpecKind(d.pop("kind"))

        _level = d.pop("level", UNSET)
        level: NantongAiLevel | Unset
        if isinstance(_level, Unset):
            level = UNSET
        else:
            level = NantongAiLevel(_level)

        nantong_seat_spec = cls(
            kind=kind,
            level=level,
        )

        return nantong_seat_spec
