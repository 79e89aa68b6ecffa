"""A game with exactly one person: the log grows only where being asked tells nothing.

With one person, the person's lone passes are automatic, so the game stops where passing is a
choice (a claim window, SSP-5.1, NT-6.1, NT-5.2; Chuo Pai's opening-bonus round, CP-2.5) only when
the person may claim there. The log, which spectators and the global feed read, therefore grows
only up to points where the person must decide and passing is no choice, or the end; the
person's decisions in between are held, durably, and the person plays on a table beyond the log
(service/lone_person.py).
"""

from __future__ import annotations

import random
import sqlite3

import pytest

from domain.base import PASS, DomainError
from domain.registry import RULESETS
from service.commands import REPLAYED_KEY
from service.errors import StaleVersion
from service.game_service import GameService
from service.lone_person import AFTER_THE_DEAL, may_be_logged
from service.verify import verify_export
from store.base import open_store
from store.sqlite import SqliteStore


def one_person(ruleset_id: str, seat: int = 0, level: str = "basic") -> list[dict]:
    n = RULESETS[ruleset_id].players
    return [{"kind": "human"} if s == seat else {"kind": "ai", "level": level} for s in range(n)]


def spectators_reads(service: GameService, gid: str) -> tuple:
    """Everything a reader without a token can read of the game (the view, every event, the
    game's items of the global feed)."""
    events = service.events(gid, None, after=0, limit=10_000)
    feed = [e for e in service.feed(after=0, limit=100_000)["events"] if e["game_id"] == gid]
    return service.view(gid, None), events, feed


@pytest.fixture
def service(tmp_path):
    return GameService(SqliteStore(str(tmp_path / "games.sqlite3")))


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
@pytest.mark.parametrize("seed", [3, 8])
def test_spectators_see_the_game_only_at_points_where_being_asked_tells_nothing(service, ruleset_id, seed):
    """Played to the end by a seeded random person: after every decision that leaves the person
    where passing is a choice, nothing a spectator reads has changed; the log's head is always the
    deal, a point where the person must decide and passing is no choice, or the end; and each time
    the log grows, all of its new events carry one time."""
    person = 1
    rng = random.Random(seed)
    gid = service.create_game(ruleset_id, one_person(ruleset_id, person), seed=seed)["id"]
    dealt = service.load(gid).version
    assert all(e["type"] != "action" for e in service.events(gid, None)["events"])  # the deal alone
    held = published = 0
    had_to = False
    for _ in range(3000):
        before = spectators_reads(service, gid)
        if before[0]["status"] == "finished":
            break
        stream = service.load(gid, person)
        assert stream.version == dealt or may_be_logged(stream.state)
        assert stream.state_for(None) is stream.state  # spectators read the log
        legal = service.legal_actions(gid, person)
        assert legal["actions"], "the person has no decision, yet the game runs"
        had_to = had_to or not stream.state_for(person).pass_is_a_choice()  # passing no choice
        answer = service.act(gid, person, rng.choice(legal["actions"])["id"], legal["version"])
        assert answer["version"] == service.view(gid, person)["version"] > legal["version"]
        after = spectators_reads(service, gid)
        if service.load(gid).version == stream.version:
            held += 1
            assert after == before
            # held where the log could grow only before the person's first decision they had to
            # make: the deal's own stop is the person's first such point (may_be_published)
            assert not may_be_logged(service.load(gid, person).state_for(person)) or stream.version == dealt
        else:
            # the log leaves the deal once the person has made a decision they had to make (the
            # deal's stop was one), or at the end
            assert stream.version != dealt or had_to or after[0]["status"] == "finished"
            published += 1
            new = [e for e in after[1]["events"] if e["version"] > stream.version]
            assert len({e["time"] for e in new}) == 1
            assert [e["version"] for e in new] == [e["version"] for e in after[2]][-len(new) :]
    else:
        raise AssertionError("the game did not finish")
    assert published
    export = service.export(gid)
    assert verify_export(export, RULESETS)["ok"]
    # Every event the person was shown while it was held is the event the log now holds.
    logged = {e["version"]: (e["type"], e["payload"]) for e in export["events"]}
    assert len(logged) == export["events"][-1]["version"]


