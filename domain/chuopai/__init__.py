"""Chuo Pai (Sichuan cards, 四川牌) — ruleset `chuopai`.

Rules: rules.md in this package (CP-1 … CP-5).

Modules: ruleset (facts, options, deal, declared shapes), cards (codes, plays), state
(the game), ai (random and basic), strong (the strong AI), calculator (the hand calculator).
"""

from .cards import N_KINDS
from .ruleset import RULESET, ChuoPai
from .state import ChuoPaiState

__all__ = ["RULESET", "ChuoPai", "ChuoPaiState", "N_KINDS"]
