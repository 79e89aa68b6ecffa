"""What each ruleset declares (domain.schema shapes, built into API schemas by api.contract)
fits what it produces: its views' table and seat facts over seeded random games, its cards,
its calculator's example and report. A view that gains or changes a declared fact without
its declaration fails here before a client sees it (schemathesis checks the same over HTTP)."""

from __future__ import annotations

import random

import marshmallow as ma
import pytest

from api.contract import Contract, _Builder, camel
from domain.registry import RULESETS
from domain.schema import Prop, Record, Whole

CONTRACT = Contract(RULESETS)
SEAT_KEYS = {"seat", "hand_count"}


def views_of_random_games(ruleset, seeds=range(3)):
    for seed in seeds:
        state = ruleset.new_game(seed)
        rng = random.Random(seed)
        while not state.is_finished():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))].id)
            if rng.random() < 0.2:
                yield state.view(seat)
                yield state.view(None)
        yield state.view(0)
        yield state.view(None)


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_views_fit_the_declared_table_and_seat_facts(ruleset_id):
    view_schema = CONTRACT.variants("game_view")[ruleset_id]
    table = view_schema.fields["table"].schema()
    facts = view_schema.fields["seats"].inner.schema.fields["facts"].schema()
    checked = 0
    for view in views_of_random_games(RULESETS[ruleset_id]):
        table.load(view["table"])
        for seat in view["seats"]:
            facts.load({k: v for k, v in seat.items() if k not in SEAT_KEYS})
        checked += 1
    assert checked > 6


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_cards_fit_the_declared_card_facts(ruleset_id):
    ruleset_doc = CONTRACT.variants("ruleset")[ruleset_id]
    card = ruleset_doc.fields["cards"].inner.schema
    for facts in RULESETS[ruleset_id].cards():
        card.load(facts)
    with pytest.raises(ma.ValidationError):
        card.load({**RULESETS[ruleset_id].cards()[0], "code": "not a code"})


@pytest.mark.parametrize("ruleset_id", sorted(r for r in RULESETS if RULESETS[r].calculator))
def test_calculator_example_and_report_fit_their_shapes(ruleset_id):
    route = next(c for c in CONTRACT.calculators if c.ruleset_id == ruleset_id)
    calculator = RULESETS[ruleset_id].calculator
    body = route.hand().load(calculator.example)
    report = RULESETS[ruleset_id].score_hand(body)
    assert route.report().validate(route.report().dump(report)) == {}
    assert set(route.report().dump(report)) == set(report)  # the report schema drops nothing


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_create_game_schema_follows_the_ruleset(ruleset_id):
    ruleset = RULESETS[ruleset_id]
    create = CONTRACT.variants("create_game")[ruleset_id]
    deck = [c["code"] for c in ruleset.cards() for _ in range(c["count"])]
    seats = [{"kind": "human"}] * ruleset.players
    assert create.load({"ruleset": ruleset_id, "seats": seats, "deck": deck})["deck"] == deck
    for bad in (
        {"seats": seats + [{"kind": "human"}]},
        {"deck": deck[:-1]},
        {"deck": ["not a code"] * len(deck)},
        {"seats": [{"kind": "ai", "level": "no such level"}] * ruleset.players},
    ):
        with pytest.raises(ma.ValidationError):
            create.load({"ruleset": ruleset_id, **bad})
    for option in ruleset.options:
        create.load({"ruleset": ruleset_id, "options": {option.name: option.maximum}})
        with pytest.raises(ma.ValidationError):
            create.load({"ruleset": ruleset_id, "options": {option.name: option.maximum + 1}})


def test_two_different_shapes_of_one_name_are_refused():
    """One schema name is one schema in openapi.yaml and the SDK: a second, different shape under
    a name already built would silently take its place, so the contract refuses it; the same
    shape again is the same schema."""
    builder = _Builder(RULESETS["chuopai"])
    win = Record(name="Win", props={"points": Prop(Whole())})
    assert builder.record(win) is builder.record(Record(name="Win", props={"points": Prop(Whole())}))
    with pytest.raises(TypeError, match="'Win'"):
        builder.record(Record(name="Win", props={"seat": Prop(Whole())}))


def test_a_ruleset_id_names_its_schemas_as_the_sdks_clients_rebuild_them():
    """docs/adding-a-ruleset.md, step 2: an id is lower-case letters and digits, a letter first;
    its schemas are named with the first letter upper-cased (CreateMygameGame), as cli/remote.py
    names the SDK's model. "four_colour" would have been FourColour here and Four_colour there."""
    assert camel("mygame2") == "Mygame2"
    for refused in ("four_colour", "MyGame", "2games", "my-game", ""):
        with pytest.raises(ValueError, match="lower-case letters and digits"):
            camel(refused)
