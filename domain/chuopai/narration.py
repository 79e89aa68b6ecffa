"""Chuo Pai decisions described structurally (see domain/narration.py).

Every Chuo Pai decision is public (`ChuoPaiState.public_action`): "pass", "bonus" with its
cards (CP-2.5), "play" with its cards, "combo" with its cards and "combination" (CP-3.2).
"""

from __future__ import annotations

from typing import Any

from ..narration import N_, Happening

# CP-3.2: the special combinations, as the rules name them.
COMBINATION_TERMS = {
    "tian_jiu": N_("Tian Jiu"),
    "di_ba": N_("Di Ba"),
    "ren_qi": N_("Ren Qi"),
    "he_wu": N_("He Wu"),
}


def event_happening(seat: int, payload: dict[str, Any]) -> Happening:
    public = payload["public"]
    kind = public.get("type")
    if kind == "pass":
        return Happening("pass", seat, automatic=payload.get("by") == "auto")
    cards = tuple(public["cards"])
    if kind == "combo":
        return Happening("combo", seat, cards=cards, term=COMBINATION_TERMS[public["combination"]])
    return Happening(kind, seat, cards=cards)  # "play" or "bonus"


def action_happening(action: dict[str, Any], table: dict[str, Any]) -> Happening:
    kind = action["type"]
    cards = tuple(action["cards"])
    if kind in ("pass", "bonus"):
        return Happening(kind, cards=cards)
    highest = table.get("highest")
    # CP-4.1 / CP-4.2: with nothing on the table a play leads, otherwise it beats the highest.
    mode, other = ("lead", None) if highest is None else ("beat", highest["seat"])
    if kind == "combo":
        term = COMBINATION_TERMS[action["combination"]]
        return Happening(f"{mode}_combo", cards=cards, term=term, other=other)
    return Happening(mode, cards=cards, other=other)
