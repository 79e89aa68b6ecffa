"""The offline verifier trusts nothing in an export: forged logs whose hash chain was
re-computed print NOT VERIFIED with a message saying what differed, in every ruleset.

Each game has one person's seat (played with its first legal action) and AI seats of
two levels, so the log holds decisions by `human`, `ai:<level>` and `auto`.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.main import app
from domain.registry import RULESETS
from service.game_service import GameService
from service.replay import new_state
from service.verify import main as verify_main
from store.sqlite import SqliteStore
from tests.forgery import FORGERIES, auto_for_a_lone_action_that_is_no_pass, decisions, rechain

RULESET_IDS = sorted(RULESETS)


def seats_for(ruleset_id: str, people: int = 1) -> list[dict]:
    levels = ["basic", "random"]
    players = RULESETS[ruleset_id].players
    return [{"kind": "human"}] * people + [
        {"kind": "ai", "level": levels[i % 2]} for i in range(players - people)
    ]


def played_export(tmp_path, ruleset_id: str, people: int = 1, seed: int = 11) -> dict:
    """A finished game whose person seats each took their first legal action."""
    service = GameService(SqliteStore(str(tmp_path / "db.sqlite3")))
    options = {"deals": 1} if ruleset_id == "nantong" else {}
    game = service.create_game(ruleset_id, seats_for(ruleset_id, people), seed=seed, options=options)
    for _ in range(5000):
        if service.view(game["id"], None)["status"] == "finished":
            return service.export(game["id"])
        turns = [service.legal_actions(game["id"], seat) for seat in range(people)]
        seat, legal = next((seat, t) for seat, t in enumerate(turns) if t["actions"])
        service.act(game["id"], seat, legal["actions"][0]["id"], legal["version"])
    raise AssertionError("the game did not finish")


ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def exports(tmp_path_factory) -> dict[str, dict]:
    return {r: played_export(tmp_path_factory.mktemp(r), r) for r in RULESET_IDS}


@pytest.fixture(scope="module")
def two_people_exports(tmp_path_factory) -> dict[str, dict]:
    """Two people at the table: each answers every claim window it is in (sealed until the
    window settles), so window answers are logged in the window's recording order."""
    return {r: played_export(tmp_path_factory.mktemp(f"{r}-2"), r, people=2) for r in RULESET_IDS}


def run_verifier(tmp_path, doc: dict, capsys) -> tuple[int, str]:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(doc))
    code = verify_main([str(path)])
    return code, capsys.readouterr().out


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_the_untouched_export_verifies_with_every_kind_of_decision(tmp_path, capsys, exports, ruleset_id):
    export = exports[ruleset_id]
    kinds = {d.by for d in decisions(export)}
    assert {"human", "auto", "ai:basic", "ai:random"} <= kinds, kinds
    code, out = run_verifier(tmp_path, export, capsys)
    assert code == 0 and out.strip().endswith("VERIFIED") and "FAIL" not in out, out


@pytest.mark.parametrize("forgery", sorted(FORGERIES))
@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_a_forged_export_is_not_verified(tmp_path, capsys, exports, ruleset_id, forgery):
    export = exports[ruleset_id]
    forged, words = FORGERIES[forgery](export, decisions(export))
    code, out = run_verifier(tmp_path, forged, capsys)
    assert code == 1 and out.strip().endswith("NOT VERIFIED"), out
    assert "ok   hash_chain" in out, out  # re-chained: only the replay can tell
    failing = [line for line in out.splitlines() if line.startswith("FAIL")]
    assert len(failing) == 1, out
    for word in words:
        assert word in failing[0], (word, failing[0])


@pytest.mark.parametrize("ruleset_id", ["chuopai", "nantong"])  # a lone forced play, a lone "finish"
def test_auto_is_only_a_lone_pass(tmp_path, capsys, exports, ruleset_id):
    export = exports[ruleset_id]
    forged, words = auto_for_a_lone_action_that_is_no_pass(export, decisions(export))
    code, out = run_verifier(tmp_path, forged, capsys)
    failing = [line for line in out.splitlines() if line.startswith("FAIL")]
    assert code == 1 and len(failing) == 1 and "ok   hash_chain" in out, out
    assert all(word in failing[0] for word in words), (words, failing)


