from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.nantong_card_code import NantongCardCode

if TYPE_CHECKING:
    from ..models.nantong_deal_result import NantongDealResult
    from ..models.nantong_history_entry import NantongHistoryEntry
    from ..models.nantong_last_discard import NantongLastDiscard
    from ..models.nantong_window import NantongWindow


T = TypeVar("T", bound="NantongTable")


@_attrs_define
class NantongTable:
    """
    Attributes:
        current (int | None):
        deal (int):
        deal_results (list[NantongDealResult]):
        dealer (int):
        deals (int):
        history (list[NantongHistoryEntry]): this deal's draws, discards and settled claims
        indicators (list[NantongCardCode]):
        last_discard (NantongLastDiscard | None):
        match_scores (list[int]):
        stock_count (int):
        window (NantongWindow | None): the open claim (NT-6) or robbing (NT-5.2) window
    """

    current: int | None
    deal: int
    deal_results: list[NantongDealResult]
    dealer: int
    deals: int
    history: list[NantongHistoryEntry]
    indicators: list[NantongCardCode]
    last_discard: NantongLastDiscard | None
    match_scores: list[int]
    stock_count: int
    window: NantongWindow | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.nantong_last_discard import NantongLastDiscard  # noqa: PLC0415
        from ..models.nantong_window import NantongWindow  # noqa: PLC0415

        current: int | None
        current = self.current

        deal = self.deal

        deal_results = []
        for deal_results_item_data in self.deal_results:
            deal_results_item = deal_results_item_data.to_dict()
            deal_results.append(deal_results_item)

        dealer = self.dealer

        deals = self.deals

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)

        indicators = []
        for indicators_item_data in self.indicators:
            indicators_item = indicators_item_data.value
            indicators.append(indicators_item)

        last_discard: dict[str, Any] | None
        if isinstance(self.last_discard, NantongLastDiscard):
            last_discard = self.last_discard.to_dict()
        else:
            last_discard = self.last_discard

        match_scores = self.match_scores

        stock_count = self.stock_count

        window: dict[str, Any] | None
        if isinstance(self.window, NantongWindow):
            window = self.window.to_dict()
        else:
            window = self.window

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "current": current,
                "deal": deal,
                "deal_results": deal_results,
                "dealer": dealer,
                "deals": deals,
                "history": history,
                "indicators": indicators,
                "last_discard": last_discard,
                "match_scores": match_scores,
                "stock_count": stock_count,
                "window": window,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.nantong_deal_result import NantongDealResult  # noqa: PLC0415
        from ..models.nantong_history_entry import NantongHistoryEntry  # noqa: PLC0415
        from ..models.nantong_last_discard import NantongLastDiscard  # noqa: PLC0415
        from ..models.nantong_window import NantongWindow  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_current(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        current = _parse_current(d.pop("current"))

        deal = d.pop("deal")

        deal_results = []
        _deal_results = d.pop("deal_results")
        for deal_results_item_data in _deal_results:
            deal_results_item = NantongDealResult.from_dict(deal_results_item_data)

            deal_results.append(deal_results_item)

        dealer = d.pop("dealer")

        deals = d.pop("deals")

        history = []
        _history = d.pop("history")
        for history_item_data in _history:
            history_item = NantongHistoryEntry.from_dict(history_item_data)

            history.append(history_item)

        indicators = []
        _indicators = d.pop("indicators")
        for indicators_item_data in _indicators:
            indicators_item = NantongCardCode(indicators_item_data)

            indicators.append(indicators_item)

        def _parse_last_discard(data: object) -> NantongLastDiscard | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_discard_type_0 = NantongLastDiscard.from_dict(data)

                return last_discard_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NantongLastDiscard | None, data)

        last_discard = _parse_last_discard(d.pop("last_discard"))

        match_scores = cast(list[int], d.pop("match_scores"))

        stock_count = d.pop("stock_count")

        def _parse_window(data: object) -> NantongWindow | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                window_type_0 = NantongWindow.from_dict(data)

                return window_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NantongWindow | None, data)

        window = _parse_window(d.pop("window"))

        nantong_table = cls(
            current=current,
            deal=deal,
            deal_results=deal_results,
            dealer=dealer,
            deals=deals,
            history=history,
            indicators=indicators,
            last_discard=last_discard,
            match_scores=match_scores,
            stock_count=stock_count,
            window=window,
        )

        nantong_table.additional_properties = d
        return nantong_table

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
