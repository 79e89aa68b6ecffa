from enum import StrEnum


class SisepaiHistoryEntryEvent(StrEnum):
    DISCARD = "discard"
    DRAW = "draw"
    DRAWN_DEAL = "drawn_deal"
    TAKEN = "taken"
    UNTAKEN = "untaken"
    WIN = "win"

    def __str__(self) -> str:
        return str(self.value)
