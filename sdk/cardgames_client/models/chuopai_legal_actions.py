from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.chuopai_legal_action import ChuopaiLegalAction


T = TypeVar("T", bound="ChuopaiLegalActions")


@_attrs_define
class ChuopaiLegalActions:
    """
    Attributes:
        actions (list[ChuopaiLegalAction]):
        ruleset (Literal['chuopai']):
        seat (int):
        version (int):
    """

    actions: list[ChuopaiLegalAction]
    ruleset: Literal["chuopai"]
    seat: int
    version: int

    def to_dict(self) -> dict[str, Any]:
        actions = []
        for actions_item_data in self.actions:
            actions_item = actions_item_data.to_dict()
            actions.append(actions_item)

        ruleset = self.ruleset

        seat = self.seat

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "actions": actions,
                "ruleset": ruleset,
                "seat": seat,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chuopai_legal_action import ChuopaiLegalAction  # noqa: PLC0415

        d = dict(src_dict)
        actions = []
        _actions = d.pop("actions")
        for actions_item_data in _actions:
            actions_item = ChuopaiLegalAction.from_dict(actions_item_data)

            actions.append(actions_item)

        ruleset = cast(Literal["chuopai"], d.pop("ruleset"))
        if ruleset != "chuopai":
            raise ValueError(f"ruleset must match const 'chuopai', got '{ruleset}'")

        seat = d.pop("seat")

        version = d.pop("version")

        chuopai_legal_actions = cls(
            actions=actions,
            ruleset=ruleset,
            seat=seat,
            version=version,
        )

        return chuopai_legal_actions
