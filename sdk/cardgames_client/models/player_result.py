from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.breakdown_item import BreakdownItem
    from ..models.player_result_details import PlayerResultDetails


T = TypeVar("T", bound="PlayerResult")


@_attrs_define
class PlayerResult:
    """
    Attributes:
        breakdown (list[BreakdownItem]):
        details (PlayerResultDetails): ruleset-specific facts of the seat's result (tricks won, unplayed cards...)
        score (int):
        seat (int):
    """

    breakdown: list[BreakdownItem]
    details: PlayerResultDetails
    score: int
    seat: int

    def to_dict(self) -> dict[str, Any]:
        breakdown = []
        for breakdown_item_data in self.breakdown:
            breakdown_item = breakdown_item_data.to_dict()
            breakdown.append(breakdown_item)

        details = self.details.to_dict()

        score = self.score

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "breakdown": breakdown,
                "details": details,
                "score": score,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.breakdown_item import BreakdownItem  # noqa: PLC0415
        from ..models.player_result_details import PlayerResultDetails  # noqa: PLC0415

        d = dict(src_dict)
        breakdown = []
        _breakdown = d.pop("breakdown")
        for breakdown_item_data in _breakdown:
            breakdown_item = BreakdownItem.from_dict(breakdown_item_data)

            breakdown.append(breakdown_item)

        details = PlayerResultDetails.from_dict(d.pop("details"))

        score = d.pop("score")

        seat = d.pop("seat")

        player_result = cls(
            breakdown=breakdown,
            details=details,
            score=score,
            seat=seat,
        )

        return player_result