def test_a_held_decision_is_shown_to_the_person_exactly_as_the_log_later_holds_it(service):
    """The person's own events, read while their decisions are held, are the log's events once
    published (same versions and types, and what the person read of each payload); only the
    times differ (the log's are the publication's)."""
    person, rng = 2, random.Random(5)
    gid = service.create_game("sisepai", one_person("sisepai", person), seed=12)["id"]
    seen: dict[int, tuple] = {}
    was_held = False
    while service.view(gid, None)["status"] != "finished":
        for e in service.events(gid, person, after=0, limit=10_000)["events"]:
            seen.setdefault(e["version"], (e["type"], e["payload"]))
        stream = service.load(gid, person)
        was_held |= stream.held.version > stream.version
        legal = service.legal_actions(gid, person)
        service.act(gid, person, rng.choice(legal["actions"])["id"], legal["version"])
    assert was_held
    logged = {e["version"]: e for e in service.export(gid)["events"]}
    for version, (type_, payload) in seen.items():
        assert logged[version]["type"] == type_, version
        assert {k: logged[version]["payload"].get(k) for k in payload} == payload, version


def test_the_person_s_own_events_page_runs_beyond_the_log(service):
    """Paged with `after` and `limit`, the person reads the log and then their held table;
    a spectator's page ends at the log's head."""
    person, rng = 0, random.Random(1)
    gid = service.create_game("nantong", one_person("nantong", person), seed=4)["id"]
    for _ in range(400):
        stream = service.load(gid, person)
        if stream.held is not None and stream.held.version > stream.version + 3:
            break
        legal = service.legal_actions(gid, person)
        service.act(gid, person, rng.choice(legal["actions"])["id"], legal["version"])
    else:
        pytest.skip("no long held stretch in this game")
    stream = service.load(gid, person)
    mine = service.events(gid, person, after=0, limit=10_000)
    assert mine["version"] == stream.held.version and mine["next"] is None
    assert [e["version"] for e in mine["events"]] == list(range(1, stream.held.version + 1))
    pages, after = [], 0
    while True:
        page = service.events(gid, person, after=after, limit=3)
        pages += page["events"]
        if page["next"] is None:
            break
        after = page["next"]
    assert pages == mine["events"]
    theirs = service.events(gid, None, after=0, limit=10_000)
    assert theirs["version"] == stream.version
    assert [e["version"] for e in theirs["events"]] == list(range(1, stream.version + 1))
    assert service.events(gid, None, after=stream.version)["events"] == []


def _until_held(service: GameService, gid: str, person: int, rng: random.Random) -> None:
    for _ in range(400):
        stream = service.load(gid, person)
        if stream.held is not None and stream.sealed:
            return
        legal = service.legal_actions(gid, person)
        service.act(gid, person, rng.choice(legal["actions"])["id"], legal["version"])
    raise AssertionError("no decision was held")


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_held_decisions_survive_another_worker(tmp_path, request, backend):
    """A held decision is acknowledged durably: a worker with no cache (a fresh store and
    service) derives the same table for the person, and the game goes on from it."""
    url = (
        f"sqlite:///{tmp_path / 'games.sqlite3'}"
        if backend == "sqlite"
        else request.getfixturevalue("pg_url")
    )
    first_store, second_store = open_store(url), open_store(url)
    request.addfinalizer(first_store.close)
    request.addfinalizer(second_store.close)
    first, second = GameService(first_store), GameService(second_store)
    person, rng = 0, random.Random(7)
    gid = first.create_game("sisepai", one_person("sisepai", person), seed=30)["id"]
    _until_held(first, gid, person, rng)
    assert second.view(gid, person) == first.view(gid, person)
    assert second.view(gid, None) == first.view(gid, None)
    assert second.events(gid, person) == first.events(gid, person)
    while second.view(gid, None)["status"] != "finished":
        legal = second.legal_actions(gid, person)
        second.act(gid, person, rng.choice(legal["actions"])["id"], legal["version"])
    assert verify_export(first.export(gid), RULESETS)["ok"]


