"""The HTTP contract (docs/api.md) over real HTTP, through the generated SDK, against gunicorn."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import threading
import uuid

import httpx
import pytest
from cardgames_client import models as sdk_models
from cardgames_client.api.games import (
    create_game,
    export_game,
    get_game,
    get_legal_actions,
    get_replay,
    get_score,
    list_events,
    play_action,
    verify_game,
)
from cardgames_client.api.health import get_health
from cardgames_client.api.rulesets import get_ruleset, list_rulesets
from cardgames_client.models import (
    ChuopaiGameOptions,
    ChuopaiSeatSpec,
    PlayAction,
    Problem,
)
from cardgames_client.models.seat_spec_kind import SeatSpecKind

from domain.registry import RULESETS
from service.i18n import translator
from service.narration import narrator_for
from service.wording import rendered
from tests.e2e.conftest import seat_client
from tests.servers import ROOT
from tests.trust.leakcheck import unworded

# create_game's body is one schema per ruleset (oneOf by `ruleset`), each a model of the SDK
# named after its ruleset (a ruleset the SDK was not regenerated for has none: the tests fail).
CREATE_GAME = {
    ruleset_id: getattr(sdk_models, f"Create{ruleset_id.capitalize()}Game") for ruleset_id in RULESETS
}


def new_game(client, ruleset="chuopai", seed=7, **kwargs):
    created = create_game.sync(client=client, body=CREATE_GAME[ruleset](ruleset=ruleset, seed=seed, **kwargs))
    assert not isinstance(created, Problem), created
    return created


def play_out(server, created, pick=lambda actions: actions[0]):
    """Play every human seat with `pick` until the game ends; return the final view."""
    clients = {s.seat: seat_client(server, s.token) for s in created.seats if s.token}
    for _ in range(5000):
        view = get_game.sync(created.id, client=next(iter(clients.values())))
        if view.status.value == "finished":
            return view
        for seat in view.to_act:
            if seat in clients:
                legal = get_legal_actions.sync(created.id, client=clients[seat])
                if legal.actions:
                    res = play_action.sync(
                        created.id,
                        client=clients[seat],
                        body=PlayAction(action=pick(legal.actions).id, expected_version=legal.version),
                    )
                    assert not isinstance(res, Problem), res
                    break
    raise AssertionError("game did not finish")


def test_health_and_rulesets(client):
    health = get_health.sync(client=client)
    assert health.status == "ok" and health.store.value in ("sqlite", "postgresql")
    ids = [r.id for r in list_rulesets.sync(client=client)]
    assert "chuopai" in ids
    detail = get_ruleset.sync("chuopai", client=client)
    assert detail.players == 3 and sum(c.count for c in detail.cards) == 84  # CP-2.1
    missing = get_ruleset.sync_detailed("nope", client=client)
    assert missing.status_code == 404 and missing.parsed.type_.endswith("not-found")


def test_full_chuopai_game_through_the_sdk(server, client):
    created = new_game(client, seed=11)
    assert created.status.value == "active" and len(created.seed_commitment) == 64
    human = [s for s in created.seats if s.kind == "human"]
    assert len(human) == 1 and human[0].seat == 0 and all(not s.token for s in created.seats[1:])
    view = play_out(server, created)
    assert view.result is not None and sum(view.result.scores) <= 84
    me = seat_client(server, created.seats[0].token)
    score = get_score.sync(created.id, client=me)
    assert score.scores == view.result.scores and score.outcome in ("win", "draw")
    verification = verify_game.sync(created.id, client=client)
    assert verification.ok, verification.checks
    assert {c.name for c in verification.checks} >= {"hash_chain", "seed_commitment", "replay", "result"}
    # the creation hash, shown to the creator and in every view, begins the export's chain
    exported = export_game.sync_detailed(created.id, client=client)
    first = json.loads(exported.content)["events"][0]
    assert first["type"] == "game_created" and first["hash"] == created.creation_hash
    assert get_game.sync(created.id, client=client).creation_hash == created.creation_hash  # a spectator
    assert get_game.sync(created.id, client=me).creation_hash == created.creation_hash
    replay = get_replay.sync(created.id, client=client, version=2)
    assert replay.version == 2 and replay.seed and "hands" in json.dumps(replay.state.to_dict())


def test_an_unchanged_view_is_a_304_through_the_sdk(server, client):
    """docs/sdk-readme.md, "Polling without downloading the same view", as written there."""
    from cardgames_client import AuthenticatedClient

    created = new_game(client, seed=12)
    me = AuthenticatedClient(base_url=server, token=created.seats[0].token)  # raises on nothing
    first = get_game.sync_detailed(created.id, client=me)
    etag = first.headers["ETag"]
    again = get_game.sync_detailed(created.id, client=me, if_none_match=etag)
    assert again.status_code == 304 and again.parsed is None and first.parsed.id == created.id
    legal = get_legal_actions.sync_detailed(created.id, client=me)
    tagged = get_legal_actions.sync_detailed(created.id, client=me, if_none_match=legal.headers["ETag"])
    assert tagged.status_code == 304
    # the tag went with those two calls only: a plain read on the same client gets the view (a
    # header set with the client's `with_headers` stays on its shared connection)
    assert get_game.sync(created.id, client=me).id == created.id
    assert get_legal_actions.sync(created.id, client=me).actions


def test_a_verification_anchored_to_the_creation_hash_through_the_sdk(client):
    """GET /verify?creation_hash=: the report also checks that the log begins with the event
    whose hash the reader kept (`known_creation`), and says which log it vouches for."""
    seats = [ChuopaiSeatSpec(kind=SeatSpecKind.AI)] * 3
    created = new_game(client, seed=13, seats=seats)
    report = verify_game.sync(created.id, client=client, creation_hash=created.creation_hash.upper())
    assert report.ok and report.checks[-1].name == "known_creation" and report.checks[-1].ok
    assert (report.creation_hash, report.version) == (created.creation_hash, created.version)
    unanchored = verify_game.sync(created.id, client=client)
    assert unanchored.ok and "known_creation" not in {c.name for c in unanchored.checks}
    assert unanchored.last_hash == report.last_hash
    other = verify_game.sync(created.id, client=client, creation_hash="0" * 64)
    assert not other.ok and [c.name for c in other.checks if not c.ok] == ["known_creation"]
    refused = verify_game.sync_detailed(created.id, client=client, creation_hash="xyz")
    assert refused.status_code == 422 and "creation_hash" in json.loads(refused.content)["errors"]["query"]
    said = json.loads(refused.content)["errors"]["query"]["creation_hash"]
    assert said == ["A creation_hash is 64 hexadecimal digits (the hash of the game's first event)."]


def test_ai_only_game_finishes_at_creation(client):
    seats = [ChuopaiSeatSpec(kind=SeatSpecKind.AI)] * 3
    created = new_game(client, seed=3, seats=seats)
    assert created.status.value == "finished"
    assert verify_game.sync(created.id, client=client).ok


def test_errors_are_problem_documents(server, client):
    created = new_game(client, seed=5)
    me = seat_client(server, created.seats[0].token)
    legal = get_legal_actions.sync(created.id, client=me)
    # stale version → 409 stale-version with current_version
    r = play_action.sync_detailed(
        created.id, client=me, body=PlayAction(action=legal.actions[0].id, expected_version=legal.version + 5)
    )
    assert r.status_code == 409 and r.parsed.type_.endswith("stale-version")
    assert r.parsed.current_version == legal.version
    # an action that is not legal → 409 illegal-action with a rule number
    r = play_action.sync_detailed(
        created.id, client=me, body=PlayAction(action="play:66,66,66,66,66", expected_version=legal.version)
    )
    assert r.status_code == 409 and r.parsed.type_.endswith("illegal-action")
    # a token of another game → 403; a made-up token → 401; no token → 401
    other = new_game(client, seed=6)
    r = get_legal_actions.sync_detailed(other.id, client=me)
    assert r.status_code == 403
    r = get_legal_actions.sync_detailed(created.id, client=seat_client(server, "x" * 43))
    assert r.status_code == 401
    raw = httpx.get(f"{server}/v1/games/{created.id}/legal-actions")
    assert raw.status_code == 401 and raw.headers["content-type"] == "application/problem+json"
    # unknown game → 404
    assert get_game.sync_detailed("0" * 32, client=client).status_code == 404
    # malformed JSON → 400; schema mismatch → 422; nothing appended
    auth = {"Authorization": f"Bearer {created.seats[0].token}"}
    raw = httpx.post(
        f"{server}/v1/games/{created.id}/actions",
        content=b"{nope",
        headers={**auth, "content-type": "application/json"},
    )
    assert raw.status_code == 400 and raw.json()["status"] == 400
    raw = httpx.post(
        f"{server}/v1/games/{created.id}/actions",
        json={"action": "pass", "expected_version": 1.5},
        headers=auth,
    )
    assert raw.status_code == 422 and "expected_version" in raw.json()["detail"]
    # bad deck → 422 naming the problem
    raw = httpx.post(f"{server}/v1/games", json={"ruleset": "chuopai", "deck": ["66"] * 84})
    assert raw.status_code == 422 and "66" in raw.json()["detail"]
    assert get_game.sync(created.id, client=me).version == legal.version  # nothing appended
    # score while active → 409
    assert get_score.sync_detailed(created.id, client=me).status_code == 409


def test_views_hide_other_hands_and_events_are_redacted(server, client):
    created = new_game(client, seed=21, seats=[ChuopaiSeatSpec(kind=SeatSpecKind.HUMAN)] * 3)
    views = {s.seat: get_game.sync(created.id, client=seat_client(server, s.token)) for s in created.seats}
    spectator = get_game.sync(created.id, client=client)
    assert spectator.hand is None and spectator.seat is None
    for seat, view in views.items():
        assert view.seat == seat and len(view.hand) == 28
        assert all("hand" not in s.facts.to_dict() for s in view.seats)
    # Let every seat answer once; then read the log as a spectator and as each seat.
    for _ in range(3):
        view = get_game.sync(created.id, client=client)
        seat = view.to_act[0]
        me = seat_client(server, created.seats[seat].token)
        legal = get_legal_actions.sync(created.id, client=me)
        play_action.sync(
            created.id,
            client=me,
            body=PlayAction(action=legal.actions[-1].id, expected_version=legal.version),
        )
    spectator_log = httpx.get(f"{server}/v1/games/{created.id}/events").json()["events"]
    assert spectator_log[0]["type"] == "game_created"
    actions = [e for e in spectator_log if e["type"] == "action"]
    assert actions and all(set(e["payload"]) == {"seat", "public"} for e in actions)
    assert all("hash" not in e for e in spectator_log)  # a hash over a hidden action could be brute-forced
    for s in created.seats:
        log = httpx.get(
            f"{server}/v1/games/{created.id}/events", headers={"Authorization": f"Bearer {s.token}"}
        ).json()["events"]
        for e in log:
            if e["type"] == "action":
                assert ("action" in e["payload"]) == (e["payload"]["seat"] == s.seat)


def test_idempotency_key_returns_the_first_response(server, client):
    created = new_game(client, seed=8)
    me = seat_client(server, created.seats[0].token)
    legal = get_legal_actions.sync(created.id, client=me)
    body = PlayAction(action=legal.actions[0].id, expected_version=legal.version)
    first = play_action.sync_detailed(created.id, client=me, body=body, idempotency_key="k-1")
    again = play_action.sync_detailed(created.id, client=me, body=body, idempotency_key="k-1")
    assert first.status_code == again.status_code == 200
    assert json.loads(first.content) == json.loads(again.content)
    # only the retry says it is the stored first answer, so a client knows to read the view again
    assert "idempotent-replayed" not in first.headers and again.headers["idempotent-replayed"] == "true"
    assert get_game.sync(created.id, client=me).version == first.parsed.version
    different = PlayAction(action="pass", expected_version=legal.version)
    r = play_action.sync_detailed(created.id, client=me, body=different, idempotency_key="k-1")
    assert r.status_code == 422 and r.parsed.type_.endswith("idempotency-key-reused")


def test_a_creation_retried_with_its_idempotency_key_is_the_same_game(server, client):
    """A client whose creation answer was lost sends it again with the same key: it gets the game
    and seat tokens of the first, not a second game nobody can play."""
    body = CREATE_GAME["chuopai"](
        ruleset="chuopai",
        seats=[ChuopaiSeatSpec(kind=SeatSpecKind.HUMAN), ChuopaiSeatSpec(kind=SeatSpecKind.HUMAN)]
        + [ChuopaiSeatSpec(kind=SeatSpecKind.AI)],
    )
    key = str(uuid.uuid4())
    first = create_game.sync_detailed(client=client, body=body, idempotency_key=key)
    again = create_game.sync_detailed(client=client, body=body, idempotency_key=key)
    assert first.status_code == again.status_code == 201
    assert json.loads(first.content) == json.loads(again.content)
    assert first.headers["location"] == again.headers["location"]
    assert "idempotent-replayed" not in first.headers and again.headers["idempotent-replayed"] == "true"
    for seat in again.parsed.seats[:2]:
        assert get_game.sync(again.parsed.id, client=seat_client(server, seat.token)).seat == seat.seat
    # the same key with another body: refused, and no game is made
    other = CREATE_GAME["chuopai"](ruleset="chuopai", seed=3)
    refused = create_game.sync_detailed(client=client, body=other, idempotency_key=key)
    assert refused.status_code == 422 and refused.parsed.type_.endswith("idempotency-key-reused")
    # a short key would let others guess their way to the seat tokens: refused, saying so
    short = create_game.sync_detailed(client=client, body=body, idempotency_key="retry-1", lang="fr")
    assert short.status_code == 422 and short.headers["content-language"] == "fr"
    assert "32 à 200 caractères" in short.parsed.detail


def test_two_clients_posting_against_one_version(server, client):
    """Exactly one of two concurrent posts at the same version lands; the other gets 409."""
    created = new_game(client, seed=9)
    token = created.seats[0].token
    legal = get_legal_actions.sync(created.id, client=seat_client(server, token))
    barrier, statuses = threading.Barrier(2), []

    def post(action_id):
        c = seat_client(server, token)
        barrier.wait()
        r = play_action.sync_detailed(
            created.id, client=c, body=PlayAction(action=action_id, expected_version=legal.version)
        )
        statuses.append(r.status_code)

    ids = [a.id for a in legal.actions][:2] * 2
    threads = [threading.Thread(target=post, args=(ids[i],)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200, 409]
    page = list_events.sync(created.id, client=client, limit=1000)
    assert [e.version for e in page.events] == list(range(1, len(page.events) + 1))


def test_custom_deck_and_leader(client):
    deck = [c.code for c in get_ruleset.sync("chuopai", client=client).cards for _ in range(c.count)]
    created = new_game(client, seed=1, deck=deck, options=ChuopaiGameOptions(leader=2))
    assert created.custom_deck is True
    assert get_game.sync(created.id, client=client).custom_deck is True
    ai_only = new_game(
        client,
        seed=1,
        deck=deck,
        options=ChuopaiGameOptions(leader=2),
        seats=[ChuopaiSeatSpec(kind=SeatSpecKind.AI)] * 3,
    )
    assert get_score.sync(ai_only.id, client=client).custom_deck is True
    exported = export_game.sync(ai_only.id, client=client)
    assert exported.game.custom_deck is True and exported.game.deck == deck
    # CP-2.4 with options.leader: seat 2 answers the opening bonus first, then 0, then 1.
    first = list_events.sync(ai_only.id, client=client).events[1]
    assert first.payload["seat"] == 2


def test_offline_verifier_accepts_an_export_and_rejects_a_tampered_one(server, client, tmp_path):
    created = new_game(client, seed=4, seats=[ChuopaiSeatSpec(kind=SeatSpecKind.AI)] * 3)
    exported = export_game.sync(created.id, client=client).to_dict()
    good = tmp_path / "game.json"
    good.write_text(json.dumps(exported))
    cli = [sys.executable, "-m", "service.verify"]
    ok = subprocess.run([*cli, str(good)], cwd=ROOT, capture_output=True, text=True)
    assert ok.returncode == 0 and "VERIFIED" in ok.stdout
    # Tamper: change one decision without fixing the chain.
    bad = json.loads(json.dumps(exported))
    action = next(e for e in bad["events"] if e["type"] == "action" and e["payload"]["by"] != "auto")
    action["payload"]["action"] = "pass"
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    res = subprocess.run([*cli, str(tmp_path / "bad.json")], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 1 and "FAIL hash_chain" in res.stdout


@pytest.mark.parametrize("field,value", [("seed", 2.5), ("seed", -1), ("ruleset", "poker"), ("seats", [])])
def test_create_rejects_bad_bodies(server, field, value):
    r = httpx.post(f"{server}/v1/games", json={"ruleset": "chuopai", field: value})
    assert r.status_code == 422 and r.headers["content-type"] == "application/problem+json"


def test_rules_text_is_served_and_matches_the_canonical_rules(client):
    """rules_url points at the API's copy of the canonical rules, docs/rules/<ruleset>.md."""
    from cardgames_client.api.rulesets import get_rules

    for ruleset in list_rulesets.sync(client=client):
        detail = get_ruleset.sync(ruleset.id, client=client)
        assert detail.rules_url == f"/v1/rulesets/{ruleset.id}/rules"
        rules = get_rules.sync(ruleset.id, client=client)
        assert rules.format_ == "markdown" and rules.text.startswith("# ")
        assert rules.text == (ROOT / "docs" / "rules" / f"{ruleset.id}.md").read_text(encoding="utf-8")
        assert rules.language == "en" and rules.canonical and rules.languages[0] == "en"


