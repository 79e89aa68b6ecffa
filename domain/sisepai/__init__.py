"""Sì Sè Pái (四色牌, Four Colour Cards), ruleset `sisepai` (rules: rules.md in this package).

Modules: `cards` (codes, count vectors), `melds` (SSP-3 melds, SSP-6.2 values,
memoised win test and best partition, SSP-5.2/5.3 claim options), `state`
(the claim-window state machine), `ai` (random and basic), `ruleset` (facts,
options, deal, declared shapes), `calculator` (the hand calculator).

Action ids: "claim:<kind>:<codes>" (the whole meld the public card would
form, public card included, codes in card order, e.g. "claim:triple:rH,rH,rH",
"claim:soldiers:rS,yS,gS", "claim:single:gK"; extra {"meld", "priority"}),
"win" (SSP-5.6: names no meld), "discard:<code>", "pass".

Interpretations beyond the rules file:
- Turn order is seat 0 → 1 → 2 → 3 → 0; "next" means seat + 1.
- Draws are automatic: the dealer's first draw and each later draw open a
  claim window on the drawn card; every eligible seat answers (all four on a
  drawn card, the drawer first; the three others on a discard).
- "Nobody claims their own discard" (SSP-5.3) is absolute: the owner of a
  discard is not asked at all, not even for a win (it could only re-take a
  card it just gave up, and for a drawn card SSP-5.4 says so explicitly).
- Priority within the window (SSP-5.2): win by the drawer 1, win by another 2,
  identical triple/quad by anyone 3 (the drawer's own triple too), the
  drawer's other melds (single General/flower, command, field, soldiers) 4,
  the next player's mixed group 5; ties by turn order from the card's owner.
- SSP-4.5: a non-winning claim that would leave only Generals/flowers
  concealed is not offered — such a hand is always complete, so "win" is.
- SSP-4.3: more generally a named claim after which all 21 cards meld is a
  winning claim, so it is not offered as a named meld: the seat answers "win"
  (level 1/2, best partition of the whole hand) and never discards.
- Best-partition ties (SSP-6.2): fewest mixed groups, then a fixed soldier
  enumeration order (see `melds`).
- Hand calculator: an exposed pair is refused (SSP-5.3: no claim exposes a
  pair); exposed melds are listed first, then the concealed partition.
- Views: during a claim window `to_act` lists only the viewer's own seat if
  its answer is pending (spectators: []); answers are never shown, before or
  after settlement; `table.history` lists the public events (draws, taken
  cards with their melds, untaken cards, discards, the win or drawn deal).
"""

from .ruleset import RULESET, SiSePaiRuleset
from .state import SiSePaiState

__all__ = ["RULESET", "SiSePaiRuleset", "SiSePaiState"]
