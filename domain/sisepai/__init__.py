"""Sì Sè Pái (四色牌, Four Colour Cards), ruleset `sisepai` (rules: shared/rules/sisepai.md)."""

from .ruleset import RULESET, SiSePaiRuleset
from .state import SiSePaiState

__all__ = ["RULESET", "SiSePaiRuleset", "SiSePaiState"]
