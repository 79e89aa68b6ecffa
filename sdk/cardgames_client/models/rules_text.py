from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RulesText")


@_attrs_define
class RulesText:
    """
    Attributes:
        format_ (str): always markdown
        id (str):
        text (str):
    """

    format_: str
    id: str
    text: str

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_

        id = self.id

        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "format": format_,
                "id": id,
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        format_ = d.pop("format")

        id = d.pop("id")

        text = d.pop("text")

        rules_text = cls(
            format_=format_,
            id=id,
            text=text,
        )

        return rules_text
