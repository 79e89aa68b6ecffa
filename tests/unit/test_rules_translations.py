"""Translated rules keep the canonical English rules' frame in place.

A refusal cites a rule by number (NT-6.2) in every language, and the web table shows the rules in
the page's language, so a translation (`rules.<lang>.md` beside `rules.md`) must define the same
rules in the same order, mention the same rule numbers, keep every **[R]** marker and code span
(card codes such as `rK`), and keep the headings and the tables' rows and columns. The words
between are the translator's.
"""

from __future__ import annotations

import collections
import re

import pytest

from domain.base import CANONICAL_RULES_LANGUAGE
from domain.registry import RULESETS
from service.i18n import LANGUAGES

# A rule number of any ruleset: its upper-case prefix (SSP, NT, CP, a new ruleset's own), a dash,
# the numbers.
RULE = re.compile(r"\b[A-Z]{2,5}-\d+(?:\.\d+)?\b")
DEFINED = re.compile(r"^(?:- |## )([A-Z]{2,5}-\d+(?:\.\d+)?)\b", re.M)
CODE = re.compile(r"`[^`]+`")


def frame(text: str) -> dict[str, object]:
    """What a translation keeps of the English: everything but the words."""
    lines = text.splitlines()
    return {
        "rules defined, in order": DEFINED.findall(text),
        "rule numbers mentioned": sorted(collections.Counter(RULE.findall(text)).items()),
        "[R] markers": text.count("**[R]**"),
        "code spans": sorted(collections.Counter(CODE.findall(text)).items()),
        "table rows (their | counts)": [line.count("|") for line in lines if line.lstrip().startswith("|")],
        "heading levels": [line.split(" ", 1)[0] for line in lines if line.startswith("#")],
        "list items (their indentation)": [
            len(line) - len(line.lstrip()) for line in lines if line.lstrip().startswith("- ")
        ],
    }


TRANSLATIONS = [
    (ruleset_id, language)
    for ruleset_id, ruleset in RULESETS.items()
    for language in ruleset.rules_languages()
    if language != CANONICAL_RULES_LANGUAGE
]


def test_every_ruleset_is_translated_into_every_language_of_the_service():
    for ruleset_id, ruleset in RULESETS.items():
        assert set(ruleset.rules_languages()) == set(LANGUAGES), ruleset_id
        assert ruleset.rules_languages()[0] == CANONICAL_RULES_LANGUAGE


@pytest.mark.parametrize(("ruleset_id", "language"), TRANSLATIONS)
def test_a_translation_keeps_the_rules_frame(ruleset_id, language):
    ruleset = RULESETS[ruleset_id]
    english, translated = frame(ruleset.rules_text()), frame(ruleset.rules_text(language))
    for what, expected in english.items():
        assert translated[what] == expected, f"{ruleset_id} {language}: {what}"


@pytest.mark.parametrize(("ruleset_id", "language"), TRANSLATIONS)
def test_a_translation_is_written_in_its_language(ruleset_id, language):
    """Not the English left in place: no English sentence of the rules survives whole, and the
    title names the ruleset by its id."""
    ruleset = RULESETS[ruleset_id]
    english, translated = ruleset.rules_text(), ruleset.rules_text(language)
    title = translated.splitlines()[0]
    assert title.startswith("# ") and title.endswith(f"`{ruleset_id}`")
    # sentences of English words (not a list of names such as "Tian Jiu > Di Ba > Ren Qi")
    sentences = [
        s.strip()
        for s in re.split(r"(?<=[.:])\s", english)
        if sum(1 for w in s.split() if re.fullmatch(r"[a-z]+", w)) >= 4
    ]
    assert sentences
    kept = [s for s in sentences if s in translated]
    assert not kept, f"{ruleset_id} {language} keeps English sentences: {kept[:3]}"


def test_a_frame_change_is_caught():
    """The check fails on what it guards: a rule number changed, a marker or a table row lost."""
    english = RULESETS["nantong"].rules_text()
    assert frame(english.replace("NT-6.2", "NT-6.9", 1)) != frame(english)
    assert frame(english.replace("**[R]**", "[R]", 1)) != frame(english)
    assert frame(english.replace("| exposed pong | 2 |\n", "", 1)) != frame(english)
    assert frame(english.replace("`1m`", "1m", 1)) != frame(english)


def test_an_unknown_translation_is_refused():
    with pytest.raises(KeyError):
        RULESETS["sisepai"].rules_text("xx")
