"""Seat tokens (docs/guarantees.md).

At least 128 random bits; stored only as SHA-256 hashes (the raw token is nowhere in the
SQLite files); checked by hash lookup plus a constant-time comparison; a token works only
for its own game and acts only as its own seat; no token in any log line, error or event.
"""

from __future__ import annotations

import base64
import hashlib
import inspect
import math
import re
from collections import Counter

import httpx
import pytest

from domain.registry import RULESETS
from service.game_service import GameService
from tests.trust.http import PROBLEM, auth, awaited, create, full_log, play_out, tokens, version

RULESET_IDS = sorted(RULESETS)
URLSAFE = re.compile(r"^[A-Za-z0-9_-]+$")


def _all_tokens(client: httpx.Client, games: int) -> list[str]:
    found = []
    for ruleset in RULESET_IDS:
        for _ in range(games):
            found.extend(tokens(create(client, ruleset)).values())
    return found


def test_tokens_carry_at_least_128_random_bits(trust_server):
    with httpx.Client(base_url=trust_server.url, timeout=30) as client:
        found = _all_tokens(client, games=6)
    assert len(found) >= 50
    assert len(set(found)) == len(found), "a token repeated"
    for token in found:
        assert URLSAFE.match(token), token
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        assert len(raw) * 8 >= 128, f"only {len(raw) * 8} bits"
    # The characters look uniformly random: chi-square over the 64 symbols (63 degrees of
    # freedom; 150 is far beyond any honest sample, p < 1e-8), and no shared prefixes.
    chars = Counter("".join(t[:-1] for t in found))  # the last char carries padding bits
    n = sum(chars.values())
    chi2 = sum(
        (chars.get(c, 0) - n / 64) ** 2 / (n / 64)
        for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    )
    assert chi2 < 150, chi2
    assert max(len(_common_prefix(a, b)) for a in found for b in found if a != b) <= 4
    # Shannon entropy per character close to the 6 bits of the alphabet.
    entropy = -sum(k / n * math.log2(k / n) for k in chars.values())
    assert entropy > 5.8, entropy


def _common_prefix(a: str, b: str) -> str:
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return a[:i]


def test_tokens_are_stored_only_as_hashes(trust_server):
    with httpx.Client(base_url=trust_server.url, timeout=30) as client:
        found = _all_tokens(client, games=2)
        # Touch the games once more so their rows are certainly in the files.
        created = create(client, RULESET_IDS[0])
        found.extend(tokens(created).values())
    db_bytes = b"".join(p.read_bytes() for p in trust_server.db.parent.glob(trust_server.db.name + "*"))
    assert len(db_bytes) > 10_000
    hashes_seen = 0
    for token in found:
        assert token.encode() not in db_bytes, "a raw token is stored in the database"
        hashes_seen += hashlib.sha256(token.encode()).hexdigest().encode() in db_bytes
    # The scan does see the table: the hashes are there.
    assert hashes_seen == len(found)


