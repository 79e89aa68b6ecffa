from enum import StrEnum


class ChuopaiCardCode(StrEnum):
    AXE = "56"
    BENCH = "22"
    BLACK_FIVE = "23"
    BLACK_NINE = "36"
    BLACK_SEVEN = "25"
    CAT = "15"
    CROOKED_EIGHT = "35"
    EARTH = "11"
    FLAT_EIGHT = "26"
    FOUR_SIX = "46"
    HARMONY = "13"
    HEAVEN = "66"
    HIGH_FOOT = "16"
    LONG_THREE = "33"
    MAN = "44"
    NAIL = "12"
    PLUM_BLOSSOM = "55"
    RED_FIVE = "14"
    RED_NINE = "45"
    RED_SEVEN = "34"
    TWO_RED = "24"

    def __str__(self) -> str:
        return str(self.value)
