from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.breakdown_item_details import BreakdownItemDetails


T = TypeVar("T", bound="BreakdownItem")


@_attrs_define
class BreakdownItem:
    """
    Attributes:
        details (BreakdownItemDetails): ruleset-specific facts of the line (a factor, a deal...)
        points (int):
        rule (None | str):
        what (str): the line in words; any arithmetic in it multiplies out as written (docs/api.md, 'Reading a
            breakdown')
    """

    details: BreakdownItemDetails
    points: int
    rule: None | str
    what: str

    def to_dict(self) -> dict[str, Any]:
        details = self.details.to_dict()

        points = self.points

        rule: None | str
        rule = self.rule

        what = self.what

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "details": details,
                "points": points,
                "rule": rule,
                "what": what,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.breakdown_item_details import BreakdownItemDetails  # noqa: PLC0415

        d = dict(src_dict)
        details = BreakdownItemDetails.from_dict(d.pop("details"))

        points = d.pop("points")

        def _parse_rule(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rule = _parse_rule(d.pop("rule"))

        what = d.pop("what")

        breakdown_item = cls(
            details=details,
            points=points,
            rule=rule,
            what=what,
        )

        return breakdown_item
