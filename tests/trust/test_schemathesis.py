"""The API against its own OpenAPI document, as a conformance suite would run it.

`schemathesis run --checks all` with every phase (examples, coverage, fuzzing, stateful)
against a real gunicorn on SQLite and on PostgreSQL, with a fixed seed and with a seed
taken from today's date (printed, so a failure can be replayed with `--seed`). The
stateful phase follows the document's links (create a game → its operations, legal
actions → play one) with the seat tokens recorded by tests/trust/st_hooks.py, so it plays
real games. Settings: tests/trust/schemathesis.toml (which operations may answer 422 for
what JSON Schema cannot say, e.g. a deck's copies per card; the scenario length).
"""

from __future__ import annotations

import datetime
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.pg import scratch_database
from tests.servers import ROOT, gunicorn_server

HERE = Path(__file__).resolve().parent
FIXED_SEED = 1
DATE_SEED = int(datetime.date.today().strftime("%Y%m%d"))
MAX_EXAMPLES = 15  # per operation and phase; four runs stay under three minutes in all


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def st_server(request, tmp_path_factory):
    """(base URL, gunicorn access log) of a fresh server on each store."""
    folder = tmp_path_factory.mktemp("st")
    access = folder / "access.log"
    args = ("--access-logfile", str(access))
    if request.param == "sqlite":
        with gunicorn_server(f"sqlite:///{folder / 'st.sqlite3'}", workers=2, extra_args=args) as (
            url,
            _proc,
        ):
            yield url, access
    else:
        with scratch_database(request.getfixturevalue("pg_admin_url"), "cg_st") as db_url:
            with gunicorn_server(db_url, workers=2, extra_args=args) as (url, _proc):
                yield url, access


def actions_played(access_log: Path) -> int:
    """Accepted actions (200 on POST /v1/games/{id}/actions) in gunicorn's access log."""
    played = re.compile(r'"POST /v1/games/[0-9a-f]+/actions HTTP/[0-9.]+" 200 ')
    return sum(1 for line in access_log.read_text().splitlines() if played.search(line))


def run_schemathesis(url: str, seed: int) -> subprocess.CompletedProcess:
    env = {**os.environ, "SCHEMATHESIS_HOOKS": "tests.trust.st_hooks", "PYTHONPATH": str(ROOT)}
    cmd = [
        str(Path(sys.executable).with_name("schemathesis")),
        "--config-file",
        str(HERE / "schemathesis.toml"),
        "run",
        str(ROOT / "openapi.yaml"),
        "--url",
        url,
        "--checks",
        "all",
        "--phases",
        "examples,coverage,fuzzing,stateful",
        "--max-examples",
        str(MAX_EXAMPLES),
        "--seed",
        str(seed),
        "--workers",
        "1",
        "--no-color",
        "--generation-database",
        "none",
    ]
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=170)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [FIXED_SEED, DATE_SEED], ids=["fixed-seed", "date-seed"])
def test_schemathesis_all_checks_all_phases(st_server, seed):
    url, access_log = st_server
    print(f"schemathesis seed {seed} (replay: schemathesis run ... --seed {seed})")
    before = actions_played(access_log)
    done = run_schemathesis(url, seed)
    out = done.stdout
    summary = out[-4000:]
    assert done.returncode == 0, f"seed {seed}:\n{summary}\n{done.stderr[-2000:]}"
    for phase in ("Examples", "Coverage", "Fuzzing", "Stateful"):
        assert f"✅ {phase}" in out, (phase, summary)  # each phase ran and passed (none skipped)
    print("API links:", out.split("API Links:")[1].split("\n")[0].strip())
    # The stateful phase followed the links into real games: some actions were accepted.
    assert actions_played(access_log) > before, "the stateful phase played no action"
