from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.exported_game_seed_source import ExportedGameSeedSource

T = TypeVar("T", bound="ExportedGame")


@_attrs_define
class ExportedGame:
    """
    Attributes:
        created_at (str):
        custom_deck (bool):
        deck (list[str] | None):
        id (str):
        nonce (str):
        ruleset (str):
        seed (str):
        seed_source (ExportedGameSeedSource): who chose the seed: 'server' (128 random bits from the service) or
            'client' (the game's creator, who may then know every hand: fit for solo play and reproducible tests, not for
            games between people)
    """

    created_at: str
    custom_deck: bool
    deck: list[str] | None
    id: str
    nonce: str
    ruleset: str
    seed: str
    seed_source: ExportedGameSeedSource

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        custom_deck = self.custom_deck

        deck: list[str] | None
        if isinstance(self.deck, list):
            deck = self.deck

        else:
            deck = self.deck

        id = self.id

        nonce = self.nonce

        ruleset = self.ruleset

        seed = self.seed

        seed_source = self.seed_source.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "created_at": created_at,
                "custom_deck": custom_deck,
                "deck": deck,
                "id": id,
                "nonce": nonce,
                "ruleset": ruleset,
                "seed": seed,
                "seed_source": seed_source,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = d.pop("created_at")

        custom_deck = d.pop("custom_deck")

        def _parse_deck(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                deck_type_0 = cast(list[str], data)

                return deck_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        deck = _parse_deck(d.pop("deck"))

        id = d.pop("id")

        nonce = d.pop("nonce")

        ruleset = d.pop("ruleset")

        seed = d.pop("seed")

        seed_source = ExportedGameSeedSource(d.pop("seed_source"))

        exported_game = cls(
            created_at=created_at,
            custom_deck=custom_deck,
            deck=deck,
            id=id,
            nonce=nonce,
            ruleset=ruleset,
            seed=seed,
            seed_source=seed_source,
        )

        return exported_game
