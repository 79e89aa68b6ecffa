"""The `cardgames` console script, run as installed (.venv/bin/cardgames): matches at a small
N in process and through a real gunicorn with the generated SDK, export verification and
transcripts. Seeded, so the standings asserted are exact outcomes, not luck; no timing asserts."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

from domain.registry import RULESETS
from tests.servers import gunicorn_server

ROOT = Path(__file__).resolve().parents[2]
CARDGAMES = str(Path(sys.executable).with_name("cardgames"))


def cardgames(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [CARDGAMES, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env=env and {**os.environ, **env},
    )


def match(*args: str, env: dict[str, str] | None = None) -> dict:
    done = cardgames("match", *args, "--json", "--no-progress", env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def unboxed(text: str) -> str:
    """An error as typer prints it, its box and line breaks taken out."""
    return " ".join(text.replace("│", " ").split())


def rows(report: dict) -> dict[str, dict]:
    return {row["role"]: row for row in report["standings"]}


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_basic_beats_random_in_duplicate_format(ruleset_id):
    players = RULESETS[ruleset_id].players
    report = match(ruleset_id, "basic", "--against", "random", "--deals", "6", "--seed", "3", "--jobs", "2")
    tested, opponent = rows(report)["tested"], rows(report)["opponent"]
    assert len(report["games"]) == 6 * players
    # Duplicate format: every deal once per rotation, the tested level in that rotation's seat.
    for game in report["games"]:
        assert game["levels"][game["rotation"]] == "basic"
        assert [lv for s, lv in enumerate(game["levels"]) if s != game["rotation"]] == ["random"] * (
            players - 1
        )
    assert sorted((g["deal"], g["rotation"]) for g in report["games"]) == [
        (d, r) for d in range(6) for r in range(players)
    ]
    assert tested["games"] == opponent["games"] == 6 * players
    assert tested["win_share"]["mean"] > 1.5 / players > opponent["win_share"]["mean"]
    assert tested["vs_fair"] == pytest.approx(tested["win_share"]["mean"] * players)
    assert tested["win_share"]["ci95"] is not None and tested["win_share"]["ci95"] >= 0
    assert tested["decisions"] > 0 and tested["choices"] > 0
    assert tested["choice_ms_median"] <= tested["choice_ms_p95"]


def test_the_same_seed_gives_the_same_match_and_another_seed_other_deals():
    one = match("chuopai", "basic", "--against", "random", "--deals", "3", "--seed", "5", "--jobs", "1")
    two = match("chuopai", "basic", "--against", "random", "--deals", "3", "--seed", "5", "--jobs", "2")
    other = match("chuopai", "basic", "--against", "random", "--deals", "3", "--seed", "6", "--jobs", "2")
    assert one["games"] == two["games"]
    assert one["games"] != other["games"]


def test_your_own_policy_plays_the_tested_seat():
    report = match(
        "chuopai", "--policy", "tests.cli.policies:first_listed", "--against", "basic", "--deals", "4"
    )
    tested, opponent = rows(report)["tested"], rows(report)["opponent"]
    assert tested["level"] == "tests.cli.policies:first_listed" and opponent["level"] == "basic"
    assert tested["win_share"]["mean"] < opponent["win_share"]["mean"]


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_the_example_policy_the_readme_names_plays(ruleset_id):
    report = match(ruleset_id, "--policy", "examples.mybot:choose", "--against", "basic", "--deals", "2")
    assert rows(report)["tested"]["level"] == "examples.mybot:choose"
    assert rows(report)["tested"]["decisions"] > 0


def test_a_policy_can_sit_in_the_other_seats_in_process():
    """`--against module:function` (the head-to-head measure of docs/ai.md); through the
    service the other seats are its AI levels, so there it is refused."""
    report = match("chuopai", "basic", "--against", "tests.cli.policies:first_listed", "--deals", "4")
    tested, opponent = rows(report)["tested"], rows(report)["opponent"]
    assert opponent["level"] == "tests.cli.policies:first_listed" and tested["level"] == "basic"
    assert tested["win_share"]["mean"] > opponent["win_share"]["mean"]
    for game in report["games"]:
        assert [lv for s, lv in enumerate(game["levels"]) if s != game["rotation"]] == [
            "tests.cli.policies:first_listed"
        ] * 2
    done = cardgames(
        "match",
        "chuopai",
        "--against",
        "tests.cli.policies:first_listed",
        "--url",
        "http://127.0.0.1:9",
        "--no-progress",
    )
    assert done.returncode == 2 and "--url" in done.stderr


def test_compare_pairs_two_matches_deal_by_deal(tmp_path):
    """Basic and random, each tested against basic on the same deals, then the head-to-head
    pair (basic tested against random, random tested against basic): per deal the difference of
    the tested seats' blocks."""
    reports = {
        name: match("chuopai", level, "--against", against, "--deals", "6", "--seed", "9", "--jobs", "1")
        for name, level, against in (
            ("basic", "basic", "basic"),
            ("random", "random", "basic"),
            ("basic_vs_random", "basic", "random"),
        )
    }
    for name, report in reports.items():
        (tmp_path / f"{name}.json").write_text(json.dumps(report))

    def blocks(report: dict) -> dict[int, float]:
        per: dict[int, list[float]] = {}
        for g in report["games"]:
            won = g["rotation"] in g["winners"]
            per.setdefault(g["deal"], []).append(1 / len(g["winners"]) if won else 0.0)
        return {deal: sum(v) / len(v) for deal, v in per.items()}

    for first, second in (("basic", "random"), ("basic_vs_random", "random")):
        done = cardgames(
            "compare", str(tmp_path / f"{first}.json"), str(tmp_path / f"{second}.json"), "--json"
        )
        assert done.returncode == 0, done.stderr
        result = json.loads(done.stdout)
        a, b = blocks(reports[first]), blocks(reports[second])
        assert result["deals"] == 6
        assert result["win_share"]["mean"] == pytest.approx(sum(a[d] - b[d] for d in a) / 6)
        assert result["win_share"]["mean"] > 0 and result["win_share"]["ci95"] > 0  # basic wins more
    text = cardgames("compare", str(tmp_path / "basic.json"), str(tmp_path / "random.json"))
    assert text.returncode == 0 and "6 deals played in both" in text.stdout and "win share" in text.stdout

    other_seed = match(
        "chuopai", "random", "--against", "basic", "--deals", "2", "--seed", "10", "--jobs", "1"
    )
    (tmp_path / "other.json").write_text(json.dumps(other_seed))
    done = cardgames("compare", str(tmp_path / "basic.json"), str(tmp_path / "other.json"))
    assert done.returncode == 2 and "different deals" in unboxed(done.stderr)
    (tmp_path / "junk.json").write_text("{}")
    done = cardgames("compare", str(tmp_path / "basic.json"), str(tmp_path / "junk.json"))
    assert done.returncode == 2 and "not a `cardgames match --json` report" in unboxed(done.stderr)