def test_rules_come_in_the_readers_language_with_the_same_rule_numbers(client):
    """?lang= (or Accept-Language) picks a translation of the rules where there is one; the
    answer says its language, that it is not the canonical text, and which languages there are.
    A language without a translation gets the canonical English, and says so."""
    from cardgames_client.api.rulesets import get_rules

    for ruleset in list_rulesets.sync(client=client):
        english = get_rules.sync(ruleset.id, client=client)
        for lang in ("zh", "da", "ms", "fr", "tr"):
            answer = get_rules.sync_detailed(ruleset.id, client=client, lang=lang)
            rules = answer.parsed
            assert answer.headers["content-language"] == lang == rules.language
            assert not rules.canonical and rules.languages == english.languages
            assert rules.text == (ROOT / "docs" / "rules" / f"{ruleset.id}.{lang}.md").read_text(
                encoding="utf-8"
            )
            assert rules.text != english.text
            assert sorted(re.findall(r"\b[A-Z]+-\d+\.\d+\b", rules.text)) == sorted(
                re.findall(r"\b[A-Z]+-\d+\.\d+\b", english.text)
            )
        unknown = get_rules.sync_detailed(ruleset.id, client=client, lang="xx")
        assert unknown.headers["content-language"] == "en" and unknown.parsed.text == english.text
        assert unknown.parsed.canonical


