"""api/field_errors.py: every sentence marshmallow and webargs write for the fields and
validators the API uses is recognised (a wording change in a new library version fails here
instead of leaving English in another language's problem), and English reads exactly as the
library wrote it."""

from __future__ import annotations

import marshmallow as ma
import pytest

from api.field_errors import STOCK_SENTENCES, worded, worded_errors
from api.fields import CardCode, StrictBoolean, StrictInteger
from service.i18n import ENGLISH, LANGUAGES, translator


class Everything(ma.Schema):
    required = ma.fields.String(required=True)
    not_null = ma.fields.String(allow_none=False)
    integer = StrictInteger()
    number = ma.fields.Float(allow_nan=False)
    string = ma.fields.String()
    boolean = StrictBoolean()
    items = ma.fields.List(ma.fields.String())
    mapping = ma.fields.Dict()
    nested = ma.fields.Nested(lambda: Everything())
    choice = ma.fields.String(validate=ma.validate.OneOf(["human", "ai"]))
    equal = ma.fields.String(validate=ma.validate.Equal("nantong"))
    between = ma.fields.Integer(validate=ma.validate.Range(min=0, max=9))
    at_least = ma.fields.Integer(validate=ma.validate.Range(min=1))
    at_most = ma.fields.Integer(validate=ma.validate.Range(max=9))
    length_between = ma.fields.String(validate=ma.validate.Length(min=1, max=8))
    length_equal = ma.fields.List(ma.fields.Integer(), validate=ma.validate.Length(equal=3))
    length_min = ma.fields.String(validate=ma.validate.Length(min=2))
    length_max = ma.fields.String(validate=ma.validate.Length(max=2))
    pattern = ma.fields.String(validate=ma.validate.Regexp(r"^[a-z]+$"))
    card = CardCode(["1m", "2m"], "NantongCard")  # the API's own sentence for a card code


BAD = {
    "not_null": None,
    "integer": 2.5,
    "number": "nan",
    "string": 7,
    "boolean": "yes",
    "items": "x",
    "mapping": [1],
    "nested": 3,
    "choice": "martian",
    "equal": "chuopai",
    "between": 10,
    "at_least": 0,
    "at_most": 10,
    "length_between": "",
    "length_equal": [1],
    "length_min": "a",
    "length_max": "abc",
    "pattern": "ABC",
    "card": "ZZ",
    "surplus": 1,
}


def library_sentences() -> list[str]:
    with pytest.raises(ma.ValidationError) as refused:
        Everything().load(BAD)
    found: list[str] = []

    def collect(tree: object) -> None:
        if isinstance(tree, str):
            found.append(tree)
        elif isinstance(tree, dict):
            for value in tree.values():
                collect(value)
        elif isinstance(tree, list):
            for value in tree:
                collect(value)

    collect(refused.value.messages)
    return found + ["Invalid JSON body."]  # webargs' word for a body that is not JSON


def test_every_library_sentence_is_recognised():
    sentences = library_sentences()
    assert len(sentences) >= len(BAD)
    for sentence in sentences:
        assert any(p.fullmatch(sentence) for p, _ in STOCK_SENTENCES), sentence


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_library_sentence_is_told_in_each_language(language):
    words = translator(language)
    for sentence in library_sentences():
        assert worded(sentence, words) != sentence, (language, sentence)


# The one library sentence said otherwise: marshmallow's word for a value that is no object.
REWORDED = {"Invalid input type.": "Not a JSON object."}


def test_english_reads_as_the_library_wrote_it():
    sentences = library_sentences()
    assert "Invalid input type." in sentences
    assert [worded(s, ENGLISH) for s in sentences] == [REWORDED.get(s, s) for s in sentences]


@pytest.mark.parametrize(
    "body, detail",
    [
        ([], "the request does not fit the schema: body: Not a JSON object"),
        ("pass", "the request does not fit the schema: body: Not a JSON object"),
        (
            {"ruleset": "chuopai", "options": []},
            "the request does not fit the schema: options: Not a JSON object",
        ),
    ],
)
def test_a_body_or_an_option_that_is_no_object_is_said_so(tmp_path, body, detail):
    from api import create_app

    client = create_app(f"sqlite:///{tmp_path / 'o.sqlite3'}").test_client()
    response = client.post("/v1/games", json=body)
    assert response.status_code == 422 and response.get_json()["detail"] == detail


def test_values_are_kept_and_unknown_sentences_left_alone():
    french = translator("fr")
    assert worded("Must be one of: human, ai.", french) == "Doit être l’une des valeurs : human, ai."
    assert worded("Length must be between 1 and 8.", french) == "La longueur doit être comprise entre 1 et 8."
    assert worded("A sentence no library writes.", french) == "A sentence no library writes."
    tree = {"json": {"seats": {"0": {"kind": ["Unknown field."]}}}}
    assert worded_errors(tree, french) == {"json": {"seats": {"0": {"kind": ["Champ inconnu."]}}}}


def test_an_unknown_card_code_is_named_in_each_language():
    assert worded("not a card code of this ruleset: ZZ", translator("fr")) == (
        "pas un code de carte de ce jeu de règles : ZZ"
    )


@pytest.mark.parametrize("language, separator", [("en", "; "), ("fr", "; "), ("zh", "；")])
def test_the_fields_of_a_problem_are_listed_as_the_language_separates_them(tmp_path, language, separator):
    """Two fields wrong in one body: the detail lists both, joined as the reader's language
    joins the parts of a list (Chinese with a full-width semicolon)."""
    from api import create_app

    client = create_app(f"sqlite:///{tmp_path / 'f.sqlite3'}").test_client()
    game = client.post("/v1/games", json={"ruleset": "chuopai", "seed": 1}).get_json()
    token = game["seats"][0]["token"]
    response = client.post(
        f"/v1/games/{game['id']}/actions?lang={language}",
        json={"action": 5, "expected_version": "x"},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 422
    detail = response.get_json()["detail"]
    assert "action" in detail and "expected_version" in detail
    assert detail.count(separator) == 1 and (separator == "; " or "; " not in detail), detail
