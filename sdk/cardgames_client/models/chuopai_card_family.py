from enum import StrEnum


class ChuopaiCardFamily(StrEnum):
    BLACK = "black"
    MAIN = "main"
    RED = "red"
    YAO = "yao"

    def __str__(self) -> str:
        return str(self.value)