def test_a_held_decision_retried_gets_its_first_answer_and_a_stale_one_the_person_s_version(service):
    person, rng = 0, random.Random(2)
    gid = service.create_game("sisepai", one_person("sisepai", person), seed=44)["id"]
    for _ in range(400):
        legal = service.legal_actions(gid, person)
        choice = rng.choice(legal["actions"])["id"]
        answer = service.act(gid, person, choice, legal["version"], idempotency_key=f"k{legal['version']}")
        if service.load(gid, person).sealed:
            break
    else:
        raise AssertionError("no decision was held")
    again = service.act(gid, person, choice, legal["version"], idempotency_key=f"k{legal['version']}")
    assert again[REPLAYED_KEY] is True and {k: v for k, v in again.items() if k != REPLAYED_KEY} == answer
    with pytest.raises(StaleVersion) as stale:
        service.act(gid, person, PASS, legal["version"])
    assert stale.value.extra["current_version"] == answer["version"] == service.view(gid, person)["version"]
    assert len(service.load(gid, person).sealed) == len(service.store.sealed_answers(gid))
    assert service.load(gid).held is None  # nobody else's read derives the person's table


def test_the_creator_s_answer_names_the_person_s_version(service):
    """The creator holds the person's token: the creation answer's version is the one the
    person's first decision must name, although the log holds the deal alone."""
    seats = one_person("chuopai", 2)
    created = service.create_game("chuopai", seats, seed=9, options={"leader": 0})
    gid = created["id"]
    assert service.view(gid, None)["version"] < created["version"] == service.view(gid, 2)["version"]
    legal = service.legal_actions(gid, 2)
    assert legal["version"] == created["version"]
    service.act(gid, 2, legal["actions"][0]["id"], created["version"])


def test_a_game_over_before_the_person_decides_is_logged_whole(service):
    """Nothing the person decided lies between the deal and the end, and all of it is public once
    the game is over: it is logged at creation. (Seed 138: an AI seat wins, SSP-1.2, before the
    person, in the last seat, ever has anything but a pass to make.)"""
    created = service.create_game("sisepai", one_person("sisepai", 3), seed=138)
    assert created["status"] == "finished" == service.view(created["id"], None)["status"]
    assert service.view(created["id"], None)["version"] == created["version"]
    events = service.export(created["id"])["events"]
    assert not any(e["type"] == "action" and e["payload"]["by"] == "human" for e in events)
    assert verify_export(service.export(created["id"]), RULESETS)["ok"]


def test_an_old_sqlite_store_with_one_sealed_answer_per_seat_is_rebuilt(tmp_path):
    """The sealed-answer table once allowed one answer per seat: opened again, it is rebuilt
    without that constraint, its rows kept."""
    path = str(tmp_path / "old.sqlite3")
    SqliteStore(path).close()
    conn = sqlite3.connect(path)
    conn.executescript(
        "DROP TABLE sealed_answers;"
        "CREATE TABLE sealed_answers (ordinal INTEGER PRIMARY KEY AUTOINCREMENT, game_id TEXT NOT NULL"
        " REFERENCES games(id), at_version INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,"
        " time TEXT NOT NULL, UNIQUE (game_id, seat));"
        "INSERT INTO games (id, ruleset, seed, nonce, created_at) VALUES ('g', 'sisepai', '1', 'n', 't');"
        "INSERT INTO sealed_answers (game_id, at_version, seat, action, time) VALUES ('g', 3, 1, 'pass', 't');"
    )
    conn.commit()
    conn.close()
    store = SqliteStore(path)
    try:
        kept = store.sealed_answers("g")
        assert [(a.at_version, a.seat, a.action) for a in kept] == [(3, 1, "pass")]
        sql = (
            sqlite3.connect(path)
            .execute("SELECT sql FROM sqlite_master WHERE name = 'sealed_answers'")
            .fetchone()
        )
        assert "UNIQUE" not in sql[0]
    finally:
        store.close()


