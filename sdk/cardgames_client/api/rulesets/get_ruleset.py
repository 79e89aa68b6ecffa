from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.chuopai_ruleset import ChuopaiRuleset
from ...models.nantong_ruleset import NantongRuleset
from ...models.problem import Problem
from ...models.sisepai_ruleset import SisepaiRuleset
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
        "url": "/v1/rulesets/{ruleset}".format(
            ruleset=quote(str(ruleset), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChuopaiRuleset | NantongRuleset | SisepaiRuleset | Problem | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> ChuopaiRuleset | NantongRuleset | SisepaiRuleset:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruleset_type_0 = SisepaiRuleset.from_dict(data)

                return componentsschemas_ruleset_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_ruleset_type_1 = NantongRuleset.from_dict(data)

                return componentsschemas_ruleset_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_ruleset_type_2 = ChuopaiRuleset.from_dict(data)

            return componentsschemas_ruleset_type_2

        response_200 = _parse_response_200(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ChuopaiRuleset | NantongRuleset | SisepaiRuleset | Problem]:
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
) -> Response[ChuopaiRuleset | NantongRuleset | SisepaiRuleset | Problem]:
    """One ruleset: its facts and its cards.

    Args:
        ruleset (str):
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChuopaiRuleset | NantongRuleset | SisepaiRuleset | Problem]
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
) -> ChuopaiRuleset | NantongRuleset | SisepaiRuleset | Problem | None:
    """One ruleset: its facts and its cards.

    Args:
        ruleset (str):
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChuopaiRuleset | NantongRuleset | SisepaiRuleset | Problem
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
) -> Response[ChuopaiRuleset | NantongRuleset | SisepaiRuleset | Problem]:
    """One ruleset: its facts and its cards.

    Args:
        ruleset (str):
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChuopaiRuleset | NantongRuleset | SisepaiRuleset | Problem]
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
) -> ChuopaiRuleset | NantongRuleset | SisepaiRuleset | Problem | None:
    """One ruleset: its facts and its cards.

    Args:
        ruleset (str):
        lang (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChuopaiRuleset | NantongRuleset | SisepaiRuleset | Problem
    """

    return (
        await asyncio_detailed(
            ruleset=ruleset,
            client=client,
            lang=lang,
        )
    ).parsed
