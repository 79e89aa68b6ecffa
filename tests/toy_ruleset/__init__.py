"""High Card — ruleset `highcard`: a throwaway ruleset that follows steps 1–4 of
docs/adding-a-ruleset.md (copy, rename, register, regenerate).

It lives under tests/ and is never in the product registry (domain/registry.py); the test
tests/e2e/test_adding_a_ruleset.py registers it in a registry of its own, builds the app
from it and plays it over HTTP. It has the modules those steps need (ruleset, state, cards,
ai, calculator, rules.md) and none of what a registered ruleset also needs from steps 5–8:
no narration.py (its buttons read "Take the action …"), no measured AI levels, no rule
translations, no golden games.
"""

from .ruleset import RULESET, HighCard

__all__ = ["RULESET", "HighCard"]
