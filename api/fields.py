"""Shared marshmallow field types."""

from __future__ import annotations

import marshmallow as ma

# Every integer up to 2**53 is exactly a float; past it, a float may not be the integer that was sent.
_EXACT_FLOAT_INTEGERS = 2**53


class StrictInteger(ma.fields.Integer):
    """Integers only: 2.5, 2.58e-42, "2" and true are refused, never truncated: plain
    marshmallow Integer would accept {"seed": 2.58e-42} and truncate it to 0.

    A JSON number with a zero fraction such as 2.0 *is* an integer in JSON Schema (the
    OpenAPI document says `type: integer`), so it is accepted as 2 when the float holds
    it exactly (|x| <= 2**53); schemathesis flagged refusing it (ST202).
    """

    def __init__(self, **kwargs):
        super().__init__(strict=True, **kwargs)

    def _validated(self, value):
        if isinstance(value, float) and value.is_integer() and abs(value) <= _EXACT_FLOAT_INTEGERS:
            value = int(value)
        return super()._validated(value)


def card_code(**kwargs):
    return ma.fields.String(validate=ma.validate.Length(min=1, max=8), **kwargs)


def card_list(**kwargs):
    return ma.fields.List(card_code(), **kwargs)
