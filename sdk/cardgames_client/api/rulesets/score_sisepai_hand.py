from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.sisepai_hand import SisepaiHand
from ...models.sisepai_score import SisepaiScore
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SisepaiHand,
    lang: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    params: dict[str, Any] = {}

    params["lang"] = lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/rulesets/sisepai/score",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | SisepaiScore | None:
    if response.status_code == 200:
        response_200 = SisepaiScore.from_dict(response.json())

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
) -> Response[Problem | SisepaiScore]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SisepaiHand,
    lang: str | Unset = UNSET,
) -> Response[Problem | SisepaiScore]:
    """Sì Sè Pái hand calculator: is this 21-card hand complete, and its best partition (SSP-6.2).

    Args:
        lang (str | Unset):
        body (SisepaiHand): A 21-card hand: concealed cards, exposed melds and the new card
            (SSP-1.2). The deck's copies per code (SSP-2.1) bound the hand; that is checked with 422.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SisepaiScore]
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
    body: SisepaiHand,
    lang: str | Unset = UNSET,
) -> Problem | SisepaiScore | None:
    """Sì Sè Pái hand calculator: is this 21-card hand complete, and its best partition (SSP-6.2).

    Args:
        lang (str | Unset):
        body (SisepaiHand): A 21-card hand: concealed cards, exposed melds and the new card
            (SSP-1.2). The deck's copies per code (SSP-2.1) bound the hand; that is checked with 422.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SisepaiScore
    """

    return sync_detailed(
        client=client,
        body=body,
        lang=lang,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SisepaiHand,
    lang: str | Unset = UNSET,
) -> Response[Problem | SisepaiScore]:
    """Sì Sè Pái hand calculator: is this 21-card hand complete, and its best partition (SSP-6.2).

    Args:
        lang (str | Unset):
        body (SisepaiHand): A 21-card hand: concealed cards, exposed melds and the new card
            (SSP-1.2). The deck's copies per code (SSP-2.1) bound the hand; that is checked with 422.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SisepaiScore]
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
    body: SisepaiHand,
    lang: str | Unset = UNSET,
) -> Problem | SisepaiScore | None:
    """Sì Sè Pái hand calculator: is this 21-card hand complete, and its best partition (SSP-6.2).

    Args:
        lang (str | Unset):
        body (SisepaiHand): A 21-card hand: concealed cards, exposed melds and the new card
            (SSP-1.2). The deck's copies per code (SSP-2.1) bound the hand; that is checked with 422.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SisepaiScore
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
        )
    ).parsed
