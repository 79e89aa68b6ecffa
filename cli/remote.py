"""The same duplicate-format match played through a running service with the generated SDK.

Each game is created with the deal's seed: the tested seat is a person seat, driven here by
the tested policy from the view and legal actions the API returns (exactly what a bot
written against the API gets); every other seat is a server-side AI of the other level. The
service lets AI seats act (and auto-passes lone passes) before it answers, so after each of
our actions the game is either over or waiting for us again.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from typing import Any, cast

import httpx
from cardgames_client import AuthenticatedClient, Client, models
from cardgames_client.api.games import create_game, get_game, get_legal_actions, get_score, play_action
from cardgames_client.models import PlayAction, Problem
from cardgames_client.types import Response

from cli.match import MAX_DECISIONS, MatchSpec, PolicyFailed, decide, decision_rng, load_policy, raised
from cli.stats import GameRecord, Timings
from domain.base import Action, View


class RemoteError(RuntimeError):
    """The service refused or answered something a match cannot go on from."""


# A 429 (the game-creation rate limit) or a 503 (the store unreachable) asks to come back after
# Retry-After seconds, nothing changed: the match waits and asks again, this many times at most.
# A match creates one game per seat rotation of each deal, more than a minute's limit allows.
RETRIES = 20
LONGEST_WAIT_SECONDS = 120


def _ok(what: str, call: Callable[..., Response[Any]], *args: Any, **kwargs: Any) -> Any:
    """The parsed answer of `call(*args, **kwargs)` (an SDK `sync_detailed`), waiting out 429 and
    503 answers as their Retry-After says; a problem, or an answer the SDK cannot read, is a
    RemoteError naming `what` was being done."""
    response = _answer(what, call, *args, **kwargs)
    for _ in range(RETRIES):
        if response.status_code not in (429, 503):
            break
        wait = response.headers.get("Retry-After", "")
        time.sleep(min(LONGEST_WAIT_SECONDS, max(1, int(wait) if wait.isdigit() else 1)))
        response = _answer(what, call, *args, **kwargs)
    answer = response.parsed
    if isinstance(answer, Problem) or answer is None:
        detail = (
            getattr(answer, "detail", None) or getattr(answer, "title", None) or _problem_detail(response)
        )
        status = int(response.status_code)
        raise RemoteError(
            f"{what}: {f'HTTP {status}: {detail}' if detail else f'HTTP {status} with no readable body'}"
        )
    return answer


def _answer(what: str, call: Callable[..., Response[Any]], *args: Any, **kwargs: Any) -> Response[Any]:
    """The SDK call's response; a service that does not answer (refused, unknown host, timed
    out) is a RemoteError, not a traceback."""
    try:
        return call(*args, **kwargs)
    except httpx.HTTPError as exc:
        raise RemoteError(
            f"{what}: no answer from the service ({type(exc).__name__}: {str(exc) or 'no detail'})"
        ) from None


def _problem_detail(response: Response[Any]) -> str | None:
    """The detail of a problem+json body the SDK did not parse (a status the operation does not
    declare: a 404 for a URL with a wrong path, say), or None."""
    try:
        body = json.loads(response.content)
    except ValueError:
        return None
    if not isinstance(body, dict):
        return None
    found = body.get("detail") or body.get("title")
    return found if isinstance(found, str) else None


# What the API's view holds around the domain's (the game's identity, status and audit facts,
# who sits where): a policy in process never sees these, so one over --url does not either.
_API_ONLY = frozenset(
    {
        "id",
        "ruleset",
        "version",
        "status",
        "seed_commitment",
        "creation_hash",
        "custom_deck",
        "seed_source",
        "options",
        "result",
        "own_answer",
    }
)
_API_ONLY_SEAT = frozenset({"facts", "kind", "level"})


def domain_view(api_view: dict[str, Any]) -> View:
    """The API's view in the shape the domain hands its policies: each seat's ruleset facts
    next to its number and hand count instead of under `facts`, without what the API adds
    around it, and `drawn` only when a card was just drawn (NantongView: a key the domain
    leaves out otherwise), so that a policy reads the same keys in process and over --url."""
    seats = [
        {**seat.get("facts", {}), **{k: v for k, v in seat.items() if k not in _API_ONLY_SEAT}}
        for seat in api_view["seats"]
    ]
    view = {k: v for k, v in api_view.items() if k not in _API_ONLY and not (k == "drawn" and v is None)}
    return cast(View, {**view, "seats": seats})


def domain_actions(api_actions: list[dict[str, Any]]) -> list[Action]:
    return [
        Action(a["id"], a["type"], tuple(a["cards"]), a.get("label", ""), dict(a.get("extra") or {}))
        for a in api_actions
    ]


def decide_on_models(policy: Any, who: str, view: Any, actions: list[Any], rng: Any) -> str:
    """`--sdk-policy`: the bot is asked with the SDK's models as the API gave them (the ruleset's
    GameView and its LegalAction list) and answers with one of those actions or its id."""
    try:
        choice = policy(view, actions, rng)
    except Exception as exc:
        raise raised(who, exc) from exc
    wanted = choice if isinstance(choice, str) else getattr(choice, "id", choice)
    if any(a.id == wanted for a in actions):
        return str(wanted)
    raise PolicyFailed(f"{who} chose {wanted!r}, which is not a legal action")


def create_body(ruleset: str, seats: list[dict[str, Any]], seed: int) -> Any:
    """The SDK's creation body of `ruleset` (one typed model per ruleset, e.g. CreateChuopaiGame)."""
    model = getattr(models, f"Create{ruleset.capitalize()}Game", None)
    if model is None:
        raise RemoteError(f"the SDK has no creation model for ruleset {ruleset!r}")
    return model.from_dict({"ruleset": ruleset, "seats": seats, "seed": seed})


