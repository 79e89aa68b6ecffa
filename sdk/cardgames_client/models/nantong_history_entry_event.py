from enum import StrEnum


class NantongHistoryEntryEvent(StrEnum):
    ADDED_KONG = "added_kong"
    CONCEALED_KONG = "concealed_kong"
    DISCARD = "discard"
    DRAW = "draw"
    EXHAUSTED = "exhausted"
    HEZI = "hezi"
    KONG = "kong"
    OPENING_KONG = "opening_kong"
    OPENING_TRIPLE = "opening_triple"
    PONG = "pong"
    PREPARED = "prepared"
    READY = "ready"
    REPLACEMENT = "replacement"
    WIN = "win"

    def __str__(self) -> str:
        return str(self.value)
