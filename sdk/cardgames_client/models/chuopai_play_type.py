from enum import StrEnum


class ChuopaiPlayType(StrEnum):
    COMBO = "combo"
    PASS = "pass"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