def test_token_check_is_a_hash_lookup_and_a_constant_time_compare():
    """Code inspection (weak on its own; the behaviour is tested below): the token is hashed
    before the lookup, and the game id is compared with hmac.compare_digest."""
    source = inspect.getsource(GameService.authenticate)
    assert "token_hash(token)" in source and "hmac.compare_digest" in source


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_a_token_works_only_for_its_game_and_acts_only_as_its_seat(trust_server, ruleset_id):
    with httpx.Client(base_url=trust_server.url, timeout=30) as client:
        game_a, game_b = create(client, ruleset_id, seed=41), create(client, ruleset_id, seed=42)
        b_version = version(client, game_b["id"])
        turn = awaited(client, game_b)
        assert turn is not None
        b_seat, b_token, b_legal = turn
        b_action = {"action": b_legal["actions"][0]["id"], "expected_version": b_legal["version"]}
        for token in tokens(game_a).values():
            for method, path, body in (
                ("GET", "", None),
                ("GET", "/legal-actions", None),
                ("GET", "/events", None),
                ("POST", "/actions", b_action),
            ):
                r = client.request(method, f"/v1/games/{game_b['id']}{path}", headers=auth(token), json=body)
                assert r.status_code == 403 and r.headers["content-type"] == PROBLEM, (path, r.text)
                assert "hand" not in r.text
        # Seat s's token acts as seat s only: another seat's legal action is refused.
        for seat, token in tokens(game_b).items():
            view = client.get(f"/v1/games/{game_b['id']}", headers=auth(token)).json()
            assert view["seat"] == seat
            legal = client.get(f"/v1/games/{game_b['id']}/legal-actions", headers=auth(token)).json()
            assert legal["seat"] == seat
            if seat != b_seat and b_action["action"] not in {a["id"] for a in legal["actions"]}:
                r = client.post(f"/v1/games/{game_b['id']}/actions", headers=auth(token), json=b_action)
                assert r.status_code == 409 and r.json()["type"].endswith("illegal-action"), r.text
        # Altered, truncated, extended or wrongly-schemed tokens: 401.
        for bad in (
            b_token[:-1] + ("A" if b_token[-1] != "A" else "B"),
            b_token[:-2],
            b_token + "x",
            b_token.swapcase(),
        ):
            r = client.get(f"/v1/games/{game_b['id']}/legal-actions", headers=auth(bad))
            assert r.status_code == 401 and r.headers["content-type"] == PROBLEM, r.text
        r = client.get(
            f"/v1/games/{game_b['id']}/legal-actions", headers={"Authorization": f"Basic {b_token}"}
        )
        assert r.status_code == 401
        assert version(client, game_b["id"]) == b_version  # nothing appended by any of it


def test_no_token_in_logs_errors_or_events(trust_server):
    """A whole session with errors of every kind, then: the tokens are in no log line, no
    response other than create_game's, no event."""
    seen_bodies: list[str] = []
    with httpx.Client(
        base_url=trust_server.url, timeout=30, event_hooks={"response": [lambda r: r.read()]}
    ) as client:
        games = [create(client, ruleset, seed=50 + i) for i, ruleset in enumerate(RULESET_IDS)]
        all_tokens = [t for g in games for t in tokens(g).values()]
        for game, other in zip(games, games[1:] + games[:1], strict=True):
            gid = game["id"]
            seat, token, legal = awaited(client, game)
            calls = [
                ("GET", f"/v1/games/{gid}", token, None),
                ("GET", f"/v1/games/{gid}/events", token, None),
                (
                    "POST",
                    f"/v1/games/{gid}/actions",
                    token,
                    {"action": "nope", "expected_version": legal["version"]},
                ),
                ("POST", f"/v1/games/{gid}/actions", token, {"action": "x", "expected_version": 0}),
                ("POST", f"/v1/games/{gid}/actions", token, {"action": 7}),
                ("GET", f"/v1/games/{gid}/legal-actions", token[:-1] + "A", None),
                ("GET", f"/v1/games/{gid}/legal-actions", next(iter(tokens(other).values())), None),
                ("GET", f"/v1/games/{gid}/score", token, None),
                ("GET", f"/v1/games/{gid}/export", token, None),
                ("GET", f"/v1/games/{'0' * 32}/legal-actions", token, None),
            ]
            for method, path, tok, body in calls:
                r = client.request(method, path, headers=auth(tok), json=body)
                seen_bodies.append(r.text + str(dict(r.headers)))
            play_out(client, game)
            seen_bodies.append(str(full_log(client, gid)))
            for tok in tokens(game).values():
                seen_bodies.append(client.get(f"/v1/games/{gid}", headers=auth(tok)).text)
                seen_bodies.append(client.get(f"/v1/games/{gid}/events", headers=auth(tok)).text)
            seen_bodies.append(client.get(f"/v1/games/{gid}/export").text)
    logs = "\n".join(p.read_text(errors="replace") for p in trust_server.logs)
    assert all(f"/v1/games/{g['id']}" in logs for g in games), "the access log did not record the session"
    for token in all_tokens:
        assert token not in logs, "a token is in a log line"
        assert token[:16] not in logs
        for body in seen_bodies:
            assert token not in body, "a token is in a response body, header or event"
