from enum import StrEnum


class CreateGameRuleset(StrEnum):
    CHUOPAI = "chuopai"
    NANTONG = "nantong"
    SISEPAI = "sisepai"

    def __str__(self) -> str:
        return str(self.value)
