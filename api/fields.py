"""Shared marshmallow field types."""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import marshmallow as ma

from api.field_errors import NOT_A_CARD_CODE

# Every integer up to 2**53 is exactly a float; past it, a float may not be the integer that was sent.
_EXACT_FLOAT_INTEGERS = 2**53
# A JSON number with a fraction or an exponent taken as an integer has fewer digits than this
# (the largest integer of the API, a seed, has 39): 1e999999999 is refused before int() builds it.
_MOST_DIGITS = 40


class StrictInteger(ma.fields.Integer):
    """Integers only: 2.5, 2.58e-42, "2" and true are refused, never truncated: plain
    marshmallow Integer would accept {"seed": 2.58e-42} and truncate it to 0.

    A JSON number with a zero fraction such as 2.0 *is* an integer in JSON Schema (the
    OpenAPI document says `type: integer`), so it is accepted as 2; schemathesis flagged
    refusing it (ST202). Request bodies are read with their fractions as written (a `Decimal`,
    api/blueprint.py), so 2.0 and 9007199254740993.0 are those integers, and
    1.0000000000000001 and 1e-400 are no integers (as floats they were 1 and 0). A float (from
    anywhere else) is taken only where it holds the integer exactly (|x| <= 2**53).
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _validated(self, value: Any) -> int:
        if isinstance(value, Decimal):
            if not (
                value.is_finite() and value.adjusted() < _MOST_DIGITS and value == value.to_integral_value()
            ):
                raise self.make_error("invalid")
            value = int(value)
        elif isinstance(value, float) and value.is_integer() and abs(value) <= _EXACT_FLOAT_INTEGERS:
            value = int(value)
        return super()._validated(value)


class QueryInteger(ma.fields.Integer):
    """An integer given in a query string: ASCII digits, an optional minus sign, nothing else.
    Python's int() would also read "1_0", full-width "１０", Arabic-Indic "١٠" and " 10" as 10;
    each is refused here with marshmallow's own "Not a valid integer.", like "2.5"."""

    _DIGITS = re.compile(r"-?[0-9]+")

    def _validated(self, value: Any) -> int:
        if isinstance(value, str) and not self._DIGITS.fullmatch(value):
            raise self.make_error("invalid", input=value)
        return super()._validated(value)


class UnicodeString(ma.fields.String):
    """A string that is Unicode text: JSON may escape a lone surrogate ("\\ud800"), which Python
    decodes but cannot encode as UTF-8, so a free-form string that reached the service (hashed,
    stored, logged) would fail there with a 500. It is refused here with marshmallow's own
    "Not a valid utf-8 string." (in the catalogues, api/field_errors.py)."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> Any:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as error:
            raise self.make_error("invalid_utf8") from error
        return text


class StrictBoolean(ma.fields.Boolean):
    """true or false only: 1, "yes" and "true" are refused (the document says `type: boolean`)."""

    def _deserialize(
        self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any
    ) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class NamedEnum(ma.fields.String):
    """One of `choices`; the OpenAPI document refers to an enum component named `component`,
    so the SDK has one enum class for it instead of one per field that uses it."""

    def __init__(
        self,
        choices: list[str],
        component: str,
        error: str | None = None,
        member_names: list[str] | None = None,
        **kwargs: Any,
    ) -> None:
        self.choices = list(choices)
        self.component = component
        self.member_names = member_names  # names of the SDK's enum members (x-enum-varnames)
        super().__init__(validate=ma.validate.OneOf(self.choices, error=error), **kwargs)


class CardCode(NamedEnum):
    """One card code of a ruleset (its enum of codes is the component)."""

    def __init__(
        self, codes: list[str], component: str, names: list[str] | None = None, **kwargs: Any
    ) -> None:
        # English here; api/field_errors.py words it in the request's language.
        super().__init__(codes, component, error=NOT_A_CARD_CODE, member_names=names, **kwargs)


class Declared(ma.fields.Raw):
    """A value dumped exactly as the domain gives it, documented by `schema`.

    For the ruleset-specific parts of a view (table, seat facts): their shapes are declared
    open, so a fact a ruleset adds later reaches clients before anyone updates a schema.
    """

    def __init__(self, schema: type[ma.Schema], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.schema = schema


def card_code(**kwargs: Any) -> ma.fields.String:
    return ma.fields.String(validate=ma.validate.Length(min=1, max=8), **kwargs)


def card_list(**kwargs: Any) -> ma.fields.List[str]:
    return ma.fields.List(card_code(), **kwargs)
