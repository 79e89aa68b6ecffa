"""Sì Sè Pái claim windows over HTTP (SSP-5.1, SSP-5.2, SSP-4.3), through the SDK."""

from __future__ import annotations

import random

import httpx
from cardgames_client.api.games import create_game, get_game, get_legal_actions, list_events, play_action
from cardgames_client.api.rulesets import get_ruleset
from cardgames_client.models import (
    CreateSisepaiGame,
    PlayAction,
    SisepaiCardCode,
    SisepaiGameOptions,
    SisepaiSeatSpec,
)
from cardgames_client.models.seat_spec_kind import SeatSpecKind

from tests.e2e.conftest import seat_client


def stacked_deck(client) -> list[str]:
    """Seat 2 holds rA rA; the dealer (seat 0) draws the third rA first. Every rK and rE lies deep in
    the stock, so no other seat can meld rA (no command group, no second pair)."""
    pool = [c.code for c in get_ruleset.sync("sisepai", client=client).cards for _ in range(c.count)]
    for code in ("rA", "rA", "rA", "rA", *["rK"] * 4, *["rE"] * 4):
        pool.remove(code)
    random.Random(5).shuffle(pool)  # a fixed, unstructured rest (a sorted pool would deal complete hands)
    seat0, seat1, seat3 = pool[0:20], pool[20:40], pool[58:78]
    seat2 = ["rA", "rA", *pool[40:58]]
    stock = ["rA", *pool[78:], "rA", *["rK"] * 4, *["rE"] * 4]
    deck = seat0 + seat1 + seat2 + seat3 + stock
    assert len(deck) == 117
    return deck


def test_claim_window_over_http(server, client):
    created = create_game.sync(
        client=client,
        body=CreateSisepaiGame(
            ruleset="sisepai",
            seed=1,
            deck=[SisepaiCardCode(c) for c in stacked_deck(client)],
            options=SisepaiGameOptions(dealer=0),
            seats=[SisepaiSeatSpec(kind=SeatSpecKind.HUMAN)] * 4,
        ),
    )
    seats = {s.seat: seat_client(server, s.token) for s in created.seats}

    # SSP-2.3 / SSP-4.1: the dealer drew rA publicly; a claim window is open on it.
    spectator = get_game.sync(created.id, client=client)
    assert spectator.phase == "claim" and spectator.table.claim.card == "rA"
    assert spectator.to_act == []  # SSP-5.1: nothing shows who is still answering

    # With several people at the table nobody is passed automatically (an automatic pass
    # would show at once who had no claim): seats 0, 1 and 3 may only pass, but each answers;
    # seat 2 sees its claim as a concrete meld plus pass.
    legal = get_legal_actions.sync(created.id, client=seats[2])
    assert [a.id for a in legal.actions] == ["claim:triple:rA,rA,rA", "pass"]
    assert legal.actions[0].cards == ["rA", "rA", "rA"]
    for seat in (0, 1, 3):
        assert [a.id for a in get_legal_actions.sync(created.id, client=seats[seat]).actions] == ["pass"]
        assert get_game.sync(created.id, client=seats[seat]).to_act == [seat]
    assert get_game.sync(created.id, client=seats[2]).to_act == [2]

    # Answers given while others still answer are sealed: the log and its version stand still.
    before = httpx.get(f"{server}/v1/games/{created.id}/events").json()
    for seat in (0, 1, 3):
        sealed = play_action.sync(
            created.id, client=seats[seat], body=PlayAction(action="pass", expected_version=legal.version)
        )
        assert sealed.version == legal.version and sealed.events == []
        assert get_game.sync(created.id, client=seats[seat]).to_act == []
    assert httpx.get(f"{server}/v1/games/{created.id}/events").json() == before
    assert get_game.sync(created.id, client=client).version == legal.version

    # Seat 2 claims: SSP-5.2 level 3 wins the card; SSP-4.2 the triple is exposed; SSP-4.3 discard.
    done = play_action.sync(
        created.id,
        client=seats[2],
        body=PlayAction(action=legal.actions[0].id, expected_version=legal.version),
    )
    view = done.view
    assert view.phase == "discard" and view.to_act == [2]
    # SSP-5.1: the window's four answers entered the log together, drawer (seat 0) first.
    window = [e for e in done.events if e.type_ == "action"]
    assert [e.payload["seat"] for e in window] == [0, 1, 2, 3]
    exposed = [m.to_dict() for m in view.seats[2].facts.exposed]
    assert exposed == [{"kind": "triple", "cards": ["rA", "rA", "rA"], "points": 1}]  # SSP-6.2: triple 1
    discards = get_legal_actions.sync(created.id, client=seats[2]).actions
    assert discards and all(a.type_ == "discard" for a in discards)
    assert not any(a.cards[0][1] == "K" or a.cards[0].startswith("F") for a in discards)  # SSP-4.4

    # Other seats still never learn seat 2's answer from the log, only the result on the table.
    page = list_events.sync(created.id, client=seats[0])
    theirs = [e for e in page.events if e.type_ == "action" and e.payload["seat"] != 0]
    assert all("action" not in e.payload.to_dict() for e in theirs)
