"""Store errors a person can act on: each names the file and says what to do."""

import errno
import sqlite3
from pathlib import Path


class StoreError(Exception):
    """Anything the event store refuses or cannot do; the message is for a person."""


class StoreFullError(StoreError):
    """The disk (or the store's size limit) is full; the action was refused, not half-written."""

    def __init__(self, path: Path):
        super().__init__(
            f"The game store {path} is full (no space left on the device): the last action "
            f"was refused and nothing of it was written. Free some space on the disk that "
            f"holds {path.parent} and try the action again."
        )
        self.path = path


class StoreCorruptError(StoreError):
    """The store file is damaged; it has been moved aside (never deleted)."""

    def __init__(self, path: Path, aside: Path | None, reason: str):
        if aside is None:
            where = (
                "Stop the companion and start it again: the damaged file will then be "
                "moved aside and a new store started."
            )
        else:
            where = (
                f"It was moved aside to {aside} (kept, not deleted); the next start uses a "
                f"new, empty store at {path}. To try to save its games, run "
                f"`sqlite3 {aside} .recover > recovered.sql`."
            )
        super().__init__(f"The game store {path} is damaged ({reason}). {where}")
        self.path = path
        self.aside = aside


class StoreTooNewError(StoreError):
    """The store was written by a newer companion; it is left untouched."""

    def __init__(self, path: Path, found: int, known: int):
        super().__init__(
            f"The game store {path} has schema version {found}, but this companion only "
            f"knows versions up to {known}: it was written by a newer companion. Upgrade "
            f"the companion to open it; the file has not been changed."
        )
        self.path = path


class UnknownGameError(StoreError, LookupError):
    """No game with that id in this store."""


class GameClosedError(StoreError, ValueError):
    """A write to a game that is already finished or abandoned."""


class InvalidDataError(StoreError, ValueError):
    """An event, config or result that cannot be stored as JSON."""


def translate(exc: BaseException, path: Path) -> StoreError:
    """Turn a sqlite3/OS failure during a store operation into the StoreError it means."""
    if isinstance(exc, StoreError):
        return exc
    if isinstance(exc, OSError) and exc.errno == errno.ENOSPC:
        return StoreFullError(path)
    if isinstance(exc, sqlite3.Error):
        code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF  # primary result code
        if code == sqlite3.SQLITE_FULL or "database or disk is full" in str(exc):
            return StoreFullError(path)
        if code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB):
            return StoreCorruptError(path, None, str(exc))
    return StoreError(f"The game store {path} failed: {exc}")
