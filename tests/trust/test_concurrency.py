"""Conflicting writers and retried requests, through gunicorn with 4 workers.

Per version exactly one POST lands; every other gets 409 `stale-version`; the log has no
gap and verifies. An Idempotency-Key retry returns the first response and appends nothing,
also when the retries race each other; the same key with another body is 422.
"""

from __future__ import annotations

import threading
import uuid

import httpx
import pytest

from domain.registry import RULESETS
from tests.trust.http import PROBLEM, assert_log_verifies, auth, create, play_out, version

RULESET_IDS = sorted(RULESETS)
RACERS = 8
ROUNDS = 4


def race(url: str, game_id: str, token: str, bodies: list[dict], headers: dict | None = None) -> list:
    """POST every body at once (one thread and one connection each); return the responses."""
    barrier, results = threading.Barrier(len(bodies)), [None] * len(bodies)

    def post(i: int) -> None:
        with httpx.Client(base_url=url, timeout=30) as c:
            barrier.wait()
            results[i] = c.post(
                f"/v1/games/{game_id}/actions", json=bodies[i], headers={**auth(token), **(headers or {})}
            )

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(bodies))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_racing_clients_exactly_one_wins_each_version(trust_server, ruleset_id):
    with httpx.Client(base_url=trust_server.url, timeout=30) as client:
        created = create(client, ruleset_id, humans=1, seed=31)
        token = created["seats"][0]["token"]
        for _ in range(ROUNDS):
            legal = client.get(f"/v1/games/{created['id']}/legal-actions", headers=auth(token)).json()
            if not legal["actions"]:
                break
            ids = [a["id"] for a in legal["actions"]]
            bodies = [
                {"action": ids[i % len(ids)], "expected_version": legal["version"]} for i in range(RACERS)
            ]
            results = race(trust_server.url, created["id"], token, bodies)
            codes = sorted(r.status_code for r in results)
            assert codes == [200] + [409] * (RACERS - 1), [(r.status_code, r.text[:160]) for r in results]
            winner = next(r.json() for r in results if r.status_code == 200)
            for r in results:
                if r.status_code == 409:
                    assert r.headers["content-type"] == PROBLEM
                    problem = r.json()
                    assert problem["type"].endswith("stale-version"), problem
                    assert problem["current_version"] == winner["version"]
            assert version(client, created["id"], token) == winner["version"]
        play_out(client, created)
        assert_log_verifies(client, created["id"])


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_idempotency_key_retries_append_once(trust_server, ruleset_id):
    with httpx.Client(base_url=trust_server.url, timeout=30) as client:
        created = create(client, ruleset_id, humans=1, seed=32)
        gid, token = created["id"], created["seats"][0]["token"]
        legal = client.get(f"/v1/games/{gid}/legal-actions", headers=auth(token)).json()
        body = {"action": legal["actions"][-1]["id"], "expected_version": legal["version"]}
        key = {"Idempotency-Key": f"k-{uuid.uuid4().hex}"}
        first = client.post(f"/v1/games/{gid}/actions", json=body, headers={**auth(token), **key})
        assert first.status_code == 200, first.text
        after_first = version(client, gid, token)
        assert after_first == first.json()["version"]
        # A plain retry: the first response again, nothing appended.
        again = client.post(f"/v1/games/{gid}/actions", json=body, headers={**auth(token), **key})
        assert again.status_code == 200 and again.json() == first.json()
        assert version(client, gid, token) == after_first
        # Asked in another language, a retry is still the first answer, and says it is English.
        french = client.post(f"/v1/games/{gid}/actions?lang=fr", json=body, headers={**auth(token), **key})
        assert french.json() == first.json() and french.headers["Content-Language"] == "en"
        # The same key with another body: 422, nothing appended.
        for other in (
            {**body, "expected_version": after_first},
            {**body, "action": legal["actions"][0]["id"] + "x"},
        ):
            r = client.post(f"/v1/games/{gid}/actions", json=other, headers={**auth(token), **key})
            assert r.status_code == 422 and r.headers["content-type"] == PROBLEM, r.text
            assert r.json()["type"].endswith("idempotency-key-reused")
            assert version(client, gid, token) == after_first
        # Concurrent retries of one new request: all answered alike, one append.
        legal = client.get(f"/v1/games/{gid}/legal-actions", headers=auth(token)).json()
        if not legal["actions"]:
            return  # the first action ended the game
        body = {"action": legal["actions"][0]["id"], "expected_version": legal["version"]}
        results = race(
            trust_server.url,
            gid,
            token,
            [body] * RACERS,
            headers={"Idempotency-Key": f"k-{uuid.uuid4().hex}"},
        )
        assert [r.status_code for r in results] == [200] * RACERS, [r.text[:160] for r in results]
        assert all(r.json() == results[0].json() for r in results)
        assert version(client, gid, token) == results[0].json()["version"]
        play_out(client, created)
        events = assert_log_verifies(client, gid)
        # Every human action appears once in the log (no double append from the retries).
        human = [e for e in events if e["type"] == "action" and e["payload"]["by"] == "human"]
        assert len({e["version"] for e in human}) == len(human)
