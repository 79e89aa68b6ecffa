"""A Nantong match over HTTP (NT-3.3, NT-9.2): each deal's settlement and running totals."""

from __future__ import annotations

from cardgames_client.api.games import create_game, get_game, get_score, list_events, verify_game
from cardgames_client.models import CreateNantongGame, NantongGameOptions, NantongSeatSpec
from cardgames_client.models.seat_spec_kind import SeatSpecKind


def test_three_deal_match_settles_each_deal_and_keeps_running_totals(client):
    created = create_game.sync(
        client=client,
        body=CreateNantongGame(
            ruleset="nantong",
            seed=3,
            options=NantongGameOptions(deals=3, dealer=0),
            seats=[NantongSeatSpec(kind=SeatSpecKind.AI)] * 3,
        ),
    )
    assert created.status.value == "finished"
    score = get_score.sync(created.id, client=client)
    deals = score.details["deals"]
    assert [d["deal"] for d in deals] == [1, 2, 3]
    assert [d["dealer"] for d in deals] == [0, 1, 2]  # NT-3.3: the dealer rotates
    running = [0, 0, 0]
    for d in deals:
        assert sum(d["settlement"]) == 0  # NT-9.2: zero-sum
        assert all(r % 10 == 0 for r in d["rounded"])  # NT-9.1
        running = [a + b for a, b in zip(running, d["settlement"], strict=True)]
        assert d["running"] == running
    assert score.scores == running
    view = get_game.sync(created.id, client=client)
    assert view.table.match_scores == running and len(view.table.deal_results) == 3
    # Each deal's end but the last is an event of its own, in words (NT-3.3).
    events = [e.to_dict() for e in list_events.sync(created.id, client=client, limit=1000).events]
    ends = [e for e in events if e["type"] == "deal_over"]
    assert [e["payload"]["public"]["settlement"] for e in ends] == [d["settlement"] for d in deals[:2]]
    assert [e["payload"]["seat"] for e in ends] == [0, 1]  # each deal's dealer
    assert all(e["text"].startswith(f"Deal {i} is over: ") for i, e in enumerate(ends, start=1))
    assert verify_game.sync(created.id, client=client).ok
