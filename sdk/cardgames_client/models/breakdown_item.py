from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="BreakdownItem")


@_attrs_define
class BreakdownItem:
    """
    Attributes:
        points (int):
        rule (None | str):
        what (str):
    """

    points: int
    rule: None | str
    what: str

    def to_dict(self) -> dict[str, Any]:
        points = self.points

        rule: None | str
        rule = self.rule

        what = self.what

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "points": points,
                "rule": rule,
                "what": what,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        points = d.pop("points")

        def _parse_rule(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rule = _parse_rule(d.pop("rule"))

        what = d.pop("what")

        breakdown_item = cls(
            points=points,
            rule=rule,
            what=what,
        )

        return breakdown_item
