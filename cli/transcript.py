"""A readable transcript of a finished game from its export: the deal (replayed from the
revealed seed), every decision in order with card names and what it caused (a draw, a
settled claim, a won round: worded from its payload), and the result."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from domain.base import DomainError
from domain.registry import RULESETS
from service.i18n import ENGLISH
from service.narration import narrator_for
from service.replay import new_state
from service.wording import rendered


def card_names(ruleset_id: str) -> dict[str, str]:
    return {c["code"]: c["name"] for c in RULESETS[ruleset_id].cards()}


def name_cards(action_id: str, names: dict[str, str]) -> str:
    """An action id with every card code after its head written as "Name (code)"."""
    head, sep, rest = action_id.partition(":")
    if not sep:
        return action_id
    named = re.sub(r"[^:,]+", lambda m: f"{names[m[0]]} ({m[0]})" if m[0] in names else m[0], rest)
    return f"{head}: {named.replace(',', ', ')}"


def _who(seats: list[dict[str, Any]], seat: int) -> str:
    spec = seats[seat]
    kind = spec.get("kind", "?")
    return f"seat {seat} ({kind}{':' + spec['level'] if kind == 'ai' and spec.get('level') else ''})"


def transcript(doc: dict[str, Any]) -> list[str]:
    """Lines of the transcript. Raises ValueError for an export it cannot read."""
    try:
        game, events = doc["game"], doc["events"]
        ruleset_id = game["ruleset"]
        ruleset = RULESETS[ruleset_id]
        created = events[0]["payload"]
    except KeyError as exc:
        raise ValueError(
            f"not a game export: it has no {exc.args[0]!r} (GET /v1/games/{{id}}/export writes one)"
        ) from None
    except (IndexError, TypeError):
        raise ValueError(
            "not a game export: no events to read (GET /v1/games/{id}/export writes one)"
        ) from None
    if not any(e.get("type") == "game_finished" for e in events):
        raise ValueError("the game is not finished: its seed is not revealed yet")
    names = card_names(ruleset_id)
    narrator = narrator_for(ruleset)
    seats = created["seats"]
    lines = [
        f"{ruleset.name} — game {game['id']}",
        f"seed {game['seed']}, options {created.get('options') or {}}"
        + (", custom deck" if game.get("custom_deck") else ""),
    ]
    try:
        state = new_state(ruleset, int(game["seed"]), created, game.get("deck"))
    except (DomainError, ValueError) as exc:
        raise ValueError(f"cannot deal this game again: {exc}") from None
    lines.append("The deal:")
    for seat in range(ruleset.players):
        hand = state.view(seat).get("hand") or []
        counts = Counter(hand)  # in the hand's own (kind) order
        lines.append(
            f"  {_who(seats, seat)}: "
            + ", ".join(f"{names.get(c, c)} ({c})" + (f" ×{n}" if n > 1 else "") for c, n in counts.items())
        )
    lines.append("Decisions:")
    number = 0
    for e in events[1:]:
        if e["type"] == "action":
            p = e["payload"]
            number += 1
            by = " [automatic: its only legal action]" if p["by"] == "auto" else ""
            lines.append(f"  {number:4}. {_who(seats, p['seat'])}{by}: {name_cards(p['action'], names)}")
        elif e["type"] not in ("game_created", "game_finished"):
            # a consequence (a draw, a settled claim, …) worded from its payload, which the hash
            # chain covers, never from the file's `text`, which it does not
            lines.append(f"        → {narrator.event_text(e, None)}")
        elif e["type"] == "game_finished":
            # the breakdown's lines with their cards named, as the API's score words them
            result = rendered(e["payload"]["result"], ENGLISH, narrator.names_of)
            lines.append(f"Result: {result['outcome']}, winners {result['winners'] or 'none'}")
            for player in result["players"]:
                lines.append(f"  {_who(seats, player['seat'])}: {player['score']}")
                for item in player["breakdown"]:
                    lines.append(f"      {item['points']:>5}  {item['what']} ({item['rule']})")
    return lines
