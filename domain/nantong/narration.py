"""Nantong decisions described structurally (see domain/narration.py).

Public payloads (`NantongState.public_action`): every window answer is {"type": "answer"}
until the game is over; every other decision is public with its card ("discard",
"declare_kong", "declare_triple", "hezi", "concealed_kong", "added_kong"), a self-drawn win
names the drawn card, "ready" and "finish" name none. Window answers in full: "win",
"pong:<c>", "kong:<c>", "pass".
"""

from __future__ import annotations

from typing import Any

from ..narration import Happening, answer_happening

CARD_DECISIONS = ("discard", "declare_kong", "declare_triple", "hezi", "concealed_kong", "added_kong")


def event_happening(seat: int, payload: dict[str, Any]) -> Happening:
    public = payload["public"]
    kind = public.get("type")
    if kind == "answer":
        answer = answer_happening(seat, payload)
        if answer is not None:
            return answer
        head, _, card = payload["action"].partition(":")
        if head == "win":
            return Happening("claim_win", seat)
        return Happening(f"{head}_bid", seat, card=card)  # "pong_bid" or "kong_bid"
    if kind == "win":
        cards = public.get("cards") or []
        # NT-8: a self-drawn win names the drawn card; the dealer's heavenly win names none.
        return Happening("win_with", seat, card=cards[0]) if cards else Happening("heavenly_win", seat)
    if kind in CARD_DECISIONS:
        return Happening(kind, seat, card=public["card"])
    return Happening(kind, seat)  # "ready" or "finish"


def action_happening(action: dict[str, Any], table: dict[str, Any]) -> Happening:
    kind = action["type"]
    window = table.get("window")
    if kind == "win":
        if window is not None:
            won = "rob_win" if window["kind"] == "rob" else "win_on_discard"
            return Happening(won, card=window["card"], other=window["seat"])
        cards = action["cards"]
        return Happening("win_self_draw", card=cards[0]) if cards else Happening("heavenly_win")
    if kind in ("pong", "kong"):
        return Happening(kind, card=action["card"], other=window["seat"] if window else None)
    if kind in CARD_DECISIONS:
        return Happening(kind, card=action["card"])
    return Happening(kind)  # "ready", "finish", "pass"
