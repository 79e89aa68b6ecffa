from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.feed_page import FeedPage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
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
        "url": "/v1/events",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> FeedPage | Problem | None:
    if response.status_code == 200:
        response_200 = FeedPage.from_dict(response.json())

        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[FeedPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    lang: str | Unset = UNSET,
) -> Response[FeedPage | Problem]:
    """Every game's events after a global position, in commit order, redacted for a spectator:
    events of a running game show only what is public; a finished game's events are complete.
    A reader that follows `after` = the last position it saw never misses an event.

    Args:
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FeedPage | Problem]
    """

    kwargs = _get_kwargs(
        after=after,
        limit=limit,
        lang=lang,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    lang: str | Unset = UNSET,
) -> FeedPage | Problem | None:
    """Every game's events after a global position, in commit order, redacted for a spectator:
    events of a running game show only what is public; a finished game's events are complete.
    A reader that follows `after` = the last position it saw never misses an event.

    Args:
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FeedPage | Problem
    """

    return sync_detailed(
        client=client,
        after=after,
        limit=limit,
        lang=lang,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    lang: str | Unset = UNSET,
) -> Response[FeedPage | Problem]:
    """Every game's events after a global position, in commit order, redacted for a spectator:
    events of a running game show only what is public; a finished game's events are complete.
    A reader that follows `after` = the last position it saw never misses an event.

    Args:
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FeedPage | Problem]
    """

    kwargs = _get_kwargs(
        after=after,
        limit=limit,
        lang=lang,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    limit: int | Unset = 100,
    lang: str | Unset = UNSET,
) -> FeedPage | Problem | None:
    """Every game's events after a global position, in commit order, redacted for a spectator:
    events of a running game show only what is public; a finished game's events are complete.
    A reader that follows `after` = the last position it saw never misses an event.

    Args:
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 100.
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FeedPage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            after=after,
            limit=limit,
            lang=lang,
        )
    ).parsed
