from enum import StrEnum


class NantongCardCode(StrEnum):
    EIGHT_OF_COINS = "8c"
    EIGHT_OF_MYRIADS = "8m"
    EIGHT_OF_STRINGS = "8s"
    FIVE_OF_COINS = "5c"
    FIVE_OF_MYRIADS = "5m"
    FIVE_OF_STRINGS = "5s"
    FOUR_OF_COINS = "4c"
    FOUR_OF_MYRIADS = "4m"
    FOUR_OF_STRINGS = "4s"
    NINE_OF_COINS = "9c"
    NINE_OF_MYRIADS = "9m"
    NINE_OF_STRINGS = "9s"
    ONE_OF_COINS = "1c"
    ONE_OF_MYRIADS = "1m"
    ONE_OF_STRINGS = "1s"
    RED_FLOWER = "RF"
    SEVEN_OF_COINS = "7c"
    SEVEN_OF_MYRIADS = "7m"
    SEVEN_OF_STRINGS = "7s"
    SIX_OF_COINS = "6c"
    SIX_OF_MYRIADS = "6m"
    SIX_OF_STRINGS = "6s"
    THOUSAND = "QN"
    THREE_OF_COINS = "3c"
    THREE_OF_MYRIADS = "3m"
    THREE_OF_STRINGS = "3s"
    TWO_OF_COINS = "2c"
    TWO_OF_MYRIADS = "2m"
    TWO_OF_STRINGS = "2s"
    WHITE_FLOWER = "WF"

    def __str__(self) -> str:
        return str(self.value)
