"""Event texts and action labels over whole seeded games of every ruleset.

The games are driven by tests/trust/leakcheck.py's `play_game`, which checks, after every
request, every payload each seat and the spectator receive — `text` and `label` included, with
cards found by name as well as by code — against the cards that viewer may know. Besides,
every text and label returned is recorded here with its viewer, and must be a sentence that
names cards by name only: non-empty, no bare card code, not a fallback for a kind without a
message.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from domain.registry import RULESETS
from service import narration
from service.game_service import GameService
from store.sqlite import SqliteStore
from tests.trust.leakcheck import CardScanner, play_game
from tests.trust.test_hidden_information import all_humans, big_seed, fixed_clock, mixed_seats

FALLBACKS = {narration.UNKNOWN_ACTION[0], narration.UNKNOWN_ACTION[1], narration.UNKNOWN_LABEL}


class RecordingService(GameService):
    """The real service; every event text and action label it returns is kept with its viewer."""

    def __init__(self) -> None:
        super().__init__(SqliteStore(":memory:"), clock=fixed_clock)
        self.texts: list[tuple[int | None, dict[str, Any]]] = []
        self.labels: list[tuple[int, dict[str, Any]]] = []

    def act(self, game_id, seat, action_id, expected_version, idempotency_key=None):
        response = super().act(game_id, seat, action_id, expected_version, idempotency_key)
        self.texts += [(seat, e) for e in response["events"]]
        return response

    def events(self, game_id, seat, after=0, limit=100):
        page = super().events(game_id, seat, after, limit)
        self.texts += [(seat, e) for e in page["events"]]
        return page

    def feed(self, after=0, limit=100):
        page = super().feed(after, limit)
        self.texts += [(None, e) for e in page["events"]]
        return page

    def legal_actions(self, game_id, seat):
        legal = super().legal_actions(game_id, seat)
        self.labels += [(seat, a) for a in legal["actions"]]
        return legal


def scanner_for(ruleset_id: str) -> CardScanner:
    cards = RULESETS[ruleset_id].cards()
    return CardScanner([c["code"] for c in cards], {c["name"]: c["code"] for c in cards})


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_every_event_and_action_is_told_in_words_that_keep_secrets(ruleset_id):
    service = RecordingService()
    games = [
        all_humans(ruleset_id),
        all_humans(ruleset_id),
        mixed_seats(ruleset_id, 0),
        mixed_seats(ruleset_id, 1),
    ]
    watched = Counter()
    for i, seats in enumerate(games):
        watcher = play_game(service, ruleset_id, big_seed(500 + i), seats, probe_every=50)
        watched.update(watcher.stats)
        finished = service.export(watcher.game_id)["events"]
        service.texts += [(None, e) for e in finished]
        service.replay(watcher.game_id, None)
    scanner = scanner_for(ruleset_id)
    named = Counter()
    for viewer, event in service.texts:
        text = event.get("text")
        assert isinstance(text, str) and text.strip(), f"event {event} for {viewer} has no text"
        assert not scanner.bare_codes(text), f"{text!r} writes a card code"
        assert text not in FALLBACKS, f"no message for {event['payload']}"
        named.update(scanner.named(text))
    for _seat, action in service.labels:
        label = action["label"]
        assert label and not scanner.bare_codes(label), (
            f"label {label!r} of {action['id']} writes a card code"
        )
        assert not label.startswith("Take the action"), f"no label for {action}"
        for code in action["cards"]:  # a label names the cards it plays by name
            assert code in scanner.named(label), f"label {label!r} does not name {code}"
    # The checks had teeth: the leak checker examined texts, and texts named many cards.
    assert watched["texts"] > 100 and watched["finished_games"] == len(games)
    assert sum(named.values()) > 100 and len(named) > 5
    kinds = {e["type"] for _, e in service.texts}
    assert {"game_created", "action", "game_finished"} <= kinds


def test_a_secret_answer_reads_the_same_whatever_it_was():
    """SSP-5.1 / NT-6.1: while the game runs, another seat's window answer is told without its
    content; the viewer's own answer is told in full."""
    service = RecordingService()
    play_game(service, "sisepai", big_seed(600), all_humans("sisepai"), probe_every=100)
    secret = {
        e["text"]
        for viewer, e in service.texts
        if e["payload"].get("public") == {"type": "answer"} and "action" not in e["payload"]
    }
    assert secret and all(t.endswith("answers the claim window") for t in secret)
    own = {
        e["text"]
        for viewer, e in service.texts
        if e["payload"].get("seat") == viewer and str(e["payload"].get("action", "")).startswith("claim:")
    }
    assert own and all(t.startswith("You answer the claim window: claim the card for a ") for t in own)
