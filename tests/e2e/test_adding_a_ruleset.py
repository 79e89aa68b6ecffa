"""docs/adding-a-ruleset.md, followed once: a throwaway ruleset (tests/toy_ruleset, High Card)
in the layout every ruleset has, registered in a registry of its own (never the product's),
gets its schemas, operations and SDK models without a line of api/ or service/ changing,
and plays a full game over HTTP against gunicorn, verified and replayed exactly."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import httpx
import pytest
import yaml

from domain.registry import RULESETS
from service.verify import verify_export
from tests.servers import ROOT, gunicorn_server
from tests.toy_ruleset import RULESET as TOY
from tests.toy_ruleset.app import registry

# The modules docs/adding-a-ruleset.md's table lists: steps 1–4 need the first set (the toy has
# it), a registered ruleset also the narration of step 5.
LAYOUT = {"__init__.py", "ruleset.py", "state.py", "cards.py", "ai.py", "calculator.py", "rules.md"}
REGISTERED_LAYOUT = LAYOUT | {"narration.py"}


def package_files(package: str) -> set[str]:
    return {p.name for p in resources.files(package).iterdir()}


@pytest.mark.parametrize("package", [f"domain.{r}" for r in RULESETS])
def test_every_ruleset_package_has_the_same_layout(package):
    assert REGISTERED_LAYOUT <= package_files(package), REGISTERED_LAYOUT - package_files(package)


def test_the_toy_has_the_layout_of_the_first_four_steps():
    assert LAYOUT <= package_files("tests.toy_ruleset"), LAYOUT - package_files("tests.toy_ruleset")


def test_the_toy_is_not_in_the_product_registry():
    assert TOY.id not in RULESETS
    assert TOY.id not in (ROOT / "openapi.yaml").read_text()


def toy_spec() -> dict:
    from api import create_app

    app = create_app("sqlite:///:memory:", rulesets=registry())
    return app.extensions["flask-smorest"]["apis"][""]["ext_obj"].spec.to_dict()


def test_registering_adds_its_schemas_and_operations(tmp_path):
    """The 'regenerate' step: the document gains the toy's schemas and calculator, and the SDK
    generates from it without a warning."""
    spec = toy_spec()
    schemas = spec["components"]["schemas"]
    assert schemas["HighcardCardCode"]["enum"] == ["h1", "h2", "h3"]
    create = schemas["CreateHighcardGame"]["properties"]
    assert create["ruleset"]["const"] == "highcard"
    assert create["seats"]["minItems"] == create["seats"]["maxItems"] == 2
    assert create["deck"]["minItems"] == create["deck"]["maxItems"] == 6
    assert schemas["HighcardGameOptions"]["properties"]["leader"]["maximum"] == 1
    for union in ("CreateGame", "GameView", "LegalActions", "Ruleset"):
        refs = {r["$ref"].rsplit("/", 1)[1] for r in schemas[union]["oneOf"]}
        assert any(name.startswith(("Highcard", "CreateHighcard")) for name in refs), union
    operation = spec["paths"]["/v1/rulesets/highcard/score"]["post"]
    assert operation["operationId"] == "score_highcard_hand"
    path = tmp_path / "openapi.yaml"
    path.write_text(yaml.dump(spec))
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "")}
    subprocess.run(
        [
            os.path.join(bin_dir, "openapi-python-client"),
            "generate",
            "--path",
            str(path),
            "--config",
            str(ROOT / "sdk_config.yaml"),
            "--meta",
            "none",
            "--output-path",
            str(tmp_path / "sdk"),
            "--fail-on-warning",
        ],
        env=env,
        check=True,
        capture_output=True,
    )
    models = {p.name for p in (tmp_path / "sdk" / "models").iterdir()}
    assert {"create_highcard_game.py", "highcard_card_code.py", "highcard_game_view.py"} <= models
    assert (tmp_path / "sdk" / "api" / "rulesets" / "score_highcard_hand.py").exists()


@pytest.fixture(scope="module")
def toy_server(tmp_path_factory):
    db = tmp_path_factory.mktemp("toy") / "toy.sqlite3"
    with gunicorn_server(f"sqlite:///{db}", workers=1, app="tests.toy_ruleset.app:create_toy_app()") as (
        url,
        _p,
    ):
        yield url


def test_the_toy_plays_over_http_and_replays_exactly(toy_server):
    """The 'golden' step: a full game over HTTP, verified by the server and replayed offline
    from its export with the same registry."""
    with httpx.Client(base_url=toy_server, timeout=30) as c:
        assert TOY.id in {r["id"] for r in c.get("/v1/rulesets").json()}
        assert c.get("/v1/rulesets/highcard/rules").json()["text"] == TOY.rules_text()
        refused = c.post("/v1/games", json={"ruleset": "highcard", "seats": [{"kind": "human"}] * 3})
        assert refused.status_code == 422  # two seats, said by the schema built from the ruleset
        created = c.post(
            "/v1/games",
            json={
                "ruleset": "highcard",
                "seed": 5,
                "seats": [{"kind": "human"}, {"kind": "ai", "level": "basic"}],
            },
        )
        assert created.status_code == 201, created.text
        game = created.json()
        auth = {"Authorization": f"Bearer {game['seats'][0]['token']}"}
        for _ in range(10):
            view = c.get(f"/v1/games/{game['id']}", headers=auth).json()
            if view["status"] == "finished":
                break
            assert view["ruleset"] == "highcard" and len(view["hand"]) >= 1
            legal = c.get(f"/v1/games/{game['id']}/legal-actions", headers=auth).json()
            body = {"action": legal["actions"][0]["id"], "expected_version": legal["version"]}
            assert c.post(f"/v1/games/{game['id']}/actions", headers=auth, json=body).status_code == 200
        score = c.get(f"/v1/games/{game['id']}/score").json()
        assert sum(score["scores"]) <= 3 and score["outcome"] in ("win", "draw")
        assert c.get(f"/v1/games/{game['id']}/verify").json()["ok"] is True
        exported = c.get(f"/v1/games/{game['id']}/export").json()
        assert verify_export(exported, registry())["ok"] is True
        report = c.post("/v1/rulesets/highcard/score", json={"hand": ["h1", "h3"]}).json()
        assert report == {"best": "h3", "total": 4}
        assert c.post("/v1/rulesets/highcard/score", json={"hand": ["4"]}).status_code == 422
