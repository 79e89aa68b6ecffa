"""The message catalogues (service/locales/): current with the code, complete in every language,
every translation keeping its message's placeholders; every card named in every language.

Fix a failure with `make i18n` (extract and merge), then translate what it reports.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from domain.registry import RULESETS
from service.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    TEMPLATE_PATH,
    card_names,
    catalogue_path,
    read_catalogue,
    translator,
)

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE]


def _read(path: Path):
    with path.open("rb") as handle:
        return read_po(handle)


def _ids(catalogue) -> set[tuple[str | None, str]]:
    return {(m.context, m.id) for m in catalogue if m.id}


def _placeholders(text: str) -> Counter[str]:
    """Every `{name!conversion:spec}` field of a str.format template, as written."""
    fields = Counter()
    for _literal, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            fields[f"{name}!{conversion or ''}:{spec or ''}"] += 1
    return fields


def test_the_template_holds_every_message_of_the_code():
    with (ROOT / "babel.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    keywords = {**DEFAULT_KEYWORDS, "N_": None, "p_": ((1, "c"), 2)}  # as `make i18n` (-k)
    extracted = {
        (context, message if isinstance(message, str) else message[0])
        for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=keywords
        )
    }
    committed = _ids(_read(TEMPLATE_PATH))
    assert extracted - committed == set(), "messages.pot misses messages: run `make i18n`"
    assert committed - extracted == set(), "messages.pot has messages the code no longer has: run `make i18n`"


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_catalogue_translates_every_message(language):
    template = _ids(_read(TEMPLATE_PATH))
    catalogue = _read(catalogue_path(language))
    translated = {(m.context, m.id) for m in catalogue if m.id and m.string and not m.fuzzy}
    missing = sorted(template - translated, key=str)
    assert missing == [], f"{language}: {len(missing)} messages untranslated or fuzzy, e.g. {missing[:5]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_translation_keeps_the_placeholders_of_its_message(language):
    changed = [
        (message_id, text)
        for (_context, message_id), text in read_catalogue(language).items()
        if _placeholders(message_id) != _placeholders(text)
    ]
    assert changed == []


def test_the_placeholder_check_catches_a_renamed_or_dropped_placeholder():
    assert _placeholders("seat {seat} is not awaited now") != _placeholders("la place {place} …")
    assert _placeholders("no game {game_id!r}") != _placeholders("aucune partie {game_id}")
    assert _placeholders("{a} and {b}") == _placeholders("{b} et {a}")


CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_card_has_a_name_in_every_language(ruleset_id, language):
    ruleset = RULESETS[ruleset_id]
    catalogue = read_catalogue(language)
    for card in ruleset.cards():
        assert catalogue.get((ruleset_id, card["name"])), f"{language}: no name for {card['code']}"
    names = card_names(ruleset, translator(language))
    # Two card kinds never share a name: a player must be able to tell them apart.
    assert len(set(names.values())) == len(names)


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_chinese_card_names_are_chinese_characters(ruleset_id):
    for code, name in card_names(RULESETS[ruleset_id], translator("zh")).items():
        letters = [ch for ch in name if unicodedata.category(ch).startswith("L")]
        assert letters and all(CJK.match(ch) for ch in letters), (code, name)


def test_the_original_pages_terms_are_used():
    """docs/i18n.md: the words of the original rule pages in Danish, Malay, French and Turkish."""
    fr, ms = translator("fr"), translator("ms")
    assert fr.pgettext("sisepai", "red General") == "Général rouge"
    assert ms.pgettext("sisepai", "red General") == "Jeneral merah"
    da = translator("da")
    assert [da.pgettext("nantong", n) for n in ("One of Myriads (一萬)", "Nine of Strings (九條)")] == [
        "Én af Myriader",
        "Ni af Strenge",
    ]
    assert da.pgettext("nantong", "Four of Coins (四餅)") == "Fire af Mønter"
    assert da.pgettext("nantong", "Thousand (千)") == "Tusind"
    tr = translator("tr")
    assert [tr.pgettext("chuopai", n) for n in ("Heaven", "Earth", "Man", "Nail")] == [
        "Gök",
        "Dünya",
        "İnsan",
        "Çivi",
    ]
    zh = translator("zh")
    assert [zh.pgettext("sisepai", f"red {p}") for p in ("General", "Soldier")] == ["红帅", "红兵"]
    assert [zh.pgettext("sisepai", f"green {p}") for p in ("General", "Cannon")] == ["绿将", "绿砲"]
    assert zh.pgettext("sisepai", "white Chariot") == "白俥"


def test_the_outcome_words_shared_by_every_game_are_not_one_games_jargon():
    """The table heads every final score with the outcome, `win` or `draw`, whatever the game:
    the Chinese must not be the mahjong-family words (胡牌 a winning hand, 流局 an exhausted
    wall), which are wrong for Chuo Pai, a trick game (CP-5.3: the largest pile wins, a tie
    for largest is a draw)."""
    zh = translator("zh")
    assert (zh.gettext("win"), zh.gettext("draw")) == ("获胜", "平局")


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_deal_has_one_name_on_the_table_and_in_the_score(language):
    """A Nantong match's chip ("deal 1 of 3") and its score lines ("deal 1: …") name a deal
    with the same word (Danish said "uddeling" on the table and "runde" in the score)."""
    words = translator(language)
    line = words.gettext("deal {deal}: ").format(deal=1).rstrip(": ：")
    chip = words.gettext("deal {deal} of {deals}").format(deal=1, deals=3)
    assert chip.startswith(line), (line, chip)


def test_an_unknown_language_and_english_read_as_the_message_ids():
    assert translator("xx").gettext("Not Found") == "Not Found"
    assert translator("en").pgettext("chuopai", "Heaven") == "Heaven"
    assert translator("fr").gettext("Not Found") == "Introuvable"
