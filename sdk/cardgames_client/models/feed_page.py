from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.feed_event import FeedEvent


T = TypeVar("T", bound="FeedPage")


@_attrs_define
class FeedPage:
    """
    Attributes:
        events (list[FeedEvent]):
        next_ (int | None): pass as `after` for the next page; null when caught up
    """

    events: list[FeedEvent]
    next_: int | None

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        next_: int | None
        next_ = self.next_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "next": next_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.feed_event import FeedEvent  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = FeedEvent.from_dict(events_item_data)

            events.append(events_item)

        def _parse_next_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_ = _parse_next_(d.pop("next"))

        feed_page = cls(
            events=events,
            next_=next_,
        )

        return feed_page
