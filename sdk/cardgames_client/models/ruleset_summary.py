from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RulesetSummary")


@_attrs_define
class RulesetSummary:
    """
    Attributes:
        id (str):
        name (str):
        players (int):
        summary (str):
    """

    id: str
    name: str
    players: int
    summary: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        players = self.players

        summary = self.summary

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "players": players,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        players = d.pop("players")

        summary = d.pop("summary")

        ruleset_summary = cls(
            id=id,
            name=name,
            players=players,
            summary=summary,
        )

        return ruleset_summary
