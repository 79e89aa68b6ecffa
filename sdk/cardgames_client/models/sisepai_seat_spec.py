from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.seat_spec_kind import SeatSpecKind
from ..models.sisepai_ai_level import SisepaiAiLevel
from ..types import UNSET, Unset

T = TypeVar("T", bound="SisepaiSeatSpec")


@_attrs_define
class SisepaiSeatSpec:
    """
    Attributes:
        kind (SeatSpecKind):
        level (SisepaiAiLevel | Unset):
    """

    kind: SeatSpecKind
    level: SisepaiAiLevel | Unset = UNSET

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
        level: SisepaiAiLevel | Unset
        if isinstance(_level, Unset):
            level = UNSET
        else:
            level = SisepaiAiLevel(_level)

        sisepai_seat_spec = cls(
            kind=kind,
            level=level,
        )

        return sisepai_seat_spec
