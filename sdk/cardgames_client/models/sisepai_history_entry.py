from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.sisepai_card_code import SisepaiCardCode
from ..models.sisepai_history_entry_becomes import SisepaiHistoryEntryBecomes
from ..models.sisepai_history_entry_event import SisepaiHistoryEntryEvent
from ..models.sisepai_history_entry_meld import SisepaiHistoryEntryMeld
from ..types import UNSET, Unset

T = TypeVar("T", bound="SisepaiHistoryEntry")


@_attrs_define
class SisepaiHistoryEntry:
    """one public event: draw, taken, untaken, discard, win or drawn_deal

    Attributes:
        event (SisepaiHistoryEntryEvent):
        seat (int):
        becomes (SisepaiHistoryEntryBecomes | Unset):
        card (SisepaiCardCode | Unset):
        cards (list[SisepaiCardCode] | Unset):
        from_ (int | Unset): taken, win: the seat that drew or discarded the card
        meld (SisepaiHistoryEntryMeld | Unset):
    """

    event: SisepaiHistoryEntryEvent
    seat: int
    becomes: SisepaiHistoryEntryBecomes | Unset = UNSET
    card: SisepaiCardCode | Unset = UNSET
    cards: list[SisepaiCardCode] | Unset = UNSET
    from_: int | Unset = UNSET
    meld: SisepaiHistoryEntryMeld | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event = self.event.value

        seat = self.seat

        becomes: str | Unset = UNSET
        if not isinstance(self.becomes, Unset):
            becomes = self.becomes.value

        card: str | Unset = UNSET
        if not isinstance(self.card, Unset):
            card = self.card.value

        cards: list[str] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = []
            for cards_item_data in self.cards:
                cards_item = cards_item_data.value
                cards.append(cards_item)

        from_ = self.from_

        meld: str | Unset = UNSET
        if not isinstance(self.meld, Unset):
            meld = self.meld.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "seat": seat,
            }
        )
        if becomes is not UNSET:
            field_dict["becomes"] = becomes
        if card is not UNSET:
            field_dict["card"] = card
        if cards is not UNSET:
            field_dict["cards"] = cards
        if from_ is not UNSET:
            field_dict["from"] = from_
        if meld is not UNSET:
            field_dict["meld"] = meld

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event = SisepaiHistoryEntryEvent(d.pop("event"))

        seat = d.pop("seat")

        _becomes = d.pop("becomes", UNSET)
        becomes: SisepaiHistoryEntryBecomes | Unset
        if isinstance(_becomes, Unset):
            becomes = UNSET
        else:
            becomes = SisepaiHistoryEntryBecomes(_becomes)

        _card = d.pop("card", UNSET)
        card: SisepaiCardCode | Unset
        if isinstance(_card, Unset):
            card = UNSET
        else:
            card = SisepaiCardCode(_card)

        _cards = d.pop("cards", UNSET)
        cards: list[SisepaiCardCode] | Unset = UNSET
        if _cards is not UNSET:
            cards = []
            for cards_item_data in _cards:
                cards_item = SisepaiCardCode(cards_item_data)

                cards.append(cards_item)

        from_ = d.pop("from", UNSET)

        _meld = d.pop("meld", UNSET)
        meld: SisepaiHistoryEntryMeld | Unset
        if isinstance(_meld, Unset):
            meld = UNSET
        else:
            meld = SisepaiHistoryEntryMeld(_meld)

        sisepai_history_entry = cls(
            event=event,
            seat=seat,
            becomes=becomes,
            card=card,
            cards=cards,
            from_=from_,
            meld=meld,
        )

        sisepai_history_entry.additional_properties = d
        return sisepai_history_entry

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
