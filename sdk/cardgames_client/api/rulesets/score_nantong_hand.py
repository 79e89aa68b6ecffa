from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.nantong_hand import NantongHand
from ...models.nantong_score import NantongScore
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: NantongHand,
    lang: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    params: dict[str, Any] = {}

    params["lang"] = lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/rulesets/nantong/score",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> NantongScore | Problem | None:
    if response.status_code == 200:
        response_200 = NantongScore.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 408:
        response_408 = Problem.from_dict(response.json())

        return response_408

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[NantongScore | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: NantongHand,
    lang: str | Unset = UNSET,
) -> Response[NantongScore | Problem]:
    """Nantong hand calculator: base hu, bonuses, multipliers and rounding (NT-7 … NT-9).

    Args:
        lang (str | Unset):
        body (NantongHand): A hand to score. The hand must hold seven groups and a pair (NT-1.2)
            and at most four copies of a card, indicators counted (NT-2.1); those are checked with
            422.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NantongScore | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        lang=lang,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: NantongHand,
    lang: str | Unset = UNSET,
) -> NantongScore | Problem | None:
    """Nantong hand calculator: base hu, bonuses, multipliers and rounding (NT-7 … NT-9).

    Args:
        lang (str | Unset):
        body (NantongHand): A hand to score. The hand must hold seven groups and a pair (NT-1.2)
            and at most four copies of a card, indicators counted (NT-2.1); those are checked with
            422.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NantongScore | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        lang=lang,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: NantongHand,
    lang: str | Unset = UNSET,
) -> Response[NantongScore | Problem]:
    """Nantong hand calculator: base hu, bonuses, multipliers and rounding (NT-7 … NT-9).

    Args:
        lang (str | Unset):
        body (NantongHand): A hand to score. The hand must hold seven groups and a pair (NT-1.2)
            and at most four copies of a card, indicators counted (NT-2.1); those are checked with
            422.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NantongScore | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        lang=lang,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: NantongHand,
    lang: str | Unset = UNSET,
) -> NantongScore | Problem | None:
    """Nantong hand calculator: base hu, bonuses, multipliers and rounding (NT-7 … NT-9).

    Args:
        lang (str | Unset):
        body (NantongHand): A hand to score. The hand must hold seven groups and a pair (NT-1.2)
            and at most four copies of a card, indicators counted (NT-2.1); those are checked with
            422.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NantongScore | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
        )
    ).parsed
