from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.sisepai_card_code import SisepaiCardCode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.sisepai_game_options import SisepaiGameOptions
    from ..models.sisepai_seat_spec import SisepaiSeatSpec


T = TypeVar("T", bound="CreateSisepaiGame")


@_attrs_define
class CreateSisepaiGame:
    """
    Attributes:
        ruleset (Literal['sisepai']):
        deck (list[SisepaiCardCode] | None | Unset): full card order for reproducible scenarios (custom_deck); every
            card exactly as often as the deck holds it (422 otherwise)
        options (SisepaiGameOptions | Unset):
        seats (list[SisepaiSeatSpec] | Unset): one per seat (4); default: seat 0 human, the rest AI basic
        seed (int | None | Unset): deal seed; drawn secretly by the server when absent
    """

    ruleset: Literal["sisepai"]
    deck: list[SisepaiCardCode] | None | Unset = UNSET
    options: SisepaiGameOptions | Unset = UNSET
    seats: list[SisepaiSeatSpec] | Unset = UNSET
    seed: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        ruleset = self.ruleset

        deck: list[str] | None | Unset
        if isinstance(self.deck, Unset):
            deck = UNSET
        elif isinstance(self.deck, list):
            deck = []
            for deck_type_0_item_data in self.deck:
                deck_type_0_item = deck_type_0_item_data.value
                deck.append(deck_type_0_item)

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
        from ..models.sisepai_game_options import SisepaiGameOptions  # noqa: PLC0415
        from ..models.sisepai_seat_spec import SisepaiSeatSpec  # noqa: PLC0415

        d = dict(src_dict)
        ruleset = cast(Literal["sisepai"], d.pop("ruleset"))
        if ruleset != "sisepai":
            raise ValueError(f"ruleset must match const 'sisepai', got '{ruleset}'")

        def _parse_deck(data: object) -> list[SisepaiCardCode] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                deck_type_0 = []
                _deck_type_0 = data
                for deck_type_0_item_data in _deck_type_0:
                    deck_type_0_item = SisepaiCardCode(deck_type_0_item_data)

                    deck_type_0.append(deck_type_0_item)

                return deck_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[SisepaiCardCode] | None | Unset, data)

        deck = _parse_deck(d.pop("deck", UNSET))

        _options = d.pop("options", UNSET)
        options: SisepaiGameOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = SisepaiGameOptions.from_dict(_options)

        _seats = d.pop("seats", UNSET)
        seats: list[SisepaiSeatSpec] | Unset = UNSET
        if _seats is not UNSET:
            seats = []
            for seats_item_data in _seats:
                seats_item = SisepaiSeatSpec.from_dict(seats_item_data)

                seats.append(seats_item)

        def _parse_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        create_sisepai_game = cls(
            ruleset=ruleset,
            deck=deck,
            options=options,
            seats=seats,
            seed=seed,
        )

        return create_sisepai_game
