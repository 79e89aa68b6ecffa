from enum import StrEnum


class SisepaiCardColourType0(StrEnum):
    GREEN = "green"
    RED = "red"
    WHITE = "white"
    YELLOW = "yellow"

    def __str__(self) -> str:
        return str(self.value)
