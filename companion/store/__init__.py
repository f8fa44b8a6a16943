"""The durable event store: SQLite-backed game logs that survive power cuts and upgrades."""

from .errors import (
    GameClosedError,
    InvalidDataError,
    StoreCorruptError,
    StoreError,
    StoreFullError,
    StoreTooNewError,
    UnknownGameError,
)
from .events import EventRecord, EventStore, GameSummary

__all__ = [
    "EventRecord",
    "EventStore",
    "GameClosedError",
    "GameSummary",
    "InvalidDataError",
    "StoreCorruptError",
    "StoreError",
    "StoreFullError",
    "StoreTooNewError",
    "UnknownGameError",
]
