from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayAction")


@_attrs_define
class PlayAction:
    """
    Attributes:
        action (str):
        expected_version (int):
    """

    action: str
    expected_version: int

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        expected_version = self.expected_version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "expected_version": expected_version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        action = d.pop("action")

        expected_version = d.pop("expected_version")

        play_action = cls(
            action=action,
            expected_version=expected_version,
        )

        return play_action
