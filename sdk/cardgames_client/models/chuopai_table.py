from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.chuopai_card_code import ChuopaiCardCode
from ..models.chuopai_table_families_item import ChuopaiTableFamiliesItem

if TYPE_CHECKING:
    from ..models.chuopai_highest_play import ChuopaiHighestPlay
    from ..models.chuopai_play import ChuopaiPlay
    from ..models.chuopai_round import ChuopaiRound


T = TypeVar("T", bound="ChuopaiTable")


@_attrs_define
class ChuopaiTable:
    """
    Attributes:
        discarded (list[ChuopaiCardCode]):
        discarded_count (int):
        families (list[ChuopaiTableFamiliesItem]):
        first_leader (int):
        highest (ChuopaiHighestPlay | None):
        last_round (ChuopaiRound | None): a finished round: its plays, its winner and the cards won
        leader (int):
        round_ (int): the rounds already finished: 0 while the first is played
        rounds (list[ChuopaiRound]): every finished round, in order (CP-4.3)
        trick (list[ChuopaiPlay]): the plays of this round so far
    """

    discarded: list[ChuopaiCardCode]
    discarded_count: int
    families: list[ChuopaiTableFamiliesItem]
    first_leader: int
    highest: ChuopaiHighestPlay | None
    last_round: ChuopaiRound | None
    leader: int
    round_: int
    rounds: list[ChuopaiRound]
    trick: list[ChuopaiPlay]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.chuopai_highest_play import ChuopaiHighestPlay  # noqa: PLC0415
        from ..models.chuopai_round import ChuopaiRound  # noqa: PLC0415

        discarded = []
        for discarded_item_data in self.discarded:
            discarded_item = discarded_item_data.value
            discarded.append(discarded_item)

        discarded_count = self.discarded_count

        families = []
        for families_item_data in self.families:
            families_item = families_item_data.value
            families.append(families_item)

        first_leader = self.first_leader

        highest: dict[str, Any] | None
        if isinstance(self.highest, ChuopaiHighestPlay):
            highest = self.highest.to_dict()
        else:
            highest = self.highest

        last_round: dict[str, Any] | None
        if isinstance(self.last_round, ChuopaiRound):
            last_round = self.last_round.to_dict()
        else:
            last_round = self.last_round

        leader = self.leader

        round_ = self.round_

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        trick = []
        for trick_item_data in self.trick:
            trick_item = trick_item_data.to_dict()
            trick.append(trick_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "discarded": discarded,
                "discarded_count": discarded_count,
                "families": families,
                "first_leader": first_leader,
                "highest": highest,
                "last_round": last_round,
                "leader": leader,
                "round": round_,
                "rounds": rounds,
                "trick": trick,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chuopai_highest_play import ChuopaiHighestPlay  # noqa: PLC0415
        from ..models.chuopai_play import ChuopaiPlay  # noqa: PLC0415
        from ..models.chuopai_round import ChuopaiRound  # noqa: PLC0415

        d = dict(src_dict)
        discarded = []
        _discarded = d.pop("discarded")
        for discarded_item_data in _discarded:
            discarded_item = ChuopaiCardCode(discarded_item_data)

            discarded.append(discarded_item)

        discarded_count = d.pop("discarded_count")

        families = []
        _families = d.pop("families")
        for families_item_data in _families:
            families_item = ChuopaiTableFamiliesItem(families_item_data)

            families.append(families_item)

        first_leader = d.pop("first_leader")

        def _parse_highest(data: object) -> ChuopaiHighestPlay | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                highest_type_0 = ChuopaiHighestPlay.from_dict(data)

                return highest_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ChuopaiHighestPlay | None, data)

        highest = _parse_highest(d.pop("highest"))

        def _parse_last_round(data: object) -> ChuopaiRound | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                last_round_type_0 = ChuopaiRound.from_dict(data)

                return last_round_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ChuopaiRound | None, data)

        last_round = _parse_last_round(d.pop("last_round"))

        leader = d.pop("leader")

        round_ = d.pop("round")

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = ChuopaiRound.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        trick = []
        _trick = d.pop("trick")
        for trick_item_data in _trick:
            trick_item = ChuopaiPlay.from_dict(trick_item_data)

            trick.append(trick_item)

        chuopai_table = cls(
            discarded=discarded,
            discarded_count=discarded_count,
            families=families,
            first_leader=first_leader,
            highest=highest,
            last_round=last_round,
            leader=leader,
            round_=round_,
            rounds=rounds,
            trick=trick,
        )

        chuopai_table.additional_properties = d
        return chuopai_table

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
