"""Play a full game against AI seats through the generated SDK, with a simple bot.

    .venv/bin/python examples/play_vs_ai.py            # Chuo Pai on $CARDGAMES_URL or http://127.0.0.1:8000
    .venv/bin/python examples/play_vs_ai.py --ruleset sisepai --seed 7
    .venv/bin/python examples/play_vs_ai.py --ruleset nantong --deals 2

(the project's virtualenv, made by `make run`, has the SDK; any Python with
`pip install ./sdk` does too.)

The bot takes a win when offered, otherwise plays rather than passes, and
among its plays picks the one that plays the fewest, lowest-listed cards.
"""

from __future__ import annotations

import argparse
import os
import sys

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
    CreateChuopaiGame,
    CreateNantongGame,
    CreateSisepaiGame,
    NantongGameOptions,
    PlayAction,
    Problem,
)

# The body of create_game is one model per ruleset, tagged by `ruleset`.
CREATE_GAME = {"chuopai": CreateChuopaiGame, "nantong": CreateNantongGame, "sisepai": CreateSisepaiGame}


def choose(actions):
    """A simple bot: win if possible, play rather than pass, prefer small plays."""
    for action in actions:
        if action.type_ in ("win", "heavenly_win"):
            return action
    plays = [a for a in actions if a.type_ != "pass"] or actions
    return min(plays, key=lambda a: len(a.cards))


def line(what: str, points: int) -> str:
    """A breakdown line once: many end with their own arithmetic ("… = 16"), the rest get the points."""
    return what if what.endswith(str(abs(points))) else f"{what} {points}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default=os.environ.get("CARDGAMES_URL") or "http://127.0.0.1:8000")
    parser.add_argument("--ruleset", default="chuopai", choices=sorted(CREATE_GAME))
    parser.add_argument("--seed", type=int)
    parser.add_argument("--deals", type=int, help="nantong: deals in the match")
    args = parser.parse_args(argv)

    public = Client(base_url=args.url, raise_on_unexpected_status=True)
    if args.deals and args.ruleset == "nantong":
        body = CreateNantongGame(
            ruleset="nantong", seed=args.seed, options=NantongGameOptions(deals=args.deals)
        )
    else:
        body = CREATE_GAME[args.ruleset](ruleset=args.ruleset, seed=args.seed)
    created = create_game.sync(client=public, body=body)
    if isinstance(created, Problem):
        print(f"cannot create the game: {created.detail}", file=sys.stderr)
        return 1
    me = AuthenticatedClient(base_url=args.url, token=created.seats[0].token, raise_on_unexpected_status=True)
    print(f"game {created.id} ({args.ruleset}); seed commitment {created.seed_commitment[:16]}…")

    moves = 0
    while True:
        view = get_game.sync(created.id, client=me)
        if view.status.value == "finished":
            break
        legal = get_legal_actions.sync(created.id, client=me)
        if not legal.actions:  # another person's decision: nothing to do in this example
            print("waiting for another seat; stopping", file=sys.stderr)
            return 1
        action = choose(legal.actions)
        result = play_action.sync(
            created.id, client=me, body=PlayAction(action=action.id, expected_version=legal.version)
        )
        if isinstance(result, Problem):
            print(f"refused: {result.detail}", file=sys.stderr)
            return 1
        moves += 1

    score = get_score.sync(created.id, client=me)
    print(f"finished after {moves} decisions of ours; outcome {score.outcome}, winners {score.winners}")
    for player in score.players:
        print(
            f"  seat {player.seat}: {player.score:>5}  "
            + ", ".join(f"{line(item.what, item.points)} ({item.rule})" for item in player.breakdown[:6])
        )
    verdict = verify_game.sync(created.id, client=public)
    print("verified" if verdict.ok else "NOT verified", "by the server's replay")
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    sys.exit(main())
