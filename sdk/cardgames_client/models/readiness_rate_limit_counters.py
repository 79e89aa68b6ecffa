from enum import StrEnum


class ReadinessRateLimitCounters(StrEnum):
    MEMORY = "memory"
    OFF = "off"
    REDIS = "redis"

    def __str__(self) -> str:
        return str(self.value)
