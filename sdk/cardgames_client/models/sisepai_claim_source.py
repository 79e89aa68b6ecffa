from enum import StrEnum


class SisepaiClaimSource(StrEnum):
    DISCARD = "discard"
    DRAW = "draw"

    def __str__(self) -> str:
        return str(self.value)
