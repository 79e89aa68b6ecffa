from enum import StrEnum


class NantongWindowKind(StrEnum):
    CLAIM = "claim"
    ROB = "rob"

    def __str__(self) -> str:
        return str(self.value)
