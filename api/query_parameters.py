"""Query parameters an operation does not declare are refused, like unknown body fields.

webargs leaves out what a query schema does not name, and reads the first of repeated values:
a client's typo (`?since=` for `?after=`) or a second value would be answered as if absent,
and the client would take the whole log for the page it asked for. Every `/v1` operation
accepts `lang` (api.i18n) and the parameters of its query schema, each at most once; anything
else is a 422 validation-error naming the parameter, before the operation runs, so nothing
changes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final

from flask import Flask, request
from flask_smorest import Api, abort

from api.i18n import LANG_QUERY, request_translator
from api.spec_plugins import Operation, amend_every_operation
from service.i18n import N_

UNKNOWN_PARAMETER: Final = N_("Unknown field.")
REPEATED_PARAMETER: Final = N_("Given more than once.")


def declared_query_parameters(view: Any) -> frozenset[str] | None:
    """The query parameters of an operation (its query schema's names and `lang`); None for a
    view that is not an API operation (the web table, the docs page, /metrics)."""
    doc = getattr(view, "_apidoc", None)
    if doc is None:
        return None
    names = {LANG_QUERY}
    for parameter in doc.get("arguments", {}).get("parameters", []):
        if parameter.get("in") == "query":
            schema = parameter["schema"]
            fields = (schema() if isinstance(schema, type) else schema).fields
            names.update(field.data_key or name for name, field in fields.items())
    return frozenset(names)


def _document_422(operation: Operation) -> None:
    """Any /v1 operation can be given an undeclared query parameter (an operation with a body or
    a query schema documents its 422 already)."""
    responses = operation.setdefault("responses", {})
    if 422 not in responses and "422" not in responses:
        responses[422] = "UNPROCESSABLE_ENTITY"


def document_validation_errors(api: Api) -> None:
    """Document the 422 on every operation (before the blueprints are registered)."""
    amend_every_operation(api, _document_422)


def refuse_undeclared_query_parameters(app: Flask) -> None:
    """Wrap every operation registered so far (call after the blueprints) so that it checks its
    query first: after the game is found and the token checked (before_request hooks, so the
    documented order 404 → 401/403 holds), before its body or query is parsed."""
    for endpoint, view in list(app.view_functions.items()):
        names = declared_query_parameters(view)
        if names is not None:
            app.view_functions[endpoint] = _checking(view, names)


def _checking(view: Callable[..., Any], names: frozenset[str]) -> Callable[..., Any]:
    @functools.wraps(view)
    def checked(*args: Any, **kwargs: Any) -> Any:
        errors: dict[str, list[str]] = {}
        for key in request.args:
            if key not in names:
                errors[key] = [request_translator().gettext(UNKNOWN_PARAMETER)]
            elif len(request.args.getlist(key)) > 1:
                errors[key] = [request_translator().gettext(REPEATED_PARAMETER)]
        if errors:
            abort(422, errors={"query": errors})
        return view(*args, **kwargs)

    return checked
