from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.ruleset import Ruleset
from ...types import Response


def _get_kwargs(
    ruleset: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/rulesets/{ruleset}".format(
            ruleset=quote(str(ruleset), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Ruleset | None:
    if response.status_code == 200:
        response_200 = Ruleset.from_dict(response.json())

        return response_200

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Ruleset]:
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
) -> Response[Problem | Ruleset]:
    """One ruleset: its facts and its cards.

    Args:
        ruleset (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Ruleset]
    """

    kwargs = _get_kwargs(
        ruleset=ruleset,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    ruleset: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | Ruleset | None:
    """One ruleset: its facts and its cards.

    Args:
        ruleset (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Ruleset
    """

    return sync_detailed(
        ruleset=ruleset,
        client=client,
    ).parsed


async def asyncio_detailed(
    ruleset: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | Ruleset]:
    """One ruleset: its facts and its cards.

    Args:
        ruleset (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Ruleset]
    """

    kwargs = _get_kwargs(
        ruleset=ruleset,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    ruleset: str,
    *,
    client: AuthenticatedClient | Client,
) -> Problem | Ruleset | None:
    """One ruleset: its facts and its cards.

    Args:
        ruleset (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Ruleset
    """

    return (
        await asyncio_detailed(
            ruleset=ruleset,
            client=client,
        )
    ).parsed
