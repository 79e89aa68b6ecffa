"""The field errors of a request that does not fit its schema, in the request's language.

marshmallow and webargs word their errors in English and format them before we see them
("Must be one of: human, ai."). The stock sentences are few and fixed, so each is matched
here by a pattern for its English form and rebuilt from a message of our catalogues with the
same values: the problem's `detail` and its `errors` tree read in the request's language. A
sentence no pattern matches (a library's new wording) stays as the library wrote it.
"""

from __future__ import annotations

import re
from typing import Final

from service.i18n import N_, Translator

# The API's own field error (api/fields.py, CardCode): a card code the ruleset does not have.
NOT_A_CARD_CODE: Final = N_("not a card code of this ruleset: {input}")
# Its own words for a value that does not fit a pattern, saying what the pattern asks for
# (api/games/schemas.py): marshmallow's "String does not match expected pattern." does not.
NOT_AN_IDEMPOTENCY_KEY: Final = N_(
    "An Idempotency-Key is 1 to 200 visible ASCII characters without a comma (a header sent twice "
    "arrives joined by one)."
)
# A creation's key is longer: whoever sends it again with the same body gets the seat tokens.
NOT_A_CREATION_KEY: Final = N_(
    "An Idempotency-Key on a game's creation is 32 to 200 visible ASCII characters without a comma "
    "(a random UUID, say): whoever sends it again with the same request gets the game's seat tokens."
)
NOT_A_CREATION_HASH: Final = N_(
    "A creation_hash is 64 hexadecimal digits (the hash of the game's first event)."
)

# (the library's English sentence as a pattern, our message with the same named values)
STOCK_SENTENCES: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(pattern), message)
    for pattern, message in (
        (r"Missing data for required field\.", N_("Missing data for required field.")),
        (r"Field may not be null\.", N_("Field may not be null.")),
        (r"Unknown field\.", N_("Unknown field.")),
        # marshmallow says it of a value that should be an object (a schema) and is not
        (r"Invalid input type\.", N_("Not a JSON object.")),
        (r"Invalid type\.", N_("Invalid type.")),
        (r"Invalid value\.", N_("Invalid value.")),
        (r"Invalid input\.", N_("Invalid input.")),
        (r"Invalid JSON body\.", N_("Invalid JSON body.")),
        (r"Not a valid integer\.", N_("Not a valid integer.")),
        (r"Not a valid number\.", N_("Not a valid number.")),
        (r"Not a valid string\.", N_("Not a valid string.")),
        (r"Not a valid utf-8 string\.", N_("Not a valid utf-8 string.")),
        (r"Not a valid boolean\.", N_("Not a valid boolean.")),
        (r"Not a valid list\.", N_("Not a valid list.")),
        (r"Not a valid mapping type\.", N_("Not a valid mapping type.")),
        (r"Number too large\.", N_("Number too large.")),
        (
            r"Special numeric values \(nan or infinity\) are not permitted\.",
            N_("Special numeric values (nan or infinity) are not permitted."),
        ),
        (r"String does not match expected pattern\.", N_("String does not match expected pattern.")),
        (r"Must be one of: (?P<choices>.*)\.", N_("Must be one of: {choices}.")),
        (r"Must be equal to (?P<other>.*)\.", N_("Must be equal to {other}.")),
        (
            r"Must be greater than or equal to (?P<min>\S+) and less than or equal to (?P<max>\S+)\.",
            N_("Must be greater than or equal to {min} and less than or equal to {max}."),
        ),
        (r"Must be greater than or equal to (?P<min>\S+)\.", N_("Must be greater than or equal to {min}.")),
        (r"Must be less than or equal to (?P<max>\S+)\.", N_("Must be less than or equal to {max}.")),
        (
            r"Length must be between (?P<min>\S+) and (?P<max>\S+)\.",
            N_("Length must be between {min} and {max}."),
        ),
        (r"Length must be (?P<equal>\S+)\.", N_("Length must be {equal}.")),
        (r"Shorter than minimum length (?P<min>\S+)\.", N_("Shorter than minimum length {min}.")),
        (r"Longer than maximum length (?P<max>\S+)\.", N_("Longer than maximum length {max}.")),
        (r"not a card code of this ruleset: (?P<input>.*)", NOT_A_CARD_CODE),
        (re.escape(NOT_AN_IDEMPOTENCY_KEY), NOT_AN_IDEMPOTENCY_KEY),
        (re.escape(NOT_A_CREATION_KEY), NOT_A_CREATION_KEY),
        (re.escape(NOT_A_CREATION_HASH), NOT_A_CREATION_HASH),
    )
)


def worded(sentence: str, words: Translator) -> str:
    """One field error in the reader's language (as it came when no pattern knows it)."""
    for pattern, message in STOCK_SENTENCES:
        match = pattern.fullmatch(sentence)
        if match:
            return words.format(message, **match.groupdict())
    return sentence


def worded_errors(errors: object, words: Translator) -> object:
    """The errors tree ({field: [sentences] or a nested tree}) with every sentence worded."""
    if isinstance(errors, str):
        return worded(errors, words)
    if isinstance(errors, dict):
        return {key: worded_errors(value, words) for key, value in errors.items()}
    if isinstance(errors, list):
        return [worded_errors(item, words) for item in errors]
    return errors
