"""WSGI entry of an app serving the product rulesets plus High Card (tests only):
gunicorn 'tests.toy_ruleset.app:create_toy_app()'."""

from __future__ import annotations

import os

from domain.registry import RULESETS

from . import RULESET


def registry():
    return {**RULESETS, RULESET.id: RULESET}


def create_toy_app():
    from api import create_app

    return create_app(os.environ.get("DATABASE_URL"), rulesets=registry())
