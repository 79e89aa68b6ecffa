from enum import StrEnum


class Outcome(StrEnum):
    DRAW = "draw"
    EXHAUSTED = "exhausted"
    WIN = "win"

    def __str__(self) -> str:
        return str(self.value)