def test_global_feed_follows_commit_order_and_redacts_running_games(server, client):
    """GET /v1/events: every game's events by global position; a reader following `next` misses none."""
    from cardgames_client.api.feed import list_feed

    def read_all(after):
        seen = []
        while True:
            page = list_feed.sync(client=client, after=after, limit=7)
            seen += page.events
            if page.next_ is None:
                return seen, (seen[-1].position if seen else after)
            after = page.next_

    _, cursor = read_all(0)
    finished = new_game(client, seed=40, seats=[ChuopaiSeatSpec(kind=SeatSpecKind.AI)] * 3)
    running = new_game(client, seed=41, seats=[ChuopaiSeatSpec(kind=SeatSpecKind.HUMAN)] * 3)
    me = seat_client(server, running.seats[0].token)
    for _ in range(3):  # a few decisions in the running game (whoever is asked)
        view = get_game.sync(running.id, client=me)
        seat = view.to_act[0]
        c = seat_client(server, running.seats[seat].token)
        legal = get_legal_actions.sync(running.id, client=c)
        play_action.sync(
            running.id, client=c, body=PlayAction(action=legal.actions[-1].id, expected_version=legal.version)
        )
    new, _ = read_all(cursor)
    positions = [e.position for e in new]
    assert positions == sorted(positions) and len(set(positions)) == len(positions)
    by_game = {}
    for e in new:
        by_game.setdefault(e.game_id, []).append(e)
    assert [e.version for e in by_game[finished.id]] == list(range(1, len(by_game[finished.id]) + 1))
    assert by_game[finished.id][-1].type_ == "game_finished" and by_game[finished.id][-1].hash_
    running_actions = [e for e in by_game[running.id] if e.type_ == "action"]
    assert len(running_actions) >= 3
    assert all(set(e.payload.to_dict()) == {"seat", "public"} and not e.hash_ for e in running_actions)


