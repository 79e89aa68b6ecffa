"""Scale-out end to end: two gunicorn nodes (2 workers each) sharing one PostgreSQL.

Clients alternate between the nodes request by request, so every game is
read and written by both; the nodes hold nothing a request depends on.
PostgreSQL is reached at TEST_POSTGRES_URL (default
postgresql://postgres@127.0.0.1:5432/test); the test works in a fresh
database of its own and drops it afterwards. Skipped only when PostgreSQL is
unreachable.
"""

from __future__ import annotations

import itertools
import threading
import uuid

import httpx
import pytest

from tests.pg import scratch_database
from tests.servers import gunicorn_server

MAX_REQUESTS_PER_GAME = 4000


@pytest.fixture(scope="module")
def nodes(pg_admin_url):
    with scratch_database(pg_admin_url, "cg_e2e") as url:
        with gunicorn_server(url, workers=2) as (a, _), gunicorn_server(url, workers=2) as (b, _):
            yield [a, b]


class Alternating:
    """An HTTP client whose every request goes to the next node in turn."""

    def __init__(self, nodes: list[str], start: int = 0):
        self.nodes = itertools.cycle(nodes[start:] + nodes[:start])
        self.http = httpx.Client(timeout=30)
        self.used: set[str] = set()

    def request(self, method: str, path: str, **kw) -> httpx.Response:
        node = next(self.nodes)
        self.used.add(node)
        return self.http.request(method, node + path, **kw)

    def close(self) -> None:
        self.http.close()


def create(client: Alternating, ruleset: dict, seed: int | None = None) -> tuple[str, str]:
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "basic"}] * (ruleset["players"] - 1)
    body = {"ruleset": ruleset["id"], "seats": seats}
    if seed is not None:
        body["seed"] = seed
    res = client.request("POST", "/v1/games", json=body)
    assert res.status_code == 201, res.text
    created = res.json()
    seat0 = created["seats"][0]
    assert seat0["seat"] == 0 and seat0["kind"] == "human"
    return created["id"], seat0["token"]


def play_to_the_end(client: Alternating, game_id: str, token: str) -> dict:
    """Seat 0 always picks the first legal action; returns the finished view."""
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(MAX_REQUESTS_PER_GAME):
        legal = client.request("GET", f"/v1/games/{game_id}/legal-actions", headers=auth)
        assert legal.status_code == 200, legal.text
        body = legal.json()
        if body["actions"]:
            res = client.request(
                "POST",
                f"/v1/games/{game_id}/actions",
                headers=auth,
                json={"action": body["actions"][0]["id"], "expected_version": body["version"]},
            )
            assert res.status_code == 200, res.text
            assert res.json()["version"] > body["version"]
            continue
        view = client.request("GET", f"/v1/games/{game_id}", headers=auth)
        assert view.status_code == 200, view.text
        if view.json()["status"] == "finished":
            return view.json()
        # Not seat 0's decision and not finished: the AI seats act within each
        # request, so an active game always waits for seat 0.
        raise AssertionError(f"active game waits for seats {view.json()['to_act']}, not seat 0")
    raise AssertionError(f"game {game_id} did not finish within {MAX_REQUESTS_PER_GAME} requests")


def all_events(client, game_id: str) -> list[dict]:
    """The whole log, following `next` page by page (alternating nodes with an Alternating client)."""
    events: list[dict] = []
    after = 0
    while after is not None:
        page = client.request("GET", f"/v1/games/{game_id}/events", params={"after": after})
        assert page.status_code == 200, page.text
        events += page.json()["events"]
        after = page.json()["next"]
    return events


def assert_verifies_everywhere(nodes: list[str], game_id: str) -> None:
    for node in nodes:
        res = httpx.get(f"{node}/v1/games/{game_id}/verify", timeout=60)
        assert res.status_code == 200, res.text
        assert res.json()["ok"] is True, res.json()


def test_both_nodes_share_postgresql(nodes):
    for node in nodes:
        assert httpx.get(f"{node}/v1/health").json() == {"status": "ok", "store": "postgresql"}