UNREADABLE = [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"seed": ' + "9" * 5000 + "}", "ValueError"),
    # readers differ on which of two equal keys counts: a forged result could hide behind the true one
    ('{"result": {"winners": [0]}, "result": {"winners": [1]}}', "the key 'result' appears twice"),
    ('{"time": NaN}', "NaN is not a JSON value"),
    ('{"stake": 1e400}', "1e400 is too large a number to read"),  # no parse_constant: inf
    ('{"seat": "\\ud800"}', "lone surrogate"),
    # the CLI's messages quote the file: no console markup may be read into them
    ('{"[/bold]": 1, "[/bold]": 2}', "the key '[/bold]' appears twice"),
]


@pytest.mark.parametrize("text, reason", UNREADABLE)
def test_an_unreadable_export_is_refused_not_crashed(tmp_path, capsys, text, reason):
    path = tmp_path / "export.json"
    path.write_text(text)
    assert verify_main([str(path)]) == 2
    assert reason in capsys.readouterr().err


@pytest.mark.parametrize("text, reason", UNREADABLE)
def test_the_cli_refuses_an_unreadable_export_without_a_traceback(tmp_path, text, reason):
    path = tmp_path / "export.json"
    path.write_text(text)
    for command in ("verify", "transcript"):
        result = CliRunner().invoke(app, [command, str(path)])
        assert result.exit_code == 2 and reason in result.output, (command, result.output)
        assert "Traceback" not in result.output


def test_an_export_saved_with_a_byte_order_mark_still_verifies(tmp_path, capsys, exports):
    path = tmp_path / "export.json"
    path.write_text("\ufeff" + json.dumps(exports["chuopai"]), encoding="utf-8")
    assert verify_main([str(path)]) == 0, capsys.readouterr()


def _a_consequence_event(doc: dict) -> dict:
    return next(e for e in doc["events"] if e["type"] not in ("game_created", "action", "game_finished"))


def _finished(doc: dict) -> dict:
    return next(e for e in doc["events"] if e["type"] == "game_finished")["payload"]


def text_changed(doc):
    _a_consequence_event(doc)["text"] = "Seat 2 cheated"
    return "texts", "text is not the sentence its payload gives"


def score_as_a_float(doc):
    # 16 == 16.0 in Python: the values are compared as JSON, types included
    result = _finished(doc)["result"]
    result["scores"][0] = float(result["scores"][0])
    score = result["scores"][0]
    # the failure says where the results differ, computed against logged
    return (
        "result",
        f"the logged result is not the replayed one: result.scores[0]: {score}, expected {int(score)}",
    )


def seat_as_true(doc):
    e = next(
        e
        for e in doc["events"][1:]
        if e["type"] not in ("action", "game_finished") and e["payload"].get("seat") == 1
    )
    e["payload"]["seat"] = True  # True == 1 in Python
    return "replay", f"event {e['version']}: the replay derives"


def seed_source_not_the_logged_one(doc):
    doc["game"]["seed_source"] = "client" if doc["game"]["seed_source"] != "client" else "server"
    return "created", "seed_source is"


def a_field_added_to_game_created(doc):
    doc["events"][0]["payload"]["witness"] = "the operator"
    return "created", "unknown fields ['witness']"


def a_field_added_to_game_finished(doc):
    _finished(doc)["note"] = "seat 0 resigned"
    return "revealed_seed", 'game_finished has unknown fields ["note"]'


def a_field_added_to_an_action(doc):
    # a look-alike key ("bу", Cyrillic у) reads to a person like a second "by"
    action = next(e for e in doc["events"] if e["type"] == "action")
    action["payload"]["b\u0443"] = "ai:strong"
    return "replay", "has exactly the fields"


def seed_source_of_no_kind(doc):
    doc["events"][0]["payload"]["seed_source"] = doc["game"]["seed_source"] = "the dealer"
    return "format", "seed_source must be one of server, client"


UNHASHED_OR_LOOSE = [
    a_field_added_to_an_action,
    seed_source_of_no_kind,
    text_changed,
    score_as_a_float,
    seat_as_true,
    seed_source_not_the_logged_one,
    a_field_added_to_game_created,
    a_field_added_to_game_finished,
]


@pytest.mark.parametrize("forge", UNHASHED_OR_LOOSE, ids=lambda f: f.__name__)
@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_what_the_hash_does_not_cover_or_python_compares_loosely_is_checked(
    tmp_path, capsys, exports, ruleset_id, forge
):
    forged = copy.deepcopy(exports[ruleset_id])
    check, words = forge(forged)
    code, out = run_verifier(tmp_path, rechain(forged), capsys)
    failing = [line for line in out.splitlines() if line.startswith("FAIL")]
    assert code == 1 and len(failing) == 1, out
    assert failing[0].startswith(f"FAIL {check}:") and words in failing[0], failing


