"""Hash chain and seed commitment: the pure parts of auditing, shared by the
service and the offline verifier (no store, no clock)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

GENESIS = ""


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def event_hash(
    game_id: str, version: int, type_: str, payload: dict[str, Any], time: str, prev_hash: str
) -> str:
    """SHA-256 over the event's content and the previous event's hash."""
    body = canonical_json(
        {
            "game_id": game_id,
            "version": version,
            "type": type_,
            "payload": payload,
            "time": time,
            "prev_hash": prev_hash,
        }
    )
    return hashlib.sha256(body.encode()).hexdigest()


def seed_commitment(seed: int, nonce: str, deck: list[str] | None) -> str:
    """SHA-256 of the secret deal inputs, published at creation, opened at the end.

    The random nonce keeps a small or guessable seed from being brute-forced
    out of its commitment; a custom deck is committed to as well.
    """
    material = canonical_json({"nonce": nonce, "seed": str(seed), "deck": deck})
    return hashlib.sha256(material.encode()).hexdigest()
