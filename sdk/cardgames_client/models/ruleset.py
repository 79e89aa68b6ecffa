from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.ai_level_info import AiLevelInfo
    from ..models.card import Card


T = TypeVar("T", bound="Ruleset")


@_attrs_define
class Ruleset:
    """
    Attributes:
        ai_level_info (list[AiLevelInfo]): each of ai_levels: a one-line description and its measured strength
        ai_levels (list[str]):
        cards (list[Card]):
        id (str):
        name (str):
        players (int):
        rules_url (str): where the API serves the rules text
        summary (str):
    """

    ai_level_info: list[AiLevelInfo]
    ai_levels: list[str]
    cards: list[Card]
    id: str
    name: str
    players: int
    rules_url: str
    summary: str

    def to_dict(self) -> dict[str, Any]:
        ai_level_info = []
        for ai_level_info_item_data in self.ai_level_info:
            ai_level_info_item = ai_level_info_item_data.to_dict()
            ai_level_info.append(ai_level_info_item)

        ai_levels = self.ai_levels

        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.to_dict()
            cards.append(cards_item)

        id = self.id

        name = self.name

        players = self.players

        rules_url = self.rules_url

        summary = self.summary

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ai_level_info": ai_level_info,
                "ai_levels": ai_levels,
                "cards": cards,
                "id": id,
                "name": name,
                "players": players,
                "rules_url": rules_url,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ai_level_info import AiLevelInfo  # noqa: PLC0415
        from ..models.card import Card  # noqa: PLC0415

        d = dict(src_dict)
        ai_level_info = []
        _ai_level_info = d.pop("ai_level_info")
        for ai_level_info_item_data in _ai_level_info:
            ai_level_info_item = AiLevelInfo.from_dict(ai_level_info_item_data)

            ai_level_info.append(ai_level_info_item)

        ai_levels = cast(list[str], d.pop("ai_levels"))

        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = Card.from_dict(cards_item_data)

            cards.append(cards_item)

        id = d.pop("id")

        name = d.pop("name")

        players = d.pop("players")

        rules_url = d.pop("rules_url")

        summary = d.pop("summary")

        ruleset = cls(
            ai_level_info=ai_level_info,
            ai_levels=ai_levels,
            cards=cards,
            id=id,
            name=name,
            players=players,
            rules_url=rules_url,
            summary=summary,
        )

        return ruleset
