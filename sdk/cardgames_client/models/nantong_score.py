from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

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
        partition (list[list[str]] | None):
        rounded (int):
        shape (None | str): qing, piao or tazi (NT-8.2); null without a win
        total (int): before rounding
    """

    base: int
    items: list[NantongItem]
    multipliers: list[NantongMultiplier]
    partition: list[list[str]] | None
    rounded: int
    shape: None | str
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
                partition_type_0_item = partition_type_0_item_data

                partition.append(partition_type_0_item)

        else:
            partition = self.partition

        rounded = self.rounded

        shape: None | str
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

        def _parse_partition(data: object) -> list[list[str]] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                partition_type_0 = []
                _partition_type_0 = data
                for partition_type_0_item_data in _partition_type_0:
                    partition_type_0_item = cast(list[str], partition_type_0_item_data)

                    partition_type_0.append(partition_type_0_item)

                return partition_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[list[str]] | None, data)

        partition = _parse_partition(d.pop("partition"))

        rounded = d.pop("rounded")

        def _parse_shape(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

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
