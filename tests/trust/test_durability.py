"""Durability (docs/guarantees.md): SIGKILL a gunicorn worker in the middle of a stream of actions.

Three clients stream actions into games of every ruleset while gunicorn workers are killed
with SIGKILL (the master forks replacements). Requests cut off by a kill fail on the client
side and are not acknowledged; the client re-reads the game and goes on. Afterwards every
acknowledged (200) action is in the log exactly as acknowledged, the logs have no gap,
and /verify passes for every game. Run on SQLite and on PostgreSQL (skipped when no
PostgreSQL server answers, see tests/pg.py).
"""

from __future__ import annotations

import os
import random
import signal
import threading
import time
from pathlib import Path

import httpx
import pytest

from domain.registry import RULESETS
from service.redaction import to_the_second
from tests.pg import scratch_database
from tests.servers import gunicorn_server
from tests.trust.http import assert_log_verifies, auth, create, play_out

KILLS = 4  # at least; more (up to MAX_KILLS) until a kill has cut off a request in flight
MAX_KILLS = 12
WORKERS = 4
MIN_ACKED = 20  # acknowledged actions, more than this, for the run to say anything


def worker_pids(master: int) -> set[int]:
    children = Path(f"/proc/{master}/task/{master}/children")
    if children.exists():
        return {int(p) for p in children.read_text().split()}
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:
            found.add(int(stat.parent.name))
    return found


def wait_for_workers(master: int, gone: int, timeout: float = 20) -> set[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pids = worker_pids(master)
        if len(pids) == WORKERS and gone not in pids:
            return pids
        time.sleep(0.05)
    raise AssertionError(f"gunicorn did not replace worker {gone}")


class Streamer(threading.Thread):
    def __init__(self, url: str, ruleset: str, seed: int, stop: threading.Event):
        super().__init__(daemon=True)
        self.url, self.ruleset, self.stop = url, ruleset, stop
        self.rng = random.Random(seed)
        self.games: list[dict] = []
        self.acked: list[tuple[str, dict]] = []  # (game id, 200 response body)
        self.cut_off = 0
        self.unexpected: list[str] = []

    def run(self) -> None:
        game = None
        with httpx.Client(base_url=self.url, timeout=15) as client:
            while not self.stop.is_set():
                try:
                    if game is None:
                        game = create(client, self.ruleset, humans=1, seed=self.rng.randrange(2**40))
                        self.games.append(game)
                    token = game["seats"][0]["token"]
                    legal = client.get(f"/v1/games/{game['id']}/legal-actions", headers=auth(token)).json()
                    if not legal["actions"]:
                        game = None  # finished: start another
                        continue
                    body = {
                        "action": self.rng.choice(legal["actions"])["id"],
                        "expected_version": legal["version"],
                    }
                    r = client.post(f"/v1/games/{game['id']}/actions", headers=auth(token), json=body)
                    if r.status_code == 200:
                        self.acked.append((game["id"], r.json()))
                    elif r.status_code != 409:
                        self.unexpected.append(f"{r.status_code} {r.text[:200]}")
                except httpx.TransportError:
                    self.cut_off += 1  # the worker died under this request: not acknowledged
                except AssertionError as exc:  # create() refused
                    self.unexpected.append(str(exc)[:200])


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'durability.sqlite3'}"
        return
    admin = request.getfixturevalue("pg_admin_url")  # skipped when PostgreSQL is unreachable
    with scratch_database(admin, "cg_trust") as url:
        yield url


def test_sigkilled_workers_lose_no_acknowledged_action(database_url):
    with gunicorn_server(database_url, workers=WORKERS) as (url, proc):
        master = proc.pid
        stop = threading.Event()
        streamers = [Streamer(url, ruleset, 70 + i, stop) for i, ruleset in enumerate(sorted(RULESETS))]
        for s in streamers:
            s.start()
        time.sleep(0.5)
        killed = []
        rng = random.Random(7)
        while len(killed) < KILLS or (sum(s.cut_off for s in streamers) == 0 and len(killed) < MAX_KILLS):
            pids = worker_pids(master)
            assert len(pids) == WORKERS
            victim = rng.choice(sorted(pids))
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)
            wait_for_workers(master, victim)
            time.sleep(0.2)
        # On a busy machine the kills can come faster than the clients act: let the stream go on
        # (workers alive) until it has enough acknowledged actions to say something.
        deadline = time.monotonic() + 60
        while sum(len(s.acked) for s in streamers) <= MIN_ACKED and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.3)
        stop.set()
        for s in streamers:
            s.join(timeout=30)
        assert proc.poll() is None, "the gunicorn master died"
        assert not set(killed) & worker_pids(master)

        acked = [a for s in streamers for a in s.acked]
        games = [g for s in streamers for g in s.games]
        assert not [u for s in streamers for u in s.unexpected]
        assert len(acked) > MIN_ACKED, "the stream was too short to say anything"
        assert sum(s.cut_off for s in streamers) > 0, "no kill hit a request in flight"
        with httpx.Client(base_url=url, timeout=30) as client:
            logs = {}
            for game in games:
                play_out(client, game)
                logs[game["id"]] = {e["version"]: e for e in assert_log_verifies(client, game["id"])}
        for game_id, response in acked:
            log = logs[game_id]
            assert response["version"] in log
            for event in response["events"]:
                stored = log[event["version"]]
                # Other seats' events of a running game carry their time to the second only. The
                # games have one person: a decision held (service/lone_person.py) entered the log
                # later, with the time of the decision that published it.
                assert stored["type"] == event["type"]
                assert to_the_second(stored["time"]) >= to_the_second(event["time"])
                if "action" in event["payload"]:
                    assert stored["payload"]["action"] == event["payload"]["action"]
                    assert stored["payload"]["seat"] == event["payload"]["seat"]
        print(
            f"{len(killed)} workers killed, {sum(s.cut_off for s in streamers)} requests cut off, "
            f"{len(acked)} acknowledged actions in {len(games)} games, all verified"
        )


def test_sqlite_commits_are_fsynced(tmp_path):
    """The power-loss guarantee of docs/guarantees.md rests on these two settings: in WAL
    mode, synchronous=FULL syncs the write-ahead log at every commit."""
    from store.sqlite import SqliteStore

    store = SqliteStore(str(tmp_path / "pragmas.sqlite3"))
    conn = store._connect()
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    store.close()
