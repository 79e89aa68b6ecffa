from enum import StrEnum


class ChuopaiPhase(StrEnum):
    BONUS = "bonus"
    FINISHED = "finished"
    PLAY = "play"

    def __str__(self) -> str:
        return str(self.value)
