from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="NantongMultiplier")


@_attrs_define
class NantongMultiplier:
    """
    Attributes:
        factor (int):
        rule (str):
        what (str):
    """

    factor: int
    rule: str
    what: str

    def to_dict(self) -> dict[str, Any]:
        factor = self.factor

        rule = self.rule

        what = self.what

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "factor": factor,
                "rule": rule,
                "what": what,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        factor = d.pop("factor")

        rule = d.pop("rule")

        what = d.pop("what")

        nantong_multiplier = cls(
            factor=factor,
            rule=rule,
            what=what,
        )

        return nantong_multiplier
