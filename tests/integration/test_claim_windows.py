"""Claim windows with several people at one table (SSP-5.1, NT-6.1, NT-5.2 robbing).

With two or more people, every person in a window answers it (`pass` included), answers
given while another person still has to answer are sealed — acknowledged, durable, but not
in the log — and the window's answers enter the log together, in the window's recording
order (SSP-5.1: drawer first, then turn order). Also: seed_source, coarse event times for
other seats, and idempotency keys per (game, seat).
"""

from __future__ import annotations

import random
import threading

import pytest

from domain.base import PASS, State
from domain.registry import RULESETS
from service.commands import REPLAYED_KEY
from service.errors import IdempotencyMismatch, IllegalActionError
from service.game_service import GameService
from service.i18n import translator
from service.verify import verify_export
from store.sqlite import SqliteStore


def _has_claim_windows(ruleset_id: str) -> bool:
    """Whether the ruleset's state opens claim windows (overrides `State.answer_window`)."""
    return type(RULESETS[ruleset_id].new_game(1, {}, None)).answer_window is not State.answer_window


WINDOW_RULESETS = [r for r in sorted(RULESETS) if _has_claim_windows(r)]  # not Chuo Pai


def seats_with_people(ruleset_id: str, people: int) -> list[dict]:
    n = RULESETS[ruleset_id].players
    return [{"kind": "human"} if s < people else {"kind": "ai", "level": "basic"} for s in range(n)]


def humans_of(created: dict) -> list[int]:
    return [s["seat"] for s in created["seats"] if s["kind"] == "human"]


def step(service: GameService, gid: str, humans: list[int], rng: random.Random) -> dict | None:
    """One decision by a person who has one (seeded choice); None once finished."""
    if service.view(gid, None)["status"] == "finished":
        return None
    awaited = [s for s in humans if service.legal_actions(gid, s)["actions"]]
    assert awaited, "no person has a decision, yet the game is not finished"
    seat = rng.choice(awaited)
    legal = service.legal_actions(gid, seat)
    return service.act(gid, seat, rng.choice(legal["actions"])["id"], legal["version"])


def play_out(service: GameService, gid: str, humans: list[int], rng: random.Random) -> None:
    for _ in range(5000):
        if step(service, gid, humans, rng) is None:
            return
    raise AssertionError("the game did not finish")


def until_window_with_people_pending(service, gid, humans, rng, pending: int = 2) -> list[int]:
    """Play until a claim window waits for at least `pending` people; return them."""
    for _ in range(2000):
        stream = service.load(gid)
        assert not stream.finished, "the game ended before such a window"
        state = stream.current_state()
        if state.answer_window() is not None:
            waiting = [s for s in humans if s in state.to_act()]
            if len(waiting) >= pending:
                return waiting
        step(service, gid, humans, rng)
    raise AssertionError("no window with several people pending")


@pytest.fixture
def service(tmp_path):
    return GameService(SqliteStore(str(tmp_path / "games.sqlite3")))


# ---------------------------------------------------------------- every person answers
@pytest.mark.parametrize("ruleset_id", WINDOW_RULESETS)
@pytest.mark.parametrize("people", [2, 3])
def test_with_several_people_every_person_in_a_window_answers_it(service, ruleset_id, people):
    """No person is passed automatically: each window's people all have `pass` to choose,
    and the log holds no automatic answer of a person."""
    rng = random.Random(f"windows:{ruleset_id}:{people}")
    windows_seen = 0
    for game in range(3):
        created = service.create_game(ruleset_id, seats_with_people(ruleset_id, people), seed=1000 + game)
        gid, humans = created["id"], humans_of(created)
        while service.view(gid, None)["status"] != "finished":
            stream = service.load(gid)
            window = stream.state.answer_window()
            if window is not None:
                windows_seen += 1
                for s in humans:
                    if s in window and s in stream.current_state().to_act():
                        assert PASS in {a["id"] for a in service.legal_actions(gid, s)["actions"]}
            step(service, gid, humans, rng)
        for event in service.export(gid)["events"]:
            if event["type"] == "action" and event["payload"]["seat"] in humans:
                assert event["payload"]["by"] == "human", event
    assert windows_seen > 10