def _outline(doc: dict, change) -> dict:
    forged = copy.deepcopy(doc)
    change(forged)
    return forged


MALFORMED_OUTLINES = {
    "seed with a sign and spaces": lambda d: d["game"].update(seed=" +" + d["game"]["seed"] + "\n"),
    "seed with an underscore": lambda d: d["game"].update(
        seed=d["game"]["seed"][:1] + "_" + d["game"]["seed"][1:]
    ),
    "seed as a number": lambda d: d["game"].update(seed=int(d["game"]["seed"])),
    "an event's time null": lambda d: d["events"][3].update(time=None),
    "a field the format does not know": lambda d: d.update(signature="trust me"),
    "an event field the format does not know": lambda d: d["events"][2].update(note="x"),
    "an id in capitals": lambda d: d["game"].update(id=d["game"]["id"].upper()),
    "a time in Arabic-Indic digits": lambda d: d["game"].update(created_at="٢٠٢٦-12-01T12:00:00Z"),
    # the shape of a time, and no time at all: month 13, hour 99
    "an event's time that never was": lambda d: d["events"][3].update(time="2026-13-45T99:99:99Z"),
    "a 30th of February": lambda d: d["game"].update(created_at="2026-02-30T12:00:00Z"),
    "no events at all": lambda d: d.update(events=[]),
    # what the service writes: a nonce of 16 random bytes, an id of 32 hexadecimal digits, a seed
    # below 2^128 (a short nonce would have let anyone try every seed against the commitment)
    "a nonce of one digit": lambda d: d["game"].update(nonce="a"),
    "an id of one digit": lambda d: d["game"].update(id="0"),
    "a seed of 4,000 digits": lambda d: d["game"].update(seed="9" * 4000),
    "a seed of 2^128": lambda d: d["game"].update(seed=str(2**128)),
    "a ruleset that is a list": lambda d: d["game"].update(ruleset=["chuopai"]),
    "custom_deck a string": lambda d: d["game"].update(custom_deck="no"),
}


@pytest.mark.parametrize("what", sorted(MALFORMED_OUTLINES))
def test_a_loose_outline_is_malformed(tmp_path, capsys, exports, what):
    forged = _outline(exports["sisepai"], MALFORMED_OUTLINES[what])
    code, out = run_verifier(tmp_path, forged, capsys)
    assert code == 1 and out.startswith("FAIL format:"), out
    assert "Error" not in out, out  # said in words, not as a Python exception's name


@pytest.mark.parametrize("option", ["--commitment", "--creation-hash"])
def test_an_export_without_events_against_a_known_hash_says_so_in_words(tmp_path, capsys, exports, option):
    """There is no game_created event to compare the hash with: said once, in words (it was also
    "malformed export: list index out of range (IndexError)")."""
    forged = _outline(exports["sisepai"], MALFORMED_OUTLINES["no events at all"])
    path = tmp_path / "export.json"
    path.write_text(json.dumps(forged))
    assert verify_main([str(path), option, "0" * 64]) == 1
    out = capsys.readouterr().out
    given = "seed commitment" if option == "--commitment" else "creation hash"
    assert f"FAIL format: the export has no game_created event to compare the {given} with" in out, out
    assert "Error" not in out, out


def test_a_revealed_seed_that_differs_is_named_alone(tmp_path, capsys, exports):
    """game_finished holds the right fields, one of another value: only that value is named (not
    the field list beside an identical one)."""
    forged = copy.deepcopy(exports["chuopai"])
    _finished(forged)["seed"] = str(int(_finished(forged)["seed"]) + 1)
    code, out = run_verifier(tmp_path, rechain(forged), capsys)
    failing = [line for line in out.splitlines() if line.startswith("FAIL revealed_seed:")]
    assert code == 1 and failing and "game_finished.seed: " in failing[0] and "holds" not in failing[0], out


def test_a_known_hash_given_that_is_no_hash_says_so(tmp_path, capsys, exports):
    path = tmp_path / "export.json"
    path.write_text(json.dumps(exports["nantong"]))
    for option in ("--creation-hash", "--commitment"):
        assert verify_main([str(path), option, "xyz"]) == 1
        out = capsys.readouterr().out
        assert "you were shown xyz (which is no SHA-256 hash: one is 64 hexadecimal digits" in out, out


