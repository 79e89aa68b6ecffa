from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.chuopai_game_view import ChuopaiGameView
    from ..models.event import Event
    from ..models.nantong_game_view import NantongGameView
    from ..models.sisepai_game_view import SisepaiGameView


T = TypeVar("T", bound="ActionResult")


@_attrs_define
class ActionResult:
    """
    Attributes:
        events (list[Event]):
        version (int):
        view (ChuopaiGameView | NantongGameView | SisepaiGameView):
    """

    events: list[Event]
    version: int
    view: ChuopaiGameView | NantongGameView | SisepaiGameView

    def to_dict(self) -> dict[str, Any]:
        from ..models.nantong_game_view import NantongGameView  # noqa: PLC0415
        from ..models.sisepai_game_view import SisepaiGameView  # noqa: PLC0415

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        version = self.version

        view: dict[str, Any]
        if isinstance(self.view, SisepaiGameView):
            view = self.view.to_dict()
        elif isinstance(self.view, NantongGameView):
            view = self.view.to_dict()
        else:
            view = self.view.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "version": version,
                "view": view,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chuopai_game_view import ChuopaiGameView  # noqa: PLC0415
        from ..models.event import Event  # noqa: PLC0415
        from ..models.nantong_game_view import NantongGameView  # noqa: PLC0415
        from ..models.sisepai_game_view import SisepaiGameView  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = Event.from_dict(events_item_data)

            events.append(events_item)

        version = d.pop("version")

        def _parse_view(data: object) -> ChuopaiGameView | NantongGameView | SisepaiGameView:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_game_view_type_0 = SisepaiGameView.from_dict(data)

                return componentsschemas_game_view_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_game_view_type_1 = NantongGameView.from_dict(data)

                return componentsschemas_game_view_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_game_view_type_2 = ChuopaiGameView.from_dict(data)

            return componentsschemas_game_view_type_2

        view = _parse_view(d.pop("view"))

        action_result = cls(
            events=events,
            version=version,
            view=view,
        )

        return action_result
