"""Amendments made to every /v1 operation of the OpenAPI document (an apispec plugin each):
what every operation shares (the `lang` parameter, the 422 for an undeclared query parameter)
is declared once, where it is implemented, not repeated on each route."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from apispec import BasePlugin
from flask_smorest import Api

Operation = dict[str, Any]


class EveryOperation(BasePlugin):
    """Calls `amend` on each operation of every /v1 path as the document is built."""

    def __init__(self, amend: Callable[[Operation], None]) -> None:
        self.amend = amend

    def operation_helper(
        self, path: str | None = None, operations: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        if not path or not path.startswith("/v1/"):
            return
        for operation in (operations or {}).values():
            self.amend(operation)


def amend_every_operation(api: Api, amend: Callable[[Operation], None]) -> None:
    """Register `amend` (before the blueprints, whose operations it reads)."""
    plugin = EveryOperation(amend)
    plugin.init_spec(api.spec)
    api.spec.plugins.append(plugin)
