"""Shared marshmallow field types."""

from __future__ import annotations

import marshmallow as ma


class StrictInteger(ma.fields.Integer):
    """Integers only: 2.0 or 2.58e-42 are refused, not truncated (toolchain notes P8)."""

    def __init__(self, **kwargs):
        super().__init__(strict=True, **kwargs)


def card_code(**kwargs):
    return ma.fields.String(validate=ma.validate.Length(min=1, max=8), **kwargs)


def card_list(**kwargs):
    return ma.fields.List(card_code(), **kwargs)
