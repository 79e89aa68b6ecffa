"""docs/export-format.md, checked: a verifier written from that page alone (canonical JSON, the
hash chain, the seed commitment, MT19937 seeded as CPython seeds it, the shuffle and each
ruleset's deal) reproduces what the service writes, on exported games of every ruleset."""

from __future__ import annotations

import hashlib
import random

import pytest

from domain.registry import RULESETS
from service.game_service import GameService
from store.sqlite import SqliteStore

RULESET_IDS = sorted(RULESETS)

# ------------------------------------------------------------------ as the page says


def canonical(value) -> str:
    """Canonical JSON as docs/export-format.md describes it, written without the json module."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        short = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
        out = []
        for ch in value:
            if ch in short:
                out.append(short[ch])
            elif ord(ch) < 0x20:
                out.append(f"\\u{ord(ch):04x}")
            else:
                out.append(ch)
        return '"' + "".join(out) + '"'
    if isinstance(value, list):
        return "[" + ",".join(canonical(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{canonical(k)}:{canonical(value[k])}" for k in sorted(value)) + "}"
    raise TypeError(f"the format holds no {type(value).__name__}")


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class MersenneTwister:
    """MT19937 with init_by_array, seeded as the page says CPython seeds it."""

    N, M = 624, 397

    def __init__(self, seed: int | str):
        if isinstance(seed, str):
            raw = seed.encode("utf-8")
            seed = int.from_bytes(raw + hashlib.sha512(raw).digest(), "big")
        key = []
        while seed:
            key.append(seed & 0xFFFFFFFF)
            seed >>= 32
        self._init_by_array(key or [0])

    def _init_genrand(self, s: int) -> None:
        mt = self.mt = [0] * self.N
        mt[0] = s
        for i in range(1, self.N):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
        self.index = self.N

    def _init_by_array(self, key: list[int]) -> None:
        self._init_genrand(19650218)
        mt, i, j = self.mt, 1, 0
        for _ in range(max(self.N, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & 0xFFFFFFFF
            i, j = i + 1, j + 1
            if i >= self.N:
                mt[0], i = mt[self.N - 1], 1
            if j >= len(key):
                j = 0
        for _ in range(self.N - 1):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
            i += 1
            if i >= self.N:
                mt[0], i = mt[self.N - 1], 1
        mt[0] = 0x80000000

    def next32(self) -> int:
        if self.index >= self.N:
            mt = self.mt
            for k in range(self.N):
                y = (mt[k] & 0x80000000) | (mt[(k + 1) % self.N] & 0x7FFFFFFF)
                mt[k] = mt[(k + self.M) % self.N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
            self.index = 0
        y = self.mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def randrange(self, n: int) -> int:
        k = n.bit_length()
        while True:
            r = self.next32() >> (32 - k)
            if r < n:
                return r

    def shuffle(self, x: list) -> None:
        for i in range(len(x) - 1, 0, -1):
            j = self.randrange(i + 1)
            x[i], x[j] = x[j], x[i]


def unshuffled(ruleset_id: str) -> list[str]:
    return [c["code"] for c in RULESETS[ruleset_id].cards() for _ in range(c["count"])]


def dealt(ruleset_id: str, seed: int) -> dict:
    """The deal as the page's table says: the hands (sorted), and the first leader or dealer."""
    rng, deck = MersenneTwister(seed), unshuffled(ruleset_id)
    if ruleset_id == "chuopai":
        rng.shuffle(deck)
        return {"hands": [sorted(deck[28 * s : 28 * s + 28]) for s in range(3)], "first": rng.randrange(3)}
    if ruleset_id == "nantong":
        dealer = rng.randrange(3)
        rng.shuffle(deck)
        hands, at = [], 0
        for s in range(3):
            n = 23 if s == dealer else 22
            hands.append(sorted(deck[at : at + n]))
            at += n
        return {"hands": hands, "first": dealer, "indicators": deck[at : at + 2], "stock": deck[at + 2 :]}
    assert ruleset_id == "sisepai", (
        f"{ruleset_id}: say here how its deck is dealt, as docs/export-format.md does"
    )
    rng.shuffle(deck)
    return {
        "hands": [sorted(deck[20 * p : 20 * p + 20]) for p in range(4)],
        "first": rng.randrange(4),
        "stock": deck[80:],
    }


