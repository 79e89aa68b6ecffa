from __future__ import annotations

from flask import url_for

from api.blueprint import Blueprint
from api.problems import documents_problems
from api.rulesets import schemas as s
from api.service_access import game_service

blp = Blueprint("rulesets", __name__, description="The rulesets offered, their cards, and hand calculators")


def _summary(ruleset):
    return {"id": ruleset.id, "name": ruleset.name, "players": ruleset.players, "summary": ruleset.summary}


@blp.route("/rulesets")
@blp.doc(operationId="list_rulesets")
@blp.response(200, s.RulesetSummarySchema(many=True))
def list_rulesets():
    """List the rulesets."""
    return [_summary(r) for r in game_service().rulesets.values()]


@blp.route("/rulesets/<string:ruleset>")
@blp.doc(operationId="get_ruleset")
@blp.response(200, s.RulesetSchema)
@documents_problems(blp, 404)
def get_ruleset(ruleset: str):
    """One ruleset: its facts and its cards."""
    r = game_service().ruleset(ruleset)
    rules_url = url_for("rulesets.get_rules", ruleset=r.id)
    return {
        **_summary(r),
        "rules_url": rules_url,
        "ai_levels": list(r.ai_levels),
        "ai_level_info": r.describe_levels(),
        "cards": r.cards(),
    }


@blp.route("/rulesets/<string:ruleset>/rules")
@blp.doc(operationId="get_rules")
@blp.response(200, s.RulesTextSchema)
@documents_problems(blp, 404)
def get_rules(ruleset: str):
    """The canonical rules of a ruleset, as Markdown, with the rule numbers the API cites."""
    r = game_service().ruleset(ruleset)
    return {"id": r.id, "format": "markdown", "text": game_service().rules_text(r.id)}


@blp.route("/rulesets/sisepai/score", methods=["POST"])
@blp.doc(operationId="score_sisepai_hand")
@blp.arguments(s.SisepaiHandSchema)
@blp.response(200, s.SisepaiScoreSchema)
@documents_problems(blp, 400, 404, 413, 415)
def score_sisepai_hand(body):
    """Sì Sè Pái hand calculator: is this 21-card hand complete, and its best partition (SSP-6.2)."""
    return game_service().score_hand("sisepai", body)


@blp.route("/rulesets/nantong/score", methods=["POST"])
@blp.doc(operationId="score_nantong_hand")
@blp.arguments(s.NantongHandSchema)
@blp.response(200, s.NantongScoreSchema)
@documents_problems(blp, 400, 404, 413, 415)
def score_nantong_hand(body):
    """Nantong hand calculator: base hu, bonuses, multipliers and rounding (NT-7 … NT-9)."""
    return game_service().score_hand("nantong", body)


@blp.route("/rulesets/chuopai/score", methods=["POST"])
@blp.doc(operationId="score_chuopai_hand")
@blp.arguments(s.ChuopaiHandSchema)
@blp.response(200, s.ChuopaiHandReportSchema)
@documents_problems(blp, 400, 404, 413, 415)
def score_chuopai_hand(body):
    """Chuo Pai hand calculator: the opening bonus, every play the hand could lead, and what beats a play."""
    return game_service().score_hand("chuopai", {k: v for k, v in body.items() if v is not None})
