"""The rulesets this service offers, by id."""

from __future__ import annotations

import importlib
from types import ModuleType

from domain.base import Ruleset

RULESET_MODULES = ("sisepai", "nantong", "chuopai")


def _load() -> dict[str, Ruleset]:
    found: dict[str, Ruleset] = {}
    for name in RULESET_MODULES:
        ruleset = importlib.import_module(f"domain.{name}").RULESET
        found[ruleset.id] = ruleset
    return found


RULESETS: dict[str, Ruleset] = _load()

# Each ruleset's `narration` module (the contract: domain/narration.py), by ruleset id.
NARRATIONS: dict[str, ModuleType] = {
    importlib.import_module(f"domain.{name}").RULESET.id: importlib.import_module(f"domain.{name}.narration")
    for name in RULESET_MODULES
}
