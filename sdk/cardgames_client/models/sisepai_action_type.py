from enum import StrEnum


class SisepaiActionType(StrEnum):
    CLAIM = "claim"
    DISCARD = "discard"
    PASS = "pass"
    WIN = "win"

    def __str__(self) -> str:
        return str(self.value)
