from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.verification import Verification
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    creation_hash: str | Unset = UNSET,
    lang: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["creation_hash"] = creation_hash

    params["lang"] = lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}/verify".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Verification | None:
    if response.status_code == 200:
        response_200 = Verification.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

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
) -> Response[Problem | Verification]:
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
    creation_hash: str | Unset = UNSET,
    lang: str | Unset = UNSET,
) -> Response[Problem | Verification]:
    """Re-deal from the revealed seed, re-check the commitment and hash chain, replay and compare.

    Args:
        game_id (str):
        creation_hash (str | Unset):
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Verification]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        creation_hash=creation_hash,
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
    creation_hash: str | Unset = UNSET,
    lang: str | Unset = UNSET,
) -> Problem | Verification | None:
    """Re-deal from the revealed seed, re-check the commitment and hash chain, replay and compare.

    Args:
        game_id (str):
        creation_hash (str | Unset):
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Verification
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        creation_hash=creation_hash,
        lang=lang,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    creation_hash: str | Unset = UNSET,
    lang: str | Unset = UNSET,
) -> Response[Problem | Verification]:
    """Re-deal from the revealed seed, re-check the commitment and hash chain, replay and compare.

    Args:
        game_id (str):
        creation_hash (str | Unset):
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Verification]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        creation_hash=creation_hash,
        lang=lang,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    creation_hash: str | Unset = UNSET,
    lang: str | Unset = UNSET,
) -> Problem | Verification | None:
    """Re-deal from the revealed seed, re-check the commitment and hash chain, replay and compare.

    Args:
        game_id (str):
        creation_hash (str | Unset):
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Verification
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            creation_hash=creation_hash,
            lang=lang,
        )
    ).parsed
