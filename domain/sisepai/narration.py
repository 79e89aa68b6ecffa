"""Sì Sè Pái decisions described structurally (see domain/narration.py).

Public payloads (`SiSePaiState.public_action`): a discard names its card; every claim-window
answer is {"type": "answer"} until the game is over (SSP-5.1). The full action ids are
"claim:<meld>:<codes>", "win", "discard:<code>" and "pass".
"""

from __future__ import annotations

from typing import Any

from ..narration import N_, Happening, answer_happening
from ..narration import consequence_happening as shared_consequence_happening

# SSP-3: the melds, as words.
MELD_TERMS = {
    "single": N_("single"),
    "pair": N_("pair"),
    "triple": N_("triple"),
    "quad": N_("quad"),
    "command": N_("command group"),
    "field": N_("field group"),
    "soldiers": N_("soldier group"),
}


def event_happening(seat: int, payload: dict[str, Any]) -> Happening:
    public = payload["public"]
    if public.get("type") == "discard":
        return Happening("discard", seat, card=public["cards"][0])
    answer = answer_happening(seat, payload)
    if answer is not None:
        return answer
    action = payload["action"]
    if action == "win":  # SSP-5.6: the answer names no meld
        return Happening("claim_win", seat)
    _, meld, codes = action.split(":", 2)
    return Happening("claim_meld", seat, cards=tuple(codes.split(",")), term=MELD_TERMS[meld])


def consequence_happening(type_: str, seat: int, payload: dict[str, Any]) -> Happening:
    # SSP-4.2: a settled claim names the meld the taken card completes.
    return shared_consequence_happening(type_, seat, payload, MELD_TERMS)


def action_happening(action: dict[str, Any], table: dict[str, Any]) -> Happening:
    kind = action["type"]
    if kind == "discard":
        return Happening("discard", card=action["cards"][0])
    if kind == "pass":
        return Happening("pass")
    card = table["claim"]["card"]  # the open public card the window is about
    if kind == "win":
        return Happening("win_with", card=card)
    cards = tuple(action["cards"])
    if len(set(cards)) == 1:  # a single or an identical group (SSP-3.1, SSP-3.2)
        return Happening("claim_identical", card=card, term=MELD_TERMS[action["meld"]])
    return Happening("claim_meld", card=card, cards=cards, term=MELD_TERMS[action["meld"]])
