from enum import StrEnum


class ChuopaiHighestPlayFamily(StrEnum):
    BLACK = "black"
    COMBO = "combo"
    MAIN = "main"
    RED = "red"
    YAO = "yao"

    def __str__(self) -> str:
        return str(self.value)
