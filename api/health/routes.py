from __future__ import annotations

import os
from typing import TypedDict

import marshmallow as ma
from flask import current_app

from api.blueprint import Blueprint
from api.edge.rate_limits import CounterStorage, RateLimits
from api.problems import documents_problems
from api.service_access import game_service
from service.errors import ServiceUnavailable
from service.i18n import N_

blp = Blueprint("health", __name__, description="Liveness, readiness and the store in use")

# Within the 5 s a load balancer or orchestrator allows a probe: store, then Redis.
STORE_PING_SECONDS = 2.0
# A file whose presence takes the node out of service before it is stopped: readiness answers
# 503 while it exists, so a load balancer or orchestrator that follows readiness stops sending
# new requests, and those in flight finish (README, "Stopping a node").
DRAIN_FILE_ENV = "DRAIN_FILE"


class HealthSchema(ma.Schema):
    status = ma.fields.String(required=True, metadata={"description": "always 'ok'"})
    store = ma.fields.String(required=True, validate=ma.validate.OneOf(["sqlite", "postgresql"]))


class ReadinessSchema(ma.Schema):
    status = ma.fields.String(required=True, metadata={"description": "always 'ready' (else 503)"})
    store = ma.fields.String(required=True, validate=ma.validate.OneOf(["sqlite", "postgresql"]))
    rate_limit_counters = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf([c.value for c in CounterStorage]),
        metadata={
            "description": "where rate-limit counters live now: redis (shared), memory (per worker:"
            " no REDIS_URL, or a Redis that does not answer), off"
        },
    )


class Health(TypedDict):
    status: str
    store: str


class Readiness(TypedDict):
    status: str
    store: str
    rate_limit_counters: CounterStorage


@blp.route("/health")
@blp.doc(operationId="get_health")
@blp.response(200, HealthSchema)
def health() -> Health:
    """Liveness: the process answers. It says nothing about the store (see /health/ready)."""
    return {"status": "ok", "store": game_service().store_kind}


@blp.route("/health/ready")
@blp.doc(operationId="get_readiness")
@blp.response(200, ReadinessSchema)
@documents_problems(blp, 503)
def readiness() -> Readiness:
    """Readiness: the store answered a round trip within 5 s.

    503 problem+json names what is down; send traffic elsewhere until this answers 200. A Redis
    that does not answer is no reason: counting falls back to each worker's memory, said in
    `rate_limit_counters`.
    """
    drain_file = os.environ.get(DRAIN_FILE_ENV)
    if drain_file and os.path.exists(drain_file):
        raise ServiceUnavailable(N_("not ready: the node is draining before it stops"))
    service = game_service()
    rate_limits: RateLimits = current_app.extensions["rate_limits"]
    try:
        service.ready(timeout=STORE_PING_SECONDS)
    except ServiceUnavailable:
        raise ServiceUnavailable(N_("not ready: the event store is unavailable")) from None
    counters = rate_limits.settings.storage
    try:
        rate_limits.check_shared_counters()
    except ConnectionError:
        # The node serves; only its limits loosen (each worker counts alone). Not ready here
        # took every node out of service together while Redis was away.
        counters = CounterStorage.MEMORY
    return {"status": "ready", "store": service.store_kind, "rate_limit_counters": counters}
