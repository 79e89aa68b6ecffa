from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.nantong_card_code import NantongCardCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.nantong_meld_input import NantongMeldInput
    from ..models.nantong_win import NantongWin


T = TypeVar("T", bound="NantongHand")


@_attrs_define
class NantongHand:
    """A hand to score. The hand must hold seven groups and a pair (NT-1.2) and at most four copies of a card, indicators
    counted (NT-2.1); those are checked with 422.

        Attributes:
            concealed (list[NantongCardCode]):
            indicators (list[NantongCardCode]):
            win (NantongWin | None): null scores a non-winner's base hu (NT-9.3)
            melds (list[NantongMeldInput] | Unset):
    """

    concealed: list[NantongCardCode]
    indicators: list[NantongCardCode]
    win: NantongWin | None
    melds: list[NantongMeldInput] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.nantong_win import NantongWin  # noqa: PLC0415

        concealed = []
        for concealed_item_data in self.concealed:
            concealed_item = concealed_item_data.value
            concealed.append(concealed_item)

        indicators = []
        for indicators_item_data in self.indicators:
            indicators_item = indicators_item_data.value
            indicators.append(indicators_item)

        win: dict[str, Any] | None
        if isinstance(self.win, NantongWin):
            win = self.win.to_dict()
        else:
            win = self.win

        melds: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.melds, Unset):
            melds = []
            for melds_item_data in self.melds:
                melds_item = melds_item_data.to_dict()
                melds.append(melds_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "concealed": concealed,
                "indicators": indicators,
                "win": win,
            }
        )
        if melds is not UNSET:
            field_dict["melds"] = melds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.nantong_meld_input import NantongMeldInput  # noqa: PLC0415
        from ..models.nantong_win import NantongWin  # noqa: PLC0415

        d = dict(src_dict)
        concealed = []
        _concealed = d.pop("concealed")
        for concealed_item_data in _concealed:
            concealed_item = NantongCardCode(concealed_item_data)

            concealed.append(concealed_item)

        indicators = []
        _indicators = d.pop("indicators")
        for indicators_item_data in _indicators:
            indicators_item = NantongCardCode(indicators_item_data)

            indicators.append(indicators_item)

        def _parse_win(data: object) -> NantongWin | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                win_type_0 = NantongWin.from_dict(data)

                return win_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NantongWin | None, data)

        win = _parse_win(d.pop("win"))

        _melds = d.pop("melds", UNSET)
        melds: list[NantongMeldInput] | Unset = UNSET
        if _melds is not UNSET:
            melds = []
            for melds_item_data in _melds:
                melds_item = NantongMeldInput.from_dict(melds_item_data)

                melds.append(melds_item)

        nantong_hand = cls(
            concealed=concealed,
            indicators=indicators,
            win=win,
            melds=melds,
        )

        return nantong_hand
