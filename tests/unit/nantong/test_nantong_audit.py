"""Independent rules audit of the Nantong ruleset (rules file nantong.md).

Part 1 is a brute-force reference scorer written from the rules text alone
(NT-7 … NT-9): it enumerates every partition of a winning hand into groups and
one pair, every placement of the winning card, and takes the best final total
(NT-8.1).  It is compared with RULESET.score_hand on seeded random hands.

Part 2 drives the game on stacked decks (custom decks, NT-3) through preparation,
claims, robbing, the last discard, settlement and matches.

Where the rules file leaves a point open, the reference follows the reading
documented in domain/nantong/scoring.py (noted as "reading" below):
- NT-7.2/NT-7.3 are applied by counting copies: the winning card from another
  player (a discard, or a robbed kong) that is the third copy counts as a pong;
  as the fourth copy, the three concealed copies are a concealed triplet.
- NT-8.5: the winning card may be any copy of its kind in the chosen partition.
"""

from __future__ import annotations

import random

import pytest

from domain.base import IllegalAction, InvalidHand
from domain.nantong import RULESET
from tests.unit.nantong.helpers import cards, finish_prep, ids, make_deck, pass_window

# ============================================================== reference scorer

HONOURS = ("QN", "WF", "RF")
ALL = [f"{r}{s}" for s in "msc" for r in range(1, 10)] + list(HONOURS)
OLD = {"QN", "WF", "RF", "9s"}  # NT-2.3
FROM_OTHER = ("discard", "robbed_kong")
SELF = ("self_draw", "kong_replacement")
MELD_CARDS = {
    "pong": 3,
    "exposed_kong": 4,
    "added_kong": 4,
    "concealed_kong": 4,
    "opening_kong": 4,
    "opening_triple": 3,
    "hezi": 2,
}
MELD_BASE = {
    "pong": 2,
    "exposed_kong": 8,
    "added_kong": 8,
    "concealed_kong": 12,
    "opening_kong": 16,
    "opening_triple": 16,
    "hezi": 16,
}  # NT-7.1


def rank_of(c: str) -> int | None:
    return None if c in HONOURS else int(c[0])


def suit_of(c: str) -> str | None:
    return None if c in HONOURS else c[1]


def ref_factor(c: str, inds) -> int:
    """NT-7.4: old general ×2; each ordinary indicator ×2 for ordinary groups of its
    rank (any suit); each old-general indicator ×2 for old-general groups."""
    f = 2 if c in OLD else 1
    for i in inds:
        if i in OLD:
            if c in OLD:
                f *= 2
        elif c not in OLD and rank_of(c) == rank_of(i):
            f *= 2
    return f


def ref_base(inds, concealed: list[str], melds, win) -> int:
    total = 0
    for kind, c in melds:
        b = MELD_BASE[kind]
        if kind == "pong" and c in inds:  # NT-7.5 once per group
            b *= 2
        total += b * ref_factor(c, inds)
    hand = list(concealed)
    wcard = win.get("card") if win else None
    by = win["by"] if win else None
    if wcard is not None and by not in FROM_OTHER:
        hand.append(wcard)
    for c in set(hand):
        n = hand.count(c)
        if wcard == c and by in FROM_OTHER and n == 2:  # NT-7.3: a pong
            b = 4 if c in inds else 2
        elif n == 4:
            b = 12
        elif n == 3:
            b = 12 if c in inds else 4  # NT-7.5
        else:
            continue
        total += b * ref_factor(c, inds)
    return total


def _seq(c: str) -> tuple[str, str, str] | None:
    r, s = rank_of(c), suit_of(c)
    if r is None or r > 7:
        return None
    return (c, f"{r + 1}{s}", f"{r + 2}{s}")


def ref_partitions(hand: list[str], n_groups: int):
    """Every multiset of n_groups groups + one pair using exactly `hand` (brute force:
    choose the pair, then groups in a non-decreasing order of a fixed candidate list)."""
    out = set()
    have = set(hand)
    cands = [("t", c) for c in ALL if hand.count(c) >= 3]
    cands += [("s", c) for c in ALL if _seq(c) and set(_seq(c)) <= have]

    def cards_of(g):
        return [g[1]] * 3 if g[0] == "t" else list(_seq(g[1]))

    def rec(rest: dict, start: int, left: int, acc: list):
        if left == 0:
            if not any(rest.values()):
                out.add(tuple(acc))
            return
        for i in range(start, len(cands)):
            cs = cards_of(cands[i])
            need = {c: cs.count(c) for c in cs}
            if all(rest.get(c, 0) >= n for c, n in need.items()):
                for c, n in need.items():
                    rest[c] -= n
                rec(rest, i, left - 1, acc + [cands[i]])
                for c, n in need.items():
                    rest[c] += n

    counts = {c: hand.count(c) for c in set(hand)}
    for p in sorted(counts):
        if counts[p] >= 2:
            counts[p] -= 2
            rec(counts, 0, n_groups, [("p", p)])
            counts[p] += 2
    return out


def _wait_ok(g, w: str) -> bool:
    """NT-8.5: the winning card in group g completes the pair, the middle of a sequence,
    the Three of a One–Two–Three or the Seven of a Seven–Eight–Nine."""
    if g[0] == "p":
        return g[1] == w
    if g[0] != "s":
        return False
    a, b, c = _seq(g[1])
    return w == b or (w == c and rank_of(a) == 1) or (w == a and rank_of(a) == 7)