def _undetailed(item: dict) -> dict:
    """A /score object with its `details` folded back in, as the logged result holds it."""
    out = {k: v for k, v in item.items() if k != "details"}
    out.update(item.get("details", {}))
    if "players" in out:
        out["players"] = [
            _undetailed({**p, "breakdown": [_undetailed(b) for b in p["breakdown"]]}) for p in out["players"]
        ]
    return out


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_score_carries_every_field_of_the_logged_result(server, ruleset):
    """GET /score holds the logged result whole: per-seat facts (Chuo Pai's tricks_won and
    unplayed, Nantong's total and rounded) under players[].details, a breakdown line's
    facts (a factor, a deal, a settlement line) under its details."""
    players = httpx.get(f"{server}/v1/rulesets/{ruleset}").json()["players"]
    created = httpx.post(
        f"{server}/v1/games", json={"ruleset": ruleset, "seed": 5, "seats": [{"kind": "ai"}] * players}
    )
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    score = httpx.get(f"{server}/v1/games/{game_id}/score").json()
    events = httpx.get(f"{server}/v1/games/{game_id}/export").json()["events"]
    logged = next(e for e in events if e["type"] == "game_finished")["payload"]["result"]
    result = _undetailed({k: v for k, v in score.items() if k not in SCORE_ENVELOPE})
    # the logged result whole; only the lines' words are the reader's (the cards named)
    assert unworded(result) == unworded(logged)
    english = translator("en")
    assert result == rendered(logged, english, narrator_for(RULESETS[ruleset], english).names_of)
    if ruleset == "chuopai":
        assert {"tricks_won", "unplayed"} <= set(score["players"][0]["details"])
    if ruleset == "nantong":
        assert all(b["details"].get("settlement") for b in score["players"][0]["breakdown"][-3:])


