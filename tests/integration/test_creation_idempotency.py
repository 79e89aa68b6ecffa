"""A game's creation under an Idempotency-Key, on both stores: a retry gets the same game (its
tokens derived again, none kept), a racing retry deals nothing more, a different body is refused,
and a creation lost while the store committed is found or made by its retry."""

from __future__ import annotations

import threading
import uuid

import psycopg
import pytest

from service.chain import GENESIS
from service.errors import IdempotencyMismatch, ServiceUnavailable
from service.game_service import GameService
from service.store_guard import KEYED_CREATION_IN_DOUBT_DETAIL
from service.tokens import creation_key_hash
from store.base import CreationKey, CreationKeyTaken, GameRecord, open_store
from store.postgres import PostgresStore
from tests.integration.test_store import make_events, new_id

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "ai", "level": "basic"}]


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    if request.param == "sqlite":
        s = open_store(f"sqlite:///{tmp_path / 'events.sqlite3'}")
    else:
        s = open_store(request.getfixturevalue("pg_url"))
    yield s
    s.close()


def new_key() -> str:
    return str(uuid.uuid4())


def games_created(store) -> int:
    return [e.type for _, e in store.feed(0, 100_000)].count("game_created")


def store_game(store, creation: CreationKey | None) -> str:
    gid = new_id()
    record = GameRecord(gid, "chuopai", 1, "nonce", None, "2026-01-01T00:00:00Z")
    store.create_game(record, {0: f"tok-{gid}"}, make_events(gid, 1, [{"n": 0}], GENESIS), None, creation)
    return gid


def test_the_store_keeps_one_creation_per_key_and_deletes_it_with_its_game(store):
    key_hash = creation_key_hash(new_key())
    kept = CreationKey(key_hash, "request", "ignored: the game's own id is kept", "salt", {"id": "x"})
    gid = store_game(store, kept)
    found = store.creation(key_hash)
    assert found == CreationKey(key_hash, "request", gid, "salt", {"id": "x"})
    # a second game under the same key is refused whole: no game row, no token, no event
    before = store.feed(0, 100_000)
    with pytest.raises(CreationKeyTaken):
        store_game(store, kept)
    assert store.feed(0, 100_000) == before
    assert store.creation(key_hash).game_id == gid
    assert store.delete_games([gid]) == 1
    assert store.creation(key_hash) is None
    store_game(store, kept)  # the key is free again once its game is gone


def test_a_retry_gets_the_same_game_and_tokens_and_nothing_more_is_dealt(store):
    service = GameService(store)
    key, before = new_key(), games_created(store)
    first = service.create_game("chuopai", SEATS, options=None, idempotency_key=key)
    again = service.create_game("chuopai", SEATS, options=None, idempotency_key=key)
    assert again.pop("replayed") is True and "replayed" not in first
    assert again == first
    tokens = [seat["token"] for seat in first["seats"] if seat["kind"] == "human"]
    assert len(tokens) == 2 and len(set(tokens)) == 2 and all(len(t) == 43 for t in tokens)
    for seat in first["seats"][:2]:
        assert service.authenticate(first["id"], seat["token"]) == seat["seat"]
    assert games_created(store) == before + 1
    # another key is another game, with other tokens
    other = service.create_game("chuopai", SEATS, idempotency_key=new_key())
    assert other["id"] != first["id"] and other["seats"][0]["token"] not in tokens


def test_the_same_key_with_another_request_is_refused_and_deals_nothing(store):
    service = GameService(store)
    key = new_key()
    service.create_game("chuopai", SEATS, idempotency_key=key)
    before = store.feed(0, 100_000)
    for ruleset, seats, seed in (("chuopai", SEATS, 5), ("nantong", SEATS, None), ("chuopai", None, None)):
        with pytest.raises(IdempotencyMismatch):
            service.create_game(ruleset, seats, seed, idempotency_key=key)
    assert store.feed(0, 100_000) == before


def test_racing_retries_make_one_game(store):
    service = GameService(store)
    key, barrier, answers, errors = new_key(), threading.Barrier(6), [], []
    before = games_created(store)

    def create() -> None:
        barrier.wait()
        try:
            answers.append(service.create_game("sisepai", None, idempotency_key=key))
        except Exception as exc:  # noqa: BLE001 - every failure is reported below
            errors.append(exc)

    threads = [threading.Thread(target=create) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert {a["id"] for a in answers} == {answers[0]["id"]}
    assert {a["seats"][0]["token"] for a in answers} == {answers[0]["seats"][0]["token"]}
    assert games_created(store) == before + 1


def test_a_creation_lost_while_committing_is_found_or_made_by_its_retry(fresh_pg_url):
    """The commit fails (a deferred trigger, as a cut connection would): the answer says to retry
    with the key; once the store answers again the retry makes the game, and a retry after that
    gets it."""
    store = PostgresStore(fresh_pg_url)
    service = GameService(store)
    service.create_game("nantong")  # the schema in place
    with psycopg.connect(fresh_pg_url, autocommit=True) as admin:
        admin.execute(
            "CREATE FUNCTION fail_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            " RAISE EXCEPTION 'lost at commit' USING ERRCODE = 'admin_shutdown'; END $$"
        )
        admin.execute(
            "CREATE CONSTRAINT TRIGGER fail_at_commit AFTER INSERT ON creations"
            " DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fail_at_commit()"
        )
        key = new_key()
        with pytest.raises(ServiceUnavailable) as lost:
            service.create_game("nantong", None, idempotency_key=key)
        assert lost.value.detail == KEYED_CREATION_IN_DOUBT_DETAIL
        admin.execute("DROP TRIGGER fail_at_commit ON creations")
    made = service.create_game("nantong", None, idempotency_key=key)
    assert "replayed" not in made
    found = service.create_game("nantong", None, idempotency_key=key)
    assert found.pop("replayed") and found == made
    assert service.authenticate(made["id"], made["seats"][0]["token"]) == 0
    store.close()


def test_neither_the_key_nor_the_tokens_it_derives_are_stored(tmp_path):
    service = GameService(open_store(f"sqlite:///{tmp_path / 'events.sqlite3'}"))
    key = new_key()
    created = service.create_game("chuopai", [{"kind": "human"}] * 3, seed=1, idempotency_key=key)
    service.create_game("chuopai", [{"kind": "human"}] * 3, seed=1, idempotency_key=key)
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("events.sqlite3*"))  # the db and its WAL
    assert len(raw) > 10_000 and created["id"].encode() in raw
    assert key.encode() not in raw
    for seat in created["seats"]:
        assert seat["token"].encode() not in raw
