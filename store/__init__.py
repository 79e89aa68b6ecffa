"""Event stores: one small interface, SQLite (embedded default) and PostgreSQL."""

from store.base import EventStore, GameRecord, StoredEvent, VersionConflict, open_store

__all__ = ["EventStore", "GameRecord", "StoredEvent", "VersionConflict", "open_store"]