def test_refusals_are_clear():
    done = cardgames("match", "chuopai", "expert", "--deals", "1", "--no-progress")
    assert done.returncode == 2 and "random, basic, strong" in done.stderr
    done = cardgames("match", "chuopai", "--policy", "tests.cli.policies:nothing", "--no-progress")
    assert done.returncode == 2 and "nothing" in done.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_policy_that_fails_stops_the_match_with_its_error(jobs):
    # A StopIteration escaping a policy once ended the deals' iteration: a table of 0 games, exit 0.
    done = cardgames(
        "match",
        "sisepai",
        "--policy",
        "tests.cli.policies:runs_dry",
        "--deals",
        "2",
        "--jobs",
        jobs,
        "--no-progress",
    )
    assert done.returncode == 1 and "tests.cli.policies:runs_dry raised StopIteration" in done.stderr
    # where in the policy: its own frames (across a worker process too), not the match's
    assert 'policies.py", line' in done.stderr and "return next(iter(()))" in done.stderr
    assert "cli/match.py" not in done.stderr
    assert done.stdout == ""
    done = cardgames(
        "match", "nantong", "--policy", "tests.cli.policies:off_the_list", "--deals", "1", "--no-progress"
    )
    assert done.returncode == 1 and "chose 'resign', which is not a legal action" in done.stderr


