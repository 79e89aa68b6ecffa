from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.legal_action_extra import LegalActionExtra


T = TypeVar("T", bound="LegalAction")


@_attrs_define
class LegalAction:
    """
    Attributes:
        cards (list[str]):
        extra (LegalActionExtra): ruleset-specific fields
        id (str): send this id to play_action
        label (str):
        type_ (str):
    """

    cards: list[str]
    extra: LegalActionExtra
    id: str
    label: str
    type_: str

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        extra = self.extra.to_dict()

        id = self.id

        label = self.label

        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "extra": extra,
                "id": id,
                "label": label,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.legal_action_extra import LegalActionExtra  # noqa: PLC0415

        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        extra = LegalActionExtra.from_dict(d.pop("extra"))

        id = d.pop("id")

        label = d.pop("label")

        type_ = d.pop("type")

        legal_action = cls(
            cards=cards,
            extra=extra,
            id=id,
            label=label,
            type_=type_,
        )

        return legal_action
