"""Nothing sent to a viewer names a card it may not know (docs/guarantees.md).

Every ruleset in domain.registry.RULESETS is covered by parametrisation; the
checker (tests/trust/leakcheck.py) derives what each viewer may know from a
shadow replay of the secret deal, not from the redaction under test. The
second half injects leaks and shows the checker catches each one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from domain.base import Ruleset
from domain.registry import RULESETS
from service import redaction
from service.commands import Commands
from service.game_service import GameService
from service.narration import Narrator, with_text
from service.queries import Queries
from store.sqlite import SqliteStore
from tests.toy_ruleset import RULESET as TOY
from tests.trust.leakcheck import Leak, play_game

RULESET_IDS = sorted(RULESETS)
HUMAN_GAMES = 8
MIXED_GAMES = 6


def option_games(ruleset_id: str) -> list[dict[str, int]]:
    """Extra coverage for the options, which may change what is revealed when (a Nantong match
    of two deals reveals the hands between deals): two games with every option that is not a
    seat number one step off its default."""
    raised = {
        option.name: min(option.maximum, (option.minimum if option.default is None else option.default) + 1)
        for option in RULESETS[ruleset_id].options
        if not option.seat
    }
    return [raised, raised] if raised else []


def fixed_clock() -> str:
    return "2000-01-01T00:00:00.000000Z"


def new_service() -> GameService:
    return GameService(SqliteStore(":memory:"), clock=fixed_clock)


def big_seed(i: int) -> int:
    # 19-digit seeds: a leaked seed is found as a substring, never by coincidence.
    return random.Random(f"trust-seed:{i}").randrange(10**18, 2**63 - 1)


def all_humans(ruleset_id: str, rulesets: Mapping[str, Ruleset] = RULESETS) -> list[dict]:
    return [{"kind": "human"}] * rulesets[ruleset_id].players


def mixed_seats(ruleset_id: str, i: int, rulesets: Mapping[str, Ruleset] = RULESETS) -> list[dict]:
    """Two people and AI seats. A table of two seats has no room for both: its two seats are
    people, since one person with AI is the lone person's table, whose log runs behind that
    person (tests/integration/test_lone_person.py checks it; this checker reads the log's game)."""
    ruleset = rulesets[ruleset_id]
    if ruleset.players < 3:
        return all_humans(ruleset_id, rulesets)
    levels = ruleset.ai_levels
    seats = [{"kind": "ai", "level": levels[(i + s) % len(levels)]} for s in range(ruleset.players)]
    seats[i % len(seats)] = {"kind": "human"}
    seats[(i + 2) % len(seats)] = {"kind": "human"}
    return seats


# The games are played in two halves (every other game, so each half has people-only and mixed
# tables), so that a run spread over several workers (make test) can check both at once.
HALVES = 2


@pytest.mark.parametrize("half", range(HALVES))
@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_no_viewer_is_sent_a_card_it_may_not_know(ruleset_id, half):
    """All seats human (every decision driven by a seeded rng), then humans mixed with AI seats:
    after every request, every seat and the spectator are checked (view, legal actions, events,
    action responses, refused-action problems); at the end everything must be public."""
    service = new_service()
    totals = {}
    games = [(all_humans(ruleset_id), None)] * HUMAN_GAMES
    games += [(mixed_seats(ruleset_id, i), None) for i in range(MIXED_GAMES)]
    games += [(all_humans(ruleset_id), options) for options in option_games(ruleset_id)]
    mine = [(i, game) for i, game in enumerate(games) if i % HALVES == half]
    for i, (seats, options) in mine:
        watcher = play_game(
            service, ruleset_id, big_seed(i), seats, probe_every=1 if i < 2 else 5, options=options
        )
        for k, v in watcher.stats.items():
            totals[k] = totals.get(k, 0) + v
    # The checks had teeth: cards were concealed from the viewers whose payloads were checked,
    # payloads did name cards, other seats' events and refused actions were examined.
    assert totals["finished_games"] == len(mine)
    assert totals["payloads"] > 500 and totals["mentions"] > 500
    assert totals["unknown_codes"] > 0
    assert totals["foreign_events"] > 50 and totals["errors_checked"] > 50
    assert totals["consequences"] > 25 and totals["foreign_consequences"] > 25  # draws, claims, rounds
    if totals.get("window_states"):  # a ruleset with claim windows: sealed answers were compared
        assert totals["sealed_answers_checked"] > 10


def test_a_ruleset_of_two_players_is_checked_as_the_registered_ones_are():
    """docs/adding-a-ruleset.md: a ruleset added to the registry is covered by these checks
    without new code, two-player ones too (tests/toy_ruleset, whose "mixed" tables are two people)."""
    rulesets = {**RULESETS, TOY.id: TOY}
    service = GameService(SqliteStore(":memory:"), clock=fixed_clock, rulesets=rulesets)
    for i, seats in enumerate([all_humans(TOY.id, rulesets), mixed_seats(TOY.id, 0, rulesets)]):
        watcher = play_game(service, TOY.id, big_seed(700 + i), seats)
        assert watcher.stats["finished_games"] == 1
        assert watcher.stats["unknown_codes"] > 0 and watcher.stats["errors_checked"] > 10


# ---------------------------------------------------------------- the checker can fail
def _play_expecting_leak(ruleset_id: str, games: int = 3) -> str:
    service = new_service()
    for i in range(games):
        try:
            play_game(service, ruleset_id, big_seed(100 + i), all_humans(ruleset_id), probe_every=10)
        except Leak as exc:
            return str(exc)
    raise AssertionError("the injected leak was not caught")


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_checker_catches_unredacted_events(ruleset_id, monkeypatch):
    monkeypatch.setattr(
        redaction,
        "event_for",
        lambda event, viewer, finished, narrator: with_text(event.to_dict(), viewer, narrator),
    )
    message = _play_expecting_leak(ruleset_id)
    assert "hash" in message or "shows" in message


def test_checker_catches_another_seats_drawn_card(monkeypatch):
    """NT-5.1: only the drawer sees its drawn card. A redaction that shows every draw in full
    (and a text naming the card) is caught."""
    original = redaction.redacted

    def leaky(event, viewer, finished):
        if event.type == "draw":
            return {**original(event, viewer, finished), "payload": dict(event.payload)}
        return original(event, viewer, finished)

    monkeypatch.setattr(redaction, "redacted", leaky)
    message = _play_expecting_leak("nantong")
    assert "shows ['card', 'public', 'seat']" in message or "names" in message, message


def test_checker_catches_a_drawn_card_in_a_public_field(monkeypatch):
    """The drawn card moved into what every seat reads of a draw: the cards concealed from a
    viewer (the shadow's K bound) catch it, whatever the event's shape."""
    original = redaction.redacted

    def leaky(event, viewer, finished):
        out = original(event, viewer, finished)
        if event.type == "draw" and not finished:
            out = {
                **out,
                "payload": {
                    **out["payload"],
                    "public": {**event.payload["public"], "card": event.payload["card"]},
                },
            }
        return out

    monkeypatch.setattr(redaction, "redacted", leaky)
    message = _play_expecting_leak("nantong")
    assert "names" in message and "concealed" in message, message


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_checker_catches_a_text_naming_cards(ruleset_id, monkeypatch):
    """An event text naming every card by name (no code in it): some are unknown to the viewer."""
    original = Narrator.event_text

    def telling(self, event, viewer):
        return original(self, event, viewer) + " " + self.cards(sorted(self.names))

    monkeypatch.setattr(Narrator, "event_text", telling)
    message = _play_expecting_leak(ruleset_id)
    assert ".text" in message and "names" in message


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_checker_catches_other_hands_in_the_view(ruleset_id, monkeypatch):
    original = Queries.view_of

    def leaky(loaded, seat, *words):
        view = original(loaded, seat, *words)
        hands = loaded.state.full_state()["hands"]
        for s, facts in enumerate(view["seats"]):
            facts["cards"] = list(hands[s])  # an innocent-looking key: caught by the card codes
        return view

    monkeypatch.setattr(Queries, "view_of", staticmethod(leaky))
    message = _play_expecting_leak(ruleset_id)
    assert "concealed" in message or "never public" in message


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_checker_catches_a_single_hidden_card(ruleset_id, monkeypatch):
    """One card of the next seat's hand under a harmless key name: only the card-code bound sees it."""
    original = Queries.view_of

    def leaky(loaded, seat, *words):
        view = original(loaded, seat, *words)
        hand = loaded.state.full_state()["hands"][((seat or 0) + 1) % loaded.ruleset.players]
        if hand and not loaded.finished:
            view["table"] = {**view["table"], "hint": hand[len(hand) // 2]}
        return view

    monkeypatch.setattr(Queries, "view_of", staticmethod(leaky))
    message = _play_expecting_leak(ruleset_id)
    assert "hint" in message


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_checker_catches_the_seed_before_the_end(ruleset_id, monkeypatch):
    original = GameService.legal_actions

    def leaky(self, game_id, seat):
        out = original(self, game_id, seat)
        return {**out, "debug": f"dealt from {self.load(game_id).record.seed}"}

    monkeypatch.setattr(GameService, "legal_actions", leaky)
    assert "seed" in _play_expecting_leak(ruleset_id, games=1)


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_checker_catches_a_leaky_error_message(ruleset_id, monkeypatch):
    original = Commands._illegal

    def leaky(state, seat, action_id):
        error = original(state, seat, action_id)
        other = state.full_state()["hands"][(seat + 1) % len(state.full_state()["hands"])]
        error.detail += f" (seat {(seat + 1)} holds {', '.join(other)})"
        return error

    monkeypatch.setattr(Commands, "_illegal", staticmethod(leaky))
    assert "problem for" in _play_expecting_leak(ruleset_id)


@pytest.mark.parametrize("ruleset_id", ["sisepai", "nantong"])
def test_checker_catches_a_sealed_answer_that_shows(ruleset_id, monkeypatch):
    """The views stay clean, but the table tells everyone how many answers are sealed."""
    original = Queries.view_of

    def leaky(stream, seat, *words):
        view = original(stream, seat, *words)
        view["table"] = {**view["table"], "answers_in": len(stream.sealed)}
        return view

    monkeypatch.setattr(Queries, "view_of", staticmethod(leaky))
    assert "answered a claim window that stayed open" in _play_expecting_leak(ruleset_id)


class _AnswerLeakState:
    """Wraps a real state; its view tells how many seats already answered the open window."""

    def __init__(self, inner, answered: int = 0):
        self._inner, self._answered = inner, answered

    def __getattr__(self, name):
        return getattr(self._inner, name)

    def apply(self, seat, action_id):
        secret = self._inner.public_action(seat, action_id) == {"type": "answer"}
        before = set(self._inner.to_act())
        self._inner.apply(seat, action_id)
        after = set(self._inner.to_act())
        self._answered = self._answered + 1 if secret and after and after == before - {seat} else 0

    def view(self, viewer):
        view = self._inner.view(viewer)
        return {**view, "table": {**view["table"], "answered": self._answered}}

    def clone(self):
        return _AnswerLeakState(self._inner.clone(), self._answered)


class _AnswerLeakRuleset:
    def __init__(self, inner):
        self._inner = inner

    def __getattr__(self, name):
        return getattr(self._inner, name)

    def new_game(self, *args, **kwargs):
        return _AnswerLeakState(self._inner.new_game(*args, **kwargs))


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_checker_catches_a_view_that_counts_secret_answers(ruleset_id):
    """Rulesets with claim windows: a view showing how many seats already answered is caught."""
    service = GameService(
        SqliteStore(":memory:"),
        clock=fixed_clock,
        rulesets={ruleset_id: _AnswerLeakRuleset(RULESETS[ruleset_id])},
    )
    try:
        watcher = play_game(service, ruleset_id, big_seed(200), all_humans(ruleset_id), probe_every=50)
    except Leak as exc:
        assert "answered a claim window" in str(exc)  # caught by the shadow or the sealed-answer check
        return
    assert watcher.stats["secret_answers_checked"] == 0, "the injected leak was not caught"
    pytest.skip(f"{ruleset_id} has no secret claim answers")


# ---------------------------------------------------------------- the same checks over HTTP
@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_no_viewer_is_sent_a_card_it_may_not_know_over_http(trust_server, ruleset_id):
    """The bytes a client really gets (API schemas, problem documents) pass the same checker:
    one game per ruleset through gunicorn, two human seats and AI seats."""
    from tests.trust.http_service import HttpGameService

    service = HttpGameService(trust_server.url, str(trust_server.db))
    try:
        watcher = play_game(service, ruleset_id, big_seed(300), mixed_seats(ruleset_id, 0), probe_every=4)
    finally:
        service.close()
    assert watcher.stats["finished_games"] == 1 and watcher.stats["errors_checked"] > 10
    assert watcher.stats["foreign_events"] > 10 and watcher.stats["unknown_codes"] > 0
