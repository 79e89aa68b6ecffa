from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GameOption")


@_attrs_define
class GameOption:
    """
    Attributes:
        default (int | None): when absent; null: decided from the seed
        description (str): what it sets, one line
        maximum (int):
        minimum (int):
        name (str): its key in POST /v1/games `options`
        rule (str): the rule the option sets
        seat (bool): whether the value is a seat number
    """

    default: int | None
    description: str
    maximum: int
    minimum: int
    name: str
    rule: str
    seat: bool

    def to_dict(self) -> dict[str, Any]:
        default: int | None
        default = self.default

        description = self.description

        maximum = self.maximum

        minimum = self.minimum

        name = self.name

        rule = self.rule

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "default": default,
                "description": description,
                "maximum": maximum,
                "minimum": minimum,
                "name": name,
                "rule": rule,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_default(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        default = _parse_default(d.pop("default"))

        description = d.pop("description")

        maximum = d.pop("maximum")

        minimum = d.pop("minimum")

        name = d.pop("name")

        rule = d.pop("rule")

        seat = d.pop("seat")

        game_option = cls(
            default=default,
            description=description,
            maximum=maximum,
            minimum=minimum,
            name=name,
            rule=rule,
            seat=seat,
        )

        return game_option
