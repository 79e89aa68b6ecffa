"""The global feed reads each game's record once per process: a game's ruleset never changes,
and the feed asked the store for it for every game of every page (a query per game)."""

from __future__ import annotations

from service.game_service import GameService
from store.sqlite import SqliteStore


class CountingStore(SqliteStore):
    def __init__(self, path: str):
        super().__init__(path)
        self.records_read = 0

    def get_game(self, game_id):  # type: ignore[no-untyped-def]
        self.records_read += 1
        return super().get_game(game_id)


def test_the_feed_asks_each_games_ruleset_once(tmp_path):
    store = CountingStore(str(tmp_path / "feed.sqlite3"))
    service = GameService(store)
    games = [
        service.create_game(ruleset, [{"kind": "ai", "level": "basic"}] * players, seed=seed)["id"]
        for seed, (ruleset, players) in enumerate([("chuopai", 3), ("nantong", 3), ("sisepai", 4)])
    ]
    first = service.feed(after=0, limit=10_000)["events"]
    assert {e["game_id"] for e in first} == set(games)
    read = store.records_read
    again = service.feed(after=0, limit=10_000)["events"]
    assert again == first
    assert store.records_read == read  # nothing asked again
