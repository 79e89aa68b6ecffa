"""A policy of your own for `cardgames match --policy`: run from the repository's folder,

    .venv/bin/cardgames match nantong --policy examples.mybot:choose --against basic --deals 20
    .venv/bin/cardgames match chuopai --policy examples.mybot:choose --against basic --url http://127.0.0.1:8000

A policy is `choose(view, legal, rng) -> Action` (or an action id), as `domain.base.Policy`:
`view` is a plain dict (the seat's view: `phase`, `to_act`, `hand`, `seats`, `table`, and in
Nantong `drawn` only while a card is just drawn, a card `hand` already holds — read optional
keys with `.get`), `legal` a list
of `domain.base.Action` (`id`, `type`, `cards`, `label`, `extra`), `rng` a `random.Random` seeded
from the deal (use it, not the global random, and a match replays exactly). The same in process
and over `--url` (docs/ai.md, "How strength is measured").

This one wins whenever it may, never passes when it may do something else, and otherwise
plays the action that lets go of the fewest cards, the lowest-listed first.
"""

from __future__ import annotations

import random
from typing import Any

from domain.base import Action


def choose(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    wins = [a for a in legal if a.type == "win"]
    if wins:
        return wins[0]
    doing = [a for a in legal if a.type != "pass"] or legal
    fewest = min(len(a.cards) for a in doing)
    return next(a for a in doing if len(a.cards) == fewest)
