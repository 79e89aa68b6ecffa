from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.seat_spec_kind import SeatSpecKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreatedSeat")


@_attrs_define
class CreatedSeat:
    """
    Attributes:
        kind (SeatSpecKind):
        seat (int):
        level (str | Unset):
        token (str | Unset): human seats only, and only in this response
    """

    kind: SeatSpecKind
    seat: int
    level: str | Unset = UNSET
    token: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        seat = self.seat

        level = self.level

        token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "seat": seat,
            }
        )
        if level is not UNSET:
            field_dict["level"] = level
        if token is not UNSET:
            field_dict["token"] = token

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        kind = SeatSpecKind(d.pop("kind"))

        seat = d.pop("seat")

        level = d.pop("level", UNSET)

        token = d.pop("token", UNSET)

        created_seat = cls(
            kind=kind,
            seat=seat,
            level=level,
            token=token,
        )

        return created_seat
