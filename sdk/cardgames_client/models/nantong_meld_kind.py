from enum import StrEnum


class NantongMeldKind(StrEnum):
    ADDED_KONG = "added_kong"
    CONCEALED_KONG = "concealed_kong"
    EXPOSED_KONG = "exposed_kong"
    HEZI = "hezi"
    OPENING_KONG = "opening_kong"
    OPENING_TRIPLE = "opening_triple"
    PONG = "pong"

    def __str__(self) -> str:
        return str(self.value)
