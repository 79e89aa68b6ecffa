"""The Blueprint every API module uses: flask-smorest's, with a JSON body parser that answers
every body Python's `json` cannot take in as malformed JSON (400), never as a 500, and reads a
body only one way: a key given twice in one object is malformed too."""

from __future__ import annotations

import json
import sys
import typing
from collections.abc import Callable
from decimal import Decimal

import flask
import flask_smorest
import marshmallow as ma
from flask_smorest import abort
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from service.strict_json import RepeatedKey, unique_keys

View = typing.TypeVar("View", bound=Callable[..., typing.Any])
Result = typing.TypeVar("Result")


class JsonBodyParser(FlaskParser):
    """webargs turns only `JSONDecodeError` into a 400; `json.loads` raises two more errors
    on hostile bodies: RecursionError for arrays or objects nested deeper than the
    interpreter's recursion limit (about a thousand levels), and ValueError for an integer
    literal past Python's integer-string limit (4,300 digits by default). A key repeated in
    one object is a 400 as well, and so is an empty body (no JSON at all)."""

    def _raw_load_json(self, req: flask.Request) -> typing.Any:
        if not is_json_request(req):
            return core.missing
        text = _text_of(req.get_data(cache=True))
        if not text.strip():
            # webargs takes an empty body for a missing one, and the schema then names every
            # required field: but a body said to be JSON that holds nothing is not JSON
            abort(400, messages={"json": ["the body is empty"]})
        try:
            # a fraction as written (1.0000000000000001 is not 1, as a float would make it):
            # api.fields.StrictInteger reads it
            return json.loads(text, object_pairs_hook=unique_keys, parse_float=Decimal)
        except json.JSONDecodeError:
            raise  # webargs answers these itself (400 "Invalid JSON body.")
        except RepeatedKey as repeated:  # read one way, as exports are (service.strict_json)
            abort(400, messages={"json": [str(repeated)]})
        except RecursionError:
            abort(400, messages={"json": ["JSON nested too deeply"]})
        except ValueError:
            limit = sys.get_int_max_str_digits()
            abort(400, messages={"json": [f"an integer with more than {limit} digits"]})


def _text_of(body: bytes) -> str:
    """The body as text (UTF-8, as webargs reads it); undecodable bytes are malformed JSON."""
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise json.JSONDecodeError(
            f"Bytes decoding error : {exc.reason}", doc=str(exc.object), pos=exc.start
        ) from exc


class Blueprint(flask_smorest.Blueprint):
    ARGUMENTS_PARSER = JsonBodyParser()

    if typing.TYPE_CHECKING:
        # flask-smorest ships no types (nor does PyPI have stubs for it); what the decorators the
        # routes use do, for mypy: `route`, `doc`, `alt_response` (and Flask's `before_request`)
        # register or document a view and return it (or a wrapper calling it) unchanged;
        # `arguments` passes the parsed part of the request to the view as a leading argument,
        # so Flask calls the result with the path's values only; `response` dumps what the view
        # returns through its schema into a Response.
        def route(self, rule: str, **options: typing.Any) -> Callable[[View], View]: ...

        @staticmethod
        def doc(**kwargs: typing.Any) -> Callable[[View], View]: ...

        def alt_response(
            self, status_code: int, response: str | None = None, **kwargs: typing.Any
        ) -> Callable[[View], View]: ...

        def arguments(
            self, schema: ma.Schema | type[ma.Schema], **kwargs: typing.Any
        ) -> Callable[[Callable[..., Result]], Callable[..., Result]]: ...

        def response(
            self, status_code: int, schema: ma.Schema | type[ma.Schema] | None = None, **kwargs: typing.Any
        ) -> Callable[[Callable[..., typing.Any]], Callable[..., flask.Response]]: ...

        def before_request(self, f: View) -> View: ...
