"""Play a full game against AI seats through the generated SDK, with a simple bot.

    .venv/bin/python examples/play_vs_ai.py            # Chuo Pai on $CARDGAMES_URL or http://127.0.0.1:8000
    .venv/bin/python examples/play_vs_ai.py --ruleset sisepai --seed 7
    .venv/bin/python examples/play_vs_ai.py --ruleset nantong --deals 2

(the project's virtualenv, made by `make run`, has the SDK; any Python with
`pip install ./sdk` does too.) It type-checks under `mypy --strict` (`make lint` checks it).

The bot takes a win when offered, otherwise plays rather than passes, and
among its plays picks the one that plays the fewest, lowest-listed cards. The same bot is
measured against the AI, exactly as it plays, by

    .venv/bin/cardgames match chuopai --sdk-policy examples.play_vs_ai:policy --url http://127.0.0.1:8000
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from typing import TypeVar

from cardgames_client import AuthenticatedClient, Client
from cardgames_client.api.games import (
    create_game,
    get_game,
    get_legal_actions,
    get_score,
    play_action,
    verify_game,
)
from cardgames_client.models import (
    ChuopaiGameView,
    ChuopaiLegalAction,
    ChuopaiLegalActions,
    CreateChuopaiGame,
    CreateNantongGame,
    CreateSisepaiGame,
    NantongGameOptions,
    NantongGameView,
    NantongLegalAction,
    NantongLegalActions,
    PlayAction,
    Problem,
    SisepaiGameView,
    SisepaiLegalAction,
    SisepaiLegalActions,
)
from cardgames_client.types import UNSET

T = TypeVar("T")
LegalAction = ChuopaiLegalAction | NantongLegalAction | SisepaiLegalAction
GameView = ChuopaiGameView | NantongGameView | SisepaiGameView
LegalActions = ChuopaiLegalActions | NantongLegalActions | SisepaiLegalActions


class Refused(Exception):
    """The service answered with a problem (or with nothing this client can read)."""


def ok(answer: T | Problem | None) -> T:
    """The answer of an operation, or Refused with the problem's detail: the SDK returns a
    problem, it does not raise (and None for a status the contract does not document)."""
    if answer is None:
        raise Refused("no answer this client can read")
    if isinstance(answer, Problem):
        raise Refused(f"{answer.title}: {answer.detail}")
    return answer


def view_of(answer: GameView | Problem | None) -> GameView:
    """get_game's answer is one view class per ruleset; `ok` would read that union as `object`
    (mypy does not solve a TypeVar against a union), so it is narrowed here once."""
    if isinstance(answer, ChuopaiGameView | NantongGameView | SisepaiGameView):
        return answer
    return ok(answer)


def actions_of(answer: LegalActions | Problem | None) -> LegalActions:
    """get_legal_actions' answer, narrowed as `view_of` does."""
    if isinstance(answer, ChuopaiLegalActions | NantongLegalActions | SisepaiLegalActions):
        return answer
    return ok(answer)


def choose(actions: Sequence[LegalAction]) -> LegalAction:
    """A simple bot: win if possible, play rather than pass, prefer small plays."""
    for action in actions:
        if action.type_ == "win":  # each ruleset's action types are an enum of str values
            return action
    plays = [a for a in actions if a.type_ != "pass"] or list(actions)
    return min(plays, key=lambda a: len(a.cards))


def policy(view: GameView, legal: list[LegalAction], rng: random.Random) -> LegalAction:
    """The bot as `cardgames match --sdk-policy` asks it: the view and legal actions as the API
    gave them, and an rng seeded from the deal (for a bot that draws on chance)."""
    return choose(legal)


def line(what: str, points: int) -> str:
    """A breakdown line once: many end with their own arithmetic ("… = 16"), the rest get the points."""
    return what if what.endswith(str(abs(points))) else f"{what} {points}"


def create_body(
    ruleset: str, seed: int | None, deals: int | None
) -> CreateChuopaiGame | CreateNantongGame | CreateSisepaiGame:
    """The body of create_game: one model per ruleset, tagged by `ruleset`."""
    chosen = UNSET if seed is None else seed
    if ruleset == "nantong":
        options = UNSET if deals is None else NantongGameOptions(deals=deals)
        return CreateNantongGame(ruleset="nantong", seed=chosen, options=options)
    if ruleset == "sisepai":
        return CreateSisepaiGame(ruleset="sisepai", seed=chosen)
    return CreateChuopaiGame(ruleset="chuopai", seed=chosen)


def play(url: str, ruleset: str, seed: int | None, deals: int | None) -> bool:
    """One game to its end, as seat 0 against the AI; whether the server's replay verified it."""
    public = Client(base_url=url, raise_on_unexpected_status=True)
    created = ok(create_game.sync(client=public, body=create_body(ruleset, seed, deals)))
    token = created.seats[0].token  # set for a person's seat only (typed `str | Unset`)
    if not isinstance(token, str):
        raise Refused("seat 0 is not a person's seat")
    me = AuthenticatedClient(base_url=url, token=token, raise_on_unexpected_status=True)
    print(f"game {created.id} ({ruleset}); seed commitment {created.seed_commitment[:16]}…")

    moves = 0
    while view_of(get_game.sync(created.id, client=me)).status != "finished":
        legal = actions_of(get_legal_actions.sync(created.id, client=me))
        if not legal.actions:  # another person's decision: nothing to do in this example
            raise Refused("waiting for another seat; stopping")
        action = choose(legal.actions)
        body = PlayAction(action=action.id, expected_version=legal.version)
        ok(play_action.sync(created.id, client=me, body=body))
        moves += 1

    score = ok(get_score.sync(created.id, client=me))
    print(f"finished after {moves} decisions of ours; outcome {score.outcome}, winners {score.winners}")
    for player in score.players:
        print(
            f"  seat {player.seat}: {player.score:>5}  "
            + ", ".join(f"{line(item.what, item.points)} ({item.rule})" for item in player.breakdown[:6])
        )
    verdict = ok(verify_game.sync(created.id, client=public))
    print("verified" if verdict.ok else "NOT verified", "by the server's replay")
    return verdict.ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--url", default=os.environ.get("CARDGAMES_URL") or "http://127.0.0.1:8000")
    parser.add_argument("--ruleset", default="chuopai", choices=["chuopai", "nantong", "sisepai"])
    parser.add_argument("--seed", type=int)
    parser.add_argument("--deals", type=int, help="nantong: deals in the match")
    args = parser.parse_args(argv)
    try:
        return 0 if play(args.url, args.ruleset, args.seed, args.deals) else 1
    except Refused as refused:
        print(f"refused: {refused}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
