from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="NantongScoreLine")


@_attrs_define
class NantongScoreLine:
    """one line of a seat's score for the deal, as a result's breakdown line: `what` in the reader's language (docs/api.md,
    'Reading a breakdown'), `message` its language-free words

        Attributes:
            points (int):
            rule (str):
            what (str):
            factor (int | Unset): a multiplier line (NT-8.6): the factor
            settlement (bool | Unset): a settlement line (NT-9.2)
    """

    points: int
    rule: str
    what: str
    factor: int | Unset = UNSET
    settlement: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        points = self.points

        rule = self.rule

        what = self.what

        factor = self.factor

        settlement = self.settlement

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "points": points,
                "rule": rule,
                "what": what,
            }
        )
        if factor is not UNSET:
            field_dict["factor"] = factor
        if settlement is not UNSET:
            field_dict["settlement"] = settlement

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        points = d.pop("points")

        rule = d.pop("rule")

        what = d.pop("what")

        factor = d.pop("factor", UNSET)

        settlement = d.pop("settlement", UNSET)

        nantong_score_line = cls(
            points=points,
            rule=rule,
            what=what,
            factor=factor,
            settlement=settlement,
        )

        nantong_score_line.additional_properties = d
        return nantong_score_line

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
