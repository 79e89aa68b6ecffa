"""Scores a person can check by hand (docs/api.md, "Reading a breakdown"): every breakdown
line's arithmetic multiplies out as written and gives the line's points, and the lines add
up to the score — over many seeded finished games of every ruleset, in every language the
service speaks (each line worded again from its `message`, as a reader receives it)."""

from __future__ import annotations

import functools
import random
import re
from collections import Counter

import pytest

from domain.base import random_policy
from domain.nantong import RULESET as NANTONG
from domain.nantong.scoring import breakdown, settlement_lines
from domain.narration import render
from domain.registry import RULESETS
from service.i18n import LANGUAGES, translator
from service.narration import narrator_for
from service.wording import rendered

NOTE = re.compile(
    r"[(（][^()（）]*[)）]"
)  # a reason in parentheses (Chinese: full-width) is not part of the sum
ADDED = re.compile(r"\(([+−-]?\d+)\)\s*$")  # a multiplier line's "(+60)"
BARE = re.compile(r"(?<!\w)\d+(?!\w)")  # a number standing alone (a card code like 1m is not)
TOKEN = re.compile(r"\S*\d\S*|[×+−]")  # numbers (and anything glued to a digit) and operators


def number(text: str) -> int:
    text = text.strip()
    assert re.fullmatch(r"[+−-]?\d+", text), f"not a number: {text!r}"
    return -int(text[1:]) if text[0] in "−-" else int(text.lstrip("+"))


def evaluate(expression: str, line: str) -> int:
    """Numbers joined by ×, + and −, × first; words between them (base, Nails...) are read
    past. A token glued to a digit ("1m") inside the sum is a text that does not multiply
    out as written."""
    tokens = TOKEN.findall(expression)
    assert tokens and len(tokens) % 2 == 1, f"{line!r}: no arithmetic in {expression!r}"
    terms: list[int] = []
    sign, product = 1, None
    for i, tok in enumerate(tokens):
        if i % 2 == 0:
            value = number(tok)
            product = value if product is None else product * value
        else:
            assert tok in "×+−", f"{line!r}: {tok!r} where an operator belongs"
            if tok != "×":
                terms.append(sign * product)
                sign, product = (1 if tok == "+" else -1), None
    terms.append(sign * product)
    return sum(terms)


def without_notes(text: str) -> str:
    """The text without its reasons in parentheses, nested ones included."""
    while (shorter := NOTE.sub("", text)) != text:
        text = shorter
    return text


def check_line(line: dict, running: int, card_names: tuple[str, ...] = ()) -> tuple[int, bool]:
    """Check one line against the running total of the lines above it (same deal);
    returns the new running total and whether the text held arithmetic. A card's name is a
    word of the text, whatever digits or parentheses it holds ("flower 4", "Two of Myriads (二萬)")."""
    what, points = line["what"], line["points"]
    for name in card_names:  # longest first: no name is cut inside another
        what = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "CARD", what)
    added = ADDED.search(what)
    tail = without_notes(what).replace("：", ": ")  # Chinese writes the full-width colon
    if ": " not in tail:
        assert not BARE.search(tail), f"{what!r}: a number outside any arithmetic"
        return running + points, False
    tail = tail.rsplit(": ", 1)[1]
    if "=" in tail:
        expression, result = tail.split("=")
        value = number(result.split()[0])
        assert evaluate(expression, what) == value, f"{what!r} does not multiply out"
        if added is not None:  # "×2 Piao Hu: 60 × 2 = 120 (+60)"
            assert number(TOKEN.findall(expression)[0]) == running, f"{what!r}: not the running total"
            assert number(added.group(1)) == points == value - running, what
        else:
            assert value == points, f"{what!r} reads {value}, the line scores {points}"
        return running + points, True
    figures = TOKEN.findall(tail)
    if figures:  # one figure, the line's points: "exposed pong 6s: base 2", "1 trick won: 3 cards"
        assert len(figures) == 1, f"{what!r}: {figures} outside any arithmetic"
        assert number(figures[0]) == points, f"{what!r} reads {tail}, the line scores {points}"
        return running + points, True
    return running + points, False


