"""Seeded random-play simulation (random and basic AIs mixed): invariants after every step."""

from __future__ import annotations

import json
import random

from domain.nantong import RULESET
from domain.nantong.cards import CODES, INDEX
from tests.unit.nantong.helpers import body

MAX_STEPS_PER_DEAL = 800


def check_cards(st) -> None:
    """NT-2.1: the 120 cards are conserved; NT-1.2 hand sizes fit the melds."""
    fs = st.full_state()
    counts = dict.fromkeys(CODES, 0)
    for h in fs["hands"]:
        for c in h:
            counts[c] += 1
    for ms in fs["melds"]:
        for m in ms:
            for c in m["cards"]:
                counts[c] += 1
    for d in fs["discards"]:
        for c in d:
            counts[c] += 1
    for c in fs["stock"] + fs["indicators"]:
        counts[c] += 1
    if fs["phase"] == "rob":
        counts[fs["window"]["card"]] += 1
    assert set(counts.values()) == {4}, counts
    if fs["phase"] == "finished":
        return
    for s in range(3):
        g = sum(1 for m in fs["melds"][s] if m["kind"] != "hezi")
        n = len(fs["hands"][s])
        holding = (fs["phase"] == "play" and fs["current"] == s) or (
            fs["phase"] == "preparation" and s == fs["dealer"]
        )
        assert n == 3 * (7 - g) + (2 if holding else 1), (s, n, g, fs["phase"])


def check_melds(st) -> None:
    """Every exposed meld is legal (NT-4.2 … NT-4.4, NT-5.2, NT-6.2, NT-6.3)."""
    fs = st.full_state()
    inds = fs["indicators"]
    size = {
        "pong": 3,
        "exposed_kong": 4,
        "added_kong": 4,
        "concealed_kong": 4,
        "opening_kong": 4,
        "opening_triple": 3,
        "hezi": 2,
    }
    for ms in fs["melds"]:
        assert sum(1 for m in ms if m["kind"] != "hezi") <= 7
        assert sum(1 for m in ms if m["kind"] == "hezi") <= 1
        for m in ms:
            assert m["cards"] == [m["card"]] * size[m["kind"]]
            if m["kind"] == "opening_triple":
                assert m["card"] in inds
            if m["kind"] == "hezi":
                assert inds == [m["card"], m["card"]]
            if m["kind"] in ("opening_kong", "exposed_kong", "added_kong", "concealed_kong"):
                assert m["card"] not in inds


def check_view_hides(st, viewer: int) -> None:
    """A seat's view shows its own concealed hand and no other (and never the stock)."""
    v = st.view(viewer)
    fs = st.full_state()
    json.dumps(v)
    assert v["hand"] == fs["hands"][viewer]
    if not st.is_finished():
        assert all("hand" not in s for s in v["seats"])
        assert "stock" not in v["table"] and "stock" not in v
        if fs["phase"] in ("claim", "rob"):
            assert v["to_act"] in ([], [viewer])


def check_result(st) -> None:
    r = st.result()
    assert sum(r["scores"]) == 0
    assert r["scores"] == [sum(d["settlement"][s] for d in r["deals"]) for s in range(3)]
    for d in r["deals"]:
        assert sum(d["settlement"]) == 0
        assert all(x % 10 == 0 and x >= t for x, t in zip(d["rounded"], d["totals"], strict=True))
        if d["winner"] is not None:
            assert d["totals"][d["winner"]] >= 20  # NT-8.2: some shape bonus
    for p in r["players"]:
        assert all(set(line) >= {"rule", "what", "points"} for line in p["breakdown"])
        assert sum(line["points"] for line in p["breakdown"]) == p["score"]
        assert all(line["rule"].startswith("NT-") for line in p["breakdown"])


def check_rescore(st) -> None:
    """Each deal's totals agree with the hand calculator on the final hands."""
    r = st.result()
    fs_hands = st.full_state()
    if st.deals_total != 1:
        return
    d = st.records[0]
    for s in range(3):
        hand = list(d["hands"][s])
        win = None
        if d["winner"] == s:
            w = d["win"]
            win = {"by": w["by"], "earthly": w["earthly"], "ready": w["ready"], "last_card": w["last_card"]}
            if w["card"] is not None:
                win["card"] = w["card"]
                hand.remove(w["card"])
        b = body(
            " ".join(hand), "".join(d["indicators"]), [(m["kind"], m["card"]) for m in d["melds"][s]], win
        )
        assert RULESET.score_hand(b)["total"] == r["deals"][0]["totals"][s], (s, b)
    assert fs_hands["phase"] == "finished"


def play(seed: int, levels, deals: int = 1) -> dict:
    st = RULESET.new_game(seed, {"deals": deals})
    rng = random.Random(seed * 7 + 1)
    steps = 0
    while not st.is_finished():
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        assert legal
        ids = [a.id for a in legal]
        assert len(ids) == len(set(ids))
        for a in legal:
            assert all(c in INDEX for c in a.cards)
        action = RULESET.policy(levels[seat])(st.view(seat), legal, rng)
        public = st.public_action(seat, action.id)
        if st.phase in ("claim", "rob"):
            assert public == {"type": "answer"}
        st.apply(seat, action.id)
        steps += 1
        assert steps <= MAX_STEPS_PER_DEAL * deals
        check_cards(st)
        if steps % 7 == 0:
            check_melds(st)
            for v in range(3):
                check_view_hides(st, v)
    check_melds(st)
    check_result(st)
    check_rescore(st)
    return st.result()


def test_simulation_mixed_ai_invariants():
    """NT-1 … NT-9: 24 seeded games (random and basic mixed, some matches of 2 deals)."""
    outcomes = {}
    for seed in range(24):
        levels = [("random", "basic")[(seed >> s) & 1] for s in range(3)]
        r = play(seed, levels, deals=2 if seed % 4 == 0 else 1)
        for d in r["deals"]:
            key = d["win"]["by"] if d["win"] else "exhausted"
            outcomes[key] = outcomes.get(key, 0) + 1
    assert outcomes.get("exhausted", 0) > 0
    assert outcomes.get("discard", 0) + outcomes.get("self_draw", 0) > 0


def test_basic_beats_random():
    """Issue item 8: basic plays to win: over seeded deals it outscores two random players."""
    total = 0
    for seed in range(8):
        r = play(100 + seed, ["basic", "random", "random"])
        total += r["scores"][0]
    assert total > 0


def test_views_are_independent_of_hidden_cards():
    """No view leaks: shuffling every card a seat cannot see leaves its view unchanged."""
    for seed in range(6):
        st = RULESET.new_game(seed)
        rng = random.Random(seed)
        for step in range(60):
            if st.is_finished():
                break
            seat = st.to_act()[0]
            legal = st.legal_actions(seat)
            st.apply(seat, RULESET.policy("basic")(st.view(seat), legal, rng).id)
            if step % 5:
                continue
            for viewer in range(3):
                other = st.clone()
                other.stock = list(other.stock)
                hidden: list[int] = []
                for s in range(3):
                    if s != viewer:
                        for k, n in enumerate(other.hands[s]):
                            hidden += [k] * n
                hidden += other.stock[other.front : other.back]
                rng.shuffle(hidden)
                pos = 0
                for s in range(3):
                    if s != viewer:
                        n = sum(other.hands[s])
                        v = [0] * 30
                        for k in hidden[pos : pos + n]:
                            v[k] += 1
                        other.hands[s] = v
                        pos += n
                other.stock[other.front : other.back] = hidden[pos:]
                assert other.view(viewer) == st.view(viewer)
