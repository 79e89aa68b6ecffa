from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.outcome import Outcome
from ..models.score_seed_source import ScoreSeedSource

if TYPE_CHECKING:
    from ..models.player_result import PlayerResult
    from ..models.score_details import ScoreDetails


T = TypeVar("T", bound="Score")


@_attrs_define
class Score:
    """
    Attributes:
        custom_deck (bool):
        details (ScoreDetails): ruleset-specific result facts
        id (str):
        outcome (Outcome):
        players (list[PlayerResult]):
        ruleset (str):
        scores (list[int]):
        seed_source (ScoreSeedSource): who chose the seed: 'server' (128 random bits from the service) or 'client' (the
            game's creator, who may then know every hand: fit for solo play and reproducible tests, not for games between
            people)
        version (int):
        winners (list[int]):
    """

    custom_deck: bool
    details: ScoreDetails
    id: str
    outcome: Outcome
    players: list[PlayerResult]
    ruleset: str
    scores: list[int]
    seed_source: ScoreSeedSource
    version: int
    winners: list[int]

    def to_dict(self) -> dict[str, Any]:
        custom_deck = self.custom_deck

        details = self.details.to_dict()

        id = self.id

        outcome = self.outcome.value

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        ruleset = self.ruleset

        scores = self.scores

        seed_source = self.seed_source.value

        version = self.version

        winners = self.winners

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "custom_deck": custom_deck,
                "details": details,
                "id": id,
                "outcome": outcome,
                "players": players,
                "ruleset": ruleset,
                "scores": scores,
                "seed_source": seed_source,
                "version": version,
                "winners": winners,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_result import PlayerResult  # noqa: PLC0415
        from ..models.score_details import ScoreDetails  # noqa: PLC0415

        d = dict(src_dict)
        custom_deck = d.pop("custom_deck")

        details = ScoreDetails.from_dict(d.pop("details"))

        id = d.pop("id")

        outcome = Outcome(d.pop("outcome"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = PlayerResult.from_dict(players_item_data)

            players.append(players_item)

        ruleset = d.pop("ruleset")

        scores = cast(list[int], d.pop("scores"))

        seed_source = ScoreSeedSource(d.pop("seed_source"))

        version = d.pop("version")

        winners = cast(list[int], d.pop("winners"))

        score = cls(
            custom_deck=custom_deck,
            details=details,
            id=id,
            outcome=outcome,
            players=players,
            ruleset=ruleset,
            scores=scores,
            seed_source=seed_source,
            version=version,
            winners=winners,
        )

        return score
