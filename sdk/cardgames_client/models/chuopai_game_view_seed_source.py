from enum import StrEnum


class ChuopaiGameViewSeedSource(StrEnum):
    CLIENT = "client"
    SERVER = "server"

    def __str__(self) -> str:
        return str(self.value)
