from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.created_game_seed_source import CreatedGameSeedSource
from ..models.created_game_status import CreatedGameStatus

if TYPE_CHECKING:
    from ..models.created_seat import CreatedSeat


T = TypeVar("T", bound="CreatedGame")


@_attrs_define
class CreatedGame:
    """
    Attributes:
        creation_hash (str): the hash of the game's first event (game_created: the id, ruleset, options, seats, seed
            commitment and who chose the seed): keep it, and an export of this game must begin with it (`cardgames verify
            --creation-hash`)
        custom_deck (bool):
        id (str):
        ruleset (str):
        seats (list[CreatedSeat]):
        seed_commitment (str): SHA-256 of nonce, seed and deck
        seed_source (CreatedGameSeedSource): who chose the seed: 'server' (128 random bits from the service) or 'client'
            (the game's creator, who may then know every hand: fit for solo play and reproducible tests, not for games
            between people)
        status (CreatedGameStatus):
        version (int):
    """

    creation_hash: str
    custom_deck: bool
    id: str
    ruleset: str
    seats: list[CreatedSeat]
    seed_commitment: str
    seed_source: CreatedGameSeedSource
    status: CreatedGameStatus
    version: int

    def to_dict(self) -> dict[str, Any]:
        creation_hash = self.creation_hash

        custom_deck = self.custom_deck

        id = self.id

        ruleset = self.ruleset

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        seed_commitment = self.seed_commitment

        seed_source = self.seed_source.value

        status = self.status.value

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "creation_hash": creation_hash,
                "custom_deck": custom_deck,
                "id": id,
                "ruleset": ruleset,
                "seats": seats,
                "seed_commitment": seed_commitment,
                "seed_source": seed_source,
                "status": status,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.created_seat import CreatedSeat  # noqa: PLC0415

        d = dict(src_dict)
        creation_hash = d.pop("creation_hash")

        custom_deck = d.pop("custom_deck")

        id = d.pop("id")

        ruleset = d.pop("ruleset")

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = CreatedSeat.from_dict(seats_item_data)

            seats.append(seats_item)

        seed_commitment = d.pop("seed_commitment")

        seed_source = CreatedGameSeedSource(d.pop("seed_source"))

        status = CreatedGameStatus(d.pop("status"))

        version = d.pop("version")

        created_game = cls(
            creation_hash=creation_hash,
            custom_deck=custom_deck,
            id=id,
            ruleset=ruleset,
            seats=seats,
            seed_commitment=seed_commitment,
            seed_source=seed_source,
            status=status,
            version=version,
        )

        return created_game
