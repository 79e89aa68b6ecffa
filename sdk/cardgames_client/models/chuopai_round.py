from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.chuopai_card_code import ChuopaiCardCode

if TYPE_CHECKING:
    from ..models.chuopai_play import ChuopaiPlay


T = TypeVar("T", bound="ChuopaiRound")


@_attrs_define
class ChuopaiRound:
    """a finished round: its plays, its winner and the cards won

    Attributes:
        leader (int):
        plays (list[ChuopaiPlay]):
        round_ (int):
        winner (int):
        won (list[ChuopaiCardCode]):
    """

    leader: int
    plays: list[ChuopaiPlay]
    round_: int
    winner: int
    won: list[ChuopaiCardCode]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        leader = self.leader

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)

        round_ = self.round_

        winner = self.winner

        won = []
        for won_item_data in self.won:
            won_item = won_item_data.value
            won.append(won_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "leader": leader,
                "plays": plays,
                "round": round_,
                "winner": winner,
                "won": won,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chuopai_play import ChuopaiPlay  # noqa: PLC0415

        d = dict(src_dict)
        leader = d.pop("leader")

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in _plays:
            plays_item = ChuopaiPlay.from_dict(plays_item_data)

            plays.append(plays_item)

        round_ = d.pop("round")

        winner = d.pop("winner")

        won = []
        _won = d.pop("won")
        for won_item_data in _won:
            won_item = ChuopaiCardCode(won_item_data)

            won.append(won_item)

        chuopai_round = cls(
            leader=leader,
            plays=plays,
            round_=round_,
            winner=winner,
            won=won,
        )

        chuopai_round.additional_properties = d
        return chuopai_round

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
