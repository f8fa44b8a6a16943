"""The durable event store: SQLite-backed game logs that survive power cuts and upgrades."""

from .errors import (
    DamagedRecordError,
    GameClosedError,
    InvalidDataError,
    StoreBusyError,
    StoreCorruptError,
    StoreError,
    StoreFullError,
    StoreNotAStoreError,
    StoreTooNewError,
    StoreUnavailableError,
    UnknownGameError,
)
from .events import EventRecord, EventStore, GameSummary

__all__ = [
    "DamagedRecordError",
    "EventRecord",
    "EventStore",
    "GameClosedError",
    "GameSummary",
    "InvalidDataError",
    "StoreBusyError",
    "StoreCorruptError",
    "StoreError",
    "StoreFullError",
    "StoreNotAStoreError",
    "StoreTooNewError",
    "StoreUnavailableError",
    "UnknownGameError",
]