SCORE_ENVELOPE = {"id", "ruleset", "version", "custom_deck", "seed_source"}


def test_nantong_view_shows_the_drawn_card_to_its_seat_and_every_settled_claim(server):
    """Over HTTP: the person's view holds the card it drew (`drawn`, and its own draws in
    table.history); a spectator sees that a card was drawn, never which; every settled pong,
    kong or win names the seat it came from."""
    created = httpx.post(
        f"{server}/v1/games",
        json={"ruleset": "nantong", "seed": 8, "seats": [{"kind": "human"}, {"kind": "ai"}, {"kind": "ai"}]},
    ).json()
    game = f"{server}/v1/games/{created['id']}"
    me = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    rng, seen_drawn = random.Random(8), 0
    for _ in range(400):
        view = httpx.get(game, headers=me).json()
        spectator = httpx.get(game).json()
        if view["status"] == "finished":
            break
        assert spectator["drawn"] is None
        # With one person the spectator reads the log, which may be behind the person's table.
        behind = len(spectator["table"]["history"])
        assert behind <= len(view["table"]["history"])
        for mine, public in zip(
            view["table"]["history"][:behind], spectator["table"]["history"], strict=True
        ):
            if mine["event"] in ("draw", "replacement"):
                assert "card" not in public and ("card" in mine) == (mine["seat"] == 0)
            else:
                assert mine == public
            if mine["event"] in ("pong", "kong") or (mine["event"] == "win" and mine["by"] == "discard"):
                assert mine["from"] in (0, 1, 2) and mine["from"] != mine["seat"]
        if view["drawn"] is not None:
            assert view["table"]["history"][-1] in (
                {"event": "draw", "seat": 0, "card": view["drawn"]},
                {"event": "replacement", "seat": 0, "card": view["drawn"]},
            )
            seen_drawn += 1
        legal = httpx.get(f"{game}/legal-actions", headers=me).json()
        if legal["actions"]:
            action = rng.choice(legal["actions"])["id"]
            r = httpx.post(
                f"{game}/actions", headers=me, json={"action": action, "expected_version": legal["version"]}
            )
            assert r.status_code == 200, r.text
    assert seen_drawn >= 3


