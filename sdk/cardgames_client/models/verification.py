from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.check import Check


T = TypeVar("T", bound="Verification")


@_attrs_define
class Verification:
    """
    Attributes:
        checks (list[Check]):
        ok (bool):
    """

    checks: list[Check]
    ok: bool

    def to_dict(self) -> dict[str, Any]:
        checks = []
        for checks_item_data in self.checks:
            checks_item = checks_item_data.to_dict()
            checks.append(checks_item)

        ok = self.ok

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "checks": checks,
                "ok": ok,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.check import Check  # noqa: PLC0415

        d = dict(src_dict)
        checks = []
        _checks = d.pop("checks")
        for checks_item_data in _checks:
            checks_item = Check.from_dict(checks_item_data)

            checks.append(checks_item)

        ok = d.pop("ok")

        verification = cls(
            checks=checks,
            ok=ok,
        )

        return verification
