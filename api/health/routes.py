from __future__ import annotations

import marshmallow as ma

from api.blueprint import Blueprint
from api.service_access import game_service

blp = Blueprint("health", __name__, description="Liveness and the store in use")


class HealthSchema(ma.Schema):
    status = ma.fields.String(required=True, metadata={"description": "always 'ok'"})
    store = ma.fields.String(required=True, validate=ma.validate.OneOf(["sqlite", "postgresql"]))


@blp.route("/health")
@blp.doc(operationId="get_health")
@blp.response(200, HealthSchema)
def health():
    """Health check."""
    return {"status": "ok", "store": game_service().store_kind}
