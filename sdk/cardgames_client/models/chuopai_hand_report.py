from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.chuopai_card_code import ChuopaiCardCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.chuopai_bonus import ChuopaiBonus
    from ..models.chuopai_highest import ChuopaiHighest
    from ..models.chuopai_legal_action import ChuopaiLegalAction


T = TypeVar("T", bound="ChuopaiHandReport")


@_attrs_define
class ChuopaiHandReport:
    """
    Attributes:
        cards (int):
        combinations (list[ChuopaiLegalAction]):
        hand (list[ChuopaiCardCode]):
        opening_bonus (ChuopaiBonus):
        play_count (int):
        plays (list[ChuopaiLegalAction]):
        beating (list[ChuopaiLegalAction] | Unset):
        highest (ChuopaiHighest | Unset):
        must_pass (bool | Unset): CP-4.2: true when nothing beats `highest`
    """

    cards: int
    combinations: list[ChuopaiLegalAction]
    hand: list[ChuopaiCardCode]
    opening_bonus: ChuopaiBonus
    play_count: int
    plays: list[ChuopaiLegalAction]
    beating: list[ChuopaiLegalAction] | Unset = UNSET
    highest: ChuopaiHighest | Unset = UNSET
    must_pass: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        combinations = []
        for combinations_item_data in self.combinations:
            combinations_item = combinations_item_data.to_dict()
            combinations.append(combinations_item)

        hand = []
        for hand_item_data in self.hand:
            hand_item = hand_item_data.value
            hand.append(hand_item)

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
        from ..models.chuopai_legal_action import ChuopaiLegalAction  # noqa: PLC0415

        d = dict(src_dict)
        cards = d.pop("cards")

        combinations = []
        _combinations = d.pop("combinations")
        for combinations_item_data in _combinations:
            combinations_item = ChuopaiLegalAction.from_dict(combinations_item_data)

            combinations.append(combinations_item)

        hand = []
        _hand = d.pop("hand")
        for hand_item_data in _hand:
            hand_item = ChuopaiCardCode(hand_item_data)

            hand.append(hand_item)

        opening_bonus = ChuopaiBonus.from_dict(d.pop("opening_bonus"))

        play_count = d.pop("play_count")

        plays = []
        _plays = d.pop("plays")
        for plays_item_data in _plays:
            plays_item = ChuopaiLegalAction.from_dict(plays_item_data)

            plays.append(plays_item)

        _beating = d.pop("beating", UNSET)
        beating: list[ChuopaiLegalAction] | Unset = UNSET
        if _beating is not UNSET:
            beating = []
            for beating_item_data in _beating:
                beating_item = ChuopaiLegalAction.from_dict(beating_item_data)

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
