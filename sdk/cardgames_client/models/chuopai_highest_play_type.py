from enum import StrEnum


class ChuopaiHighestPlayType(StrEnum):
    COMBO = "combo"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
