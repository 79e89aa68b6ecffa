from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.level_strength import LevelStrength


T = TypeVar("T", bound="AiLevelInfo")


@_attrs_define
class AiLevelInfo:
    """
    Attributes:
        description (str): what the level does, one line
        level (str):
        strength (list[LevelStrength]): measured matches in duplicate format (docs/ai.md)
        summary (str): how the level plays, in plain words for a person choosing an opponent
    """

    description: str
    level: str
    strength: list[LevelStrength]
    summary: str

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        level = self.level

        strength = []
        for strength_item_data in self.strength:
            strength_item = strength_item_data.to_dict()
            strength.append(strength_item)

        summary = self.summary

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "description": description,
                "level": level,
                "strength": strength,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.level_strength import LevelStrength  # noqa: PLC0415

        d = dict(src_dict)
        description = d.pop("description")

        level = d.pop("level")

        strength = []
        _strength = d.pop("strength")
        for strength_item_data in _strength:
            strength_item = LevelStrength.from_dict(strength_item_data)

            strength.append(strength_item)

        summary = d.pop("summary")

        ai_level_info = cls(
            description=description,
            level=level,
            strength=strength,
            summary=summary,
        )

        return ai_level_info
