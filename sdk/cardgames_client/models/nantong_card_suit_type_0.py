from enum import StrEnum


class NantongCardSuitType0(StrEnum):
    C = "c"
    M = "m"
    S = "s"

    def __str__(self) -> str:
        return str(self.value)
