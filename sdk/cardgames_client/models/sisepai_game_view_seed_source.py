from enum import StrEnum


class SisepaiGameViewSeedSource(StrEnum):
    CLIENT = "client"
    SERVER = "server"

    def __str__(self) -> str:
        return str(self.value)
