from enum import StrEnum


class NantongDealResultOutcome(StrEnum):
    EXHAUSTED = "exhausted"
    WIN = "win"

    def __str__(self) -> str:
        return str(self.value)
