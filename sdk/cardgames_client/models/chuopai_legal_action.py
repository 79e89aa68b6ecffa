from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.chuopai_action_type import ChuopaiActionType
from ..models.chuopai_card_code import ChuopaiCardCode

if TYPE_CHECKING:
    from ..models.chuopai_legal_action_extra import ChuopaiLegalActionExtra


T = TypeVar("T", bound="ChuopaiLegalAction")


@_attrs_define
class ChuopaiLegalAction:
    """
    Attributes:
        cards (list[ChuopaiCardCode]):
        extra (ChuopaiLegalActionExtra): ruleset-specific fields
        id (str): send this id to play_action
        label (str): what the action does, in words, naming cards by name
        type_ (ChuopaiActionType):
    """

    cards: list[ChuopaiCardCode]
    extra: ChuopaiLegalActionExtra
    id: str
    label: str
    type_: ChuopaiActionType

    def to_dict(self) -> dict[str, Any]:
        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.value
            cards.append(cards_item)

        extra = self.extra.to_dict()

        id = self.id

        label = self.label

        type_ = self.type_.value

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
        from ..models.chuopai_legal_action_extra import ChuopaiLegalActionExtra  # noqa: PLC0415

        d = dict(src_dict)
        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = ChuopaiCardCode(cards_item_data)

            cards.append(cards_item)

        extra = ChuopaiLegalActionExtra.from_dict(d.pop("extra"))

        id = d.pop("id")

        label = d.pop("label")

        type_ = ChuopaiActionType(d.pop("type"))

        chuopai_legal_action = cls(
            cards=cards,
            extra=extra,
            id=id,
            label=label,
            type_=type_,
        )

        return chuopai_legal_action
