"""What the service reports about its own work, for metrics (no behaviour depends on it).

The service calls these hooks; a deployment plugs in an implementation (the API
wires a Prometheus one). `NullObserver` is the default and does nothing.
"""

from __future__ import annotations

from typing import Protocol


class ServiceObserver(Protocol):
    def game_created(self, ruleset: str) -> None:
        """A game was created (and stored)."""

    def game_finished(self, ruleset: str) -> None:
        """A game reached its end (its game_finished event was stored)."""

    def ai_decided(self, ruleset: str, level: str, seconds: float) -> None:
        """An AI seat of `level` took `seconds` (wall clock) to choose one action."""

    def store_appended(self, seconds: float) -> None:
        """One append transaction (or a game creation) took `seconds`."""


class NullObserver:
    def game_created(self, ruleset: str) -> None:
        pass

    def game_finished(self, ruleset: str) -> None:
        pass

    def ai_decided(self, ruleset: str, level: str, seconds: float) -> None:
        pass

    def store_appended(self, seconds: float) -> None:
        pass
