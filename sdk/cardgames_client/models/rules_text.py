from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RulesText")


@_attrs_define
class RulesText:
    """
    Attributes:
        canonical (bool): true for the canonical English text; a translation keeps every rule number, and where the two
            differ the English text is the rule
        format_ (str): always markdown
        id (str):
        language (str): the language `text` is written in: the request's language when the rules are translated into it,
            else en (the canonical text; also in Content-Language)
        languages (list[str]): every language the rules can be read in (?lang=), en first
        text (str):
    """

    canonical: bool
    format_: str
    id: str
    language: str
    languages: list[str]
    text: str

    def to_dict(self) -> dict[str, Any]:
        canonical = self.canonical

        format_ = self.format_

        id = self.id

        language = self.language

        languages = self.languages

        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "canonical": canonical,
                "format": format_,
                "id": id,
                "language": language,
                "languages": languages,
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        canonical = d.pop("canonical")

        format_ = d.pop("format")

        id = d.pop("id")

        language = d.pop("language")

        languages = cast(list[str], d.pop("languages"))

        text = d.pop("text")

        rules_text = cls(
            canonical=canonical,
            format_=format_,
            id=id,
            language=language,
            languages=languages,
            text=text,
        )

        return rules_text
