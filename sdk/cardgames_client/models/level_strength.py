from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="LevelStrength")


@_attrs_define
class LevelStrength:
    """
    Attributes:
        against (str): the AI level in every other seat
        deals (int): each played once per seat rotation
        fair_share (float): 1 / players
        games (int):
        mean_score (float): mean score per game
        mean_score_ci95 (float): 95% CI half-width
        vs_fair (float): win_share / fair_share
        win_share (float): win points per game: 1 a win, 1/n an n-way tie
        win_share_ci95 (float): 95% CI half-width
    """

    against: str
    deals: int
    fair_share: float
    games: int
    mean_score: float
    mean_score_ci95: float
    vs_fair: float
    win_share: float
    win_share_ci95: float

    def to_dict(self) -> dict[str, Any]:
        against = self.against

        deals = self.deals

        fair_share = self.fair_share

        games = self.games

        mean_score = self.mean_score

        mean_score_ci95 = self.mean_score_ci95

        vs_fair = self.vs_fair

        win_share = self.win_share

        win_share_ci95 = self.win_share_ci95

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "against": against,
                "deals": deals,
                "fair_share": fair_share,
                "games": games,
                "mean_score": mean_score,
                "mean_score_ci95": mean_score_ci95,
                "vs_fair": vs_fair,
                "win_share": win_share,
                "win_share_ci95": win_share_ci95,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        against = d.pop("against")

        deals = d.pop("deals")

        fair_share = d.pop("fair_share")

        games = d.pop("games")

        mean_score = d.pop("mean_score")

        mean_score_ci95 = d.pop("mean_score_ci95")

        vs_fair = d.pop("vs_fair")

        win_share = d.pop("win_share")

        win_share_ci95 = d.pop("win_share_ci95")

        level_strength = cls(
            against=against,
            deals=deals,
            fair_share=fair_share,
            games=games,
            mean_score=mean_score,
            mean_score_ci95=mean_score_ci95,
            vs_fair=vs_fair,
            win_share=win_share,
            win_share_ci95=win_share_ci95,
        )

        return level_strength