@pytest.fixture(scope="module")
def service_url(tmp_path_factory):
    db = tmp_path_factory.mktemp("cli") / "cli.sqlite3"
    with gunicorn_server(f"sqlite:///{db}", workers=2) as (url, _proc):
        yield url


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
@pytest.mark.parametrize("tested", ["basic", "random"])
def test_through_a_real_service_the_match_plays_as_in_process(service_url, ruleset_id, tested):
    """A match over HTTP (the tested seat a person seat driven by the policy through the SDK, the
    others server-side AIs) ends exactly as in process on the same deals: the same views, legal
    actions and seed-derived AI randomness, which each decision draws from the number of the
    event it becomes (docs/export-format.md), the deal's and each decision's consequences
    counted: `random` uses it at every decision, basic to break ties."""
    remote = match(
        ruleset_id,
        tested,
        "--against",
        "basic",
        "--deals",
        "1",
        "--seed",
        "9",
        "--jobs",
        "2",
        "--url",
        service_url,
    )
    local = match(ruleset_id, tested, "--against", "basic", "--deals", "1", "--seed", "9", "--jobs", "2")
    assert all(g["game_id"] for g in remote["games"])
    # each game's seed is the one it was dealt from: the service's export reveals the same
    for g in remote["games"]:
        exported = httpx.get(f"{service_url}/v1/games/{g['game_id']}/export", timeout=30).json()
        assert exported["game"]["seed"] == str(g["seed"])
    assert [{k: v for k, v in g.items() if k != "game_id"} for g in remote["games"]] == local["games"]
    assert remote["mode"] == f"service {service_url}" and local["mode"] == "in-process"
    assert rows(remote)["tested"]["decisions"] == rows(local)["tested"]["decisions"] > 0
    assert rows(remote)["opponent"]["decisions"] == 0  # the service's AI seats decide server-side


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_a_bot_written_against_the_sdk_is_measured_as_it_plays(service_url, ruleset_id):
    """`--sdk-policy`: the tested seat's bot is given the API's models (the ruleset's GameView and
    LegalAction list, as a bot using the SDK reads them) and answers with one of the actions; one
    that chooses as `random` does plays exactly the games `random` plays."""
    common = ["--deals", "1", "--seed", "9", "--jobs", "1", "--url", service_url]
    sdk = match(ruleset_id, "--sdk-policy", "tests.cli.policies:sdk_random", *common)
    level = match(ruleset_id, "random", *common)
    assert [g["winners"] for g in sdk["games"]] == [g["winners"] for g in level["games"]]
    assert [g["scores"] for g in sdk["games"]] == [g["scores"] for g in level["games"]]
    assert rows(sdk)["tested"]["decisions"] == rows(level)["tested"]["decisions"] > 0
    alone = cardgames("match", ruleset_id, "--sdk-policy", "tests.cli.policies:sdk_random", "--deals", "1")
    assert alone.returncode == 2 and "give its --url" in alone.stderr


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_a_policy_is_given_the_same_views_and_actions_in_process_and_over_http(
    service_url, ruleset_id, tmp_path
):
    """Not only the same games: the same inputs at every decision, the view's keys and the
    actions' labels (worded as the service words them) included, so that a policy that reads
    anything it is given plays over --url as it was measured in process."""
    inputs = {}
    for mode, url in (("local", []), ("remote", ["--url", service_url])):
        inputs[mode] = tmp_path / f"{mode}.jsonl"
        played = ["--policy", "tests.cli.policies:recording", "--deals", "1", "--seed", "12", *url]
        match(ruleset_id, *played, "--jobs", "1", env={"RECORDED_INPUTS": str(inputs[mode])})
    local, remote = (path.read_text(encoding="utf-8").splitlines() for path in inputs.values())
    assert len(local) > 10
    for at, (here, there) in enumerate(zip(local, remote, strict=True)):
        assert json.loads(here) == json.loads(there), f"decision {at}"


def test_verify_and_transcript_of_an_export(service_url, tmp_path):
    remote = match("chuopai", "random", "--deals", "1", "--seed", "4", "--url", service_url)
    game_id = remote["games"][0]["game_id"]
    export = httpx.get(f"{service_url}/v1/games/{game_id}/export", timeout=30).json()
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    done = cardgames("verify", str(path))
    assert done.returncode == 0 and done.stdout.strip().endswith("VERIFIED"), done.stdout

    done = cardgames("transcript", str(path))
    assert done.returncode == 0, done.stderr
    names = {c["code"]: c["name"] for c in RULESETS["chuopai"].cards()}
    assert "Chuo Pai" in done.stdout and "Result: " in done.stdout
    played = [e["payload"]["action"] for e in export["events"] if e["type"] == "action"]
    first_play = next(a for a in played if a.startswith("play:"))
    code = first_play.split(":")[1].split(",")[0]
    assert f"{names[code]} ({code})" in done.stdout
    assert "→ Seat " in done.stdout and " wins the round and banks " in done.stdout  # CP-4.3

    # A forged export: one of the person's decisions changed. verify says so and fails.
    forged = json.loads(path.read_text())
    action_event = next(
        e for e in forged["events"] if e["type"] == "action" and e["payload"]["by"] == "human"
    )
    action_event["payload"]["action"] = "pass" if action_event["payload"]["action"] != "pass" else "bonus"
    path.write_text(json.dumps(forged))
    done = cardgames("verify", str(path))
    assert done.returncode == 1 and "NOT VERIFIED" in done.stdout
    # its transcript says what the file claims, under a warning, and fails too
    done = cardgames("transcript", str(path))
    assert done.returncode == 1 and done.stdout.startswith("NOT VERIFIED: ")
    assert "FAIL replay" in done.stdout and "Result: " in done.stdout

    unfinished = cardgames("transcript", "/nonexistent/export.json")
    assert unfinished.returncode == 2 and "cannot read" in unfinished.stderr


