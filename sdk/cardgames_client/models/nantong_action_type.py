from enum import StrEnum


class NantongActionType(StrEnum):
    ADDED_KONG = "added_kong"
    CONCEALED_KONG = "concealed_kong"
    DECLARE_KONG = "declare_kong"
    DECLARE_TRIPLE = "declare_triple"
    DISCARD = "discard"
    FINISH = "finish"
    HEZI = "hezi"
    KONG = "kong"
    PASS = "pass"
    PONG = "pong"
    READY = "ready"
    WIN = "win"

    def __str__(self) -> str:
        return str(self.value)
