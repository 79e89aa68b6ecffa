from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="OwnAnswer")


@_attrs_define
class OwnAnswer:
    """
    Attributes:
        action (str): the action id answered
        label (str): what it does, in words
    """

    action: str
    label: str

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        label = self.label

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "label": label,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = d.pop("action")

        label = d.pop("label")

        own_answer = cls(
            action=action,
            label=label,
        )

        return own_answer