def play_deal_remote(spec: MatchSpec, url: str, deal: int) -> tuple[list[GameRecord], dict[str, Timings]]:
    tested = load_policy(spec.ruleset, spec.tested)
    seed = spec.deal_seed(deal)
    public = Client(base_url=url, timeout=httpx.Timeout(60))
    records: list[GameRecord] = []
    timings = {"tested": Timings(), "opponent": Timings()}
    clock = time.thread_time if spec.cpu_time else time.perf_counter
    for rotation in range(spec.players):
        seats = [
            {"kind": "human"} if s == rotation else {"kind": "ai", "level": spec.against}
            for s in range(spec.players)
        ]
        body = create_body(spec.ruleset, seats, seed)
        # a key per game: a creation retried after a 503 answers with the game it may have made
        created = _ok(
            "create a game",
            create_game.sync_detailed,
            client=public,
            body=body,
            idempotency_key=str(uuid.uuid4()),
        )
        token = next(s.token for s in created.seats if s.seat == rotation)
        me = AuthenticatedClient(base_url=url, token=token, timeout=httpx.Timeout(60))
        for _ in range(MAX_DECISIONS):
            view_model = _ok("read the game", get_game.sync_detailed, created.id, client=me)
            view = view_model.to_dict()
            if view["status"] == "finished":
                break
            legal_model = _ok(
                "read the legal actions", get_legal_actions.sync_detailed, created.id, client=me
            )
            legal_page = legal_model.to_dict()
            legal = domain_actions(legal_page["actions"])
            if not legal:
                raise RemoteError(f"game {created.id}: active, but seat {rotation} has nothing to do")
            started = clock()
            rng = decision_rng(seed, legal_page["version"] + 1)
            if spec.sdk_models:
                action_id = decide_on_models(tested, spec.tested, view_model, list(legal_model.actions), rng)
            else:
                action_id = decide(tested, spec.tested, domain_view(view), legal, rng).id
            timings["tested"].add(clock() - started, len(legal))
            played = PlayAction(action=action_id, expected_version=legal_page["version"])
            # a key per decision: a retry after a 503 can never play the action twice
            key = f"match-{created.id}-{legal_page['version']}"
            _ok(
                f"play {action_id}",
                play_action.sync_detailed,
                created.id,
                client=me,
                body=played,
                idempotency_key=key,
            )
        else:
            raise RemoteError(f"game {created.id}: no end after {MAX_DECISIONS} decisions")
        score = _ok("read the score", get_score.sync_detailed, created.id, client=public)
        levels = [spec.tested if s == rotation else spec.against for s in range(spec.players)]
        records.append(
            GameRecord(deal, rotation, levels, list(score.winners), list(score.scores), game_id=created.id)
        )
    return records, timings
