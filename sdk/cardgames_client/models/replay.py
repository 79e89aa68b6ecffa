from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.replay_seed_source import ReplaySeedSource

if TYPE_CHECKING:
    from ..models.event import Event
    from ..models.replay_state import ReplayState


T = TypeVar("T", bound="Replay")


@_attrs_define
class Replay:
    """
    Attributes:
        custom_deck (bool):
        event (Event):
        id (str):
        nonce (str):
        seed (str):
        seed_source (ReplaySeedSource): who chose the seed: 'server' (128 random bits from the service) or 'client' (the
            game's creator, who may then know every hand: fit for solo play and reproducible tests, not for games between
            people)
        state (ReplayState): the full state after that event
        version (int):
    """

    custom_deck: bool
    event: Event
    id: str
    nonce: str
    seed: str
    seed_source: ReplaySeedSource
    state: ReplayState
    version: int

    def to_dict(self) -> dict[str, Any]:
        custom_deck = self.custom_deck

        event = self.event.to_dict()

        id = self.id

        nonce = self.nonce

        seed = self.seed

        seed_source = self.seed_source.value

        state = self.state.to_dict()

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "custom_deck": custom_deck,
                "event": event,
                "id": id,
                "nonce": nonce,
                "seed": seed,
                "seed_source": seed_source,
                "state": state,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event import Event  # noqa: PLC0415
        from ..models.replay_state import ReplayState  # noqa: PLC0415

        d = dict(src_dict)
        custom_deck = d.pop("custom_deck")

        event = Event.from_dict(d.pop("event"))

        id = d.pop("id")

        nonce = d.pop("nonce")

        seed = d.pop("seed")

        seed_source = ReplaySeedSource(d.pop("seed_source"))

        state = ReplayState.from_dict(d.pop("state"))

        version = d.pop("version")

        replay = cls(
            custom_deck=custom_deck,
            event=event,
            id=id,
            nonce=nonce,
            seed=seed,
            seed_source=seed_source,
            state=state,
            version=version,
        )

        return replay
