from enum import StrEnum


class NantongDealWinBy(StrEnum):
    DISCARD = "discard"
    HEAVENLY = "heavenly"
    KONG_REPLACEMENT = "kong_replacement"
    ROBBED_KONG = "robbed_kong"
    SELF_DRAW = "self_draw"

    def __str__(self) -> str:
        return str(self.value)