@pytest.mark.parametrize("ruleset_id", WINDOW_RULESETS)
@pytest.mark.parametrize("people", [1, 2, 4])
def test_window_answers_are_logged_in_the_windows_order(service, ruleset_id, people):
    """SSP-5.1: answers to a drawn card are recorded drawer first, then in turn order; to a
    discard (both rulesets), in turn order from the seat after the discarder — whoever
    answered first, people or AI."""
    people = min(people, RULESETS[ruleset_id].players)
    rng = random.Random(f"order:{ruleset_id}:{people}")
    answers_checked = 0
    for game in range(2):
        created = service.create_game(ruleset_id, seats_with_people(ruleset_id, people), seed=2000 + game)
        play_out(service, created["id"], humans_of(created), rng)
        export = service.export(created["id"])
        assert verify_export(export, RULESETS)["ok"]
        created_payload = export["events"][0]["payload"]
        state = RULESETS[ruleset_id].new_game(int(export["game"]["seed"]), created_payload["options"], None)
        for event in export["events"][1:]:
            if event["type"] != "action":
                continue
            window = state.answer_window()
            if window is not None:
                first_pending = next(s for s in window if s in state.to_act())
                assert event["payload"]["seat"] == first_pending, (event, window, state.to_act())
                answers_checked += 1
            state.apply(event["payload"]["seat"], event["payload"]["action"])
    assert answers_checked > 20


# ---------------------------------------------------------------- sealed answers
@pytest.mark.parametrize("ruleset_id", WINDOW_RULESETS)
def test_a_sealed_answer_is_kept_outside_the_log_and_survives_another_worker(tmp_path, ruleset_id):
    store_path = str(tmp_path / "games.sqlite3")
    worker_a = GameService(SqliteStore(store_path))
    created = worker_a.create_game(ruleset_id, seats_with_people(ruleset_id, 2), seed=7)
    gid, humans = created["id"], humans_of(created)
    first, second = until_window_with_people_pending(worker_a, gid, humans, random.Random(3))[:2]
    version = worker_a.view(gid, None)["version"]
    spectator_before = worker_a.view(gid, None)
    second_before = worker_a.view(gid, second)

    response = worker_a.act(gid, first, PASS, version)
    assert response["version"] == version and response["events"] == []
    assert response["view"]["to_act"] == [] and worker_a.legal_actions(gid, first)["actions"] == []
    # the person who answered reads their own answer (nothing else of their view says it), the
    # others and spectators nothing of it
    assert response["view"]["own_answer"] == {"action": PASS, "label": "Pass"}
    assert worker_a.view(gid, first, translator("fr"))["own_answer"]["label"] != "Pass"  # worded
    assert worker_a.view(gid, second)["own_answer"] is None and worker_a.view(gid, None)["own_answer"] is None

    # Another worker (an empty cache, the same store) sees the same: the answer is durable.
    worker_b = GameService(SqliteStore(store_path))
    assert worker_b.view(gid, None) == spectator_before
    assert worker_b.view(gid, second) == second_before
    assert worker_b.events(gid, second)["version"] == version
    assert worker_b.legal_actions(gid, first)["actions"] == []
    with pytest.raises(IllegalActionError):
        worker_b.act(gid, first, PASS, version)  # SSP-5.1 / NT-6.1: one answer per seat

    # The last person's answer settles the window: every answer enters the log at once.
    others = [s for s in humans if s not in (first, second)]
    settled = worker_b.act(gid, second, PASS, version)
    if not others or all(s not in worker_b.load(gid).current_state().to_act() for s in others):
        assert settled["version"] > version
        logged = [e["payload"]["seat"] for e in settled["events"] if e["type"] == "action"]
        assert first in logged and second in logged
        assert worker_b.view(gid, first)["own_answer"] is None  # logged now, like everyone's


