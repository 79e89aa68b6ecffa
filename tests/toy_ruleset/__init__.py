"""High Card — ruleset `highcard`: a throwaway ruleset that follows docs/adding-a-ruleset.md.

It lives under tests/ and is never in the product registry (domain/registry.py); the test
tests/e2e/test_adding_a_ruleset.py registers it in a registry of its own, builds the app
from it and plays it over HTTP. Same layout as every ruleset package: ruleset, state,
cards, ai, calculator, rules.md.
"""

from .ruleset import RULESET, HighCard

__all__ = ["RULESET", "HighCard"]
