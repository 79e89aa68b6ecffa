from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.outcome import Outcome

if TYPE_CHECKING:
    from ..models.player_result import PlayerResult
    from ..models.result_details import ResultDetails


T = TypeVar("T", bound="Result")


@_attrs_define
class Result:
    """
    Attributes:
        details (ResultDetails): ruleset-specific result facts
        outcome (Outcome):
        players (list[PlayerResult]):
        scores (list[int]):
        winners (list[int]):
    """

    details: ResultDetails
    outcome: Outcome
    players: list[PlayerResult]
    scores: list[int]
    winners: list[int]

    def to_dict(self) -> dict[str, Any]:
        details = self.details.to_dict()

        outcome = self.outcome.value

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        scores = self.scores

        winners = self.winners

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "details": details,
                "outcome": outcome,
                "players": players,
                "scores": scores,
                "winners": winners,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_result import PlayerResult  # noqa: PLC0415
        from ..models.result_details import ResultDetails  # noqa: PLC0415

        d = dict(src_dict)
        details = ResultDetails.from_dict(d.pop("details"))

        outcome = Outcome(d.pop("outcome"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = PlayerResult.from_dict(players_item_data)

            players.append(players_item)

        scores = cast(list[int], d.pop("scores"))

        winners = cast(list[int], d.pop("winners"))

        result = cls(
            details=details,
            outcome=outcome,
            players=players,
            scores=scores,
            winners=winners,
        )

        return result
