"""High Card game state (HC-1 … HC-3)."""

from __future__ import annotations

import copy
from typing import Any

from domain.base import Action, IllegalAction, State

PLAYERS = 2
ROUNDS = 3


class HighCardState(State):
    def __init__(self, hands: list[list[str]], leader: int):
        self.hands = [sorted(h) for h in hands]
        self.leader = leader
        self.trick: list[tuple[int, str]] = []
        self.won = [0] * PLAYERS
        self.rounds = 0

    def _turn(self) -> int:
        return (self.leader + len(self.trick)) % PLAYERS

    def to_act(self) -> list[int]:
        return [] if self.is_finished() else [self._turn()]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        return [Action(f"play:{c}", "play", (c,), f"Play {c}") for c in sorted(set(self.hands[seat]))]

    def public_action(self, seat: int, action_id: str) -> dict[str, Any]:
        return {"type": "play", "cards": [action_id.split(":", 1)[1]]}

    def apply(self, seat: int, action_id: str) -> None:
        if action_id not in {a.id for a in self.legal_actions(seat)}:
            raise IllegalAction("HC-2.1", f"seat {seat} cannot {action_id} now")
        card = action_id.split(":", 1)[1]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) == PLAYERS:  # HC-2.2
            (s0, c0), (s1, c1) = self.trick
            if c0 != c1:
                winner = s0 if c0 > c1 else s1
                self.won[winner] += 1
                self.leader = winner
            self.trick = []
            self.rounds += 1

    def is_finished(self) -> bool:
        return self.rounds == ROUNDS

    def view(self, viewer: int | None) -> dict[str, Any]:
        finished = self.is_finished()
        seats = []
        for s in range(PLAYERS):
            seat: dict[str, Any] = {"seat": s, "hand_count": len(self.hands[s]), "won": self.won[s]}
            if finished:
                seat["hand"] = list(self.hands[s])
            seats.append(seat)
        out: dict[str, Any] = {
            "phase": "finished" if finished else "play",
            "to_act": self.to_act(),
            "seat": viewer,
            "hand": None if viewer is None else list(self.hands[viewer]),
            "seats": seats,
            "table": {"round": self.rounds + 1, "leader": self.leader, "trick": [c for _s, c in self.trick]},
        }
        if finished:
            out["result"] = self.result()
        return out

    def result(self) -> dict[str, Any] | None:
        if not self.is_finished():
            return None
        best = max(self.won)
        winners = [s for s in range(PLAYERS) if self.won[s] == best]
        return {  # HC-3.1
            "outcome": "win" if len(winners) == 1 else "draw",
            "winners": winners,
            "scores": list(self.won),
            "players": [
                {
                    "seat": s,
                    "score": self.won[s],
                    "breakdown": [{"rule": "HC-3.1", "what": "rounds won", "points": self.won[s]}],
                }
                for s in range(PLAYERS)
            ],
        }

    def full_state(self) -> dict[str, Any]:
        return {
            "hands": [list(h) for h in self.hands],
            "leader": self.leader,
            "trick": list(self.trick),
            "won": list(self.won),
            "rounds": self.rounds,
        }

    def clone(self) -> HighCardState:
        return copy.deepcopy(self)
