"""GET /v1/rulesets/{id} says which options a game of the ruleset takes at creation (POST
/v1/games `options`): each with its range, default, whether it names a seat, the rule it sets
and a one-line description in the reader's language; the lobby offers them from there."""

from __future__ import annotations

import pytest

from api import create_app
from domain.registry import RULESETS


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    return create_app(f"sqlite:///{tmp_path_factory.mktemp('options') / 'games.sqlite3'}").test_client()


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_each_option_is_described_with_its_range_and_rule(client, ruleset_id):
    served = client.get(f"/v1/rulesets/{ruleset_id}").json["options"]
    ruleset = RULESETS[ruleset_id]
    assert [o["name"] for o in served] == [o.name for o in ruleset.options]
    rules = client.get(f"/v1/rulesets/{ruleset_id}/rules").json["text"]
    for option in served:
        assert option["minimum"] <= option["maximum"]
        assert option["default"] is None or option["minimum"] <= option["default"] <= option["maximum"]
        assert f"- {option['rule']} " in rules, option  # a rule of the canonical text
        # the range served is the range a creation takes: one past it is refused, the ends are not
        for value, status in (
            (option["maximum"] + 1, 422),
            (option["maximum"], 201),
            (option["minimum"], 201),
        ):
            created = client.post(
                "/v1/games", json={"ruleset": ruleset_id, "options": {option["name"]: value}}
            )
            assert created.status_code == status, (option, value, created.json)


def test_a_description_is_in_the_readers_language(client):
    """NT-3.3: a match of several deals; its option is labelled in French for a French reader."""
    english = {o["name"]: o for o in client.get("/v1/rulesets/nantong").json["options"]}
    french = {o["name"]: o for o in client.get("/v1/rulesets/nantong?lang=fr").json["options"]}
    assert english["deals"]["description"] == "deals in the match"
    assert french["deals"]["description"] == "donnes du match"
    assert english["deals"] | {"description": ""} == french["deals"] | {"description": ""}
    assert english["deals"]["default"] == 1 and english["deals"]["seat"] is False
    assert english["dealer"]["seat"] is True and english["dealer"]["default"] is None
