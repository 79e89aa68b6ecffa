from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.check import Check


T = TypeVar("T", bound="Verification")


@_attrs_define
class Verification:
    """
    Attributes:
        checks (list[Check]):
        ok (bool):
        creation_hash (None | str | Unset): the hash of the verified log's first event (game_created)
        last_hash (None | str | Unset): the hash of the verified log's last event
        version (int | None | Unset): the verified log's last version (its length)
    """

    checks: list[Check]
    ok: bool
    creation_hash: None | str | Unset = UNSET
    last_hash: None | str | Unset = UNSET
    version: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        checks = []
        for checks_item_data in self.checks:
            checks_item = checks_item_data.to_dict()
            checks.append(checks_item)

        ok = self.ok

        creation_hash: None | str | Unset
        if isinstance(self.creation_hash, Unset):
            creation_hash = UNSET
        else:
            creation_hash = self.creation_hash

        last_hash: None | str | Unset
        if isinstance(self.last_hash, Unset):
            last_hash = UNSET
        else:
            last_hash = self.last_hash

        version: int | None | Unset
        if isinstance(self.version, Unset):
            version = UNSET
        else:
            version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "checks": checks,
                "ok": ok,
            }
        )
        if creation_hash is not UNSET:
            field_dict["creation_hash"] = creation_hash
        if last_hash is not UNSET:
            field_dict["last_hash"] = last_hash
        if version is not UNSET:
            field_dict["version"] = version

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

        def _parse_creation_hash(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        creation_hash = _parse_creation_hash(d.pop("creation_hash", UNSET))

        def _parse_last_hash(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        last_hash = _parse_last_hash(d.pop("last_hash", UNSET))

        def _parse_version(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        version = _parse_version(d.pop("version", UNSET))

        verification = cls(
            checks=checks,
            ok=ok,
            creation_hash=creation_hash,
            last_hash=last_hash,
            version=version,
        )

        return verification
