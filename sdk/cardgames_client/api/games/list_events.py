from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.events_page import EventsPage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    lang: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    params["lang"] = lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/events".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EventsPage | Problem | None:
    if response.status_code == 200:
        response_200 = EventsPage.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[EventsPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    lang: str | Unset = UNSET,
) -> Response[EventsPage | Problem]:
    """The event log as the caller may see it; every event in full once the game is finished.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventsPage | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        limit=limit,
        lang=lang,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    lang: str | Unset = UNSET,
) -> EventsPage | Problem | None:
    """The event log as the caller may see it; every event in full once the game is finished.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventsPage | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        limit=limit,
        lang=lang,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    lang: str | Unset = UNSET,
) -> Response[EventsPage | Problem]:
    """The event log as the caller may see it; every event in full once the game is finished.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventsPage | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        limit=limit,
        lang=lang,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    lang: str | Unset = UNSET,
) -> EventsPage | Problem | None:
    """The event log as the caller may see it; every event in full once the game is finished.

    Args:
        game_id (str):
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventsPage | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            limit=limit,
            lang=lang,
        )
    ).parsed