def ref_score(inds, concealed: list[str], melds, win) -> dict:
    """Reference for RULESET.score_hand: base, total, rounded (and the set of shapes
    reaching the best total)."""
    base = ref_base(inds, concealed, melds, win)
    if win is None:
        return {"base": base, "total": base, "rounded": -(-base // 10) * 10, "shapes": {None}}
    by, w = win["by"], win.get("card")
    hand = list(concealed) + ([w] if w is not None else [])
    n_meld_groups = sum(1 for k, _ in melds if k != "hezi")
    held = list(hand) + [c for k, c in melds if k != "hezi" for _ in range(MELD_CARDS[k])]
    elders = all(held.count(c) >= 3 for c in HONOURS)
    pong_like = any(k in ("pong", "exposed_kong", "added_kong") for k, _ in melds) or (
        by in FROM_OTHER and concealed.count(w) == 2
    )
    best, shapes = None, set()
    for part in ref_partitions(hand, 7 - n_meld_groups):
        seqs = [g for g in part if g[0] == "s"]
        wen = sum(1 for g in seqs if g[1] == "1c")
        mult, bonus = 1, 0
        if n_meld_groups == 0 and len(seqs) == 7:
            shape, bonus = "qing", 100
        elif wen == len(seqs):
            shape, bonus, mult = "piao", 50, 2
            if not pong_like:
                mult *= 2  # Closed Floating
        else:
            shape, bonus = "tazi", 20
        bonus += {0: 0, 1: 20, 2: 50, 3: 100, 4: 200}[wen]
        if by in SELF:
            bonus += 10 + (10 if by == "kong_replacement" else 0)
        if w is not None and any(_wait_ok(g, w) for g in part):
            bonus += 10
        for flag in (
            elders,
            by == "heavenly",
            win.get("earthly"),
            win.get("ready"),
            win.get("last_card") and by in SELF,
        ):
            if flag:
                mult *= 2
        total = (base + bonus) * mult
        if best is None or total > best:
            best, shapes = total, {shape}
        elif total == best:
            shapes.add(shape)
    assert best is not None, "not a winning hand"
    return {"base": base, "total": best, "rounded": -(-best // 10) * 10, "shapes": shapes}


def calc(inds, concealed, melds, win) -> dict:
    return RULESET.score_hand(
        {
            "indicators": list(inds),
            "concealed": list(concealed),
            "melds": [{"kind": k, "card": c} for k, c in melds],
            "win": win,
        }
    )


def check(inds, concealed, melds, win):
    got = calc(inds, concealed, melds, win)
    ref = ref_score(inds, concealed, melds, win)
    ctx = (inds, sorted(concealed), melds, win)
    assert got["base"] == ref["base"], ctx
    assert got["total"] == ref["total"], (ctx, got, ref)
    assert got["rounded"] == ref["rounded"], ctx
    assert got["shape"] in ref["shapes"], ctx
    # the breakdown adds up (NT-8.7): items summed, times the multipliers
    f = 1
    for m in got["multipliers"]:
        f *= m["factor"]
    assert sum(i["hu"] for i in got["items"]) * f == got["total"], ctx
    return got, ref


# ============================================================== random hands

ORDINARY = [c for c in ALL if c not in OLD]


def _indicators(rng: random.Random):
    mode = rng.randrange(6)
    if mode == 0:  # two ordinary
        return (rng.choice(ORDINARY), rng.choice(ORDINARY))
    if mode == 1:  # both equal (Hezi possible)
        c = rng.choice(ALL)
        return (c, c)
    if mode == 2:  # old + ordinary
        a, b = rng.choice(sorted(OLD)), rng.choice(ORDINARY)
        return (a, b) if rng.random() < 0.5 else (b, a)
    if mode == 3:  # two old generals
        return (rng.choice(sorted(OLD)), rng.choice(sorted(OLD)))
    if mode == 4:  # nines: 9m/9c are ordinary, 9s is old (NT-2.3)
        return (rng.choice(["9m", "9c", "9s"]), rng.choice(["9m", "9c", "9s", "7s", "QN"]))
    return (rng.choice(ALL), rng.choice(ALL))


def random_case(rng: random.Random):
    """A random legal calculator input whose hand is complete (or a non-winner)."""
    for _ in range(1000):
        inds = _indicators(rng)
        pool = {c: 4 for c in ALL}
        for c in inds:
            pool[c] -= 1
        # a focus of a few kinds makes several partitions likely
        suit = rng.choice("msc")
        focus = [f"{r}{suit}" for r in range(1, 10)] + ["1c", "2c", "3c", "7s", "8s", "9s"] + list(HONOURS)

        def take(c, n, pool=pool):
            if pool[c] < n:
                return False
            pool[c] -= n
            return True

        win_kind = rng.choice(
            [
                "discard",
                "self_draw",
                "kong_replacement",
                "robbed_kong",
                "heavenly",
                "discard",
                "self_draw",
                None,
            ]
        )
        flags = {"earthly": False, "ready": False, "last_card": False}
        if win_kind == "discard" and rng.random() < 0.25:
            flags["earthly"] = True
        if win_kind in ("discard", "self_draw", "robbed_kong") and rng.random() < 0.25:
            flags["ready"] = True
        if win_kind in ("self_draw", "kong_replacement", "discard") and rng.random() < 0.25:
            flags["last_card"] = True
        locked = win_kind == "heavenly" or flags["earthly"] or flags["ready"]
        melds: list[tuple[str, str]] = []
        kinds = ["opening_kong", "opening_triple", "hezi"]
        if not locked:
            kinds += ["pong", "pong", "exposed_kong", "added_kong", "concealed_kong"]
        if win_kind == "kong_replacement":
            k = rng.choice(["exposed_kong", "added_kong", "concealed_kong"])
            c = rng.choice(focus + ALL)
            if not take(c, 4):
                continue
            melds.append((k, c))
        for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
            k = rng.choice(kinds)
            if k == "opening_triple":
                c = rng.choice(inds)
            elif k == "hezi":
                if inds[0] != inds[1] or any(m[0] == "hezi" for m in melds):
                    continue
                c = inds[0]
            else:
                c = rng.choice(focus + ALL)
            if take(c, MELD_CARDS[k]):
                melds.append((k, c))
        n_groups = 7 - sum(1 for k, _ in melds if k != "hezi")
        hand: list[str] = []
        ok = True
        for _ in range(n_groups):
            for _try in range(30):
                r = rng.random()
                if r < 0.45:
                    c = rng.choice([c for c in focus if _seq(c)])
                    if r < 0.08:
                        c = "1c"
                    elif r < 0.12:
                        c = "7s"
                    s = _seq(c)
                    if all(pool[x] >= 1 for x in s):
                        for x in s:
                            pool[x] -= 1
                        hand += s
                        break
                else:
                    c = rng.choice(focus)
                    if take(c, 3):
                        hand += [c] * 3
                        break
            else:
                ok = False
        c = rng.choice(focus)
        for _try in range(30):
            if take(c, 2):
                hand += [c, c]
                break
            c = rng.choice(ALL)
        else:
            ok = False
        if not ok:
            continue
        if win_kind is None:  # a non-winner: drop one card (3m+1 cards)
            hand.remove(rng.choice(hand))
            return inds, hand, melds, None
        win = {"by": win_kind, **flags}
        if win_kind != "heavenly":
            w = rng.choice(hand)
            if win_kind == "robbed_kong":
                # the robbed player holds the other three copies (a pong)
                if pool[w] != 3 or w in inds:
                    continue
            hand.remove(w)
            win["card"] = w
        return inds, hand, melds, win
    raise AssertionError("no case generated")


def test_nt_7_to_9_reference_scorer_matches_the_calculator_on_random_hands():
    """NT-7.1–7.5, NT-8.1–8.7, NT-9.1: 1500 seeded random winning (and non-winning) hands with
    every indicator kind, Hezi, opening declarations, every kong, every `by` and flag."""
    rng = random.Random(20261129)
    seen = set()
    for _ in range(1500):
        inds, hand, melds, win = random_case(rng)
        got, _ref = check(inds, hand, melds, win)
        seen.add(got["shape"])
        seen.update(k for k, _ in melds)
        if win:
            seen.add(win["by"])
            seen.update(f for f in ("earthly", "ready", "last_card") if win[f])
        seen.update(m["what"].split(":")[0] for m in got["multipliers"])
        seen.update(i["what"].split(":")[0] for i in got["items"] if i["rule"] in ("NT-8.3", "NT-8.5"))
    for needed in (
        "qing",
        "piao",
        "tazi",
        None,
        "hezi",
        "opening_triple",
        "opening_kong",
        "pong",
        "exposed_kong",
        "added_kong",
        "concealed_kong",
        "discard",
        "self_draw",
        "kong_replacement",
        "robbed_kong",
        "heavenly",
        "earthly",
        "ready",
        "last_card",
        "Closed Floating",
        "Wenqian",
        "Three Elders",
    ):
        assert needed in seen, needed


def test_nt_8_1_reference_scorer_on_dense_ambiguous_hands():
    """NT-8.1/NT-7.2/NT-8.5: random complete hands drawn from a narrow set of kinds (Coins,
    7s 8s 9s and the honours), so that many partitions compete; every `by`."""
    rng = random.Random(7)
    narrow = [f"{r}c" for r in range(1, 10)] + ["7s", "8s", "9s", "QN", "WF", "RF"]
    done = multi = 0
    while done < 300:
        inds = (rng.choice(narrow + ["9m", "1m", "3s"]), rng.choice(narrow + ["9m", "2m"]))
        pool = {c: 4 - inds.count(c) for c in narrow}
        groups = [[c] * 3 for c in narrow] + [list(_seq(c)) for c in narrow if _seq(c)] * 3
        hand = []
        for _ in range(200):
            g = rng.choice(groups) if len(hand) < 21 else [rng.choice(narrow)] * 2
            if all(pool[c] >= g.count(c) for c in g):
                for c in g:
                    pool[c] -= 1
                hand += g
                if len(hand) == 23:
                    break
        if len(hand) != 23:
            continue
        parts = ref_partitions(hand, 7)
        assert parts
        multi += len(parts) > 1
        by = rng.choice(["discard", "self_draw", "heavenly", "discard"])
        win = {
            "by": by,
            "earthly": by == "discard" and rng.random() < 0.3,
            "ready": by != "heavenly" and rng.random() < 0.3,
            "last_card": by == "self_draw" and rng.random() < 0.3,
        }
        if by != "heavenly":
            win["card"] = rng.choice(hand)
            hand.remove(win["card"])
        check(inds, hand, [], win)
        done += 1
    assert multi > 50


# ============================================================== worked cases (hand-computed)


def _calc(concealed: str, inds: str, melds=(), win=None):
    return calc(cards(inds), cards(concealed), list(melds), win)


def test_nt_2_3_and_nt_7_4_nine_of_strings_is_an_old_general_not_a_nine():
    """NT-2.3/NT-7.4: a 9s triplet is an old-general group: ×2 by itself, never doubled by the
    ordinary Nine indicators 9m/9c, doubled by an old-general indicator; 9m 9c groups are
    doubled by 9m but not by an old-general indicator."""
    rest = "1m2m3m 4m5m6m 2c3c4c 5c6c7c 5s6s7s 2m3m4m 1s1s"
    filler = "1m2m3m 4m5m6m 1c2c3c 4c5c6c 2s3s4s 8m"
    assert _calc("9s9s9s 5s6s7s " + filler, "9m9c")["base"] == 4 * 2  # 7.4.1 only
    assert _calc("9s9s9s 5s6s7s " + filler, "QN9m")["base"] == 4 * 2 * 2
    assert _calc("9s9s9s 5s6s7s " + filler, "QNWF")["base"] == 4 * 2 * 2 * 2
    assert _calc("9s9s9s 5s6s7s " + filler, "9s1c")["base"] == 12 * 2 * 2  # exact match (NT-7.5)
    # 9m: exact 12 ×2 (rank 9); 9c: 4 ×2; the QN indicator doubles neither
    assert _calc("9m9m9m 9c9c9c " + filler, "9mQN")["base"] == 12 * 2 + 4 * 2
    # 7-8-9 of Strings is a sequence (NT-1.3): Qing with the Nine of Strings inside
    r = _calc(rest + " 7s8s", "9m9c", win={"by": "discard", "card": "9s"})
    assert r["shape"] == "qing" and r["total"] == 100


def test_nt_8_5_seven_of_seven_eight_nine_of_strings_and_three_of_one_two_three():
    """NT-8.5: the Seven of 7s8s9s and the Three of 1m2m3m earn +10; the Nine and the One
    (edge waits) do not."""
    base = "4m5m6m 2c3c4c 5c6c7c 5s6s7s 4s5s6s 1s1s"
    seven = _calc(base + " 1m2m3m 8s9s", "9m9c", win={"by": "discard", "card": "7s"})
    nine = _calc(base + " 1m2m3m 7s8s", "9m9c", win={"by": "discard", "card": "9s"})
    three = _calc(base + " 7s8s9s 1m2m", "5m5c", win={"by": "discard", "card": "3m"})
    one = _calc(base + " 7s8s9s 2m3m", "5m5c", win={"by": "discard", "card": "1m"})
    assert (seven["total"], nine["total"]) == (110, 100)
    assert (three["total"], one["total"]) == (110, 100)


def test_nt_8_3_wenqian_in_piao_closed_floating_with_opening_kong_and_hezi():
    """NT-8.2/8.3/8.6/7.4: Piao with one 1c2c3c, an opening kong and a Hezi, self-drawn:
    base = opening kong 5m 16 + Hezi 4c 16×2×2 + concealed 7m 4 + 6m (pair+win) …"""
    r = _calc(
        "1c2c3c 7m7m7m QNQNQN 8s8s8s 6m6m 1s1s1s 2s2s",
        "4c4c",
        melds=[("opening_kong", "5m"), ("hezi", "4c")],
        win={"by": "self_draw", "card": "6m"},
    )
    # base: 5m kong 16; hezi 64; 7m 4; QN 4×2 = 8; 8s 4; 1s 4; 6m triplet (self-drawn) 4 = 104
    # bonuses: Piao 50, Wenqian 20, self-draw 10 → 184; ×2 Piao ×2 Closed Floating = 736
    assert r["base"] == 104 and r["shape"] == "piao"
    assert r["total"] == 736 and r["rounded"] == 740


def test_nt_7_3_discard_completing_the_triplet_loses_closed_floating():
    """NT-7.3/NT-8.6: the same Piao won on a discard 6m: the 6m triplet is a pong (2, no
    Closed Floating, no self-draw)."""
    r = _calc(
        "1c2c3c 7m7m7m QNQNQN 8s8s8s 6m6m 1s1s1s 2s2s",
        "4c4c",
        melds=[("opening_kong", "5m"), ("hezi", "4c")],
        win={"by": "discard", "card": "6m"},
    )
    assert r["base"] == 102 and r["total"] == (102 + 50 + 20) * 2


def test_nt_8_6_three_elders_counts_an_opening_triple():
    """NT-8.6: Three Elders counts exposed cards (an opening triple of QN).  (Its Hezi clause is
    vacuous: a Hezi of an honour uses all four copies with the indicators.)"""
    hand = "WFWFWF RFRFRF 1m2m3m 4m5m6m 7m8m9m 2s2s 5s6s"
    yes = _calc(hand, "QN1c", melds=[("opening_triple", "QN")], win={"by": "discard", "card": "7s"})
    assert any("Three Elders" in m["what"] for m in yes["multipliers"])


def test_nt_9_1_rounding_after_multipliers_and_zero_stays_zero():
    """NT-9.1/NT-8.7: a non-winner with no scoring groups rounds 0 → 0; 22 → 30."""
    r = _calc("1m2m3m 4m5m6m 7m8m9m 1s2s3s 4s5s6s 1c2c3c 4c5c6c 7c", "9m9c")
    assert (r["base"], r["rounded"]) == (0, 0)


def test_calculator_rejects_impossible_hands_with_a_message():
    """The calculator refuses: more copies than exist with the indicators, incomplete, wrong counts."""
    ok = "1m2m3m 4m5m6m 7m8m9m 1s2s3s 4s5s6s 1c2c3c 4c5c6c 7c"
    with pytest.raises(InvalidHand, match="copies"):
        _calc("7c7c7c 1m2m3m 4m5m6m 7m8m9m 1s2s3s 4s5s6s 1c2c3c 2m", "7c7c")
    with pytest.raises(InvalidHand, match="not complete"):
        _calc(ok, "9m9c", win={"by": "discard", "card": "8c"})
    with pytest.raises(InvalidHand, match="must hold"):
        _calc(ok + " 7c", "9m9c")


# ============================================================== whole games vs the reference


def _expected_deal(before: dict, tr: dict, rec: dict) -> tuple[list[int], dict | None]:
    """Totals of every seat from the reference scorer, with the win reconstructed from the
    actions seen (not from the state's own flags)."""
    inds = before["indicators"]
    winner = rec["winner"]
    win = None
    hands = [list(h) for h in before["hands"]]
    if winner is not None:
        phase = before["phase"]
        win = {"earthly": False, "ready": winner in tr["ready"], "last_card": False}
        if phase == "claim":
            win.update(by="discard", card=before["window"]["card"], earthly=tr["earthly_window"])
        elif phase == "rob":
            win.update(by="robbed_kong", card=before["window"]["card"])
        elif not tr["dealer_discarded"]:
            win.update(by="heavenly")  # NT-4.6
        else:
            kind, card, empty = tr["last_draw"]
            win.update(by="kong_replacement" if kind == "back" else "self_draw", card=card, last_card=empty)
            hands[winner].remove(card)
        if win["by"] in FROM_OTHER:
            win["last_card"] = rec["win"]["last_card"]  # informative only (no effect, NT-8.6)
        if win["by"] == "heavenly":
            win["last_card"] = rec["win"]["last_card"]
    totals = []
    for s in range(3):
        melds = [(m["kind"], m["card"]) for m in before["melds"][s]]
        totals.append(ref_score(inds, hands[s], melds, win if s == winner else None)["total"])
    return totals, win


def _play_checked(seed: int, deals: int, levels: tuple[str, ...]) -> list[dict]:
    st = RULESET.new_game(seed, {"deals": deals})
    pols = [RULESET.policy(lv) for lv in levels]
    rng = random.Random(seed)

    def fresh():
        return {"ready": set(), "dealer_discarded": False, "earthly_window": False, "last_draw": None}

    tr, seen, dealers = fresh(), [], [st.full_state()["dealer"]]
    while not st.is_finished():
        seat = st.to_act()[0]
        action = pols[seat](st.view(seat), st.legal_actions(seat), rng)
        before = st.full_state()
        st.apply(seat, action.id)
        after = st.full_state()
        head = action.id.partition(":")[0]
        if before["phase"] == "preparation" and head == "ready":
            tr["ready"].add(seat)
        if before["phase"] == "play" and head in ("discard", "added_kong", "concealed_kong"):
            tr["earthly_window"] = head == "discard" and not tr["dealer_discarded"]
            tr["dealer_discarded"] = True
        if len(after["deal_results"]) > len(before["deal_results"]):
            rec = after["deal_results"][-1]
            totals, win = _expected_deal(before, tr, rec)
            assert rec["totals"] == totals, (seed, rec, win)
            if win is not None:
                assert rec["win"] == {k: win.get(k) for k in rec["win"]}, (seed, rec["win"], win)
            r = rec["rounded"]
            assert r == [-(-t // 10) * 10 for t in totals]
            assert rec["settlement"] == [
                (r[s] - r[o]) + (r[s] - r[3 - s - o]) for s in range(3) for o in [(s + 1) % 3]
            ]  # NT-9.2
            assert sum(rec["settlement"]) == 0
            seen.append(rec)
            tr = fresh()
            if not st.is_finished():
                dealers.append(after["dealer"])
                # NT-3.3: a new deal; the new dealer holds 23 cards, the others 22
                assert after["phase"] == "preparation" and len(after["stock"]) == 51
                assert [len(h) for h in after["hands"]] == [
                    23 if s == after["dealer"] else 22 for s in range(3)
                ]
            continue
        if len(after["stock"]) < len(before["stock"]) and after["phase"] != "preparation":
            if after["stock"] == before["stock"][1:]:
                tr["last_draw"] = ("front", before["stock"][0], not after["stock"])
            else:
                assert after["stock"] == before["stock"][:-1]  # NT-3.2 replacements from the back
                tr["last_draw"] = ("back", before["stock"][-1], not after["stock"])
    assert dealers == [(dealers[0] + i) % 3 for i in range(deals)]  # NT-3.3
    res = st.result()
    assert res["scores"] == [sum(r["settlement"][s] for r in seen) for s in range(3)]
    assert sum(res["scores"]) == 0
    for p in res["players"]:  # the breakdown lists every item and adds up to the score
        assert sum(line["points"] for line in p["breakdown"]) == p["score"] == res["scores"][p["seat"]]
    return seen


def test_nt_9_2_and_nt_3_3_whole_games_match_the_reference_scorer():
    """NT-4 … NT-9, NT-3.3: seeded games (basic and random AIs, matches of 1–3 deals); at the
    end of every deal each seat's total equals the reference scorer's, with the win's `by`,
    earthly, ready and last-card facts reconstructed from the actions; the settlement is
    pairwise and sums to zero; the dealer rotates."""
    bys = set()
    for seed in range(14):
        deals = 1 + seed % 3
        levels = ("basic", "basic", "random") if seed % 2 else ("basic", "basic", "basic")
        for rec in _play_checked(seed, deals, levels):
            bys.add(rec["win"]["by"] if rec["win"] else "exhausted")
    assert {"discard", "self_draw", "exhausted"} <= bys, bys


# ============================================================== stacked decks

WAIT_5S = "1m2m3m 4c5c6c 1s2s3s 6m7m8m 2c3c4c 7c8c9c QNQN 4s6s"  # waits on 5s (middle)
WAIT_5S_B = "1m2m3m 4c5c6c 1s2s3s 6m7m8m 2c3c4c 7c8c9c WFWF 4s6s"


def _new(dealer, hands, inds, front="", back="", deals=1, fill_seed=0):
    return RULESET.new_game(
        1, {"dealer": dealer, "deals": deals}, make_deck(dealer, hands, inds, front, back, fill_seed)
    )


def _discard_drawn(st):
    st.apply(st.current, f"discard:{st.full_state()['drawn']}")


def _last_record(st):
    return st.full_state()["deal_results"][-1]


def test_nt_4_1_preparation_order_and_replacements_from_the_back():
    """NT-4.1: preparation from the dealer (dealer 1: seats 1, 2, 0); NT-3.2/NT-4.2/NT-4.4:
    opening-kong and Hezi replacements come from the back of the stock, in order."""
    st = _new(1, {2: "6m6m6m6m", 0: "4c4c"}, "4c4c", back="RF WF QN")
    order = []
    assert st.to_act() == [1]
    st.apply(1, "finish")
    order.append(1)
    assert st.to_act() == [2] and "declare_kong:6m" in ids(st, 2)
    st.apply(2, "declare_kong:6m")
    assert st.full_state()["hands"][2].count("RF") >= 1 and st.stock_count == 50
    assert st.full_state()["stock"][-1] == "WF"
    st.apply(2, "finish")
    assert st.to_act() == [0] and "hezi" in ids(st, 0)
    st.apply(0, "hezi")
    assert st.stock_count == 48
    st.apply(0, "finish")
    assert st.phase == "play" and st.to_act() == [1]  # NT-4.6: the dealer discards first
    assert st.view(None)["seats"][0]["hand_count"] == 22 and st.view(None)["seats"][2]["hand_count"] == 19


def test_nt_4_1_replacement_cards_never_make_an_opening_declaration():
    """NT-4.1: two dealt 7c + a replacement 7c is no opening triple (NT-4.3); three dealt 5m +
    a replacement 5m is no opening kong (NT-4.2); the dealt 6m kong still is."""
    st = _new(0, {0: "6m6m6m6m 7c7c 5m5m5m"}, "7c9m", back="7c 5m")
    assert "declare_triple:7c" not in ids(st, 0)
    st.apply(0, "declare_kong:6m")
    fs = st.full_state()
    assert fs["hands"][0].count("7c") == 3
    assert "declare_triple:7c" not in ids(st, 0)
    assert "declare_kong:5m" not in ids(st, 0)


def test_nt_4_5_ready_hand_is_locked_against_concealed_kongs():
    """NT-4.5: a ready player holding four 5c cannot kong (concealed or opening after ready)
    and must discard the drawn card; IllegalAction cites NT-4.5."""
    hand = "5c5c5c5c 6c7c 1m2m3m 4m5m6m 1s2s3s 4s5s6s 7s8s9s QN"  # waits on QN
    st = _new(0, {0: "RF", 1: hand}, "9m9c", front="8m")
    st.apply(0, "finish")
    assert "ready" in ids(st, 1) and "declare_kong:5c" in ids(st, 1)
    st.apply(1, "ready")
    finish_prep(st)
    st.apply(0, "discard:RF")
    pass_window(st)
    assert ids(st, 1) == ["discard:8m"]
    with pytest.raises(IllegalAction) as e:
        st.apply(1, "concealed_kong:5c")
    assert e.value.rule == "NT-4.5"


def test_nt_4_6_heavenly_win_after_an_opening_kong_scores_without_card_bonuses():
    """NT-4.6/NT-8.8: the dealer declares an opening kong, the replacement completes the
    hand: a heavenly win (×2), no self-draw, no kong-replacement or wait bonus."""
    hand = "7m7m7m7m 1s2s3s 4s5s6s 1c2c3c 4c5c6c 7c8c9c 2m3m4m QN"
    st = _new(0, {0: hand}, "9m9c", back="QN")
    st.apply(0, "declare_kong:7m")
    finish_prep(st)
    assert ids(st, 0)[0] == "win"
    st.apply(0, "win")
    rec = _last_record(st)
    assert rec["win"]["by"] == "heavenly"
    # opening kong 16; Tazi 20; Wenqian 20 → 56 ×2 heavenly = 112
    assert rec["totals"][0] == 112 and rec["rounded"][0] == 120


def test_nt_8_6_earthly_and_ready_stack_on_the_dealers_first_discard():
    """NT-8.6: seat 1 declared ready and wins on the dealer's first discard: earthly ×2 and
    ready ×2 (Qing 100 + middle wait 10 = 110 → 440)."""
    st = _new(0, {0: "5s", 1: WAIT_5S}, "9m9c")
    st.apply(0, "finish")
    st.apply(1, "ready")
    finish_prep(st)
    st.apply(0, "discard:5s")
    st.apply(1, "win")
    st.apply(2, "pass")
    rec = _last_record(st)
    assert rec["win"]["earthly"] and rec["win"]["ready"]
    assert rec["totals"][1] == 440


def test_nt_5_2_robbing_an_added_kong_goes_to_the_first_seat_after_the_konger():
    """NT-5.2/NT-6.1: both other seats can rob seat 1's added 5s kong; seat 2 (next after
    seat 1) wins, by robbed_kong: no self-draw bonus, Qing 100 + middle 10."""
    st = _new(0, {0: "5s " + WAIT_5S_B, 1: "5s5s 8m", 2: WAIT_5S}, "9c9m", front="RF WF 5s")
    finish_prep(st)
    st.apply(0, "discard:5s")
    st.apply(1, "pong:5s")
    st.apply(2, "pass")
    st.apply(1, "discard:8m")
    pass_window(st)
    _discard_drawn(st)  # seat 2 drew RF
    pass_window(st)
    _discard_drawn(st)  # dealer drew WF
    pass_window(st)
    st.apply(1, "added_kong:5s")
    assert ids(st, 0) == ["win", "pass"] and ids(st, 2) == ["win", "pass"]
    st.apply(0, "win")
    st.apply(2, "win")
    rec = _last_record(st)
    assert rec["winner"] == 2 and rec["win"]["by"] == "robbed_kong"
    assert rec["totals"][2] == 110
    assert rec["melds"][1] == [{"kind": "pong", "card": "5s", "cards": ["5s"] * 3}]  # the kong never stood


def test_nt_6_1_a_win_beats_an_exposed_kong_claim_from_an_earlier_seat():
    """NT-6.1: seat 1 (first after the dealer) claims a kong, seat 2 wins: the win settles."""
    st2 = _new(0, {0: "6m", 1: "6m6m6m", 2: "1m2m3m 4c5c6c 1s2s3s 4s5s6s 2c3c4c 7c8c9c QNQN 7m8m"}, "9m9c")
    finish_prep(st2)
    st2.apply(0, "discard:6m")
    assert "kong:6m" in ids(st2, 1) and "win" in ids(st2, 2)
    st2.apply(1, "kong:6m")
    st2.apply(2, "win")
    rec = _last_record(st2)
    assert rec["winner"] == 2 and rec["win"]["by"] == "discard" and rec["melds"][1] == []


def test_nt_5_3_no_added_kong_on_the_last_card_and_nt_8_6_last_card_self_draw():
    """NT-5.3: seat 1 draws the fourth 5s as the last stock card: no added kong (no stock
    for the replacement).  NT-6.6: its discard can still be claimed."""
    st = _new(0, {0: "5s 9m", 1: "5s5s 8m"}, "9c1c", back="5s")
    finish_prep(st)
    st.apply(0, "discard:5s")
    st.apply(1, "pong:5s")
    st.apply(2, "pass")
    st.apply(1, "discard:8m")
    pass_window(st)
    while st.stock_count > 0:
        if st.phase in ("claim", "rob"):
            pass_window(st)
        else:
            _discard_drawn(st)
    assert st.current == 1 and st.full_state()["drawn"] == "5s"
    assert not any("kong" in a for a in ids(st, 1))
    st.apply(1, "discard:5s")
    assert st.phase == "claim"
    pass_window(st)
    assert st.is_finished() and st.result()["outcome"] == "exhausted"


def test_nt_6_6_the_last_discard_can_be_won():
    """NT-6.6: the dealer draws the last stock card (5s) and discards it; seat 2 wins on it
    by discard; the last-card multiplier is for a self-draw only (NT-8.6)."""
    st = _new(0, {2: WAIT_5S}, "9m9c", back="5s", fill_seed=11)
    finish_prep(st)
    st.apply(0, ids(st, 0)[-1])
    while st.stock_count > 0:
        if st.phase in ("claim", "rob"):
            pass_window(st)
        else:
            _discard_drawn(st)
    assert st.current == 0 and st.full_state()["drawn"] == "5s"
    st.apply(0, "discard:5s")
    assert "win" in ids(st, 2)
    st.apply(1, "pass")
    st.apply(2, "win")
    rec = _last_record(st)
    assert rec["win"]["by"] == "discard" and rec["totals"][2] == 110


# ============================================================== legal actions vs the rules

_IDX = {c: i for i, c in enumerate(ALL)}


def _ref_complete(hand: list[str], groups: int) -> bool:
    if len(hand) != 3 * groups + 2:
        return False
    v = [0] * len(ALL)
    for c in hand:
        v[_IDX[c]] += 1
    return _complete_counts(tuple(v), True)


_memo: dict = {}


def _complete_counts(v: tuple, pair: bool) -> bool:
    key = (v, pair)
    if key in _memo:
        return _memo[key]
    i = next((k for k, n in enumerate(v) if n), None)
    if i is None:
        res = not pair
    else:
        res = False
        w = list(v)
        if v[i] >= 3:
            w[i] -= 3
            res = _complete_counts(tuple(w), pair)
            w[i] += 3
        if not res and pair and v[i] >= 2:
            w[i] -= 2
            res = _complete_counts(tuple(w), False)
            w[i] += 2
        if not res and _seq(ALL[i]) and v[i + 1] and v[i + 2]:
            w[i] -= 1
            w[i + 1] -= 1
            w[i + 2] -= 1
            res = _complete_counts(tuple(w), pair)
    _memo[key] = res
    return res


def _ref_legal(fs: dict, seat: int, orig: list[list[str]], after_pong: bool, first: bool) -> set[str]:
    """The legal action ids from the rules (NT-4 … NT-6), computed from the full state."""
    hand = fs["hands"][seat]
    melds = fs["melds"][seat]
    groups = 7 - sum(1 for m in melds if m["kind"] != "hezi")
    stock = len(fs["stock"])
    inds = fs["indicators"]
    ready = fs["ready"][seat]
    out: set[str] = set()
    if fs["phase"] == "preparation":
        if seat != fs["current"]:
            return out
        o = orig[seat]
        out |= {f"declare_kong:{c}" for c in set(o) if o.count(c) == 4}  # NT-4.2
        out |= {f"declare_triple:{c}" for c in set(inds) if o.count(c) >= 3}  # NT-4.3
        if inds[0] == inds[1] and o.count(inds[0]) >= 2 and stock >= 2:  # NT-4.4
            out.add("hezi")
        if seat != fs["dealer"] and any(
            _ref_complete(hand + [c], groups) for c in ALL if hand.count(c) < 4
        ):  # NT-4.5
            out.add("ready")
        out.add("finish")
        return out
    if fs["phase"] == "play":
        if seat != fs["current"]:
            return out
        if not after_pong and _ref_complete(hand, groups):
            out.add("win")
        if ready:  # NT-4.5
            out.add(f"discard:{fs['drawn']}")
            return out
        if not after_pong and not first and stock >= 1:  # NT-5.2, NT-5.3
            out |= {f"concealed_kong:{c}" for c in set(hand) if hand.count(c) == 4}
            out |= {f"added_kong:{m['card']}" for m in melds if m["kind"] == "pong" and m["card"] in hand}
        out |= {f"discard:{c}" for c in set(hand)}
        return out
    if seat not in fs["window"]["pending"]:
        return out
    card = fs["window"]["card"]
    if _ref_complete(hand + [card], groups):
        out.add("win")
    if fs["phase"] == "claim" and not ready:  # NT-6.2 … NT-6.4
        if hand.count(card) >= 2:
            out.add(f"pong:{card}")
        if hand.count(card) >= 3 and stock >= 1:
            out.add(f"kong:{card}")
    out.add("pass")
    return out


def test_nt_4_to_6_legal_actions_match_an_independent_generator():
    """NT-4.1 … NT-6.7: in seeded games (random AIs take every kind of action, basic AIs win)
    the offered actions equal the rules' legal actions at every step."""
    counted = {}
    for seed in range(30):
        st = RULESET.new_game(100 + seed, {"deals": 2})
        pols = [RULESET.policy("random" if (s + seed) % 3 else "basic") for s in range(3)]
        rng = random.Random(seed)
        fs = st.full_state()
        orig = [list(h) for h in fs["hands"]]
        deal = fs["deal"]
        after_pong = dealer_discarded = False
        while not st.is_finished():
            fs = st.full_state()
            if fs["deal"] != deal:
                deal, orig = fs["deal"], [list(h) for h in fs["hands"]]
                after_pong = dealer_discarded = False
                first = fs["phase"] == "play"
            first = fs["phase"] == "play" and not dealer_discarded  # NT-4.6
            for s in range(3):
                got = {a.id for a in st.legal_actions(s)}
                assert got == _ref_legal(fs, s, orig, after_pong, first), (seed, s, fs["phase"])
            seat = st.to_act()[0]
            action = pols[seat](st.view(seat), st.legal_actions(seat), rng)
            head, _, c = action.id.partition(":")
            counted[head] = counted.get(head, 0) + 1
            phase = fs["phase"]
            st.apply(seat, action.id)
            if head == "declare_kong":
                for _ in range(4):
                    orig[seat].remove(c)
            elif head == "declare_triple":
                for _ in range(3):
                    orig[seat].remove(c)
            elif head == "hezi":
                for _ in range(2):
                    orig[seat].remove(fs["indicators"][0])
            if phase == "play":
                after_pong = False
                dealer_discarded = True
            after = st.full_state()
            if phase == "claim" and after["phase"] == "play" and after["deal"] == deal:
                mine = after["melds"][after["current"]]
                after_pong = (
                    bool(mine)
                    and mine[-1]["kind"] == "pong"
                    and after["drawn"] is None
                    and len(mine) > len(fs["melds"][after["current"]])
                )
    for head in ("pong", "kong", "concealed_kong", "discard", "pass", "finish"):
        assert counted.get(head), (head, counted)


def test_nt_8_4_and_nt_8_6_win_on_a_kong_replacement_that_is_the_last_card():
    """NT-8.4/NT-8.6/NT-5.3: with one stock card left seat 2 declares a concealed kong; the
    replacement (the last card, from the back) completes the hand: self-draw +10, kong
    replacement +10, pair wait +10, last card ×2 (reading: a replacement is drawn too)."""
    hand = "7m7m7m7m 1m2m3m 4c5c6c 1s2s3s 4s5s6s 2c3c4c 7c8c QN"
    st = _new(0, {2: hand}, "9m9c", back="QN 9c", fill_seed=4)
    finish_prep(st)
    st.apply(0, ids(st, 0)[-1])
    while st.stock_count > 1 or st.phase != "play":
        if st.phase in ("claim", "rob"):
            pass_window(st)
        else:
            _discard_drawn(st)
    assert st.current == 2 and st.full_state()["drawn"] == "9c"
    assert "concealed_kong:7m" in ids(st, 2)
    st.apply(2, "concealed_kong:7m")
    assert st.stock_count == 0 and st.full_state()["drawn"] == "QN"
    st.apply(2, "win")
    rec = _last_record(st)
    assert rec["win"] == {
        "by": "kong_replacement",
        "card": "QN",
        "earthly": False,
        "ready": False,
        "last_card": True,
    }
    # concealed kong 12; Tazi 20 (a kong is no sequence); self-draw 10 + 10; pair 10 → 62 ×2
    assert rec["totals"][2] == 124 and rec["rounded"][2] == 130
