from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ChuopaiBonus")


@_attrs_define
class ChuopaiBonus:
    """
    Attributes:
        cards (list[str]):
        eligible (bool):
        points (int):
        rule (str):
    """

    cards: list[str]
    eligible: bool
    points: int
    rule: str

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        eligible = self.eligible

        points = self.points

        rule = self.rule

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "eligible": eligible,
                "points": points,
                "rule": rule,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        eligible = d.pop("eligible")

        points = d.pop("points")

        rule = d.pop("rule")

        chuopai_bonus = cls(
            cards=cards,
            eligible=eligible,
            points=points,
            rule=rule,
        )

        return chuopai_bonus
