"""A person follows a Nantong game from the action responses alone, over HTTP through the SDK
(docs/api.md, "Events"): each response holds every event up to that person's next decision —
their own automatic passes and draws (NT-5.1, with the card: "You draw the …"), the other
seats' draws without the card, every settled claim as a public event (NT-6.1 to NT-6.3).
/events and the global feed show each viewer only what it may know; once the game is over the
export and the replay name every card, and the log verifies."""

from __future__ import annotations

import random

import httpx
from cardgames_client.api.feed import list_feed
from cardgames_client.api.games import (
    create_game,
    export_game,
    get_game,
    get_legal_actions,
    get_replay,
    list_events,
    play_action,
    verify_game,
)
from cardgames_client.api.rulesets import get_ruleset
from cardgames_client.models import CreateNantongGame, NantongGameOptions, NantongSeatSpec, PlayAction
from cardgames_client.models.seat_spec_kind import SeatSpecKind

from tests.e2e.conftest import seat_client

SEED = 7


def plain(events) -> list[dict]:
    return [e.to_dict() for e in events]


def test_a_person_follows_a_nantong_game_from_the_responses_alone(server, client):
    names = {c.code: c.name for c in get_ruleset.sync("nantong", client=client).cards}
    created = create_game.sync(
        client=client,
        body=CreateNantongGame(
            ruleset="nantong",
            seed=SEED,
            options=NantongGameOptions(deals=1),
            seats=[
                NantongSeatSpec(kind=SeatSpecKind.HUMAN),
                NantongSeatSpec(kind=SeatSpecKind.AI),
                NantongSeatSpec(kind=SeatSpecKind.AI),
            ],
        ),
    )
    me = seat_client(server, created.seats[0].token)
    # What the person had before their first decision: the game's start (one page of /events).
    followed = plain(list_events.sync(created.id, client=me, limit=1000).events)
    assert [e["version"] for e in followed] == list(range(1, created.version + 1))
    running = list(followed)  # the events read while the game ran
    rng = random.Random(SEED)
    while True:
        legal = get_legal_actions.sync(created.id, client=me)
        if not legal.actions:
            break
        answer = play_action.sync(
            created.id,
            client=me,
            body=PlayAction(action=rng.choice(legal.actions).id, expected_version=legal.version),
        )
        events = plain(answer.events)
        assert events and events[0]["version"] == followed[-1]["version"] + 1
        followed += events
        view = answer.view.to_dict()
        if view["status"] == "finished":  # the last answer: everything in it is public (the end)
            break
        running += events
        # The response ends where the person decides again: after their own draw (NT-5.1:
        # "drawn" names it in the view too), their own pong (NT-6.2: discard without drawing),
        # a card they may claim (NT-6.1), or their turn to prepare (NT-4.1).
        last = events[-1]
        if last["type"] == "draw":
            assert last["payload"]["seat"] == 0 and view["drawn"] == last["payload"]["card"]
        elif last["type"] == "claim_settled":
            assert last["payload"]["seat"] == 0 and last["payload"]["public"]["claim"] == "pong"
        else:
            assert view["table"]["window"] is not None or view["phase"] == "preparation", last
        assert view["to_act"] == [0]

    # The responses, one after another, are the whole log as the person may see it.
    assert [e["version"] for e in followed] == list(range(1, followed[-1]["version"] + 1))
    by_type: dict[str, list[dict]] = {}
    for e in followed:
        by_type.setdefault(e["type"], []).append(e)
    own_draws = [e for e in by_type["draw"] if e["payload"]["seat"] == 0]
    other_draws = [e for e in running if e["type"] == "draw" and e["payload"]["seat"] != 0]
    assert own_draws and other_draws and by_type["claim_settled"]
    for e in own_draws:
        card = e["payload"]["card"]
        kind = "a replacement card: the " if e["payload"]["public"]["replacement"] else "the "
        assert e["text"] == f"You draw {kind}{names[card]}"
    for e in other_draws:  # another seat's draw, read while the game ran: no card
        assert set(e["payload"]) == {"seat", "public"} and "card" not in e["payload"]["public"]
        assert e["text"] in (
            f"Seat {e['payload']['seat']} draws a card",
            f"Seat {e['payload']['seat']} draws a replacement card",
        )
    verbs = {"pong": "pongs", "kong": "kongs", "win": "wins with", "rob": "robs"}
    for e in by_type["claim_settled"]:
        p = e["payload"]
        claimer = "You" if p["seat"] == 0 else f"Seat {p['seat']}"
        assert p["public"]["from"] != p["seat"] and names[p["public"]["card"]] in e["text"]
        # the seat the card came from: "your" for the reader (seat 0), else its number
        source = "your" if p["public"]["from"] == 0 else f"seat {p['public']['from']}'s"
        assert e["text"].startswith(claimer) and f" {source} " in e["text"]
        if p["seat"] != 0:
            assert e["text"].startswith(f"Seat {p['seat']} {verbs[p['public']['claim']]}")

    # Once finished, everything is public: the export names every drawn card, the replay
    # narrates another seat's draw with its card, the log verifies.
    assert get_game.sync(created.id, client=client).status.value == "finished"
    export = export_game.sync(created.id, client=client).to_dict()
    logged = {e["version"]: e for e in export["events"]}
    assert all("card" in logged[e["version"]]["payload"] for e in other_draws)
    first = other_draws[0]
    replay = get_replay.sync(created.id, client=client, version=first["version"]).to_dict()
    card = logged[first["version"]]["payload"]["card"]
    assert (
        replay["event"]["text"]
        == f"Seat {first['payload']['seat']} draws {'a replacement card: the ' if first['payload']['public']['replacement'] else 'the '}{names[card]}"
    )
    assert verify_game.sync(created.id, client=client).ok