def check_result(result: dict, card_names: tuple[str, ...] = ()) -> Counter:
    """Every player's lines check and add up to their score; counts the lines by kind."""
    seen: Counter = Counter()
    for player in result["players"]:
        running: dict[object, int] = {}
        for line in player["breakdown"]:
            deal = line.get("deal")
            running[deal], arithmetic = check_line(line, running.get(deal, 0), card_names)
            seen["arithmetic" if arithmetic else "words"] += 1
            seen["multiplier"] += "factor" in line
            seen["settlement"] += bool(line.get("settlement"))
        assert sum(running.values()) == player["score"] == result["scores"][player["seat"]]
    return seen


def finished(ruleset_id: str, seed: int, level: str, options: dict | None = None) -> dict:
    ruleset = RULESETS[ruleset_id]
    policy = random_policy if level == "random" else ruleset.policy(level)
    state = ruleset.new_game(seed, options or {}, None)
    rng = random.Random(seed)
    while not state.is_finished():
        seat = state.to_act()[0]
        state.apply(seat, policy(state.view(seat), state.legal_actions(seat), rng).id)
    return state.result()


@functools.cache  # the same games for every language: played once per ruleset and process
def results(ruleset_id: str) -> tuple[dict, ...]:
    found = [finished(ruleset_id, seed, "basic" if seed % 2 else "random") for seed in range(40)]
    if ruleset_id == "nantong":  # matches too: lines per deal, prefixed "deal N: "
        found += [finished("nantong", seed, "basic", {"deals": 3}) for seed in range(6)]
    return tuple(found)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_every_breakdown_line_of_many_games_multiplies_out_as_written(ruleset_id, language):
    """As a reader gets the lines: in the language, the cards by their names."""
    words = translator(language)
    narrator = narrator_for(RULESETS[ruleset_id], words)
    names = tuple(sorted(set(narrator.names.values()), key=len, reverse=True))
    seen: Counter = Counter()
    for result in results(ruleset_id):
        seen += check_result(rendered(result, words, narrator.names_of), names)
    if ruleset_id == "nantong":
        assert seen["settlement"], seen
    if ruleset_id != "sisepai":  # Sì Sè Pái lines name melds and their points: no arithmetic
        assert seen["arithmetic"] >= len(results(ruleset_id)), seen  # some in every game, on average


def test_the_exact_indicator_pong_reads_as_it_scores():
    """NT-7.5 with NT-7.4: a pong of 1m with indicator 1m: 2 × 2 (exact) × 2 (rank 1) = 8."""
    score = NANTONG.score_hand(
        {
            "indicators": ["1m", "9c"],
            "concealed": ["2s", "3s", "4s"] * 2 + ["5s", "6s", "7s"] * 4 + ["7m"],
            "melds": [{"kind": "pong", "card": "1m"}],
            "win": None,
        }
    )
    pong = score["items"][0]
    assert pong["what"] == (
        "exposed pong 1m: base 2 × 2 (exact indicator match, NT-7.5) × 2 (indicator 1m of rank 1, NT-7.4) = 8"
    )
    assert pong["hu"] == 8
    total = score["rounded"]
    check_result({"players": [{"seat": 0, "score": total, "breakdown": breakdown(score)}], "scores": [total]})


G = "1m2m3m 4m5m6m 7m8m9m 1s2s3s 4s5s6s"  # five sequences, no base hu (indicators 9m 9c)


