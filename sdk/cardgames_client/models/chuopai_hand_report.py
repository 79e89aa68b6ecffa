from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.chuopai_bonus import ChuopaiBonus
    from ..models.chuopai_highest import ChuopaiHighest
    from ..models.legal_action import LegalAction


T = TypeVar("T", bound="ChuopaiHandReport")


@_attrs_define
class ChuopaiHandReport:
    """
    Attributes:
        cards (int):
        combinations (list[LegalAction]):
        hand (list[str]):
        opening_bonus (ChuopaiBonus):
        play_count (int):
        plays (list[LegalAction]):
        beating (list[LegalAction] | Unset):
        highest (ChuopaiHighest | Unset):
        must_pass (bool | Unset): CP-4.2: true when nothing beats `highest`
    """

    cards: int
    combinations: list[LegalAction]
    hand: list[str]
    opening_bonus: ChuopaiBonus
    play_count: int
    plays: list[LegalAction]
    beating: list[LegalAction] | Unset = UNSET
    highest: ChuopaiHighest | Unset = UNSET
    must_pass: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        combinations = []
        for combinations_item_data in self.combinations:
            combinations_item = combinations_item_data.to_dict()
            combinations.append(combinations_item)

        hand = self.hand

        opening_bonus = self.opening_bonus.to_dict()

        play_count = self.play_count

        plays = []
        for plays_item_data in self.plays:
            plays_item = plays_item_data.to_dict()
            plays.append(plays_item)

        beating: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.beating, Unset):
            beating = []
            for beating_item_data in self.beating:
                beating_item = beating_item_data.to_dict()
                beating.append(beating_item)

        highest: dict[str, Any] | Unset = UNSET
        if not isinstance(self.highest, Unset):
            highest = self.highest.to_dict()

        must_pass = self.must_pass

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "combinations": combinations,
                "hand": hand,
                "opening_bonus": opening_bonus,
                "play_count": play_count,
                "plays": plays,
            }
        )
        if beating is not UNSET:
            field_dict["beating"] = beating
        if highest is not UNSET:
            field_dict["highest"] = highest
        if must_pass is not UNSET:
            field_dict["must_pass"] = must_pass

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chuopai_bonus import ChuopaiBonus  # noqa: PLC0415
        from ..models.chuopai_highest import ChuopaiHighest  # noqa: PLC0415
        from ..models.legal_action import LegalAction  # noqa: PLC0415

        d = dict(src_dict)
        cards = d.pop("cards")

        combinations = []
        _combinations = d.pop("combinations")
        for combinations_item_data in _combinations:
            combinations_item = LegalAction.from_dict(combinations_item_data)

            combinations.append(combinations_item)

        hand = cast(list[str], d.pop("hand"))

        opening_bonus = ChuopaiBonus.from_dict(d.pop("opening_bonus"))

        play_count = d.pop("play_count")

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in _plays:
            plays_item = LegalAction.from_dict(plays_item_data)

            plays.append(plays_item)

        _beating = d.pop("beating", UNSET)
        beating: list[LegalAction] | Unset = UNSET
        if _beating is not UNSET:
            beating = []
            for beating_item_data in _beating:
                beating_item = LegalAction.from_dict(beating_item_data)

                beating.append(beating_item)

        _highest = d.pop("highest", UNSET)
        highest: ChuopaiHighest | Unset
        if isinstance(_highest, Unset):
            highest = UNSET
        else:
            highest = ChuopaiHighest.from_dict(_highest)

        must_pass = d.pop("must_pass", UNSET)

        chuopai_hand_report = cls(
            cards=cards,
            combinations=combinations,
            hand=hand,
            opening_bonus=opening_bonus,
            play_count=play_count,
            plays=plays,
            beating=beating,
            highest=highest,
            must_pass=must_pass,
        )

        return chuopai_hand_report
