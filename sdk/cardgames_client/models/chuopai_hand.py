from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.chuopai_card_code import ChuopaiCardCode
from ..types import UNSET, Unset

T = TypeVar("T", bound="ChuopaiHand")


@_attrs_define
class ChuopaiHand:
    """A hand (CP-2.4) and optionally the current highest play. At most four copies of a card in hand and highest together
    (CP-2.1), checked with 422.

        Attributes:
            hand (list[ChuopaiCardCode]):
            highest (list[ChuopaiCardCode] | None | Unset): the current highest play, to list the plays that beat it
    """

    hand: list[ChuopaiCardCode]
    highest: list[ChuopaiCardCode] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hand = []
        for hand_item_data in self.hand:
            hand_item = hand_item_data.value
            hand.append(hand_item)

        highest: list[str] | None | Unset
        if isinstance(self.highest, Unset):
            highest = UNSET
        elif isinstance(self.highest, list):
            highest = []
            for highest_type_0_item_data in self.highest:
                highest_type_0_item = highest_type_0_item_data.value
                highest.append(highest_type_0_item)

        else:
            highest = self.highest

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hand": hand,
            }
        )
        if highest is not UNSET:
            field_dict["highest"] = highest

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hand = []
        _hand = d.pop("hand")
        for hand_item_data in _hand:
            hand_item = ChuopaiCardCode(hand_item_data)

            hand.append(hand_item)

        def _parse_highest(data: object) -> list[ChuopaiCardCode] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                highest_type_0 = []
                _highest_type_0 = data
                for highest_type_0_item_data in _highest_type_0:
                    highest_type_0_item = ChuopaiCardCode(highest_type_0_item_data)

                    highest_type_0.append(highest_type_0_item)

                return highest_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ChuopaiCardCode] | None | Unset, data)

        highest = _parse_highest(d.pop("highest", UNSET))

        chuopai_hand = cls(
            hand=hand,
            highest=highest,
        )

        return chuopai_hand
