from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.sisepai_card_character import SisepaiCardCharacter
from ..models.sisepai_card_code import SisepaiCardCode
from ..models.sisepai_card_colour_type_0 import SisepaiCardColourType0

T = TypeVar("T", bound="SisepaiCard")


@_attrs_define
class SisepaiCard:
    """
    Attributes:
        character (SisepaiCardCharacter): the chess character or flower
        code (SisepaiCardCode):
        colour (None | SisepaiCardColourType0): null for flowers
        count (int): copies in the deck
        name (str):
    """

    character: SisepaiCardCharacter
    code: SisepaiCardCode
    colour: None | SisepaiCardColourType0
    count: int
    name: str

    def to_dict(self) -> dict[str, Any]:
        character = self.character.value

        code = self.code.value

        colour: None | str
        if isinstance(self.colour, SisepaiCardColourType0):
            colour = self.colour.value
        else:
            colour = self.colour

        count = self.count

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "character": character,
                "code": code,
                "colour": colour,
                "count": count,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        character = SisepaiCardCharacter(d.pop("character"))

        code = SisepaiCardCode(d.pop("code"))

        def _parse_colour(data: object) -> None | SisepaiCardColourType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                colour_type_0 = SisepaiCardColourType0(data)

                return colour_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SisepaiCardColourType0, data)

        colour = _parse_colour(d.pop("colour"))

        count = d.pop("count")

        name = d.pop("name")

        sisepai_card = cls(
            character=character,
            code=code,
            colour=colour,
            count=count,
            name=name,
        )

        return sisepai_card
