"""The rulesets resource and one hand calculator operation per ruleset that has one.

The blueprint is built per app from its contract (api.contract), so a registered ruleset
gets its `score_<id>_hand` operation and typed schemas without a line here naming it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import request, url_for

from api.blueprint import Blueprint
from api.contract import CalculatorRoute, Contract
from api.i18n import request_language, request_translator
from api.problems import documents_problems
from api.rulesets import schemas as s
from api.service_access import game_service
from domain.base import Ruleset
from service.i18n import (
    LANGUAGES,
    cards_in,
    levels_in,
    options_in,
    ruleset_name,
    ruleset_summary,
)


def _summary(ruleset: Ruleset) -> s.RulesetSummary:
    words = request_translator()
    return {
        "id": ruleset.id,
        "name": ruleset_name(ruleset, words),
        "players": ruleset.players,
        "summary": ruleset_summary(ruleset, words),
        "languages": list(LANGUAGES),
    }


def make_blueprint(contract: Contract) -> Blueprint:
    blp = Blueprint(
        "rulesets", __name__, description="The rulesets offered, their cards, and hand calculators"
    )

    @blp.before_request
    def find_the_ruleset() -> None:
        """404 before the query is checked: the documented order 404 → … → 422 (an unknown
        ruleset with an unknown parameter is a 404, as a game's paths answer)."""
        ruleset = (request.view_args or {}).get("ruleset")
        if ruleset is not None:
            game_service().ruleset(ruleset)

    @blp.route("/rulesets")
    @blp.doc(operationId="list_rulesets")
    @blp.response(200, s.RulesetSummarySchema(many=True))
    def list_rulesets() -> list[s.RulesetSummary]:
        """List the rulesets."""
        return [_summary(r) for r in game_service().rulesets.values()]

    @blp.route("/rulesets/<string:ruleset>")
    @blp.doc(operationId="get_ruleset")
    @blp.response(200, s.RulesetSchema)
    @documents_problems(blp, 404)
    def get_ruleset(ruleset: str) -> s.RulesetDocument:
        """One ruleset: its facts and its cards."""
        r = game_service().ruleset(ruleset)
        rules_url = url_for("rulesets.get_rules", ruleset=r.id)
        return {
            **_summary(r),
            "rules_url": rules_url,
            "ai_levels": list(r.ai_levels),
            "ai_level_info": levels_in(r, request_translator()),
            "cards": cards_in(r, request_translator()),
            "options": options_in(r, request_translator()),
        }

    @blp.route("/rulesets/<string:ruleset>/rules")
    @blp.doc(operationId="get_rules")
    @blp.response(200, s.RulesTextSchema)
    @documents_problems(blp, 404)
    def get_rules(ruleset: str) -> tuple[s.RulesText, int, dict[str, str]]:
        """The rules of a ruleset, as Markdown, with the rule numbers the API cites: in the
        request's language where they are translated into it, else the canonical English."""
        r = game_service().ruleset(ruleset)
        rules = game_service().rules_text(r.id, request_language())
        text: s.RulesText = {
            "id": r.id,
            "format": "markdown",
            "text": rules.text,
            "language": rules.language,
            "canonical": rules.canonical,
            "languages": list(rules.languages),
        }
        return text, 200, {"Content-Language": rules.language}

    for calculator in contract.calculators:
        _add_calculator(blp, calculator)
    return blp


def _add_calculator(blp: Blueprint, calculator: CalculatorRoute) -> None:
    ruleset_id = calculator.ruleset_id

    def score(body: dict[str, Any]) -> dict[str, Any]:
        return game_service().score_hand(ruleset_id, body, request_translator())

    score.__name__ = calculator.operation_id
    score.__doc__ = calculator.summary
    view: Callable[..., Any] = documents_problems(blp, 400, 404, 408, 413, 415)(score)
    view = blp.response(200, calculator.report)(view)
    view = blp.arguments(calculator.hand)(view)
    view = blp.doc(operationId=calculator.operation_id)(view)
    blp.route(f"/rulesets/{ruleset_id}/score", methods=["POST"])(view)