def test_a_verified_export_prints_what_to_compare_and_checks_a_known_commitment(tmp_path, capsys, exports):
    export = exports["nantong"]
    commitment = export["events"][0]["payload"]["seed_commitment"]
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    assert verify_main([str(path), "--commitment", commitment.upper()]) == 0
    out = capsys.readouterr().out
    assert "ok   known_commitment" in out and f"seed commitment: {commitment}" in out, out
    assert f"game: {export['game']['id']}" in out and 'options: {"deals":1}' in out, out
    assert verify_main([str(path), "--commitment", "0" * 64]) == 1
    out = capsys.readouterr().out
    assert (
        f"FAIL known_commitment: the published commitment is {commitment}; you were shown {'0' * 64}" in out
    )
    assert "seed commitment:" not in out  # nothing to compare with a game that is not verified


def _relabelled(doc: dict, what: str) -> dict:
    """A forger's export under the same seed commitment: the same play, another game_created."""
    forged = copy.deepcopy(doc)
    if what == "id":
        forged["game"]["id"] = "f" * 32
    elif what == "seed_source":
        source = "client" if forged["game"]["seed_source"] != "client" else "server"
        forged["game"]["seed_source"] = forged["events"][0]["payload"]["seed_source"] = source
    return rechain(forged)


@pytest.mark.parametrize("what", ["id", "seed_source"])
def test_a_known_creation_hash_pins_what_the_commitment_does_not(tmp_path, capsys, exports, what):
    """The seed commitment pins the deal, not game_created's other facts: a forger keeping it can
    relabel the game (its id, who chose the seed; options and seats likewise, playing again) and
    rechain. The creation hash every view shows pins game_created whole."""
    export = exports["nantong"]
    commitment, creation_hash = export["events"][0]["payload"]["seed_commitment"], export["events"][0]["hash"]
    forged = _relabelled(export, what)
    code, out = run_verifier(tmp_path, forged, capsys)
    assert code == 0 and "Not anchored:" in out, out  # consistent with itself: nothing more
    forged_path = tmp_path / "forged.json"
    forged_path.write_text(json.dumps(forged))
    assert verify_main([str(forged_path), "--commitment", commitment]) == 0  # the commitment holds
    out = capsys.readouterr().out  # and the report says that it ties the deal only
    assert "Anchored to the seed commitment only:" in out and "Not anchored" not in out, out
    result = CliRunner().invoke(app, ["verify", str(forged_path), "--commitment", commitment])
    assert result.exit_code == 0 and "Anchored to the seed commitment only:" in result.output, result.output
    assert verify_main([str(forged_path), "--creation-hash", creation_hash]) == 1
    out = capsys.readouterr().out
    assert f"FAIL known_creation: the game_created event's hash is {forged['events'][0]['hash']}" in out, out
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    assert verify_main([str(path), "--creation-hash", creation_hash.upper()]) == 0
    out = capsys.readouterr().out
    assert "ok   known_creation" in out and f"creation hash: {creation_hash}" in out, out
    assert "Not anchored" not in out
    result = CliRunner().invoke(app, ["verify", str(forged_path), "--creation-hash", creation_hash])
    assert result.exit_code == 1 and "FAIL known_creation" in result.output, result.output
    # a transcript checks the same: the relabelled game is printed under the warning
    result = CliRunner().invoke(app, ["transcript", str(forged_path), "--creation-hash", creation_hash])
    assert result.exit_code == 1 and result.output.startswith("NOT VERIFIED: "), result.output
    assert "FAIL known_creation" in result.output, result.output
    result = CliRunner().invoke(app, ["transcript", str(path), "--creation-hash", creation_hash])
    assert result.exit_code == 0 and "NOT VERIFIED" not in result.output, result.output


