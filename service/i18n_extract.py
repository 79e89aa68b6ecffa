"""A Babel extraction method for the words that live in each ruleset's facts, not in a literal:
the ruleset's name and summary, its AI levels' descriptions and summaries, its game options'
descriptions and every card's name (`Ruleset.cards()`), each with the ruleset
id as its context (msgctxt). babel.cfg applies it to domain/registry.py, the list of rulesets;
the file's content is not read, the rulesets it registers are.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

PGETTEXT = "pgettext"


def extract_ruleset_words(
    fileobj: Any, keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    from domain.registry import RULESETS

    line = 1
    for ruleset in RULESETS.values():
        yield line, PGETTEXT, (ruleset.id, ruleset.name), [f"the name of the game {ruleset.id}"]
        yield line, PGETTEXT, (ruleset.id, ruleset.summary), [f"the one-paragraph summary of {ruleset.id}"]
        for level in ruleset.describe_levels():
            if level["description"]:
                comment = f"what the AI level {level['level']} of {ruleset.id} does"
                yield line, PGETTEXT, (ruleset.id, level["description"]), [comment]
            if level["summary"]:
                comment = f"how the AI level {level['level']} of {ruleset.id} plays, for a person choosing an opponent"
                yield line, PGETTEXT, (ruleset.id, level["summary"]), [comment]
        for option in ruleset.describe_options():
            comment = (
                f"the game option {option['name']} of {ruleset.id} ({option['rule']}), as the lobby labels it"
            )
            yield line, PGETTEXT, (ruleset.id, option["description"]), [comment]
        for card in ruleset.cards():
            facts = ", ".join(f"{k} {v}" for k, v in card.items() if k not in ("code", "name", "count"))
            yield (
                line,
                PGETTEXT,
                (ruleset.id, card["name"]),
                [f"card {card['code']} of {ruleset.id}: {facts}"],
            )
        line += 1
