from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.feed_event_seed_source import FeedEventSeedSource
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.feed_event_payload import FeedEventPayload


T = TypeVar("T", bound="FeedEvent")


@_attrs_define
class FeedEvent:
    """
    Attributes:
        game_id (str):
        payload (FeedEventPayload): an action or a consequence: {seat, public, …}; another seat's, while the game runs,
            only {seat, public} (a hidden drawn card is not in it) Example: {'card': '5m', 'public': {'replacement': False},
            'seat': 0}.
        position (int): global, in commit order
        seed_source (FeedEventSeedSource): who chose the seed: 'server' (128 random bits from the service) or 'client'
            (the game's creator, who may then know every hand: fit for solo play and reproducible tests, not for games
            between people)
        text (str): what happened, in one sentence for the caller, naming cards by name (written from this event as the
            caller sees it: it tells nothing the payload does not)
        time (str):
        type_ (str): game_created, action, game_finished, or a consequence of the action (or deal) just before it: draw,
            claim_settled, unclaimed, round_won, deal_over (docs/api.md); a client shows an unknown type by its text
            Example: draw.
        version (int):
        hash_ (str | Unset): present once the game is finished
        prev_hash (str | Unset): present once the game is finished
    """

    game_id: str
    payload: FeedEventPayload
    position: int
    seed_source: FeedEventSeedSource
    text: str
    time: str
    type_: str
    version: int
    hash_: str | Unset = UNSET
    prev_hash: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        game_id = self.game_id

        payload = self.payload.to_dict()

        position = self.position

        seed_source = self.seed_source.value

        text = self.text

        time = self.time

        type_ = self.type_

        version = self.version

        hash_ = self.hash_

        prev_hash = self.prev_hash

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "game_id": game_id,
                "payload": payload,
                "position": position,
                "seed_source": seed_source,
                "text": text,
                "time": time,
                "type": type_,
                "version": version,
            }
        )
        if hash_ is not UNSET:
            field_dict["hash"] = hash_
        if prev_hash is not UNSET:
            field_dict["prev_hash"] = prev_hash

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.feed_event_payload import FeedEventPayload  # noqa: PLC0415

        d = dict(src_dict)
        game_id = d.pop("game_id")

        payload = FeedEventPayload.from_dict(d.pop("payload"))

        position = d.pop("position")

        seed_source = FeedEventSeedSource(d.pop("seed_source"))

        text = d.pop("text")

        time = d.pop("time")

        type_ = d.pop("type")

        version = d.pop("version")

        hash_ = d.pop("hash", UNSET)

        prev_hash = d.pop("prev_hash", UNSET)

        feed_event = cls(
            game_id=game_id,
            payload=payload,
            position=position,
            seed_source=seed_source,
            text=text,
            time=time,
            type_=type_,
            version=version,
            hash_=hash_,
            prev_hash=prev_hash,
        )

        return feed_event