def test_a_transcript_words_consequences_from_their_payload_not_the_files_text(tmp_path, exports):
    forged = copy.deepcopy(exports["sisepai"])
    _a_consequence_event(forged)["text"] = "Seat 2 cheated"
    path = tmp_path / "export.json"
    path.write_text(json.dumps(forged))
    result = CliRunner().invoke(app, ["transcript", str(path)])
    assert result.exit_code == 1 and "NOT VERIFIED" in result.output
    # quoted only where the failed check says what the file holds, never as a line of the game
    quoting = [line for line in result.output.splitlines() if "cheated" in line]
    assert quoting and all(line.startswith("  FAIL texts:") for line in quoting), quoting


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["events"][0]["payload"].pop("seats"),
        lambda d: _finished(d)["result"].update(players=[]),
        lambda d: next(e for e in d["events"] if e["type"] == "action")["payload"].update(seat=7),
    ],
)
def test_a_transcript_of_a_malformed_file_ends_with_a_sentence_not_a_traceback(tmp_path, exports, change):
    path = tmp_path / "export.json"
    path.write_text(json.dumps(_outline(exports["sisepai"], change)))
    result = CliRunner().invoke(app, ["transcript", str(path)])
    assert result.exit_code == 1 and "NOT VERIFIED" in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception


@pytest.mark.parametrize(
    "doc",
    [[], "x", {"format": "cardgames-export/1"}, {"format": "cardgames-export/1", "game": {}, "events": [1]}],
)
def test_a_malformed_export_is_not_verified(tmp_path, capsys, doc):
    code, out = run_verifier(tmp_path, doc, capsys)
    assert code == 1 and out.strip().endswith("NOT VERIFIED"), out


TWO_PEOPLE_FORGERIES = [
    "ai_seats_logged_as_human",
    "ai_by_on_a_human_seat",
    "auto_with_a_choice_on_a_human_seat",
    "ai_decision_changed",
    "human_seat_declared_ai",
]


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_a_two_people_export_verifies_and_its_forgeries_do_not(
    tmp_path, capsys, two_people_exports, ruleset_id
):
    export = two_people_exports[ruleset_id]
    ds = decisions(export)
    assert {d.seat for d in ds if d.by == "human"} == {0, 1}
    assert any(d.by == "human" and len(d.legal) == 1 for d in ds), "no person answered a lone pass"
    code, out = run_verifier(tmp_path, export, capsys)
    assert code == 0 and out.strip().endswith("VERIFIED") and "FAIL" not in out, out
    for forgery in TWO_PEOPLE_FORGERIES:
        forged, words = FORGERIES[forgery](export, ds)
        code, out = run_verifier(tmp_path, forged, capsys)
        failing = [line for line in out.splitlines() if line.startswith("FAIL")]
        assert code == 1 and len(failing) == 1 and all(w in failing[0] for w in words), (forgery, out)


@pytest.mark.parametrize("ruleset_id", ["sisepai", "nantong"])
def test_a_claim_windows_answers_in_another_order_are_not_verified(tmp_path, capsys, exports, ruleset_id):
    """The service logs a window's answers in the window's own order (SSP-5.1: in turn order after the
    card's owner, the drawer first; NT-6.1: seat order after the discarder); in another
    order the versions, and with them the AI answers' seed-derived randomness, would move: a
    log free in that order could be written with other AI answers under the same commitment."""
    forged = copy.deepcopy(exports[ruleset_id])
    events = forged["events"]
    state = new_state(
        RULESETS[ruleset_id], int(forged["game"]["seed"]), events[0]["payload"], forged["game"]["deck"]
    )
    for i, event in enumerate(events[1:-1], start=1):
        if event["type"] != "action":
            continue
        following = events[i + 1]
        window = state.answer_window()
        if window is not None and following["type"] == "action" and following["payload"]["seat"] in window:
            event["payload"], following["payload"] = following["payload"], event["payload"]
            break
        state.apply(event["payload"]["seat"], event["payload"]["action"])
    else:
        raise AssertionError("the game has no claim window with two answers")
    code, out = run_verifier(tmp_path, rechain(forged), capsys)
    failing = [line for line in out.splitlines() if line.startswith("FAIL")]
    assert code == 1 and len(failing) == 1, out
    assert failing[0].startswith(
        f"FAIL replay: event {event['version']}: a claim window's answers are logged in its order"
    )


def test_a_report_prints_on_a_terminal_that_is_not_utf8(tmp_path, exports):
    """A detail quoting a forged export's text (any character) prints on a terminal whose
    encoding lacks it: escaped, with the verdict last, not a traceback (Windows' cp1252)."""
    forged = copy.deepcopy(exports["sisepai"])
    action = next(e for e in forged["events"] if e["type"] == "action")
    action["payload"]["action"] = "discard:\u842c"  # 萬: no such card, nor a cp1252 character
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(rechain(forged)))
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    for command in (
        [sys.executable, "-m", "service.verify"],
        [str(Path(sys.executable).parent / "cardgames"), "verify"],
    ):
        done = subprocess.run([*command, str(path)], capture_output=True, env=env, cwd=ROOT)
        assert done.returncode == 1 and b"Traceback" not in done.stderr, done.stderr
        assert done.stdout.rstrip().endswith(b"NOT VERIFIED") and b"\\u842c" in done.stdout, done.stdout


