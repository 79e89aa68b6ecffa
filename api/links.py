"""OpenAPI links and the examples of create_game (built from the registry, so no ruleset is
named here). Links: how a client (or a stateful fuzzer) goes from one response to the next call.

From create_game's 201 to every game operation (the game id; seat tokens are in the same
response, `seats[].token`), from an action to the next state and the next legal actions,
and from the legal actions to playing the first of them at the version they were listed at.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from apispec import APISpec

from domain.base import Ruleset

GAME_ID_FROM_BODY = {"game_id": "$response.body#/id"}
SAME_GAME = {"game_id": "$request.path.game_id"}
GAME_OPERATIONS = (
    "get_game",
    "get_legal_actions",
    "list_events",
    "get_score",
    "get_replay",
    "export_game",
    "verify_game",
)


def _link_name(operation_id: str) -> str:
    return "".join(part.capitalize() for part in operation_id.split("_"))


def _links(parameters: dict[str, str], operations: tuple[str, ...]) -> dict[str, Any]:
    return {_link_name(op): {"operationId": op, "parameters": dict(parameters)} for op in operations}


PLAY_FIRST_ACTION = {
    "operationId": "play_action",
    "parameters": dict(SAME_GAME),
    "requestBody": {"action": "$response.body#/actions/0/id", "expected_version": "$response.body#/version"},
    "description": "play the first legal action at the version it was listed at",
}

# operationId → status → links
LINKS: dict[str, dict[str, dict[str, Any]]] = {
    "create_game": {"201": _links(GAME_ID_FROM_BODY, GAME_OPERATIONS)},
    "play_action": {"200": _links(SAME_GAME, ("get_game", "get_legal_actions", "list_events", "get_score"))},
    "get_legal_actions": {"200": {"PlayFirstAction": PLAY_FIRST_ACTION}},
}


def _operations(spec: APISpec) -> Iterator[tuple[str, dict[str, Any]]]:
    """(operation id, operation) of every registered operation, amendable in place.

    apispec has no call to amend a registered operation (`spec.path` runs the Flask
    plugin's path helper again), so the operations of `spec.to_dict()["paths"]` (apispec's
    own path table) are amended in place.
    """
    for operations in spec.to_dict()["paths"].values():
        for operation in operations.values():
            if isinstance(operation, dict) and "operationId" in operation:
                yield operation["operationId"], operation


def create_game_examples(registry: Mapping[str, Ruleset]) -> dict[str, dict[str, Any]]:
    """Two create_game bodies per ruleset: against the AI with a chosen seed, and chosen
    seats (people and AI levels alternating) with its first option set."""
    examples: dict[str, dict[str, Any]] = {}
    for r in registry.values():
        examples[f"{r.name}: you against the AI"] = {"value": {"ruleset": r.id, "seed": 42}}
        seats: list[dict[str, str]] = []
        for i in range(r.players):
            level = r.ai_levels[(i // 2) % len(r.ai_levels)]
            seats.append({"kind": "human"} if i % 2 == 0 else {"kind": "ai", "level": level})
        body: dict[str, Any] = {"ruleset": r.id, "seats": seats}
        if r.options:
            first = r.options[0]
            body["options"] = {first.name: min(first.minimum + 1, first.maximum)}
        examples[f"{r.name}: chosen seats"] = {"value": body}
    return examples


def add_create_game_examples(spec: APISpec, registry: Mapping[str, Ruleset]) -> None:
    for operation_id, operation in _operations(spec):
        if operation_id == "create_game":
            content = operation["requestBody"]["content"]["application/json"]
            content["examples"] = create_game_examples(registry)


def add_links(spec: APISpec) -> None:
    """Add LINKS to the operations of `spec`, once every blueprint is registered; a missing
    operation or status raises KeyError."""
    found: set[str] = set()
    for operation_id, operation in _operations(spec):
        wanted = LINKS.get(operation_id)
        if not wanted:
            continue
        found.add(operation_id)
        responses = operation["responses"]
        for status, links in wanted.items():
            key = int(status) if int(status) in responses else status
            responses[key]["links"] = links
    missing = set(LINKS) - found
    if missing:
        raise KeyError(f"links for operations that do not exist: {sorted(missing)}")