def test_full_games_of_every_ruleset_alternating_nodes(nodes):
    rulesets = httpx.get(f"{nodes[0]}/v1/rulesets").json()
    assert rulesets and rulesets == httpx.get(f"{nodes[1]}/v1/rulesets").json()
    games = [
        (ruleset, seed, i % 2) for i, (ruleset, seed) in enumerate(itertools.product(rulesets, (11, None)))
    ]  # a fixed seed and a secret one
    outcomes: dict[int, tuple[str, dict] | BaseException] = {}

    def play(i: int, ruleset: dict, seed: int | None, start: int) -> None:
        client = Alternating(nodes, start)
        try:
            game_id, token = create(client, ruleset, seed)
            outcomes[i] = (game_id, play_to_the_end(client, game_id, token))
            assert client.used == set(nodes)
        except BaseException as exc:  # noqa: BLE001 - reported below
            outcomes[i] = exc
        finally:
            client.close()

    threads = [threading.Thread(target=play, args=(i, *g)) for i, g in enumerate(games)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(600)
    failures = {games[i][0]["id"]: o for i, o in outcomes.items() if isinstance(o, BaseException)}
    assert not failures, failures
    assert len(outcomes) == len(games)
    for (ruleset, _, _), (game_id, final_view) in zip(
        games, (outcomes[i] for i in range(len(games))), strict=True
    ):
        assert final_view["status"] == "finished"
        views = [httpx.get(f"{node}/v1/games/{game_id}").json() for node in nodes]
        assert views[0] == views[1]  # both nodes see the same finished game
        score = httpx.get(f"{nodes[1]}/v1/games/{game_id}/score")
        assert score.status_code == 200, (ruleset["id"], score.text)
        reader = Alternating(nodes)
        events = all_events(reader, game_id)
        reader.close()
        assert [e["version"] for e in events] == list(range(1, len(events) + 1))
        assert events[-1]["version"] == final_view["version"]
        assert_verifies_everywhere(nodes, game_id)


def _race(
    nodes: list[str], game_id: str, token: str, attempts: list[tuple[str, int]], headers: dict | None = None
) -> list[httpx.Response]:
    """POST every (action, expected_version) at once, alternating nodes."""
    barrier = threading.Barrier(len(attempts))
    results: list[httpx.Response | BaseException | None] = [None] * len(attempts)
    auth = {"Authorization": f"Bearer {token}", **(headers or {})}

    def post(i: int, action: str, version: int) -> None:
        with httpx.Client(timeout=30) as http:
            try:
                barrier.wait(30)
                results[i] = http.post(
                    f"{nodes[i % len(nodes)]}/v1/games/{game_id}/actions",
                    headers=auth,
                    json={"action": action, "expected_version": version},
                )
            except BaseException as exc:  # noqa: BLE001
                results[i] = exc

    threads = [threading.Thread(target=post, args=(i, a, v)) for i, (a, v) in enumerate(attempts)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert all(isinstance(r, httpx.Response) for r in results), results
    return results  # type: ignore[return-value]


def test_concurrent_conflicting_posts_across_nodes_one_wins(nodes):
    rulesets = httpx.get(f"{nodes[0]}/v1/rulesets").json()
    racers, rounds_per_ruleset = 6, 3
    for ruleset in rulesets:
        client = Alternating(nodes)
        game_id, token = create(client, ruleset, seed=5)
        auth = {"Authorization": f"Bearer {token}"}
        for _ in range(rounds_per_ruleset):
            legal = client.request("GET", f"/v1/games/{game_id}/legal-actions", headers=auth).json()
            if not legal["actions"]:
                break  # finished
            # Every racer sends a legal action (different ones where there is a
            # choice) for the same version, half of them to each node.
            attempts = [
                (legal["actions"][i % len(legal["actions"])]["id"], legal["version"]) for i in range(racers)
            ]
            results = _race(nodes, game_id, token, attempts)
            codes = sorted(r.status_code for r in results)
            assert codes == [200] + [409] * (racers - 1), [(r.status_code, r.text[:200]) for r in results]
            winner = next(r for r in results if r.status_code == 200).json()
            for r in results:
                if r.status_code == 409:
                    problem = r.json()
                    assert r.headers["content-type"].startswith("application/problem+json")
                    assert problem["type"].endswith("stale-version"), problem
                    assert problem["current_version"] >= legal["version"] + 1
            head = client.request("GET", f"/v1/games/{game_id}", headers=auth).json()
            assert head["version"] == winner["version"]
        play_to_the_end(client, game_id, token)
        events = all_events(client, game_id)
        assert [e["version"] for e in events] == list(range(1, len(events) + 1))  # no gap, no double
        assert_verifies_everywhere(nodes, game_id)
        client.close()


def test_same_idempotency_key_on_both_nodes_appends_once(nodes):
    """Retries of one request (same Idempotency-Key) sent at once to both nodes:
    every one gets the first answer and the action is appended once."""
    ruleset = httpx.get(f"{nodes[0]}/v1/rulesets").json()[0]
    client = Alternating(nodes)
    game_id, token = create(client, ruleset, seed=9)
    auth = {"Authorization": f"Bearer {token}"}
    for _ in range(6):
        legal = client.request("GET", f"/v1/games/{game_id}/legal-actions", headers=auth).json()
        if not legal["actions"]:
            break
        results = _race(
            nodes,
            game_id,
            token,
            [(legal["actions"][0]["id"], legal["version"])] * 6,
            headers={"Idempotency-Key": f"retry-{uuid.uuid4().hex}"},
        )
        assert [r.status_code for r in results] == [200] * 6, [r.text[:300] for r in results]
        bodies = [r.json() for r in results]
        assert all(b == bodies[0] for b in bodies)  # every retry got the first answer
        # appended (or, with one person, held) once: the person's version moved by one answer's events
        head = client.request("GET", f"/v1/games/{game_id}", headers=auth).json()
        assert head["version"] == bodies[0]["version"]
    client.close()
