"""GET /v1/games/{id}/verify trusts the stored log no more than the offline verifier trusts an
export: a log rewritten in the database (hash chain re-computed) is reported not ok, with the
same message as `python -m service.verify`, in every ruleset, against a live gunicorn.
"""

from __future__ import annotations

import json
import sqlite3

import httpx
import pytest

from domain.registry import RULESETS
from service.verify import verify_export
from tests.forgery import FORGERIES, decisions
from tests.trust.http import play_out

RULESET_IDS = sorted(RULESETS)
# Forgeries of who decided or of the seats, and one whose actions no longer replay as logged
# (/export and /verify read the finished log from the store without replaying it first).
CASES = [
    "ai_decision_changed",
    "untouched",
    "ai_seats_logged_as_human",
    "auto_with_a_choice_on_an_ai_seat",
    "ai_by_on_a_human_seat",
    "unknown_by",
    "seat_level_changed_everywhere",
    # Consequences rewritten in place: a drawn card (or won round) and a settled claim's seat.
    "a_drawn_card_altered",
    "a_settled_claim_altered",
]


def write_log(db, export: dict) -> None:
    """Overwrite the stored events of a game with `export`'s, as an operator with the database could."""
    with sqlite3.connect(db) as conn:
        for e in export["events"]:
            conn.execute(
                "UPDATE events SET payload = ?, prev_hash = ?, hash = ? WHERE game_id = ? AND version = ?",
                (json.dumps(e["payload"]), e["prev_hash"], e["hash"], export["game"]["id"], e["version"]),
            )


def without_texts(export: dict) -> dict:
    return {**export, "events": [{k: v for k, v in e.items() if k != "text"} for e in export["events"]]}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_verify_over_http_reports_a_rewritten_log(trust_server, ruleset_id, case):
    players = RULESETS[ruleset_id].players
    seats = [{"kind": "human"}] + [
        {"kind": "ai", "level": ("basic", "random")[i % 2]} for i in range(players - 1)
    ]
    options = {"deals": 1} if ruleset_id == "nantong" else {}
    with httpx.Client(base_url=trust_server.url, timeout=60) as client:
        r = client.post(
            "/v1/games", json={"ruleset": ruleset_id, "seats": seats, "seed": 11, "options": options}
        )
        assert r.status_code == 201, r.text
        created = r.json()
        play_out(client, created)
        export = client.get(f"/v1/games/{created['id']}/export").json()
        words: list[str] = []
        if case != "untouched":
            # Forged before the first /verify: nothing computed earlier can stand in for the check.
            forged, words = FORGERIES[case](export, decisions(export))
            write_log(trust_server.db, forged)
            # The log is served as written; each event's text is rendered afresh from it.
            assert without_texts(client.get(f"/v1/games/{created['id']}/export").json()) == without_texts(
                forged
            )
        report = client.get(f"/v1/games/{created['id']}/verify").json()
    if case == "untouched":
        assert report["ok"], report["checks"]
        return
    assert report["ok"] is False
    failing = [c for c in report["checks"] if not c["ok"]]
    assert [c["name"] for c in failing] == ["replay"], report["checks"]
    for word in words:
        assert word in failing[0]["detail"], (word, failing[0]["detail"])
    offline = verify_export(forged, RULESETS)
    assert {k: report[k] for k in offline} == offline  # the same verdict and words offline
    # and which log it vouches for: the one written
    assert (report["creation_hash"], report["last_hash"], report["version"]) == (
        forged["events"][0]["hash"],
        forged["events"][-1]["hash"],
        forged["events"][-1]["version"],
    )