# ------------------------------------------------------------------ against the code


@pytest.mark.parametrize("seed", [0, 1, 42, 2**32, 2**127 + 12345])
def test_the_twister_is_seeded_as_cpython_seeds_it(seed):
    ours, theirs = MersenneTwister(seed), random.Random(seed)
    assert [ours.next32() for _ in range(700)] == [theirs.getrandbits(32) for _ in range(700)]
    for text in (f"ai:{seed}:17", f"nantong:{seed}:2"):
        ours, theirs = MersenneTwister(text), random.Random(text)
        assert [ours.randrange(n) for n in range(1, 120)] == [theirs.randrange(n) for n in range(1, 120)]


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@pytest.mark.parametrize("seed", [3, 42, 2**100 + 7])
def test_a_seed_deals_as_the_page_says(ruleset_id, seed):
    state = RULESETS[ruleset_id].new_game(seed, {}, None).full_state()
    expected = dealt(ruleset_id, seed)
    if ruleset_id == "chuopai":
        assert [sorted(h) for h in state["initial_hands"]] == expected["hands"]
        assert state["first_leader"] == expected["first"]
    elif ruleset_id == "nantong":
        assert [sorted(h) for h in state["hands"]] == expected["hands"]
        assert (state["dealer"], state["indicators"], state["stock"]) == (
            expected["first"],
            expected["indicators"],
            expected["stock"],
        )
    else:  # Sì Sè Pái (dealt() knows no other)
        hands = [sorted(h) for h in state["hands"]]
        dealer = expected["first"]
        drawn = expected["stock"][0]  # the dealer's first draw (SSP-2.3), in the open
        assert state["dealer"] == dealer and state["card"] == drawn
        assert hands == expected["hands"] and state["stock"] == expected["stock"][1:]


@pytest.fixture(scope="module")
def exports(tmp_path_factory) -> dict[str, dict]:
    found = {}
    for ruleset_id in RULESET_IDS:
        service = GameService(SqliteStore(str(tmp_path_factory.mktemp(ruleset_id) / "db.sqlite3")))
        seats = [{"kind": "ai", "level": "basic"}] * RULESETS[ruleset_id].players
        game = service.create_game(ruleset_id, seats, seed=2**90 + 5)  # AI seats: finished at once
        found[ruleset_id] = (game, service.export(game["id"]))
    return found


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_the_chain_and_the_commitment_hash_as_the_page_says(exports, ruleset_id):
    created, export = exports[ruleset_id]
    game, events = export["game"], export["events"]
    assert isinstance(game["seed"], str) and game["deck"] is None
    prev = ""
    for e in events:
        body = {
            "game_id": game["id"],
            "version": e["version"],
            "type": e["type"],
            "payload": e["payload"],
            "time": e["time"],
            "prev_hash": prev,
        }
        assert e["prev_hash"] == prev and e["hash"] == sha256(canonical(body)), e["version"]
        prev = e["hash"]
    assert events[0]["hash"] == created["creation_hash"]
    opened = {"deck": game["deck"], "nonce": game["nonce"], "seed": game["seed"]}
    assert sha256(canonical(opened)) == events[0]["payload"]["seed_commitment"] == created["seed_commitment"]
    assert set(events[-1]["payload"]) == {"result", "seed", "nonce", "deck"}
    if ruleset_id == "nantong":  # the breakdowns hold × and − as themselves, not escaped
        assert any("×" in canonical(e["payload"]) or "−" in canonical(e["payload"]) for e in events)


def test_control_characters_are_escaped_as_the_page_says():
    from service.chain import canonical_json

    text = {"b": 'tab\there "q" back\\slash \x01 \x1f \u2212 萬', "a": [1, None, True, False]}
    assert canonical(text) == canonical_json(text)
