from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.nantong_card_code import NantongCardCode
from ..models.nantong_game_view_seed_source import NantongGameViewSeedSource
from ..models.nantong_game_view_status import NantongGameViewStatus
from ..models.nantong_phase import NantongPhase

if TYPE_CHECKING:
    from ..models.nantong_game_view_options import NantongGameViewOptions
    from ..models.nantong_seat_view import NantongSeatView
    from ..models.nantong_table import NantongTable
    from ..models.own_answer import OwnAnswer
    from ..models.result import Result


T = TypeVar("T", bound="NantongGameView")


@_attrs_define
class NantongGameView:
    """
    Attributes:
        creation_hash (str): the hash of the game's first event (game_created: the id, ruleset, options, seats, seed
            commitment and who chose the seed): keep it, and an export of this game must begin with it (`cardgames verify
            --creation-hash`)
        custom_deck (bool):
        drawn (NantongCardCode | None):
        hand (list[NantongCardCode] | None): the caller's concealed cards (a card just drawn among them)
        id (str):
        options (NantongGameViewOptions):
        own_answer (None | OwnAnswer): the caller's own answer to the open claim window while it is kept sealed, until
            every person at the table has answered (it is then logged with the others); only in that seat's view, null
            otherwise
        phase (NantongPhase):
        result (None | Result):
        ruleset (Literal['nantong']):
        seat (int | None): the caller's seat
        seats (list[NantongSeatView]):
        seed_commitment (str):
        seed_source (NantongGameViewSeedSource): who chose the seed: 'server' (128 random bits from the service) or
            'client' (the game's creator, who may then know every hand: fit for solo play and reproducible tests, not for
            games between people)
        status (NantongGameViewStatus):
        table (NantongTable):
        to_act (list[int]):
        version (int):
    """

    creation_hash: str
    custom_deck: bool
    drawn: NantongCardCode | None
    hand: list[NantongCardCode] | None
    id: str
    options: NantongGameViewOptions
    own_answer: None | OwnAnswer
    phase: NantongPhase
    result: None | Result
    ruleset: Literal["nantong"]
    seat: int | None
    seats: list[NantongSeatView]
    seed_commitment: str
    seed_source: NantongGameViewSeedSource
    status: NantongGameViewStatus
    table: NantongTable
    to_act: list[int]
    version: int

    def to_dict(self) -> dict[str, Any]:
        from ..models.own_answer import OwnAnswer  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415

        creation_hash = self.creation_hash

        custom_deck = self.custom_deck

        drawn: None | str
        if isinstance(self.drawn, NantongCardCode):
            drawn = self.drawn.value
        else:
            drawn = self.drawn

        hand: list[str] | None
        if isinstance(self.hand, list):
            hand = []
            for hand_type_0_item_data in self.hand:
                hand_type_0_item = hand_type_0_item_data.value
                hand.append(hand_type_0_item)

        else:
            hand = self.hand

        id = self.id

        options = self.options.to_dict()

        own_answer: dict[str, Any] | None
        if isinstance(self.own_answer, OwnAnswer):
            own_answer = self.own_answer.to_dict()
        else:
            own_answer = self.own_answer

        phase = self.phase.value

        result: dict[str, Any] | None
        if isinstance(self.result, Result):
            result = self.result.to_dict()
        else:
            result = self.result

        ruleset = self.ruleset

        seat: int | None
        seat = self.seat

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        seed_commitment = self.seed_commitment

        seed_source = self.seed_source.value

        status = self.status.value

        table = self.table.to_dict()

        to_act = self.to_act

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "creation_hash": creation_hash,
                "custom_deck": custom_deck,
                "drawn": drawn,
                "hand": hand,
                "id": id,
                "options": options,
                "own_answer": own_answer,
                "phase": phase,
                "result": result,
                "ruleset": ruleset,
                "seat": seat,
                "seats": seats,
                "seed_commitment": seed_commitment,
                "seed_source": seed_source,
                "status": status,
                "table": table,
                "to_act": to_act,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.nantong_game_view_options import NantongGameViewOptions  # noqa: PLC0415
        from ..models.nantong_seat_view import NantongSeatView  # noqa: PLC0415
        from ..models.nantong_table import NantongTable  # noqa: PLC0415
        from ..models.own_answer import OwnAnswer  # noqa: PLC0415
        from ..models.result import Result  # noqa: PLC0415

        d = dict(src_dict)
        creation_hash = d.pop("creation_hash")

        custom_deck = d.pop("custom_deck")

        def _parse_drawn(data: object) -> NantongCardCode | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                drawn_type_0 = NantongCardCode(data)

                return drawn_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(NantongCardCode | None, data)

        drawn = _parse_drawn(d.pop("drawn"))

        def _parse_hand(data: object) -> list[NantongCardCode] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                hand_type_0 = []
                _hand_type_0 = data
                for hand_type_0_item_data in _hand_type_0:
                    hand_type_0_item = NantongCardCode(hand_type_0_item_data)

                    hand_type_0.append(hand_type_0_item)

                return hand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[NantongCardCode] | None, data)

        hand = _parse_hand(d.pop("hand"))

        id = d.pop("id")

        options = NantongGameViewOptions.from_dict(d.pop("options"))

        def _parse_own_answer(data: object) -> None | OwnAnswer:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                own_answer_type_0 = OwnAnswer.from_dict(data)

                return own_answer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OwnAnswer, data)

        own_answer = _parse_own_answer(d.pop("own_answer"))

        phase = NantongPhase(d.pop("phase"))

        def _parse_result(data: object) -> None | Result:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = Result.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Result, data)

        result = _parse_result(d.pop("result"))

        ruleset = cast(Literal["nantong"], d.pop("ruleset"))
        if ruleset != "nantong":
            raise ValueError(f"ruleset must match const 'nantong', got '{ruleset}'")

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = NantongSeatView.from_dict(seats_item_data)

            seats.append(seats_item)

        seed_commitment = d.pop("seed_commitment")

        seed_source = NantongGameViewSeedSource(d.pop("seed_source"))

        status = NantongGameViewStatus(d.pop("status"))

        table = NantongTable.from_dict(d.pop("table"))

        to_act = cast(list[int], d.pop("to_act"))

        version = d.pop("version")

        nantong_game_view = cls(
            creation_hash=creation_hash,
            custom_deck=custom_deck,
            drawn=drawn,
            hand=hand,
            id=id,
            options=options,
            own_answer=own_answer,
            phase=phase,
            result=result,
            ruleset=ruleset,
            seat=seat,
            seats=seats,
            seed_commitment=seed_commitment,
            seed_source=seed_source,
            status=status,
            table=table,
            to_act=to_act,
            version=version,
        )

        return nantong_game_view
