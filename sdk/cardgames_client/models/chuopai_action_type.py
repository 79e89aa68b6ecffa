from enum import StrEnum


class ChuopaiActionType(StrEnum):
    BONUS = "bonus"
    COMBO = "combo"
    PASS = "pass"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
