from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.nantong_card_code import NantongCardCode
from ..models.nantong_deal_win_by import NantongDealWinBy

T = TypeVar("T", bound="NantongDealWin")


@_attrs_define
class NantongDealWin:
    """how the deal was won (NT-8)

    Attributes:
        by (NantongDealWinBy):
        card (NantongCardCode | None):
        earthly (bool): won on the dealer's first discard (NT-8.6)
        last_card (bool): the stock was empty at the win: the winning card was the stock's last, or the discard after it
            (NT-8.6 doubles only the last card self-drawn)
        ready (bool): the winner had declared ready (NT-4.5)
    """

    by: NantongDealWinBy
    card: NantongCardCode | None
    earthly: bool
    last_card: bool
    ready: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        by = self.by.value

        card: None | str
        if isinstance(self.card, NantongCardCode):
            card = self.card.value
        else:
            card = self.card

        earthly = self.earthly

        last_card = self.last_card

        ready = self.ready

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "by": by,
                "card": card,
                "earthly": earthly,
                "last_card": last_card,
                "ready": ready,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        by = NantongDealWinBy(d.pop("by"))

        def _parse_card(data: object) -> NantongCardCode | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                card_type_0 = NantongCardCode(data)

                return card_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NantongCardCode | None, data)

        card = _parse_card(d.pop("card"))

        earthly = d.pop("earthly")

        last_card = d.pop("last_card")

        ready = d.pop("ready")

        nantong_deal_win = cls(
            by=by,
            card=card,
            earthly=earthly,
            last_card=last_card,
            ready=ready,
        )

        nantong_deal_win.additional_properties = d
        return nantong_deal_win

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
