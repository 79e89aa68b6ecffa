from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RulesetSummary")


@_attrs_define
class RulesetSummary:
    """
    Attributes:
        id (str):
        languages (list[str]): the languages that names, labels, texts and problem details come in (`lang` or Accept-
            Language); the first is the default. The rules text comes in them too (GET .../rules).
        name (str):
        players (int):
        summary (str):
    """

    id: str
    languages: list[str]
    name: str
    players: int
    summary: str

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        languages = self.languages

        name = self.name

        players = self.players

        summary = self.summary

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "languages": languages,
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

        languages = cast(list[str], d.pop("languages"))

        name = d.pop("name")

        players = d.pop("players")

        summary = d.pop("summary")

        ruleset_summary = cls(
            id=id,
            languages=languages,
            name=name,
            players=players,
            summary=summary,
        )

        return ruleset_summary
