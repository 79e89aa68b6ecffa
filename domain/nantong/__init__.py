"""Nantong long cards (南通长牌) — ruleset `nantong`.

Rules: rules.md in this package (NT-1 … NT-9).

Options: `dealer` (0..2; otherwise random from the seed, NT-3.1) and `deals`
(1..16, default 1: a match, NT-3.3).  A `deck` (a custom deck) fixes the
first deal only; later deals of a match shuffle with a Random derived from
the seed and the deal number, the dealer rotating to the next seat.

Action ids: preparation "declare_kong:5m", "declare_triple:5m", "hezi",
"ready" (ends that seat's preparation), "finish"; own turn "win",
"concealed_kong:5m", "added_kong:5m", "discard:5m"; claim window "win",
"pong:5m", "kong:5m", "pass"; robbing window "win", "pass".

Modules: ruleset (facts, options, deal, declared shapes), cards (codes), scoring
(NT-7 … NT-9), calculator (the hand calculator's entry), state (the game), ai (policies).
"""

from .ruleset import RULESET, Nantong
from .state import NantongState

__all__ = ["RULESET", "Nantong", "NantongState"]