def test_through_a_rate_limited_service_the_match_waits_and_goes_on(tmp_path):
    """A match creates one game per seat rotation of each deal; where the service's creation
    limit refuses one (429 with Retry-After), the match waits as told and goes on, and plays the
    same games as in process (it stopped with 'create a game: no answer'). Two games per five
    seconds: a limit per second was never reached on a loaded machine, where one game took
    longer than half a second."""
    db = tmp_path / "limited.sqlite3"
    with gunicorn_server(f"sqlite:///{db}", workers=1, env={"RATE_LIMIT": "2 per 5 seconds"}) as (url, proc):
        remote = match("chuopai", "basic", "--deals", "2", "--seed", "5", "--url", url)
        refused = proc.log_path.read_text().count('"status": 429')
    local = match("chuopai", "basic", "--deals", "2", "--seed", "5")
    assert refused > 0, "the limit was never reached: the test shows nothing"
    assert [{k: v for k, v in g.items() if k != "game_id"} for g in remote["games"]] == local["games"]


def test_a_transcripts_score_lines_name_their_cards(tmp_path):
    """The result's breakdown as the API's score words it: "exposed pong Four of Coins (四餅)",
    not "exposed pong 4c"."""
    from typer.testing import CliRunner

    from cli.main import app
    from tests.integration.test_forged_exports import played_export

    export = played_export(tmp_path, "nantong", seed=11)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    result = CliRunner().invoke(app, ["transcript", str(path)])
    assert result.exit_code == 0, result.output
    score_lines = result.output.split("Result: ")[1].splitlines()[1:]
    codes = {c["code"] for c in RULESETS["nantong"].cards()}
    named = [line for line in score_lines if "(NT-7" in line]
    assert named, result.output[-1500:]
    for line in named:
        assert not any(f" {code}:" in line or f" {code} " in line for code in codes), line


def test_a_service_that_does_not_answer_or_a_wrong_path_is_said_in_a_sentence(service_url):
    """No traceback for a URL nothing listens at, and the problem's own detail for a 404 the
    operation does not declare (a URL with a path before /v1)."""
    with socket.socket() as free:  # a port nothing listens at once closed
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    done = cardgames(
        "match", "chuopai", "basic", "--deals", "1", "--no-progress", "--url", f"http://127.0.0.1:{port}"
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "create a game: no answer from the service (ConnectError" in unboxed(done.stderr), done.stderr
    done = cardgames(
        "match", "chuopai", "basic", "--deals", "1", "--no-progress", "--url", f"{service_url}/api"
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "create a game: HTTP 404: nothing is served at this path" in unboxed(done.stderr), done.stderr


def test_purge_deletes_old_games_from_a_store(tmp_path):
    """`cardgames purge`: the games finished before a time, and the unfinished ones idle since
    before another, are deleted (a dry run only counts them); a cut-off in the future, or none
    at all, is refused."""
    from api import create_app

    url = f"sqlite:///{tmp_path / 'purge.sqlite3'}"
    client = create_app(database_url=url, testing=True).test_client()
    ai_only = [{"kind": "ai"}] * 3
    finished = client.post("/v1/games", json={"ruleset": "chuopai", "seed": 1, "seats": ai_only}).get_json()
    active = client.post("/v1/games", json={"ruleset": "chuopai", "seed": 2}).get_json()
    assert finished["status"] == "finished" and active["status"] == "active"
    now = datetime.now(UTC).isoformat()
    db = ["--database-url", url]
    done = cardgames("purge", "--finished-before", now, "--idle-before", now, "--dry-run", *db)
    assert done.returncode == 0, done.stderr
    assert (
        "1 games finished before the cut-off, 1 never finished" in done.stdout
        and "2 would be deleted" in done.stdout
    )
    assert client.get(f"/v1/games/{finished['id']}").status_code == 200  # a dry run deletes nothing
    done = cardgames("purge", "--finished-before", now, *db)
    assert done.returncode == 0 and "1 deleted" in done.stdout, done.stdout + done.stderr
    assert client.get(f"/v1/games/{finished['id']}").status_code == 404
    assert client.get(f"/v1/games/{active['id']}").status_code == 200
    assert cardgames("purge", "--idle-before", "2026-01-01", *db).stdout.endswith("0 deleted\n")
    future = cardgames("purge", "--idle-before", "2999-01-01", *db)
    assert future.returncode == 2 and "in the future" in future.stderr
    assert cardgames("purge", *db).returncode == 2
    assert client.get(f"/v1/games/{active['id']}").status_code == 200
