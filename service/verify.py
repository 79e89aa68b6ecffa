"""Verify an exported game offline: `python -m service.verify EXPORT.json`.

Re-derives the deal from the revealed seed (checking the published
commitment), re-checks the hash chain, replays every decision (each must be
legal; automatic passes must have been the only choice; AI decisions must be
what the AI decides from the same view and seed), and compares the final
result. Exits 0 when every check passes, 1 otherwise. Needs no server and no
database: only the domain code.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from domain.base import PASS, DomainError, Ruleset
from service.chain import event_hash, seed_commitment
from service.replay import ai_rng, new_state

EXPORT_FORMAT = "cardgames-export/1"


def _check(checks: list[dict[str, Any]], name: str, ok: bool, detail: str) -> bool:
    checks.append({"name": name, "ok": bool(ok), "detail": detail})
    return ok


def verify_export(doc: dict[str, Any], rulesets: dict[str, Ruleset]) -> dict[str, Any]:
    checks: list[dict[str, Any]] = []
    try:
        _verify(doc, rulesets, checks)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        _check(checks, "format", False, f"malformed export: {type(exc).__name__}: {exc}")
    return {"ok": bool(checks) and all(c["ok"] for c in checks), "checks": checks}


def _verify(doc: dict[str, Any], rulesets: dict[str, Ruleset], checks: list[dict[str, Any]]) -> None:
    if not _check(
        checks,
        "format",
        doc.get("format") == EXPORT_FORMAT,
        f"format is {doc.get('format')!r}, expected {EXPORT_FORMAT!r}",
    ):
        return
    game, events = doc["game"], doc["events"]
    game_id = game["id"]
    if not _check(checks, "ruleset", game["ruleset"] in rulesets, f"ruleset {game['ruleset']!r}"):
        return
    ruleset = rulesets[game["ruleset"]]

    # 1. The hash chain and versions 1..n without gaps.
    prev, chain_ok, detail = "", True, f"{len(events)} events chained"
    for i, e in enumerate(events, start=1):
        if e["version"] != i:
            chain_ok, detail = False, f"event {i} has version {e['version']}"
            break
        if e["prev_hash"] != prev:
            chain_ok, detail = False, f"event {i}: prev_hash does not match event {i - 1}"
            break
        digest = event_hash(game_id, e["version"], e["type"], e["payload"], e["time"], e["prev_hash"])
        if digest != e["hash"]:
            chain_ok, detail = False, f"event {i}: hash does not match its content"
            break
        prev = e["hash"]
    _check(checks, "hash_chain", chain_ok, detail)
    if not events or events[0]["type"] != "game_created":
        _check(checks, "created", False, "the first event must be game_created")
        return
    created = events[0]["payload"]

    # 2. The commitment published at creation opens to the revealed seed (and deck).
    seed, nonce, deck = int(game["seed"]), game["nonce"], game.get("deck")
    _check(
        checks,
        "seed_commitment",
        seed_commitment(seed, nonce, deck) == created["seed_commitment"],
        "SHA-256 of the revealed nonce, seed and deck equals the published commitment",
    )
    finished = [e for e in events if e["type"] == "game_finished"]
    if finished:
        fin = finished[-1]["payload"]
        _check(
            checks,
            "revealed_seed",
            str(fin.get("seed")) == str(game["seed"])
            and fin.get("nonce") == nonce
            and fin.get("deck") == deck,
            "the game_finished event reveals the same seed, nonce and deck",
        )

    # 3. Replay: re-deal, then every decision legal, automatic ones reproduced.
    try:
        state = new_state(ruleset, seed, created, deck)
    except DomainError as exc:
        _check(checks, "deal", False, f"cannot deal: {exc.message}")
        return
    seats = created["seats"]
    replay_ok, detail, decisions = True, "", 0
    for e in events[1:]:
        if e["type"] != "action":
            continue
        p = e["payload"]
        seat, action_id, by = p["seat"], p["action"], p["by"]
        if state.is_finished() or seat not in state.to_act():
            replay_ok, detail = False, f"event {e['version']}: seat {seat} was not awaited"
            break
        legal = state.legal_actions(seat)
        if action_id not in {a.id for a in legal}:
            replay_ok, detail = False, f"event {e['version']}: {action_id!r} was not legal"
            break
        if by == "auto" and not (len(legal) == 1 and legal[0].id == PASS):
            replay_ok, detail = (
                False,
                f"event {e['version']}: an automatic pass while seat {seat} had a choice",
            )
            break
        if by.startswith("ai:"):
            level = by[3:]
            if seats[seat]["kind"] != "ai" or seats[seat].get("level") != level:
                replay_ok, detail = False, f"event {e['version']}: seat {seat} is not an AI of level {level}"
                break
            expected = ruleset.policy(level)(state.view(seat), legal, ai_rng(seed, e["version"]))
            if expected.id != action_id:
                replay_ok, detail = (
                    False,
                    (f"event {e['version']}: the AI decides {expected.id!r}, the log says {action_id!r}"),
                )
                break
        if p.get("public") != state.public_action(seat, action_id):
            replay_ok, detail = False, f"event {e['version']}: the public form does not match"
            break
        state.apply(seat, action_id)
        decisions += 1
    if replay_ok:
        detail = f"{decisions} decisions replayed, each legal"
    _check(checks, "replay", replay_ok, detail)
    if not replay_ok:
        return

    # 4. The result the log claims is the result the replay reaches.
    if finished:
        _check(
            checks,
            "result",
            state.is_finished() and state.result() == finished[-1]["payload"]["result"],
            "the replayed result equals the logged result",
        )
    else:
        _check(checks, "result", False, "the log has no game_finished event")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m service.verify", description=__doc__.splitlines()[0])
    parser.add_argument("export", help="an exported game (JSON from GET /v1/games/{id}/export); - for stdin")
    parser.add_argument("--quiet", action="store_true", help="print only the verdict")
    args = parser.parse_args(argv)
    from domain.registry import RULESETS

    try:
        text = sys.stdin.read() if args.export == "-" else open(args.export, encoding="utf-8").read()
        doc = json.loads(text)
    except (OSError, ValueError) as exc:
        print(f"cannot read {args.export}: {exc}", file=sys.stderr)
        return 2
    report = verify_export(doc, RULESETS)
    if not args.quiet:
        for c in report["checks"]:
            print(f"{'ok  ' if c['ok'] else 'FAIL'} {c['name']}: {c['detail']}")
    print("VERIFIED" if report["ok"] else "NOT VERIFIED")
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
