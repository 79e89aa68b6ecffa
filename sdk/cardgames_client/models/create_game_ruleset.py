from enum import StrEnum


class CreateGameRuleset(StrEnum):
    CHUOPAI = "chuopai"

    def __str__(self) -> str:
        return str(self.value)
