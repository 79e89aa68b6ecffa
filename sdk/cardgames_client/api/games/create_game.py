from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_chuopai_game import CreateChuopaiGame
from ...models.create_nantong_game import CreateNantongGame
from ...models.create_sisepai_game import CreateSisepaiGame
from ...models.created_game import CreatedGame
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: CreateChuopaiGame | CreateNantongGame | CreateSisepaiGame,
    lang: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    params: dict[str, Any] = {}

    params["lang"] = lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games",
        "params": params,
    }

    if isinstance(body, CreateSisepaiGame):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateNantongGame):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CreatedGame | Problem | None:
    if response.status_code == 201:
        response_201 = CreatedGame.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

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
) -> Response[CreatedGame | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateChuopaiGame | CreateNantongGame | CreateSisepaiGame,
    lang: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreatedGame | Problem]:
    """Create a game; AI seats that act first have acted when it returns.

     With an Idempotency-Key, a retry of the same request is answered with the game the first
    one created (`Idempotent-Replayed: true`), so a creation whose answer was lost is not lost.

    Args:
        lang (str | Unset):
        idempotency_key (str | Unset):
        body (CreateChuopaiGame | CreateNantongGame | CreateSisepaiGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        lang=lang,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreateChuopaiGame | CreateNantongGame | CreateSisepaiGame,
    lang: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> CreatedGame | Problem | None:
    """Create a game; AI seats that act first have acted when it returns.

     With an Idempotency-Key, a retry of the same request is answered with the game the first
    one created (`Idempotent-Replayed: true`), so a creation whose answer was lost is not lost.

    Args:
        lang (str | Unset):
        idempotency_key (str | Unset):
        body (CreateChuopaiGame | CreateNantongGame | CreateSisepaiGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGame | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        lang=lang,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreateChuopaiGame | CreateNantongGame | CreateSisepaiGame,
    lang: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreatedGame | Problem]:
    """Create a game; AI seats that act first have acted when it returns.

     With an Idempotency-Key, a retry of the same request is answered with the game the first
    one created (`Idempotent-Replayed: true`), so a creation whose answer was lost is not lost.

    Args:
        lang (str | Unset):
        idempotency_key (str | Unset):
        body (CreateChuopaiGame | CreateNantongGame | CreateSisepaiGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedGame | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        lang=lang,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreateChuopaiGame | CreateNantongGame | CreateSisepaiGame,
    lang: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> CreatedGame | Problem | None:
    """Create a game; AI seats that act first have acted when it returns.

     With an Idempotency-Key, a retry of the same request is answered with the game the first
    one created (`Idempotent-Replayed: true`), so a creation whose answer was lost is not lost.

    Args:
        lang (str | Unset):
        idempotency_key (str | Unset):
        body (CreateChuopaiGame | CreateNantongGame | CreateSisepaiGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedGame | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            lang=lang,
            idempotency_key=idempotency_key,
        )
    ).parsed