def test_an_old_postgresql_store_with_one_sealed_answer_per_seat_loses_the_constraint(fresh_pg_url):
    """The same on PostgreSQL: the constraint is dropped when the store opens, its rows kept."""
    import psycopg

    with psycopg.connect(fresh_pg_url, autocommit=True) as conn:
        conn.execute(
            "CREATE TABLE games (id TEXT PRIMARY KEY, ruleset TEXT NOT NULL, seed TEXT NOT NULL,"
            " nonce TEXT NOT NULL, deck JSON, created_at TEXT NOT NULL, seed_source TEXT)"
        )
        conn.execute(
            "CREATE TABLE sealed_answers (ordinal BIGSERIAL PRIMARY KEY, game_id TEXT NOT NULL"
            " REFERENCES games(id), at_version INTEGER NOT NULL, seat INTEGER NOT NULL, action TEXT NOT NULL,"
            " time TEXT NOT NULL, UNIQUE (game_id, seat))"
        )
        conn.execute(
            "INSERT INTO games (id, ruleset, seed, nonce, created_at) VALUES ('g', 'sisepai', '1', 'n', 't')"
        )
        conn.execute(
            "INSERT INTO sealed_answers (game_id, at_version, seat, action, time) VALUES ('g', 3, 1, 'pass', 't')"
        )
    store = open_store(fresh_pg_url)
    try:
        assert [(a.at_version, a.seat, a.action) for a in store.sealed_answers("g")] == [(3, 1, "pass")]
        with psycopg.connect(fresh_pg_url) as conn:
            kinds = conn.execute(
                "SELECT contype FROM pg_constraint WHERE conrelid = 'sealed_answers'::regclass"
            ).fetchall()
        assert ("u",) not in kinds
    finally:
        store.close()
    open_store(fresh_pg_url).close()  # opened again: nothing left to migrate


def test_the_person_s_table_holds_what_they_were_shown_whatever_the_ai_code_becomes(
    service, tmp_path, monkeypatch
):
    """Each held decision keeps the events it led to, and the creation the AI seats' play after a
    deal logged alone: a worker deriving the table later (after a deploy that changed how the AI
    seats decide, say) folds those events, it does not decide the AI seats' moves again. Here the
    log still holds the deal alone, and the AI seats played before the person's first decision."""
    from dataclasses import replace

    from domain.base import random_policy
    from service import playing
    from service.observer import NullObserver
    from service.stream import PendingEvents

    person, rng = 2, random.Random(9)

    def held_after_the_deal(seed: int) -> str | None:
        gid = service.create_game("sisepai", one_person("sisepai", person), seed=seed)["id"]
        dealt = service.load(gid).version
        while service.view(gid, None)["status"] != "finished":
            stream = service.load(gid, person)
            if (
                stream.version == dealt
                and len(stream.sealed) >= 3
                and stream.sealed[0].seat == AFTER_THE_DEAL
            ):
                return gid
            if stream.version > dealt:
                return None
            legal = service.legal_actions(gid, person)
            service.act(gid, person, rng.choice(legal["actions"])["id"], legal["version"])
        return None

    gid = next(g for g in map(held_after_the_deal, range(70, 200)) if g is not None)
    shown = service.events(gid, person, after=0, limit=10_000)
    monkeypatch.setattr(type(service.ruleset("sisepai")), "policy", lambda self, level: random_policy)
    later = GameService(SqliteStore(str(tmp_path / "games.sqlite3")))  # no cached table
    assert later.events(gid, person, after=0, limit=10_000) == shown
    # decided again by the changed code, the same decisions would have led elsewhere (where they
    # may not even be legal)
    log, kept = later.load(gid), later.load(gid, person).held
    working = replace(log.copy(), sealed=[], held=None)
    pending = PendingEvents(gid, log.version, log.head_hash, lambda: "t")
    try:
        playing.advance(working, pending, NullObserver())
        for decision in later.store.sealed_answers(gid)[1:]:  # the person's, after the creation's
            playing.decide(working, pending, decision.seat, decision.action, NullObserver())
            playing.advance(working, pending, NullObserver())
        elsewhere = [(e.type, e.payload) for e in pending.events] != [
            (e.type, e.payload) for e in kept.events
        ]
    except DomainError:
        elsewhere = True
    assert elsewhere


