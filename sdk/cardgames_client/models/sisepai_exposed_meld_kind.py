from enum import StrEnum


class SisepaiExposedMeldKind(StrEnum):
    COMMAND = "command"
    FIELD = "field"
    PAIR = "pair"
    QUAD = "quad"
    SINGLE = "single"
    SOLDIERS = "soldiers"
    TRIPLE = "triple"

    def __str__(self) -> str:
        return str(self.value)
