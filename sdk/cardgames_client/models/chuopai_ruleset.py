from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.chuopai_ai_level import ChuopaiAiLevel

if TYPE_CHECKING:
    from ..models.ai_level_info import AiLevelInfo
    from ..models.chuopai_card import ChuopaiCard
    from ..models.game_option import GameOption


T = TypeVar("T", bound="ChuopaiRuleset")


@_attrs_define
class ChuopaiRuleset:
    """
    Attributes:
        ai_level_info (list[AiLevelInfo]): each of ai_levels: a one-line description and its measured strength
        ai_levels (list[ChuopaiAiLevel]):
        cards (list[ChuopaiCard]):
        id (Literal['chuopai']):
        languages (list[str]): the languages that names, labels, texts and problem details come in (`lang` or Accept-
            Language); the first is the default. The rules text comes in them too (GET .../rules).
        name (str):
        options (list[GameOption]): the options a game of this ruleset takes (POST /v1/games `options`)
        players (int):
        rules_url (str): where the API serves the rules text
        summary (str):
    """

    ai_level_info: list[AiLevelInfo]
    ai_levels: list[ChuopaiAiLevel]
    cards: list[ChuopaiCard]
    id: Literal["chuopai"]
    languages: list[str]
    name: str
    options: list[GameOption]
    players: int
    rules_url: str
    summary: str

    def to_dict(self) -> dict[str, Any]:
        ai_level_info = []
        for ai_level_info_item_data in self.ai_level_info:
            ai_level_info_item = ai_level_info_item_data.to_dict()
            ai_level_info.append(ai_level_info_item)

        ai_levels = []
        for ai_levels_item_data in self.ai_levels:
            ai_levels_item = ai_levels_item_data.value
            ai_levels.append(ai_levels_item)

        cards = []
        for cards_item_data in self.cards:
            cards_item = cards_item_data.to_dict()
            cards.append(cards_item)

        id = self.id

        languages = self.languages

        name = self.name

        options = []
        for options_item_data in self.options:
            options_item = options_item_data.to_dict()
            options.append(options_item)

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
                "languages": languages,
                "name": name,
                "options": options,
                "players": players,
                "rules_url": rules_url,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ai_level_info import AiLevelInfo  # noqa: PLC0415
        from ..models.chuopai_card import ChuopaiCard  # noqa: PLC0415
        from ..models.game_option import GameOption  # noqa: PLC0415

        d = dict(src_dict)
        ai_level_info = []
        _ai_level_info = d.pop("ai_level_info")
        for ai_level_info_item_data in _ai_level_info:
            ai_level_info_item = AiLevelInfo.from_dict(ai_level_info_item_data)

            ai_level_info.append(ai_level_info_item)

        ai_levels = []
        _ai_levels = d.pop("ai_levels")
        for ai_levels_item_data in _ai_levels:
            ai_levels_item = ChuopaiAiLevel(ai_levels_item_data)

            ai_levels.append(ai_levels_item)

        cards = []
        _cards = d.pop("cards")
        for cards_item_data in _cards:
            cards_item = ChuopaiCard.from_dict(cards_item_data)

            cards.append(cards_item)

        id = cast(Literal["chuopai"], d.pop("id"))
        if id != "chuopai":
            raise ValueError(f"id must match const 'chuopai', got '{id}'")

        languages = cast(list[str], d.pop("languages"))

        name = d.pop("name")

        options = []
        _options = d.pop("options")
        for options_item_data in _options:
            options_item = GameOption.from_dict(options_item_data)

            options.append(options_item)

        players = d.pop("players")

        rules_url = d.pop("rules_url")

        summary = d.pop("summary")

        chuopai_ruleset = cls(
            ai_level_info=ai_level_info,
            ai_levels=ai_levels,
            cards=cards,
            id=id,
            languages=languages,
            name=name,
            options=options,
            players=players,
            rules_url=rules_url,
            summary=summary,
        )

        return chuopai_ruleset
