from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.nantong_card_code import NantongCardCode
from ..models.nantong_meld_input_kind import NantongMeldInputKind

T = TypeVar("T", bound="NantongMeldInput")


@_attrs_define
class NantongMeldInput:
    """
    Attributes:
        card (NantongCardCode):
        kind (NantongMeldInputKind):
    """

    card: NantongCardCode
    kind: NantongMeldInputKind

    def to_dict(self) -> dict[str, Any]:
        card = self.card.value

        kind = self.kind.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "card": card,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        card = NantongCardCode(d.pop("card"))

        kind = NantongMeldInputKind(d.pop("kind"))

        nantong_meld_input = cls(
            card=card,
            kind=kind,
        )

        return nantong_meld_input