@pytest.mark.parametrize(
    "concealed,indicators,melds,win,total",
    [
        # NT-8.2/8.3/8.6/7.4: Piao, Wenqian, Closed Floating, an opening kong and a Hezi
        (
            "1c2c3c 7m7m7m QNQNQN 8s8s8s 6m6m 1s1s1s 2s2s",
            "4c4c",
            [{"kind": "opening_kong", "card": "5m"}, {"kind": "hezi", "card": "4c"}],
            {"by": "self_draw", "card": "6m"},
            736,
        ),
        # NT-8.6: earthly and ready stack (×4)
        (
            G + " 2c3c4c 7c9c QNQN",
            "9m9c",
            [],
            {"card": "8c", "by": "discard", "earthly": True, "ready": True},
            440,
        ),
        # NT-8.6: heavenly ×2
        (G + " 2c3c4c 7c8c9c QNQN", "9m9c", [], {"by": "heavenly"}, 200),
    ],
)
def test_multiplier_lines_multiply_the_running_total(concealed, indicators, melds, win, total):
    """NT-8.7: "×2 Piao Hu: 184 × 2 = 368 (+184)" — each multiplier line starts from the
    total of the lines above it; the rounding line closes the sum (NT-9.1)."""
    body = {
        "indicators": [indicators[:2], indicators[2:]],
        "concealed": concealed.replace(" ", ""),
        "melds": melds,
    }
    body["concealed"] = [body["concealed"][i : i + 2] for i in range(0, len(body["concealed"]), 2)]
    score = NANTONG.score_hand({**body, "win": win})
    assert score["total"] == total
    lines = breakdown(score)
    seen = check_result(
        {
            "players": [{"seat": 0, "score": score["rounded"], "breakdown": lines}],
            "scores": [score["rounded"]],
        }
    )
    assert seen["multiplier"] == len(score["multipliers"]) >= 1


def test_nantong_settlement_is_shown_pairwise():
    """NT-9.2: "+30 from seat 1: 80 − 50 = 30", one line per opponent."""
    lines = settlement_lines(0, [80, 50, 110])
    assert [line["what"] for line in lines] == [
        "rounded total 80 is settled pairwise with each opponent below: −80",
        "+30 from seat 1: 80 − 50 = 30",
        "−30 to seat 2: 80 − 110 = −30",
    ]
    assert sum(line["points"] for line in lines) == -80 + 30 - 30


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_no_english_breakdown_line_is_left_in_french(ruleset_id):
    """Every line is worded from its message: in French none reads as its English text, and
    the English rendering of the message is the `what` the domain logged."""
    french = translator("fr")
    lines = 0
    for result in results(ruleset_id):
        for logged, worded in zip(result["players"], rendered(result, french)["players"], strict=True):
            for line, line_fr in zip(logged["breakdown"], worded["breakdown"], strict=True):
                assert line_fr["message"] == line["message"]
                assert render(line["message"]) == line["what"]
                assert line_fr["what"] != line["what"], line["what"]
                lines += 1
    assert lines > 100


@pytest.mark.parametrize("language", ["en", "zh", "fr"])
@pytest.mark.parametrize("ruleset_id", ["nantong", "sisepai"])
def test_a_reader_gets_the_cards_names_where_the_log_keeps_codes(ruleset_id, language):
    """NT-7.1 ("exposed pong 8m: base 2") and SSP-6.2 ("command rK rA rE"): the log keeps the
    codes, the lines a reader gets name the cards in the reader's language."""
    words = translator(language)
    narrator = narrator_for(RULESETS[ruleset_id], words)
    codes = set(narrator.names)
    named = 0
    for result in results(ruleset_id):
        logged = [line for player in result["players"] for line in player["breakdown"]]
        read = [
            line
            for player in rendered(result, words, narrator.names_of)["players"]
            for line in player["breakdown"]
        ]
        for line, worded in zip(logged, read, strict=True):
            tokens = set(re.findall(r"[^\s,:()，：]+", worded["what"]))
            assert not tokens & codes, (worded["what"], tokens & codes)
            named += any(token in codes for token in re.findall(r"[^\s,:()]+", line["what"]))
    assert named > 20
