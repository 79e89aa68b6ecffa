"""The rulesets this service offers, by id."""

from __future__ import annotations

import importlib

from domain.base import Ruleset

RULESET_MODULES = ("sisepai", "nantong", "chuopai")


def _load() -> dict[str, Ruleset]:
    found: dict[str, Ruleset] = {}
    for name in RULESET_MODULES:
        ruleset = importlib.import_module(f"domain.{name}").RULESET
        found[ruleset.id] = ruleset
    return found


RULESETS: dict[str, Ruleset] = _load()