def test_events_and_the_feed_show_each_viewer_its_own_draws_only(server, client):
    """While the game runs: a seat's /events names its own drawn cards and no other seat's;
    a spectator's /events and the global feed name none; settled claims are the same for all."""
    created = create_game.sync(
        client=client,
        body=CreateNantongGame(
            ruleset="nantong",
            seed=SEED,
            options=NantongGameOptions(deals=1),
            seats=[NantongSeatSpec(kind=SeatSpecKind.HUMAN)] * 3,
        ),
    )
    seats = {s.seat: seat_client(server, s.token) for s in created.seats}
    rng = random.Random(SEED)
    for _ in range(400):  # each seat plays at random until draws and a settled claim are logged
        log = httpx.get(f"{server}/v1/games/{created.id}/events", params={"limit": 1000}).json()["events"]
        types = [e["type"] for e in log]
        if "claim_settled" in types and len({e["payload"]["seat"] for e in log if e["type"] == "draw"}) == 3:
            break
        for seat_api in seats.values():
            legal = get_legal_actions.sync(created.id, client=seat_api)
            if legal.actions:
                play_action.sync(
                    created.id,
                    client=seat_api,
                    body=PlayAction(action=rng.choice(legal.actions).id, expected_version=legal.version),
                )
                break
    assert get_game.sync(created.id, client=client).status.value == "active"
    spectator = plain(list_events.sync(created.id, client=client, limit=1000).events)
    draws = [e for e in spectator if e["type"] == "draw"]
    assert {e["payload"]["seat"] for e in draws} == {0, 1, 2}
    assert all(set(e["payload"]) == {"seat", "public"} for e in draws)
    assert all(e["text"].startswith(f"Seat {e['payload']['seat']} draws a") for e in draws)
    settled = [e for e in spectator if e["type"] == "claim_settled"]
    for seat, seat_api in seats.items():
        mine = plain(list_events.sync(created.id, client=seat_api, limit=1000).events)
        for e in (e for e in mine if e["type"] == "draw"):
            if e["payload"]["seat"] == seat:
                assert "card" in e["payload"] and e["text"].startswith("You draw ")
            else:
                assert set(e["payload"]) == {"seat", "public"}
        assert [e["payload"] for e in mine if e["type"] == "claim_settled"] == [e["payload"] for e in settled]
    feed, after = [], 0
    while after is not None:
        page = list_feed.sync(client=client, after=after, limit=1000).to_dict()
        feed += page["events"]
        after = page.get("next")
    ours = [e for e in feed if e["game_id"] == created.id and e["type"] == "draw"]
    assert len(ours) == len(draws) and all(set(e["payload"]) == {"seat", "public"} for e in ours)
