from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.rules_text import RulesText
from ...types import UNSET, Response, Unset


def _get_kwargs(
    ruleset: str,
    *,
    lang: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["lang"] = lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/rulesets/{ruleset}/rules".format(
            ruleset=quote(str(ruleset), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | RulesText | None:
    if response.status_code == 200:
        response_200 = RulesText.from_dict(response.json())

        return response_200

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | RulesText]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    ruleset: str,
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
) -> Response[Problem | RulesText]:
    """The rules of a ruleset, as Markdown, with the rule numbers the API cites: in the
    request's language where they are translated into it, else the canonical English.

    Args:
        ruleset (str):
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RulesText]
    """

    kwargs = _get_kwargs(
        ruleset=ruleset,
        lang=lang,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ruleset: str,
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
) -> Problem | RulesText | None:
    """The rules of a ruleset, as Markdown, with the rule numbers the API cites: in the
    request's language where they are translated into it, else the canonical English.

    Args:
        ruleset (str):
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RulesText
    """

    return sync_detailed(
        ruleset=ruleset,
        client=client,
        lang=lang,
    ).parsed


async def asyncio_detailed(
    ruleset: str,
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
) -> Response[Problem | RulesText]:
    """The rules of a ruleset, as Markdown, with the rule numbers the API cites: in the
    request's language where they are translated into it, else the canonical English.

    Args:
        ruleset (str):
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RulesText]
    """

    kwargs = _get_kwargs(
        ruleset=ruleset,
        lang=lang,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ruleset: str,
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
) -> Problem | RulesText | None:
    """The rules of a ruleset, as Markdown, with the rule numbers the API cites: in the
    request's language where they are translated into it, else the canonical English.

    Args:
        ruleset (str):
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RulesText
    """

    return (
        await asyncio_detailed(
            ruleset=ruleset,
            client=client,
            lang=lang,
        )
    ).parsed
