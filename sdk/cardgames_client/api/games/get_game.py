from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.chuopai_game_view import ChuopaiGameView
from ...models.nantong_game_view import NantongGameView
from ...models.problem import Problem
from ...models.sisepai_game_view import SisepaiGameView
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: str,
    *,
    lang: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["lang"] = lang

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game_id}".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChuopaiGameView | NantongGameView | SisepaiGameView | Problem | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> ChuopaiGameView | NantongGameView | SisepaiGameView:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_game_view_type_0 = SisepaiGameView.from_dict(data)

                return componentsschemas_game_view_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_game_view_type_1 = NantongGameView.from_dict(data)

                return componentsschemas_game_view_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_game_view_type_2 = ChuopaiGameView.from_dict(data)

            return componentsschemas_game_view_type_2

        response_200 = _parse_response_200(response.json())

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
) -> Response[ChuopaiGameView | NantongGameView | SisepaiGameView | Problem]:
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
    lang: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[ChuopaiGameView | NantongGameView | SisepaiGameView | Problem]:
    """The game as the caller may see it: a seat's view with its token, else the spectator view.

     The seat token is optional here: send it (Authorization: Bearer) to see that seat's hand.

    Args:
        game_id (str):
        lang (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChuopaiGameView | NantongGameView | SisepaiGameView | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        lang=lang,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> ChuopaiGameView | NantongGameView | SisepaiGameView | Problem | None:
    """The game as the caller may see it: a seat's view with its token, else the spectator view.

     The seat token is optional here: send it (Authorization: Bearer) to see that seat's hand.

    Args:
        game_id (str):
        lang (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChuopaiGameView | NantongGameView | SisepaiGameView | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        lang=lang,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[ChuopaiGameView | NantongGameView | SisepaiGameView | Problem]:
    """The game as the caller may see it: a seat's view with its token, else the spectator view.

     The seat token is optional here: send it (Authorization: Bearer) to see that seat's hand.

    Args:
        game_id (str):
        lang (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChuopaiGameView | NantongGameView | SisepaiGameView | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        lang=lang,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: str,
    *,
    client: AuthenticatedClient | Client,
    lang: str | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> ChuopaiGameView | NantongGameView | SisepaiGameView | Problem | None:
    """The game as the caller may see it: a seat's view with its token, else the spectator view.

     The seat token is optional here: send it (Authorization: Bearer) to see that seat's hand.

    Args:
        game_id (str):
        lang (str | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChuopaiGameView | NantongGameView | SisepaiGameView | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            lang=lang,
            if_none_match=if_none_match,
        )
    ).parsed
