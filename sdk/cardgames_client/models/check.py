from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Check")


@_attrs_define
class Check:
    """
    Attributes:
        detail (str):
        name (str):
        ok (bool):
    """

    detail: str
    name: str
    ok: bool

    def to_dict(self) -> dict[str, Any]:
        detail = self.detail

        name = self.name

        ok = self.ok

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "detail": detail,
                "name": name,
                "ok": ok,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        detail = d.pop("detail")

        name = d.pop("name")

        ok = d.pop("ok")

        check = cls(
            detail=detail,
            name=name,
            ok=ok,
        )

        return check
