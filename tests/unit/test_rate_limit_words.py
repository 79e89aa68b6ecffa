"""The 429's limit in the reader's words (api/edge/rate_limits.py): RATE_LIMIT as written
("60/minute", "2 per 3 seconds; 1000/day") is said per unit in each language, never as the
setting's English units."""

from __future__ import annotations

import re

import pytest

from api.edge.rate_limits import limit_in_words
from service.i18n import ENGLISH, translator


def test_english():
    assert limit_in_words("60/minute", ENGLISH) == "60 per minute"
    assert limit_in_words("2 per 3 seconds;1000/day", ENGLISH) == "2 every 3 seconds; 1000 per day"


@pytest.mark.parametrize(
    ("language", "one", "several"),
    [
        ("fr", "60 par minute", "2 par période de 3 secondes; 1000 par jour"),
        ("da", "60 pr. minut", "2 pr. 3 sekunder; 1000 pr. dag"),
        ("ms", "60 setiap minit", "2 setiap 3 saat; 1000 setiap hari"),
        ("tr", "dakika başına 60", "3 saniye başına 2; gün başına 1000"),
        ("zh", "每分钟 60 次", "每 3 秒 2 次；每天 1000 次"),
    ],
)
def test_each_language(language, one, several):
    words = translator(language)
    assert limit_in_words("60/minute", words) == one
    assert limit_in_words("2 per 3 seconds;1000/day", words) == several


@pytest.mark.parametrize("rate", ["1/second", "5/hour", "7/month", "1/year"])
def test_no_unit_stays_english(rate):
    for language in ("fr", "da", "ms", "tr", "zh"):
        said = limit_in_words(rate, translator(language))
        assert not re.search(r"\b(second|hour|month|year)s?\b", said), (language, said)
