from enum import StrEnum


class NantongScoreShapeType0(StrEnum):
    PIAO = "piao"
    QING = "qing"
    TAZI = "tazi"

    def __str__(self) -> str:
        return str(self.value)
