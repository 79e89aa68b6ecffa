from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="NantongItem")


@_attrs_define
class NantongItem:
    """
    Attributes:
        hu (int):
        rule (str):
        what (str):
    """

    hu: int
    rule: str
    what: str

    def to_dict(self) -> dict[str, Any]:
        hu = self.hu

        rule = self.rule

        what = self.what

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hu": hu,
                "rule": rule,
                "what": what,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hu = d.pop("hu")

        rule = d.pop("rule")

        what = d.pop("what")

        nantong_item = cls(
            hu=hu,
            rule=rule,
            what=what,
        )

        return nantong_item
