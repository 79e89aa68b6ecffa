from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.legal_action import LegalAction


T = TypeVar("T", bound="LegalActions")


@_attrs_define
class LegalActions:
    """
    Attributes:
        actions (list[LegalAction]):
        seat (int):
        version (int):
    """

    actions: list[LegalAction]
    seat: int
    version: int

    def to_dict(self) -> dict[str, Any]:
        actions = []
        for actions_item_data in self.actions:
            actions_item = actions_item_data.to_dict()
            actions.append(actions_item)

        seat = self.seat

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "actions": actions,
                "seat": seat,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.legal_action import LegalAction  # noqa: PLC0415

        d = dict(src_dict)
        actions = []
        _actions = d.pop("actions")
        for actions_item_data in _actions:
            actions_item = LegalAction.from_dict(actions_item_data)

            actions.append(actions_item)

        seat = d.pop("seat")

        version = d.pop("version")

        legal_actions = cls(
            actions=actions,
            seat=seat,
            version=version,
        )

        return legal_actions
