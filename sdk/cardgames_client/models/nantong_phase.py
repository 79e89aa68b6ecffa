from enum import StrEnum


class NantongPhase(StrEnum):
    CLAIM = "claim"
    FINISHED = "finished"
    PLAY = "play"
    PREPARATION = "preparation"
    ROB = "rob"

    def __str__(self) -> str:
        return str(self.value)
