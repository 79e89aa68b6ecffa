from enum import StrEnum


class SisepaiHistoryEntryBecomes(StrEnum):
    DEAD = "dead"
    DISCARD = "discard"

    def __str__(self) -> str:
        return str(self.value)
