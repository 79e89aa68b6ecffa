"""The Blueprint every API module uses: flask-smorest's, with a JSON body parser that answers
every body Python's `json` cannot take in as malformed JSON (400), never as a 500."""

from __future__ import annotations

import json
import sys
import typing

import flask
import flask_smorest
from flask_smorest import abort
from webargs.flaskparser import FlaskParser


class JsonBodyParser(FlaskParser):
    """webargs turns only `JSONDecodeError` into a 400; `json.loads` raises two more errors
    on hostile bodies: RecursionError for arrays or objects nested deeper than the
    interpreter's recursion limit (about a thousand levels), and ValueError for an integer
    literal past Python's integer-string limit (4,300 digits by default)."""

    def _raw_load_json(self, req: flask.Request) -> typing.Any:
        try:
            return super()._raw_load_json(req)
        except json.JSONDecodeError:
            raise  # webargs answers these itself (400 "Invalid JSON body.")
        except RecursionError:
            abort(400, messages={"json": ["JSON nested too deeply"]})
        except ValueError:
            limit = sys.get_int_max_str_digits()
            abort(400, messages={"json": [f"an integer with more than {limit} digits"]})


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = JsonBodyParser()
