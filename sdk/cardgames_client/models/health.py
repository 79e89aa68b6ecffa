from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.health_store import HealthStore

T = TypeVar("T", bound="Health")


@_attrs_define
class Health:
    """
    Attributes:
        status (str): always 'ok'
        store (HealthStore):
    """

    status: str
    store: HealthStore

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        store = self.store.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "store": store,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        status = d.pop("status")

        store = HealthStore(d.pop("store"))

        health = cls(
            status=status,
            store=store,
        )

        return health
