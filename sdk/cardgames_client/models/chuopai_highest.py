from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChuopaiHighest")


@_attrs_define
class ChuopaiHighest:
    """
    Attributes:
        cards (list[str]):
        family (str):
        combination (str | Unset):
    """

    cards: list[str]
    family: str
    combination: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        family = self.family

        combination = self.combination

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "family": family,
            }
        )
        if combination is not UNSET:
            field_dict["combination"] = combination

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        family = d.pop("family")

        combination = d.pop("combination", UNSET)

        chuopai_highest = cls(
            cards=cards,
            family=family,
            combination=combination,
        )

        return chuopai_highest
