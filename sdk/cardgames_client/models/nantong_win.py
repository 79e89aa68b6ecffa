from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.nantong_card_code import NantongCardCode
from ..models.nantong_win_by import NantongWinBy
from ..types import UNSET, Unset

T = TypeVar("T", bound="NantongWin")


@_attrs_define
class NantongWin:
    """
    Attributes:
        by (NantongWinBy):
        card (NantongCardCode | Unset):
        earthly (bool | Unset):  Default: False.
        last_card (bool | Unset):  Default: False.
        ready (bool | Unset):  Default: False.
    """

    by: NantongWinBy
    card: NantongCardCode | Unset = UNSET
    earthly: bool | Unset = False
    last_card: bool | Unset = False
    ready: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        by = self.by.value

        card: str | Unset = UNSET
        if not isinstance(self.card, Unset):
            card = self.card.value

        earthly = self.earthly

        last_card = self.last_card

        ready = self.ready

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "by": by,
            }
        )
        if card is not UNSET:
            field_dict["card"] = card
        if earthly is not UNSET:
            field_dict["earthly"] = earthly
        if last_card is not UNSET:
            field_dict["last_card"] = last_card
        if ready is not UNSET:
            field_dict["ready"] = ready

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        by = NantongWinBy(d.pop("by"))

        _card = d.pop("card", UNSET)
        card: NantongCardCode | Unset
        if isinstance(_card, Unset):
            card = UNSET
        else:
            card = NantongCardCode(_card)

        earthly = d.pop("earthly", UNSET)

        last_card = d.pop("last_card", UNSET)

        ready = d.pop("ready", UNSET)

        nantong_win = cls(
            by=by,
            card=card,
            earthly=earthly,
            last_card=last_card,
            ready=ready,
        )

        return nantong_win
