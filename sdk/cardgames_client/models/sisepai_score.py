from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.sisepai_meld import SisepaiMeld


T = TypeVar("T", bound="SisepaiScore")


@_attrs_define
class SisepaiScore:
    """
    Attributes:
        melds (list[SisepaiMeld]):
        total (int | None):
        winning (bool):
    """

    melds: list[SisepaiMeld]
    total: int | None
    winning: bool

    def to_dict(self) -> dict[str, Any]:
        melds = []
        for melds_item_data in self.melds:
            melds_item = melds_item_data.to_dict()
            melds.append(melds_item)

        total: int | None
        total = self.total

        winning = self.winning

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "melds": melds,
                "total": total,
                "winning": winning,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.sisepai_meld import SisepaiMeld  # noqa: PLC0415

        d = dict(src_dict)
        melds = []
        _melds = d.pop("melds")
        for melds_item_data in _melds:
            melds_item = SisepaiMeld.from_dict(melds_item_data)

            melds.append(melds_item)

        def _parse_total(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        total = _parse_total(d.pop("total"))

        winning = d.pop("winning")

        sisepai_score = cls(
            melds=melds,
            total=total,
            winning=winning,
        )

        return sisepai_score
