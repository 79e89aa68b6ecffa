from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.nantong_card_code import NantongCardCode
from ..models.nantong_deal_result_outcome import NantongDealResultOutcome

if TYPE_CHECKING:
    from ..models.nantong_deal_win import NantongDealWin
    from ..models.nantong_meld import NantongMeld
    from ..models.nantong_score_line import NantongScoreLine


T = TypeVar("T", bound="NantongDealResult")


@_attrs_define
class NantongDealResult:
    """a finished deal of the match (NT-3.3, NT-9), public in full once it is over: every seat's hand and melds at its end
    and how each was scored

        Attributes:
            breakdowns (list[list[NantongScoreLine]]): each seat's score lines, by seat: the hu lines, then the settlement
                lines
            deal (int):
            dealer (int):
            hands (list[list[NantongCardCode]]): each seat's concealed cards at the end of the deal, by seat; the winner's
                with the winning card
            indicators (list[NantongCardCode]):
            melds (list[list[NantongMeld]]): each seat's melds, by seat
            outcome (NantongDealResultOutcome):
            rounded (list[int]): the hu rounded up to tens (NT-9.1)
            running (list[int]): the match scores after this deal
            settlement (list[int]): what each seat won or paid (NT-9.2)
            totals (list[int]): each seat's hu (NT-7, NT-8)
            win (NantongDealWin | None): null when the stock ran out (NT-6.6)
            winner (int | None):
    """

    breakdowns: list[list[NantongScoreLine]]
    deal: int
    dealer: int
    hands: list[list[NantongCardCode]]
    indicators: list[NantongCardCode]
    melds: list[list[NantongMeld]]
    outcome: NantongDealResultOutcome
    rounded: list[int]
    running: list[int]
    settlement: list[int]
    totals: list[int]
    win: NantongDealWin | None
    winner: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.nantong_deal_win import NantongDealWin  # noqa: PLC0415

        breakdowns = []
        for breakdowns_item_data in self.breakdowns:
            breakdowns_item = []
            for breakdowns_item_item_data in breakdowns_item_data:
                breakdowns_item_item = breakdowns_item_item_data.to_dict()
                breakdowns_item.append(breakdowns_item_item)

            breakdowns.append(breakdowns_item)

        deal = self.deal

        dealer = self.dealer

        hands = []
        for hands_item_data in self.hands:
            hands_item = []
            for hands_item_item_data in hands_item_data:
                hands_item_item = hands_item_item_data.value
                hands_item.append(hands_item_item)

            hands.append(hands_item)

        indicators = []
        for indicators_item_data in self.indicators:
            indicators_item = indicators_item_data.value
            indicators.append(indicators_item)

        melds = []
        for melds_item_data in self.melds:
            melds_item = []
            for melds_item_item_data in melds_item_data:
                melds_item_item = melds_item_item_data.to_dict()
                melds_item.append(melds_item_item)

            melds.append(melds_item)

        outcome = self.outcome.value

        rounded = self.rounded

        running = self.running

        settlement = self.settlement

        totals = self.totals

        win: dict[str, Any] | None
        if isinstance(self.win, NantongDealWin):
            win = self.win.to_dict()
        else:
            win = self.win

        winner: int | None
        winner = self.winner

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "breakdowns": breakdowns,
                "deal": deal,
                "dealer": dealer,
                "hands": hands,
                "indicators": indicators,
                "melds": melds,
                "outcome": outcome,
                "rounded": rounded,
                "running": running,
                "settlement": settlement,
                "totals": totals,
                "win": win,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.nantong_deal_win import NantongDealWin  # noqa: PLC0415
        from ..models.nantong_meld import NantongMeld  # noqa: PLC0415
        from ..models.nantong_score_line import NantongScoreLine  # noqa: PLC0415

        d = dict(src_dict)
        breakdowns = []
        _breakdowns = d.pop("breakdowns")
        for breakdowns_item_data in _breakdowns:
            breakdowns_item = []
            _breakdowns_item = breakdowns_item_data
            for breakdowns_item_item_data in _breakdowns_item:
                breakdowns_item_item = NantongScoreLine.from_dict(breakdowns_item_item_data)

                breakdowns_item.append(breakdowns_item_item)

            breakdowns.append(breakdowns_item)

        deal = d.pop("deal")

        dealer = d.pop("dealer")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = []
            _hands_item = hands_item_data
            for hands_item_item_data in _hands_item:
                hands_item_item = NantongCardCode(hands_item_item_data)

                hands_item.append(hands_item_item)

            hands.append(hands_item)

        indicators = []
        _indicators = d.pop("indicators")
        for indicators_item_data in _indicators:
            indicators_item = NantongCardCode(indicators_item_data)

            indicators.append(indicators_item)

        melds = []
        _melds = d.pop("melds")
        for melds_item_data in _melds:
            melds_item = []
            _melds_item = melds_item_data
            for melds_item_item_data in _melds_item:
                melds_item_item = NantongMeld.from_dict(melds_item_item_data)

                melds_item.append(melds_item_item)

            melds.append(melds_item)

        outcome = NantongDealResultOutcome(d.pop("outcome"))

        rounded = cast(list[int], d.pop("rounded"))

        running = cast(list[int], d.pop("running"))

        settlement = cast(list[int], d.pop("settlement"))

        totals = cast(list[int], d.pop("totals"))

        def _parse_win(data: object) -> NantongDealWin | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                win_type_0 = NantongDealWin.from_dict(data)

                return win_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NantongDealWin | None, data)

        win = _parse_win(d.pop("win"))

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        nantong_deal_result = cls(
            breakdowns=breakdowns,
            deal=deal,
            dealer=dealer,
            hands=hands,
            indicators=indicators,
            melds=melds,
            outcome=outcome,
            rounded=rounded,
            running=running,
            settlement=settlement,
            totals=totals,
            win=win,
            winner=winner,
        )

        nantong_deal_result.additional_properties = d
        return nantong_deal_result

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
