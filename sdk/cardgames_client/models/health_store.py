from enum import StrEnum


class HealthStore(StrEnum):
    POSTGRESQL = "postgresql"
    SQLITE = "sqlite"

    def __str__(self) -> str:
        return str(self.value)
