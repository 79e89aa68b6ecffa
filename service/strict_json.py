"""JSON read one way: a key given twice in one object means two things (Python keeps the last,
another reader the first), so both the API's bodies (api.blueprint) and exports
(service.export_format) refuse it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class RepeatedKey(ValueError):
    """A key given twice in one JSON object."""

    def __init__(self, key: str):
        super().__init__(f"the key {key!r} appears twice in one object")
        self.key = key


def unique_keys(items: Iterable[tuple[str, Any]]) -> dict[str, Any]:
    """`json.loads`'s object_pairs_hook: the object, or RepeatedKey."""
    obj: dict[str, Any] = {}
    for key, value in items:
        if key in obj:
            raise RepeatedKey(key)
        obj[key] = value
    return obj


__all__ = ["RepeatedKey", "unique_keys"]