@pytest.mark.parametrize("ruleset_id", WINDOW_RULESETS)
def test_idempotency_keys_belong_to_a_game_and_seat(service, ruleset_id):
    """A retried sealed answer gets the first response, marked as replayed; another seat's
    identical key is another request and neither blocks nor reveals anything."""
    created = service.create_game(ruleset_id, seats_with_people(ruleset_id, 2), seed=11)
    gid, humans = created["id"], humans_of(created)
    first, second = until_window_with_people_pending(service, gid, humans, random.Random(5))[:2]
    version = service.view(gid, None)["version"]
    sealed = service.act(gid, first, PASS, version, idempotency_key="same-key")
    assert REPLAYED_KEY not in sealed
    assert service.act(gid, first, PASS, version, idempotency_key="same-key") == {
        **sealed,
        REPLAYED_KEY: True,
    }
    with pytest.raises(IdempotencyMismatch):
        service.act(gid, first, "win", version, idempotency_key="same-key")
    settled = service.act(gid, second, PASS, version, idempotency_key="same-key")
    assert settled != sealed and settled["view"]["seat"] == second and REPLAYED_KEY not in settled


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_retries_of_a_sealed_answer_racing_each_other_all_get_the_first_response(tmp_path, request, backend):
    """The same window answer sent six times at once with one Idempotency-Key, through six
    workers: it is sealed once, and every retry gets that first response (a retry that lost
    the race found the seat had answered and was refused)."""
    url = (
        f"sqlite:///{tmp_path / 'games.sqlite3'}"
        if backend == "sqlite"
        else request.getfixturevalue("pg_url")
    )
    from store.base import open_store

    setup_store = open_store(url)
    request.addfinalizer(setup_store.close)
    setup = GameService(setup_store)
    created = setup.create_game("sisepai", seats_with_people("sisepai", 4), seed=21)
    gid, humans = created["id"], humans_of(created)
    first = until_window_with_people_pending(setup, gid, humans, random.Random(3))[0]
    version = setup.view(gid, None)["version"]
    stores = [open_store(url) for _ in range(6)]
    barrier = threading.Barrier(len(stores))
    results: list[dict] = []
    errors: list[BaseException] = []

    def retry(worker: GameService) -> None:
        try:
            barrier.wait()
            results.append(worker.act(gid, first, PASS, version, idempotency_key="one-answer"))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    try:
        threads = [threading.Thread(target=retry, args=(GameService(st),)) for st in stores]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        for st in stores:
            st.close()
    assert not errors, errors
    firsts = [r for r in results if REPLAYED_KEY not in r]
    assert len(results) == 6 and len(firsts) == 1
    assert all({k: v for k, v in r.items() if k != REPLAYED_KEY} == firsts[0] for r in results)
    assert setup.view(gid, None)["version"] == version  # sealed, not appended
    assert len(setup.load(gid).sealed) == 1


def test_a_sealed_answers_view_is_in_the_readers_language(service):
    """The response to a sealed answer carries the seat's view as a read of it would give it,
    in the request's language (it was rendered in English): in the second deal of a Nantong
    match, the first deal's score lines (NT-3.3, NT-9)."""
    french = translator("fr")
    created = service.create_game("nantong", seats_with_people("nantong", 2), seed=11, options={"deals": 2})
    gid, humans = created["id"], humans_of(created)
    rng = random.Random(5)
    while not service.view(gid, None)["table"].get("deal_results"):
        step(service, gid, humans, rng)
    first = until_window_with_people_pending(service, gid, humans, rng)[0]
    version = service.view(gid, None)["version"]
    sealed = service.act(gid, first, PASS, version, words=french)
    assert sealed["events"] == [] and sealed["version"] == version
    assert sealed["view"] == service.view(gid, first, french)
    assert sealed["view"] != service.view(gid, first)  # the score lines are words