def test_chuopai_view_lists_every_round(server):
    """Over HTTP: table.rounds keeps every finished round, the same for every viewer."""
    created = httpx.post(
        f"{server}/v1/games", json={"ruleset": "chuopai", "seed": 3, "seats": [{"kind": "ai"}] * 3}
    )
    view = httpx.get(f"{server}/v1/games/{created.json()['id']}").json()
    rounds = view["table"]["rounds"]
    assert [r["round"] for r in rounds] == list(range(view["table"]["round"]))
    assert rounds[-1] == view["table"]["last_round"]
    banked = [sum(len(r["won"]) for r in rounds if r["winner"] == s["seat"]) for s in view["seats"]]
    assert banked == [s["facts"]["pile_count"] - s["facts"]["bonus"] for s in view["seats"]]


def test_events_and_actions_are_told_in_words(server, client):
    """Every event carries `text` for its reader and every legal action a `label`, both naming
    cards by name (from GET /v1/rulesets/{id}), never by code."""
    from cardgames_client.api.feed import list_feed

    cards = get_ruleset.sync("nantong", client=client).cards
    names = {c.code: c.name for c in cards}
    created = new_game(client, ruleset="nantong", seed=23)
    me = seat_client(server, created.seats[0].token)
    first = list_events.sync(created.id, client=me).events[0]
    assert (
        first.type_ == "game_created" and first.text == "A game of Nantong long cards begins; you are seat 0"
    )
    spectator_first = list_events.sync(created.id, client=client).events[0]
    assert spectator_first.text == "A game of Nantong long cards begins"
    told = []
    for _ in range(30):
        legal = get_legal_actions.sync(created.id, client=me)
        if not legal.actions:
            break
        for action in legal.actions:
            assert action.label and not any(f" {code}" in f" {action.label}" for code in action.cards)
            assert all(names[code] in action.label for code in action.cards), action.label
        discards = [a for a in legal.actions if a.type_ == "discard"]
        if discards:
            assert discards[0].label == f"Discard the {names[discards[0].cards[0]]}"
        pick = discards[0] if discards else legal.actions[-1]
        played = play_action.sync(
            created.id, client=me, body=PlayAction(action=pick.id, expected_version=legal.version)
        )
        assert not isinstance(played, Problem), played
        told += played.events
        if pick.type_ == "discard":
            assert played.events[0].text == f"You discard the {names[pick.cards[0]]}"
    assert told and all(e.text for e in told)
    others = [e for e in told if e.type_ == "action" and e.payload.to_dict()["seat"] != 0]
    secret = named = 0
    for e in others:  # another seat's window answer stays secret; its discards are named
        public = e.payload.to_dict()["public"]
        if public["type"] == "answer" and "action" not in e.payload.to_dict():  # the game runs
            assert e.text == f"Seat {e.payload.to_dict()['seat']} answers the claim window"
            secret += 1
        elif public["type"] == "discard":
            assert e.text.endswith(f"discards the {names[public['card']]}")
            named += 1
    assert secret and named
    page = list_events.sync(created.id, client=client, limit=1000)
    assert all(e.text and not e.text.startswith("You") for e in page.events)  # a spectator is no seat
    feed = list_feed.sync(client=client, after=0, limit=1000)
    assert all(e.text for e in feed.events)
    view = play_out(server, created, pick=lambda actions: actions[-1])
    assert view.status.value == "finished"
    exported = export_game.sync(created.id, client=client)
    assert exported.events[-1].type_ == "game_finished" and exported.events[-1].text.startswith(
        "The game is over"
    )
    replay = get_replay.sync(created.id, client=client, version=1)
    assert replay.event.text == "A game of Nantong long cards begins"
