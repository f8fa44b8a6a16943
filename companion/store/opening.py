"""Opening a store file safely: check it before touching it, migrate it, never replace it.

Inspection runs on a read-only connection, so a store from a newer companion is refused with
its bytes unchanged. A file is moved aside whole (with its WAL), rather than "repaired" by
SQLite into something that silently lost games, only when SQLite itself finds it damaged
(not a database, a failed integrity check) or it is not a companion store. Any other failure
(a full disk, a read-only file, folder or disk, an I/O error) says what to fix and leaves the
file where it is: moving a healthy store aside would start the next run without its games.
"""

import os
import sqlite3
import time
from contextlib import closing
from pathlib import Path

from .errors import (
    StoreCorruptError, StoreError, StoreTooNewError, is_corruption, unavailable,
)
from .schema import CURRENT_VERSION, expected_tables, migrate, table_names

_SIDE_FILES = ("-wal", "-shm", "-journal")


class _Damaged(Exception):
    """Internal: the file is not a healthy companion store (the reason is the message)."""


def open_connection(path: Path) -> tuple[sqlite3.Connection, bool]:
    """A read-write connection to a healthy store at the current schema version, and
    whether the file was there but empty (a store is then begun in it)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        version, found_empty = _inspect(path) if path.exists() else (0, False)
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=5.0)
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
    except (sqlite3.Error, OSError) as exc:
        raise unavailable(exc, path) from exc
    if mode != "wal":
        conn.close()
        raise StoreError(f"The game store {path} cannot use WAL mode (got {mode!r}).")
    if version < CURRENT_VERSION:
        _upgrade(conn, path, version)
    return conn, found_empty


def _inspect(path: Path) -> tuple[int, bool]:
    """An existing file's schema version and whether it is empty; refuses newer ones and
    moves damaged ones aside."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        try:
            version, tables = _check(conn)
        except _Damaged as exc:
            damage = exc
        else:
            damage = None
    if damage is not None:                    # moved once the file is closed
        raise StoreCorruptError(path, _move_aside_or_say(path, damage), str(damage))
    if version > CURRENT_VERSION:
        raise StoreTooNewError(path, version, CURRENT_VERSION)
    return version, version == 0 and not tables


def _check(conn: sqlite3.Connection) -> tuple[int, frozenset[str]]:
    """The version and tables of a store SQLite can read; _Damaged only when SQLite says
    the file is damaged or holds something else. Other failures (I/O) propagate."""
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > CURRENT_VERSION:
            return version, frozenset()
        problems = [row[0] for row in conn.execute("PRAGMA integrity_check").fetchall()]
        tables = table_names(conn)
    except sqlite3.DatabaseError as exc:
        if not is_corruption(exc):
            raise
        raise _Damaged(str(exc)) from exc
    if problems != ["ok"]:
        raise _Damaged("integrity check: " + "; ".join(problems[:3]))
    if version == 0 and tables:
        raise _Damaged("not a companion store: it has tables but no schema version")
    missing = expected_tables(version) - tables
    if missing:
        raise _Damaged("missing tables: " + ", ".join(sorted(missing)))
    return version, tables


def _move_aside_or_say(path: Path, damage: _Damaged) -> Path:
    try:
        return move_aside(path)
    except OSError as exc:
        raise StoreError(
            f"The game store {path} is damaged ({damage}) and cannot be moved aside "
            f"({exc.strerror}): move it out of {path.parent} yourself, keeping it (`sqlite3 "
            f"FILE .recover` may save its games), then start again.") from None


def move_aside(path: Path) -> Path:
    """Rename the store and its side files to <name>.corrupt-<UTC time>; never overwrite."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while any(Path(f"{aside}{s}").exists() for s in ("", *_SIDE_FILES)):
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        n += 1
    for suffix in ("", *_SIDE_FILES):
        source = Path(f"{path}{suffix}")
        if source.exists():
            os.rename(source, f"{aside}{suffix}")
    return aside


def _upgrade(conn: sqlite3.Connection, path: Path, version: int) -> None:
    """Migrate in one transaction; an existing store is first copied to a backup file."""
    backup = None
    try:
        if version > 0:
            stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
            backup = path.with_name(f"{path.name}.v{version}-backup-{stamp}")
            target = sqlite3.connect(backup)
            try:
                conn.backup(target)
            finally:
                target.close()
        migrate(conn, version)
    except (sqlite3.Error, OSError) as exc:
        conn.close()
        if version == 0:
            raise unavailable(exc, path) from exc
        kept = f" A copy made before the upgrade is at {backup}." if backup else ""
        raise StoreError(
            f"Upgrading the game store {path} from schema version {version} to "
            f"{CURRENT_VERSION} failed ({exc}); the store is unchanged.{kept}"
        ) from exc
