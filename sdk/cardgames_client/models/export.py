from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.event import Event
    from ..models.exported_game import ExportedGame


T = TypeVar("T", bound="Export")


@_attrs_define
class Export:
    """
    Attributes:
        events (list[Event]):
        format_ (str):
        game (ExportedGame):
    """

    events: list[Event]
    format_: str
    game: ExportedGame

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        format_ = self.format_

        game = self.game.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "format": format_,
                "game": game,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event import Event  # noqa: PLC0415
        from ..models.exported_game import ExportedGame  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = Event.from_dict(events_item_data)

            events.append(events_item)

        format_ = d.pop("format")

        game = ExportedGame.from_dict(d.pop("game"))

        export = cls(
            events=events,
            format_=format_,
            game=game,
        )

        return export
