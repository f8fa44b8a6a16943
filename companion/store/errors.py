"""Store errors a person can act on: each names the file and says what to do."""

import errno
import shutil
import sqlite3
from pathlib import Path

FULL_BELOW = 1 << 20
"""Free bytes under which a disk I/O error is taken for a full disk: SQLite reports a disk
too full to grow its shared-memory file as "disk I/O error", not as SQLITE_FULL."""


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
                f"It was left where it is: the next start of `samarkand run` moves it aside "
                f"(kept, not deleted) and begins a new store; `sqlite3 {path} .recover > "
                f"recovered.sql` may save its games."
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
        self.reason = reason


class StoreNotAStoreError(StoreError):
    """The file is something else (not SQLite, another program's database): never moved."""

    def __init__(self, path: Path, reason: str):
        super().__init__(
            f"The file {path} is not a game store of this companion ({reason}); it was left "
            f"as it is. Name the store itself ([store] path, --set store.path=FILE or "
            f"--store FILE), or move that file away."
        )
        self.path = path
        self.reason = reason


class StoreBusyError(StoreError):
    """Another ``samarkand run`` holds the store: two would play the same game at once."""

    def __init__(self, path: Path, holder: int | None):
        who = f"process {holder}" if holder else "another process"
        super().__init__(
            f"The game store {path} is in use by another `samarkand run` ({who}): only one "
            f"may play on a store at a time. Stop that one first, or give this one a store of "
            f"its own (--set store.path=FILE)."
        )
        self.path = path
        self.holder = holder


class StoreTooNewError(StoreError):
    """The store was written by a newer companion; it is left untouched."""

    def __init__(self, path: Path, found: int, known: int):
        super().__init__(
            f"The game store {path} has schema version {found}, but this companion only "
            f"knows versions up to {known}: it was written by a newer companion. Upgrade "
            f"the companion to open it; the file has not been changed."
        )
        self.path = path


class StoreUnavailableError(StoreError):
    """The store cannot be opened or written (a full disk, a read-only file, folder or disk,
    an I/O error): the file is healthy as far as anyone knows, so it is left where it is."""


class DamagedRecordError(StoreError):
    """A row SQLite reads well but whose JSON is damaged; named so a person can find it."""


class UnknownGameError(StoreError, LookupError):
    """No game with that id in this store."""


class GameClosedError(StoreError, ValueError):
    """A write to a game that is already finished or abandoned."""


class InvalidDataError(StoreError, ValueError):
    """An event, config or result that cannot be stored as JSON."""


def _primary_code(exc: BaseException) -> int:
    """SQLite's primary result code (SQLITE_IOERR for SQLITE_IOERR_SHMSIZE), or 0."""
    return (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF


def is_corruption(exc: BaseException) -> bool:
    """SQLite itself says the file is damaged or is not a database."""
    return _primary_code(exc) in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)


def _is_full(exc: BaseException, path: Path) -> bool:
    if isinstance(exc, OSError):
        return exc.errno == errno.ENOSPC
    code = _primary_code(exc)
    return (
        code == sqlite3.SQLITE_FULL
        or "database or disk is full" in str(exc)
        or (code == sqlite3.SQLITE_IOERR and free_bytes(path) < FULL_BELOW)
    )


def _is_unwritable(exc: BaseException) -> bool:
    if isinstance(exc, OSError):
        return exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS)
    return _primary_code(exc) in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM)


def free_bytes(path: Path) -> float:
    """Free bytes on the disk that holds ``path`` (infinite when that cannot be told)."""
    folder = next((p for p in path.parents if p.exists()), path.anchor)
    try:
        return shutil.disk_usage(folder).free
    except OSError:
        return float("inf")


def unavailable(exc: BaseException, path: Path) -> StoreUnavailableError:
    """Why a store could not be opened or written at start, and the fix, in one line."""
    reason = exc.strerror if isinstance(exc, OSError) else str(exc)
    if _is_full(exc, path):
        return disk_full(path)
    if _is_unwritable(exc):
        return StoreUnavailableError(
            f"The game store {path} cannot be written ({reason}): make it and its folder "
            f"{path.parent} writable by the user the companion runs as, or set [store] path "
            f"to a writable place, and start again; the store was left as it is."
        )
    return StoreUnavailableError(
        f"The game store {path} cannot be read or written ({reason}): check the disk that "
        f"holds it (failing, unplugged? `dmesg` tells), then start again; the store was left "
        f"as it is."
    )


def a_folder(path: Path) -> StoreUnavailableError:
    """The store's path names a folder, which SQLite calls a disk I/O error."""
    return StoreUnavailableError(
        f"The game store {path} is a folder, not a store file: name the file itself, e.g. "
        f"{path / 'companion.db'} ([store] path, --set store.path=FILE or --store FILE); the "
        f"folder was left as it is."
    )


def disk_full(path: Path) -> StoreUnavailableError:
    return StoreUnavailableError(
        f"The game store {path} cannot be written: the disk that holds {path.parent} is "
        f"full. Free some space on it and start again; the store was left as it is."
    )


def translate(exc: BaseException, path: Path) -> StoreError:
    """Turn a sqlite3/OS failure during a store operation into the StoreError it means."""
    if isinstance(exc, StoreError):
        return exc
    if _is_full(exc, path):
        return StoreFullError(path)
    if is_corruption(exc):
        return StoreCorruptError(path, None, str(exc))
    return StoreError(f"The game store {path} failed: {exc}")
