from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.chuopai_ai_level import ChuopaiAiLevel
from ..models.seat_spec_kind import SeatSpecKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.chuopai_seat_facts import ChuopaiSeatFacts


T = TypeVar("T", bound="ChuopaiSeatView")


@_attrs_define
class ChuopaiSeatView:
    """
    Attributes:
        facts (ChuopaiSeatFacts):
        hand_count (int):
        kind (SeatSpecKind):
        seat (int):
        level (ChuopaiAiLevel | Unset):
    """

    facts: ChuopaiSeatFacts
    hand_count: int
    kind: SeatSpecKind
    seat: int
    level: ChuopaiAiLevel | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        facts = self.facts.to_dict()

        hand_count = self.hand_count

        kind = self.kind.value

        seat = self.seat

        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "facts": facts,
                "hand_count": hand_count,
                "kind": kind,
                "seat": seat,
            }
        )
        if level is not UNSET:
            field_dict["level"] = level

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chuopai_seat_facts import ChuopaiSeatFacts  # noqa: PLC0415

        d = dict(src_dict)
        facts = ChuopaiSeatFacts.from_dict(d.pop("facts"))

        hand_count = d.pop("hand_count")

        kind = SeatSpecKind(d.pop("kind"))

        seat = d.pop("seat")

        _level = d.pop("level", UNSET)
        level: ChuopaiAiLevel | Unset
        if isinstance(_level, Unset):
            level = UNSET
        else:
            level = ChuopaiAiLevel(_level)

        chuopai_seat_view = cls(
            facts=facts,
            hand_count=hand_count,
            kind=kind,
            seat=seat,
            level=level,
        )

        return chuopai_seat_view
