"""Languages: the message catalogues and the translator every presentation step takes.

The service speaks six languages (`LANGUAGES`); English is the default and the source: every
message id *is* its English text, with named `{placeholders}` filled in after translation.
The catalogues are gettext .po files, one per language, in `service/locales/<lang>/LC_MESSAGES/
messages.po` (`make i18n` extracts the messages from the code, updates the catalogues and checks
them). They are read as .po with Babel's `read_po` when a language is first used: no compiled .mo
files, so no build step between a translator's edit and the running service, and no compiled
artefact that could drift from the file a translator edits. Fuzzy entries (a changed message
whose translation awaits review) are not used: their English message id is shown instead.

A message that names a card of a ruleset has the ruleset id as its gettext context (msgctxt), so
the same English card name can read differently per game. The language is always a parameter:
the API negotiates it (api/i18n.py) and passes a `Translator`; nothing here reads a request.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Final

from babel.messages.pofile import read_po

from domain.base import Ruleset

DEFAULT_LANGUAGE: Final = "en"
# English first (the default), then the five the catalogues translate into.
LANGUAGES: Final = ("en", "zh", "da", "ms", "fr", "tr")
LANGUAGE_NAMES: Final = {
    "en": "English",
    "zh": "中文",
    "da": "Dansk",
    "ms": "Bahasa Melayu",
    "fr": "Français",
    "tr": "Türkçe",
}
LOCALES_DIR: Final = Path(__file__).resolve().parent / "locales"
DOMAIN: Final = "messages"
TEMPLATE_PATH: Final = LOCALES_DIR / f"{DOMAIN}.pot"  # every message id, from `make i18n`


def N_(message: str) -> str:
    """Marks a message id for extraction (gettext_noop): translated where it is shown."""
    return message


def catalogue_path(language: str) -> Path:
    return LOCALES_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


# French elides "de" before a vowel or a mute h ("une paire d’Harmonie", "le kong d’Un de
# Myriades"). The catalogue cannot write it, since the name is filled in after translation; the
# card names with an h are Homme and Harmonie (mute) and Hache and Haut Pied (aspirated: "de Hache").
_FRENCH_DE_BEFORE_VOWEL = re.compile(r"\b([Dd])e (?=[AEIOUYÀÂÉÈÊÎÔÛaeiouyàâéèêîôû]|H(?:omme|armonie)\b)")


def spelled(language: str, text: str) -> str:
    """`text`, in `language`, as that language spells a filled-in value next to its words."""
    if language == "fr":
        return _FRENCH_DE_BEFORE_VOWEL.sub("\\1’", text)
    return text


def joined(language: str, parts: Iterable[str]) -> str:
    """Parts of one sentence that are a list of their own (the fields a request got wrong, the
    limits of a rate), as the language separates them: "; ", full-width "；" in Chinese."""
    return ("；" if language == "zh" else "; ").join(parts)


def sentence(language: str, text: str) -> str:
    """`text` begun with a capital letter, as a sentence begins. A message may open on a
    filled-in card name, which some languages write in lower case ("rød General kan kræves.",
    "yeşil Asker kartını alabilirsin"); Turkish capitalises i as İ."""
    if not text or not text[0].islower():
        return text
    first = "İ" if language == "tr" and text[0] == "i" else text[0].upper()
    return first + text[1:]


class Translator:
    """The messages of one language. Unknown messages (and English) read as their id."""

    def __init__(self, language: str, messages: Mapping[tuple[str | None, str], str] | None = None):
        self.language = language
        self._messages = dict(messages or {})

    def gettext(self, message: str) -> str:
        return self._messages.get((None, message)) or message

    def pgettext(self, context: str, message: str) -> str:
        return self._messages.get((context, message)) or message

    def format(self, message: str, /, **params: Any) -> str:
        """Translate `message` and fill in its named placeholders, spelled as the language wants
        where a filled-in value meets the words around it (`spelled`)."""
        return spelled(self.language, self.gettext(message).format(**params))

    def __repr__(self) -> str:
        return f"Translator({self.language!r}, {len(self._messages)} messages)"


ENGLISH: Final = Translator(DEFAULT_LANGUAGE)


def read_catalogue(language: str) -> dict[tuple[str | None, str], str]:
    """(context, message id) → translation, from the language's .po file; fuzzy and empty
    entries left out."""
    path = catalogue_path(language)
    with path.open("rb") as handle:
        catalogue = read_po(handle, locale=language, domain=DOMAIN)
    found: dict[tuple[str | None, str], str] = {}
    for message in catalogue:
        if not message.id or message.fuzzy or not isinstance(message.id, str):
            continue
        if isinstance(message.string, str) and message.string:
            found[(message.context, message.id)] = message.string
    return found


@functools.cache
def translator(language: str) -> Translator:
    """The translator of an offered language; English for any other."""
    if language == DEFAULT_LANGUAGE or language not in LANGUAGES:
        return ENGLISH
    return Translator(language, read_catalogue(language))


def best_language(requested: str | None) -> str | None:
    """An offered language for a tag such as "fr", "fr-CA" or "zh_Hans" (its primary subtag),
    or None."""
    if not requested:
        return None
    primary = requested.strip().replace("_", "-").split("-")[0].lower()
    return primary if primary in LANGUAGES else None


UI_SOURCES: Final = "api/web/static/"


# Joins a message's context to its id in the web table's messages, as gettext's .mo files do.
CONTEXT_SEPARATOR: Final = "\x04"


@functools.cache
def ui_messages(language: str) -> dict[str, str]:
    """The web table's messages (those whose catalogue locations are in api/web/static/):
    message id → translation, or → itself in English and where a translation is missing. A
    message with a context (i18n.js's `p_`) is keyed by the context, CONTEXT_SEPARATOR and id."""
    english = language not in LANGUAGES or language == DEFAULT_LANGUAGE
    path = TEMPLATE_PATH if english else catalogue_path(language)
    with path.open("rb") as handle:
        catalogue = read_po(handle, domain=DOMAIN)
    found: dict[str, str] = {}
    for message in catalogue:
        if not isinstance(message.id, str) or not message.id:
            continue
        if not any(str(location).startswith(UI_SOURCES) for location, _ in message.locations):
            continue
        text = message.string
        usable = not english and not message.fuzzy and isinstance(text, str) and bool(text)
        key = message.id if message.context is None else f"{message.context}{CONTEXT_SEPARATOR}{message.id}"
        found[key] = text if usable and isinstance(text, str) else message.id
    return found


# ---------------------------------------------------------------- ruleset words
# Card names and a ruleset's name and summary are message ids with the ruleset id as context:
# `service.i18n_extract` puts them into the catalogues straight from each ruleset's facts.


def ruleset_name(ruleset: Ruleset, words: Translator) -> str:
    return words.pgettext(ruleset.id, ruleset.name)


def ruleset_summary(ruleset: Ruleset, words: Translator) -> str:
    return words.pgettext(ruleset.id, ruleset.summary)


def levels_in(ruleset: Ruleset, words: Translator) -> list[dict[str, Any]]:
    """`Ruleset.describe_levels()` with each level's description and summary in the translator's
    language."""
    return [
        {
            **level,
            "description": words.pgettext(ruleset.id, level["description"]),
            "summary": words.pgettext(ruleset.id, level["summary"]) if level["summary"] else "",
        }
        for level in ruleset.describe_levels()
    ]


def options_in(ruleset: Ruleset, words: Translator) -> list[dict[str, Any]]:
    """`Ruleset.describe_options()` with each option's description in the translator's language."""
    return [
        {**option, "description": words.pgettext(ruleset.id, option["description"])}
        for option in ruleset.describe_options()
    ]


def card_names(ruleset: Ruleset, words: Translator) -> dict[str, str]:
    """Card code → the card's name in the translator's language."""
    return {card["code"]: words.pgettext(ruleset.id, card["name"]) for card in ruleset.cards()}


def cards_in(ruleset: Ruleset, words: Translator) -> list[dict[str, Any]]:
    """The ruleset's cards (`Ruleset.cards()`) with their names in the translator's language."""
    return [{**card, "name": words.pgettext(ruleset.id, card["name"])} for card in ruleset.cards()]
