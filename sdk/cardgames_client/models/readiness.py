from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.readiness_rate_limit_counters import ReadinessRateLimitCounters
from ..models.readiness_store import ReadinessStore

T = TypeVar("T", bound="Readiness")


@_attrs_define
class Readiness:
    """
    Attributes:
        rate_limit_counters (ReadinessRateLimitCounters): where rate-limit counters live now: redis (shared), memory
            (per worker: no REDIS_URL, or a Redis that does not answer), off
        status (str): always 'ready' (else 503)
        store (ReadinessStore):
    """

    rate_limit_counters: ReadinessRateLimitCounters
    status: str
    store: ReadinessStore

    def to_dict(self) -> dict[str, Any]:
        rate_limit_counters = self.rate_limit_counters.value

        status = self.status

        store = self.store.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rate_limit_counters": rate_limit_counters,
                "status": status,
                "store": store,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        rate_limit_counters = ReadinessRateLimitCounters(d.pop("rate_limit_counters"))

        status = d.pop("status")

        store = ReadinessStore(d.pop("store"))

        readiness = cls(
            rate_limit_counters=rate_limit_counters,
            status=status,
            store=store,
        )

        return readiness
