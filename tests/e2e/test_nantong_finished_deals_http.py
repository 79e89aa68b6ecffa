"""A Nantong match's finished deals over HTTP, through the generated SDK (NT-3.3, NT-9): from the
deal of deal 2 every view, a seat's or a spectator's, holds deal 1 in full (hands, melds, win,
score lines in the reader's language, settlement), the same as the score shows at the end."""

from __future__ import annotations

from cardgames_client.api.games import create_game, get_game, get_legal_actions, get_score, play_action
from cardgames_client.models import CreateNantongGame, NantongGameOptions, NantongSeatSpec, PlayAction
from cardgames_client.models.seat_spec_kind import SeatSpecKind
from cardgames_client.types import Unset

from domain.nantong import RULESET
from service.i18n import translator
from service.narration import narrator_for
from service.wording import rendered
from tests.e2e.conftest import seat_client


def play_first_action(game_id: str, seat) -> bool:
    """Seat 0 plays its first legal action; False when it has none (the game is over)."""
    legal = get_legal_actions.sync(game_id, client=seat)
    if not legal.actions:
        return False
    play_action.sync(
        game_id, client=seat, body=PlayAction(action=legal.actions[0].id, expected_version=legal.version)
    )
    return True


def test_a_finished_deal_is_in_every_view_in_the_readers_words(server, client):
    created = create_game.sync(
        client=client,
        body=CreateNantongGame(
            ruleset="nantong",
            seed=3,
            options=NantongGameOptions(deals=2, dealer=0),
            seats=[NantongSeatSpec(kind=SeatSpecKind.HUMAN)] + [NantongSeatSpec(kind=SeatSpecKind.AI)] * 2,
        ),
    )
    me = seat_client(server, created.seats[0].token)
    while get_game.sync(created.id, client=me).table.deal == 1:
        # NT-3.3: no deal is over yet, so no view shows one
        assert get_game.sync(created.id, client=client).table.deal_results == []
        assert play_first_action(created.id, me)

    mine = get_game.sync(created.id, client=me, lang="fr")
    watched = get_game.sync(created.id, client=client, lang="fr")
    assert mine.status.value == "active" and mine.table.deal == 2
    assert all(isinstance(s.facts.hand, Unset) for s in watched.seats)  # deal 2's hands stay hidden
    [deal] = mine.table.deal_results
    assert watched.table.deal_results[0].to_dict() == deal.to_dict()  # the same for every viewer
    assert deal.deal == 1 and deal.dealer == 0 and len(deal.hands) == 3 and len(deal.melds) == 3
    assert [sum(line.points for line in lines) for lines in deal.breakdowns] == deal.settlement  # NT-9.2
    if deal.winner is not None and deal.win.card is not None:
        assert deal.win.card in deal.hands[deal.winner]  # the winning hand with its winning card

    # The lines in French, cards by their French names, as the result words them (service/wording.py).
    french = translator("fr")
    lines = [line.to_dict() for lines in deal.breakdowns for line in lines]
    assert lines == rendered(lines, french, narrator_for(RULESET, french).names_of)
    english = get_game.sync(created.id, client=me).table.deal_results[0]
    assert [line.what for lines in english.breakdowns for line in lines] != [line["what"] for line in lines]

    # At the end the score tells deal 1 as the view did (NT-9): nothing more, nothing else.
    while play_first_action(created.id, me):
        pass
    score = get_score.sync(created.id, client=client, lang="fr")
    first = score.details["deals"][0]
    for key in ("winner", "win", "indicators", "totals", "rounded", "settlement", "breakdowns"):
        assert first[key] == deal.to_dict()[key], key