def answer_at_once(workers, gid: str, seats: list[int], version: int):
    """Each worker passes for one seat, all released at the same moment by a barrier."""
    barrier = threading.Barrier(len(seats))
    results: dict[int, dict] = {}
    errors: list[BaseException] = []

    def answer(worker: GameService, seat: int) -> None:
        try:
            barrier.wait()
            results[seat] = worker.act(gid, seat, PASS, version)
        except BaseException as exc:  # noqa: BLE001 - reported by the caller
            errors.append(exc)

    threads = [threading.Thread(target=answer, args=(w, s)) for w, s in zip(workers, seats, strict=True)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results, errors


@pytest.mark.parametrize("ruleset_id", WINDOW_RULESETS)
@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_people_answering_one_window_at_once_are_all_acknowledged(tmp_path, request, ruleset_id, backend):
    """Two workers take two people's answers at the same moment: both are acknowledged,
    the window settles once, and both answers are in the log."""
    if backend == "sqlite":
        url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    else:
        url = request.getfixturevalue("pg_url")
    from store.base import open_store

    setup_store = open_store(url)
    request.addfinalizer(setup_store.close)
    setup = GameService(setup_store)
    settled_windows = 0
    for game in range(4):
        created = setup.create_game(ruleset_id, seats_with_people(ruleset_id, 2), seed=300 + game)
        gid, humans = created["id"], humans_of(created)
        pending = until_window_with_people_pending(setup, gid, humans, random.Random(game))
        version = setup.view(gid, None)["version"]
        # Each worker's store is closed here, in this thread: a PostgreSQL pool left to the
        # garbage collector may be collected in one of its own threads, which cannot join itself.
        stores = [open_store(url) for _ in pending]
        try:
            results, errors = answer_at_once([GameService(st) for st in stores], gid, pending, version)
        finally:
            for st in stores:
                st.close()
        assert not errors, errors
        assert set(results) == set(pending)
        after = setup.view(gid, None)["version"]
        assert after > version  # every person answered: the window settled
        logged = [
            e["payload"]["seat"]
            for e in setup.events(gid, None, after=version, limit=1000)["events"]
            if e["type"] == "action"
        ]
        assert all(s in logged for s in pending)
        assert sum(1 for r in results.values() if r["version"] > version) == 1  # settled by one
        settled_windows += 1
    assert settled_windows == 4


# ---------------------------------------------------------------- seed source and times
def test_seed_source_is_public_and_server_seeds_are_128_bit(service):
    ruleset_id = sorted(RULESETS)[0]
    chosen = service.create_game(ruleset_id, seed=42)
    assert chosen["seed_source"] == "client"
    seeds = []
    for _ in range(6):
        created = service.create_game(ruleset_id, seats=[{"kind": "ai"}] * RULESETS[ruleset_id].players)
        assert created["seed_source"] == "server" and created["status"] == "finished"
        export = service.export(created["id"])
        assert export["game"]["seed_source"] == "server"
        assert export["events"][0]["payload"]["seed_source"] == "server"
        assert service.view(created["id"], None)["seed_source"] == "server"
        assert service.score(created["id"])["seed_source"] == "server"
        assert verify_export(export, RULESETS)["ok"]
        seeds.append(int(export["game"]["seed"]))
    assert all(0 <= s < 2**128 for s in seeds)
    assert max(seeds) >= 2**100  # six 128-bit draws all below 2**100: odds 2**-168
    assert service.view(chosen["id"], None)["seed_source"] == "client"
    feed = service.feed(after=0, limit=1000)["events"]
    assert {e["seed_source"] for e in feed if e["game_id"] == chosen["id"]} == {"client"}


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_other_seats_events_carry_whole_seconds_while_the_game_runs(service, ruleset_id):
    created = service.create_game(ruleset_id, seats_with_people(ruleset_id, 1), seed=5)
    gid = created["id"]
    rng = random.Random(1)
    for _ in range(3):
        step(service, gid, [0], rng)
    if service.view(gid, None)["status"] == "finished":
        pytest.skip("the game ended too soon")
    for viewer in (None, 0):
        for event in service.events(gid, viewer, limit=1000)["events"]:
            own = event["type"] == "action" and event["payload"]["seat"] == viewer
            answer = event["type"] == "action" and event["payload"]["public"].get("type") == "answer"
            chosen = own and event["payload"]["by"] == "human"  # not an automatic pass (CP-4.2)
            assert ("." in event["time"]) == (chosen and not answer), (viewer, event)
    play_out(service, gid, [0], rng)
    export = service.export(gid)
    assert all("." in e["time"] for e in export["events"])  # full times once finished
    assert verify_export(export, RULESETS)["ok"]


@pytest.mark.parametrize("ruleset_id", WINDOW_RULESETS)
def test_a_sealed_answer_does_not_carry_the_settling_request_s_time(service, ruleset_id):
    """A sealed answer is written when the last person answers, in that request's instant: read
    by the seat that sealed it, its time is whole seconds, as for everyone else, so the
    settling person's time to the microsecond stays theirs."""
    created = service.create_game(ruleset_id, seats_with_people(ruleset_id, 2), seed=11)
    gid, humans = created["id"], humans_of(created)
    first, second = until_window_with_people_pending(service, gid, humans, random.Random(5))[:2]
    version = service.view(gid, None)["version"]
    service.act(gid, first, PASS, version)  # sealed
    service.act(gid, second, PASS, version)  # settles the window
    answers = [
        e
        for e in service.events(gid, first, after=version, limit=1000)["events"]
        if e["type"] == "action" and e["payload"]["seat"] in (first, second)
    ]
    assert {e["payload"]["seat"] for e in answers} == {first, second}
    assert all("." not in e["time"] for e in answers), answers


# ---------------------------------------------------------------- the opening bonus round
def test_with_several_people_every_person_answers_the_opening_bonus_round(service):
    """CP-2.5: the opening bonus may be declined, so a person's pass in the bonus round says
    nothing about their hand; passed automatically when they hold no Nail and Two Red, it would
    tell everyone at once (the game would move past them before they were asked). With two
    people, what the other person and a spectator see after creation is the same whatever the
    first answering person holds: the same version, that person awaited."""
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "ai", "level": "basic"}]
    seen = {True: 0, False: 0}
    for seed in range(40):
        created = service.create_game("chuopai", seats, seed=seed, options={"leader": 1})
        gid = created["id"]
        holds = {a["type"] for a in service.legal_actions(gid, 1)["actions"]} == {"bonus", "pass"}
        seen[holds] += 1
        for viewer in (0, None):
            view = service.view(gid, viewer)
            assert (view["version"], view["to_act"], view["phase"]) == (1, [1], "bonus"), (seed, view)
        assert service.legal_actions(gid, 0)["actions"] == []
        legal = service.legal_actions(gid, 1)
        service.act(gid, 1, PASS, legal["version"])  # declined, or nothing to take: the same pass
        play_out(service, gid, [0, 1], random.Random(seed))
        passes = [
            e["payload"]
            for e in service.export(gid)["events"]
            if e["type"] == "action" and e["payload"]["seat"] == 1 and e["payload"]["action"] == PASS
        ]
        assert passes[0]["by"] == "human"
        assert verify_export(service.export(gid), RULESETS)["ok"]
    assert seen[True] and seen[False], seen