def test_a_read_that_a_publication_came_between_reads_again(tmp_path):
    """The person's read takes the log's head, then the held decisions: when another worker
    publishes in between (appending, and deleting the decisions), the read notices the head moved
    and reads again, instead of showing the person the log's old head with nothing held."""
    path = str(tmp_path / "games.sqlite3")
    worker_b = GameService(SqliteStore(path))
    person, rng = 0, random.Random(4)

    class PublishedMeanwhile(SqliteStore):
        """A store whose next read of sealed answers lets worker B decide first."""

        meanwhile = None

        def head_and_sealed(self, game_id):
            if self.meanwhile is not None:
                act, self.meanwhile = self.meanwhile, None
                act()
            return super().head_and_sealed(game_id)

    store_a = PublishedMeanwhile(path)
    worker_a = GameService(store_a)
    for seed in range(40, 80):  # a held decision, then a claim: a decision that publishes
        gid = worker_a.create_game("sisepai", one_person("sisepai", person), seed=seed)["id"]
        while worker_a.view(gid, None)["status"] != "finished":
            legal = worker_a.legal_actions(gid, person)
            claims = [a for a in legal["actions"] if a["type"] != "pass"]
            if (
                any(answer.seat == person for answer in worker_a.load(gid, person).sealed)
                and claims
                and any(a["type"] == "pass" for a in legal["actions"])
                and _publishes(path, tmp_path, gid, person, claims[0]["id"], legal["version"])
            ):
                break
            worker_a.act(gid, person, rng.choice(legal["actions"])["id"], legal["version"])
        else:
            continue
        break
    else:
        raise AssertionError("no held claim window found")
    answers = []
    store_a.meanwhile = lambda: answers.append(worker_b.act(gid, person, claims[0]["id"], legal["version"]))
    seen = worker_a.view(gid, person)
    assert answers and worker_b.load(gid).version == answers[0]["version"]  # the claim was published
    assert seen["version"] == answers[0]["version"] == worker_b.view(gid, person)["version"]


def _publishes(path: str, tmp_path, gid: str, person: int, action: str, version: int) -> bool:
    """Whether the person's `action` would publish (a claim the person is not outranked on, past
    their first decision they had to make), tried on a copy of the store."""
    copy = tmp_path / "dry-run.sqlite3"
    copy.unlink(missing_ok=True)
    with sqlite3.connect(path) as source, sqlite3.connect(copy) as target:
        source.backup(target)
    dry = GameService(SqliteStore(str(copy)))
    before = dry.load(gid).version
    dry.act(gid, person, action, version)
    return dry.load(gid).version != before


def _bonus_twins() -> tuple[list[str], list[str]]:
    """Two Chuo Pai decks (seat s gets deck[28s:28s+28]) alike but for one card: in the first,
    seat 1 holds the Nail and a Two Red of the opening bonus (CP-2.5), every Nail; in the second
    its Two Red is swapped with a card of seat 2, so seat 1 has no bonus to decline."""
    from domain.chuopai.cards import CODES

    pool = [code for code in CODES for _ in range(4)]
    for code in ("12", "12", "12", "12", "24"):
        pool.remove(code)
    random.Random(5).shuffle(pool)
    others = [code for code in pool if code != "24"][: 28 - 5]
    seat_1 = ["12", "12", "12", "12", "24", *others]
    for code in others:
        pool.remove(code)
    with_bonus = pool[:28] + seat_1 + pool[28:]
    swap_with = 56 + next(k for k, code in enumerate(with_bonus[56:]) if code not in ("12", "24"))
    without = list(with_bonus)
    without[28 + 4], without[swap_with] = without[swap_with], without[28 + 4]
    return with_bonus, without


@pytest.mark.parametrize("leader", [0, 1])
def test_where_the_log_first_stops_does_not_tell_whether_the_person_had_a_bonus_to_decline(service, leader):
    """CP-2.5 with one person (seat 1): holding the Nail and a Two Red, the person is asked in the
    bonus round (passing is a choice there), else passes automatically. The log stopped at the
    person's first play in the first case only (the deal's own stop is never published), so a
    spectator learned the hand from it. Now, in both, the log first grows with the person's first
    play, and never stands where the person is to play with none of its plays logged."""
    for deck, asked in zip(_bonus_twins(), (True, False), strict=True):
        gid = service.create_game(
            "chuopai", one_person("chuopai", 1), seed=99, deck=deck, options={"leader": leader}
        )["id"]
        dealt = service.load(gid).version
        first = service.legal_actions(gid, 1)
        assert ("bonus" in {a["id"] for a in first["actions"]}) == asked
        decisions = 0
        while service.load(gid).version == dealt:
            legal = service.legal_actions(gid, 1)
            choice = (
                "pass"
                if asked and decisions == 0
                else next(a["id"] for a in legal["actions"] if a["id"] != "pass")
            )
            service.act(gid, 1, choice, legal["version"])
            decisions += 1
        logged = [e for e in service.events(gid, None, limit=10_000)["events"] if e["type"] == "action"]
        plays = [e for e in logged if e["payload"]["seat"] == 1 and e["payload"]["public"]["type"] != "pass"]
        assert plays, (asked, leader)  # the log left the deal with the person's first play in it
        assert decisions == (2 if asked else 1)
