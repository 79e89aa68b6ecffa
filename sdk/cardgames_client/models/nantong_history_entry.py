from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.nantong_card_code import NantongCardCode
from ..models.nantong_history_entry_by import NantongHistoryEntryBy
from ..models.nantong_history_entry_event import NantongHistoryEntryEvent
from ..types import UNSET, Unset

T = TypeVar("T", bound="NantongHistoryEntry")


@_attrs_define
class NantongHistoryEntry:
    """one thing that happened in the deal, in order (docs/design.md, the table's record)

    Attributes:
        event (NantongHistoryEntryEvent):
        by (NantongHistoryEntryBy | Unset):
        card (NantongCardCode | Unset):
        from_ (int | Unset): pong, kong, win: the seat whose discard (or added kong) was taken
        seat (int | Unset): absent for exhausted
    """

    event: NantongHistoryEntryEvent
    by: NantongHistoryEntryBy | Unset = UNSET
    card: NantongCardCode | Unset = UNSET
    from_: int | Unset = UNSET
    seat: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event = self.event.value

        by: str | Unset = UNSET
        if not isinstance(self.by, Unset):
            by = self.by.value

        card: str | Unset = UNSET
        if not isinstance(self.card, Unset):
            card = self.card.value

        from_ = self.from_

        seat = self.seat

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
            }
        )
        if by is not UNSET:
            field_dict["by"] = by
        if card is not UNSET:
            field_dict["card"] = card
        if from_ is not UNSET:
            field_dict["from"] = from_
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        event = NantongHistoryEntryEvent(d.pop("event"))

        _by = d.pop("by", UNSET)
        by: NantongHistoryEntryBy | Unset
        if isinstance(_by, Unset):
            by = UNSET
        else:
            by = NantongHistoryEntryBy(_by)

        _card = d.pop("card", UNSET)
        card: NantongCardCode | Unset
        if isinstance(_card, Unset):
            card = UNSET
        else:
            card = NantongCardCode(_card)

        from_ = d.pop("from", UNSET)

        seat = d.pop("seat", UNSET)

        nantong_history_entry = cls(
            event=event,
            by=by,
            card=card,
            from_=from_,
            seat=seat,
        )

        nantong_history_entry.additional_properties = d
        return nantong_history_entry

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
