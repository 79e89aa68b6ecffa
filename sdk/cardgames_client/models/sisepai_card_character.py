from enum import StrEnum


class SisepaiCardCharacter(StrEnum):
    ADVISOR = "Advisor"
    CANNON = "Cannon"
    CHARIOT = "Chariot"
    ELEPHANT = "Elephant"
    FLOWER = "flower"
    GENERAL = "General"
    HORSE = "Horse"
    SOLDIER = "Soldier"

    def __str__(self) -> str:
        return str(self.value)