def test_with_one_person_a_lone_pass_in_the_bonus_round_stays_automatic(service):
    """With one person the others are AIs, which read only their own view: the person is not
    asked to pass when their hand offers no bonus (as with a claim window's lone pass)."""
    seats = [{"kind": "human"}, {"kind": "ai", "level": "basic"}, {"kind": "ai", "level": "basic"}]
    asked = passed = 0
    for seed in range(20):
        gid = service.create_game("chuopai", seats, seed=seed, options={"leader": 0})["id"]
        view = service.view(gid, 0)
        if view["phase"] == "bonus" and view["to_act"] == [0]:
            assert {a["type"] for a in service.legal_actions(gid, 0)["actions"]} == {"bonus", "pass"}
            asked += 1
        else:
            passed += 1
    assert asked and passed, (asked, passed)


def test_a_persons_automatic_passes_carry_whole_seconds_their_own_decisions_microseconds(service):
    """CP-4.2: a Chuo Pai person who cannot beat the play passes automatically, written in the
    instant of whichever request moved the game there: another person's, or after an AI's thought.
    Read by that person while the game runs, such a pass is timed to the second, like every event
    not of their own making, so it dates neither the other person's request nor the AI's thinking;
    the decisions they chose themselves keep their microseconds."""
    seats = [{"kind": "human"}, {"kind": "ai", "level": "basic"}, {"kind": "human"}]
    created = service.create_game("chuopai", seats, seed=3)
    gid, humans = created["id"], humans_of(created)
    rng = random.Random(8)
    for _ in range(15):
        step(service, gid, humans, rng)
    own: dict[str, list[str]] = {"human": [], "auto": []}
    for seat in humans:
        for e in service.events(gid, seat, after=0, limit=1000)["events"]:
            if e["type"] == "action" and e["payload"]["seat"] == seat:
                own[e["payload"]["by"]].append(e["time"])
    assert service.view(gid, None)["status"] == "active"
    assert own["auto"] and all("." not in t for t in own["auto"]), own["auto"]
    # a stored time with a whole second (".000000" dropped) has no fraction: nearly all have one
    assert own["human"] and sum("." in t for t in own["human"]) >= len(own["human"]) - 1, own["human"]
