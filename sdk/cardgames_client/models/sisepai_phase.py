from enum import StrEnum


class SisepaiPhase(StrEnum):
    CLAIM = "claim"
    DISCARD = "discard"
    FINISHED = "finished"

    def __str__(self) -> str:
        return str(self.value)