def test_a_file_that_is_no_utf8_is_named_so_from_standard_input_too(tmp_path):
    """Standard input is read as the file's bytes: a byte that is no UTF-8 is named, not a lone
    surrogate the terminal's decoding made of it."""
    for command in (
        [sys.executable, "-m", "service.verify", "-"],
        [str(Path(sys.executable).parent / "cardgames"), "verify", "-"],
    ):
        done = subprocess.run(command, input=b'{"format": "caf\xe9"}', capture_output=True, cwd=ROOT)
        assert (
            done.returncode == 2 and b"UnicodeDecodeError" in done.stderr and b"surrogate" not in done.stderr
        ), done.stderr


# What a terminal acts on instead of showing: a carriage return and "erase line" would wipe the
# FAIL line and print a false verdict in its place; "conceal" would hide the real one.
FAKE_VERDICT = "\r\x1b[2Kok   replay: all decisions replayed\nVERIFIED\n\x1b[8m"


def _nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


TERMINAL_FORGERIES = {
    "a consequence's type": lambda d: _a_consequence_event(d).update(type=FAKE_VERDICT),
    "a key in the result": lambda d: _finished(d)["result"].update({FAKE_VERDICT: 1}),
    "an option's name": lambda d: d["events"][0]["payload"]["options"].update({FAKE_VERDICT: 1}),
    "a sentence": lambda d: _a_consequence_event(d).update(text=FAKE_VERDICT),
    "a bidi override in a sentence": lambda d: _a_consequence_event(d).update(text="\u202eDEIFIREV TON"),
}


@pytest.mark.parametrize("where", sorted(TERMINAL_FORGERIES))
def test_a_forged_files_words_cannot_act_on_the_terminal(tmp_path, capsys, exports, where):
    forged = rechain(_outline(exports["chuopai"], TERMINAL_FORGERIES[where]))
    code, out = run_verifier(tmp_path, forged, capsys)
    assert code == 1 and out.endswith("NOT VERIFIED\n"), out
    assert not any(ch in out for ch in "\r\x1b\u202e"), out
    assert "VERIFIED" not in out.splitlines()  # the one verdict is the last line's
    assert sum(line.startswith("FAIL") for line in out.splitlines()) == 1, out


@pytest.mark.parametrize(
    "change",
    [
        lambda d: _a_consequence_event(d).update(text="x" * 1_000_000),
        lambda d: _a_consequence_event(d)["payload"].update(extra="x" * 1_000_000),
        lambda d: _finished(d)["result"].update(winners="x" * 1_000_000),
    ],
)
def test_a_forged_files_huge_words_are_quoted_cut_so_the_verdict_stays_in_sight(
    tmp_path, capsys, exports, change
):
    code, out = run_verifier(tmp_path, rechain(_outline(exports["sisepai"], change)), capsys)
    assert code == 1 and out.endswith("NOT VERIFIED\n") and len(out) < 10_000, len(out)


def test_a_transcript_escapes_what_a_forged_file_says(tmp_path, exports):
    forged = copy.deepcopy(exports["chuopai"])
    next(e for e in forged["events"] if e["type"] == "action")["payload"]["action"] = "pass\x1b[2J\x1b[H"
    path = tmp_path / "export.json"
    path.write_text(json.dumps(rechain(forged)))
    result = CliRunner().invoke(app, ["transcript", str(path)])
    assert result.exit_code == 1 and result.output.startswith("NOT VERIFIED"), result.output
    assert "\x1b" not in result.output and "pass\\x1b[2J" in result.output, result.output


def test_a_transcript_of_a_result_nested_deep_ends_with_a_sentence_not_a_traceback(tmp_path, exports):
    forged = _outline(exports["sisepai"], lambda d: _finished(d)["result"].update(extra=_nested(900)))
    path = tmp_path / "export.json"
    path.write_text(json.dumps(forged))
    result = CliRunner().invoke(app, ["transcript", str(path)])
    assert result.exit_code == 1 and "NOT VERIFIED" in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
