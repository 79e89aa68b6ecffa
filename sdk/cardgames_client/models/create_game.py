from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_game_ruleset import CreateGameRuleset
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.game_options import GameOptions
    from ..models.seat_spec import SeatSpec


T = TypeVar("T", bound="CreateGame")


@_attrs_define
class CreateGame:
    """
    Attributes:
        ruleset (CreateGameRuleset):
        deck (list[str] | None | Unset): full card order for reproducible scenarios (custom_deck)
        options (GameOptions | Unset):
        seats (list[SeatSpec] | Unset): one per seat; default: seat 0 human, the rest AI basic
        seed (int | None | Unset): deal seed; drawn secretly by the server when absent
    """

    ruleset: CreateGameRuleset
    deck: list[str] | None | Unset = UNSET
    options: GameOptions | Unset = UNSET
    seats: list[SeatSpec] | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ruleset = self.ruleset.value

        deck: list[str] | None | Unset
        if isinstance(self.deck, Unset):
            deck = UNSET
        elif isinstance(self.deck, list):
            deck = self.deck

        else:
            deck = self.deck

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        seats: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.seats, Unset):
            seats = []
            for seats_item_data in self.seats:
                seats_item = seats_item_data.to_dict()
                seats.append(seats_item)

        seed: int | None | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "ruleset": ruleset,
            }
        )
        if deck is not UNSET:
            field_dict["deck"] = deck
        if options is not UNSET:
            field_dict["options"] = options
        if seats is not UNSET:
            field_dict["seats"] = seats
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_options import GameOptions  # noqa: PLC0415
        from ..models.seat_spec import SeatSpec  # noqa: PLC0415

        d = dict(src_dict)
        ruleset = CreateGameRuleset(d.pop("ruleset"))

        def _parse_deck(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                deck_type_0 = cast(list[str], data)

                return deck_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        deck = _parse_deck(d.pop("deck", UNSET))

        _options = d.pop("options", UNSET)
        options: GameOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = GameOptions.from_dict(_options)

        _seats = d.pop("seats", UNSET)
        seats: list[SeatSpec] | Unset = UNSET
        if _seats is not UNSET:
            seats = []
            for seats_item_data in _seats:
                seats_item = SeatSpec.from_dict(seats_item_data)

                seats.append(seats_item)

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        create_game = cls(
            ruleset=ruleset,
            deck=deck,
            options=options,
            seats=seats,
            seed=seed,
        )

        return create_game
