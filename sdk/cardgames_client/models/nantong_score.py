from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.nantong_card_code import NantongCardCode
from ..models.nantong_score_shape_type_0 import NantongScoreShapeType0

if TYPE_CHECKING:
    from ..models.nantong_item import NantongItem
    from ..models.nantong_multiplier import NantongMultiplier


T = TypeVar("T", bound="NantongScore")


@_attrs_define
class NantongScore:
    """
    Attributes:
        base (int):
        items (list[NantongItem]):
        multipliers (list[NantongMultiplier]):
        partition (list[list[NantongCardCode]] | None):
        rounded (int):
        shape (NantongScoreShapeType0 | None): NT-8.2; null without a win
        total (int): before rounding
    """

    base: int
    items: list[NantongItem]
    multipliers: list[NantongMultiplier]
    partition: list[list[NantongCardCode]] | None
    rounded: int
    shape: NantongScoreShapeType0 | None
    total: int

    def to_dict(self) -> dict[str, Any]:
        base = self.base

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        multipliers = []
        for multipliers_item_data in self.multipliers:
            multipliers_item = multipliers_item_data.to_dict()
            multipliers.append(multipliers_item)

        partition: list[list[str]] | None
        if isinstance(self.partition, list):
            partition = []
            for partition_type_0_item_data in self.partition:
                partition_type_0_item = []
                for partition_type_0_item_item_data in partition_type_0_item_data:
                    partition_type_0_item_item = partition_type_0_item_item_data.value
                    partition_type_0_item.append(partition_type_0_item_item)

                partition.append(partition_type_0_item)

        else:
            partition = self.partition

        rounded = self.rounded

        shape: None | str
        if isinstance(self.shape, NantongScoreShapeType0):
            shape = self.shape.value
        else:
            shape = self.shape

        total = self.total

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "base": base,
                "items": items,
                "multipliers": multipliers,
                "partition": partition,
                "rounded": rounded,
                "shape": shape,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.nantong_item import NantongItem  # noqa: PLC0415
        from ..models.nantong_multiplier import NantongMultiplier  # noqa: PLC0415

        d = dict(src_dict)
        base = d.pop("base")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = NantongItem.from_dict(items_item_data)

            items.append(items_item)

        multipliers = []
        _multipliers = d.pop("multipliers")
        for multipliers_item_data in _multipliers:
            multipliers_item = NantongMultiplier.from_dict(multipliers_item_data)

            multipliers.append(multipliers_item)

        def _parse_partition(data: object) -> list[list[NantongCardCode]] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                partition_type_0 = []
                _partition_type_0 = data
                for partition_type_0_item_data in _partition_type_0:
                    partition_type_0_item = []
                    _partition_type_0_item = partition_type_0_item_data
                    for partition_type_0_item_item_data in _partition_type_0_item:
                        partition_type_0_item_item = NantongCardCode(partition_type_0_item_item_data)

                        partition_type_0_item.append(partition_type_0_item_item)

                    partition_type_0.append(partition_type_0_item)

                return partition_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[NantongCardCode]] | None, data)

        partition = _parse_partition(d.pop("partition"))

        rounded = d.pop("rounded")

        def _parse_shape(data: object) -> NantongScoreShapeType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                shape_type_0 = NantongScoreShapeType0(data)

                return shape_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NantongScoreShapeType0 | None, data)

        shape = _parse_shape(d.pop("shape"))

        total = d.pop("total")

        nantong_score = cls(
            base=base,
            items=items,
            multipliers=multipliers,
            partition=partition,
            rounded=rounded,
            shape=shape,
            total=total,
        )

        return nantong_score
