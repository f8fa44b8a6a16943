"""Opening a store file safely: check it before touching it, migrate it, never replace it.

Inspection runs on a read-only connection, so a store from a newer companion is refused with
its bytes unchanged, and a damaged file is moved aside whole (with its WAL) rather than
"repaired" by SQLite into something that silently lost games.
"""

import os
import sqlite3
import time
from pathlib import Path

from .errors import StoreCorruptError, StoreError, StoreTooNewError
from .schema import CURRENT_VERSION, expected_tables, migrate, table_names

_SIDE_FILES = ("-wal", "-shm", "-journal")


class _Damaged(Exception):
    """Internal: the file is not a healthy companion store (the reason is the message)."""


def open_connection(path: Path) -> sqlite3.Connection:
    """A read-write connection to a healthy store at the current schema version."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            f"Cannot create the folder for the game store {path}: {exc.strerror}. "
            f"Set [store] path in the configuration to a writable place."
        ) from exc
    version = _inspect(path) if path.exists() else 0
    try:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=5.0)
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode != "wal":
            raise StoreError(f"The game store {path} cannot use WAL mode (got {mode!r}).")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
    except sqlite3.Error as exc:
        raise StoreError(
            f"Cannot open the game store {path}: {exc}. Check that the folder exists and "
            f"is writable by the user the companion runs as."
        ) from exc
    if version < CURRENT_VERSION:
        _upgrade(conn, path, version)
    return conn


def _inspect(path: Path) -> int:
    """The schema version of an existing file; refuses newer ones, moves damaged ones aside."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise StoreError(f"Cannot read the game store {path}: {exc}.") from exc
    try:
        version = _check(conn)
    except _Damaged as damage:
        conn.close()
        raise StoreCorruptError(path, move_aside(path), str(damage)) from None
    conn.close()
    if version > CURRENT_VERSION:
        raise StoreTooNewError(path, version, CURRENT_VERSION)
    return version


def _check(conn: sqlite3.Connection) -> int:
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > CURRENT_VERSION:
            return version
        problems = [row[0] for row in conn.execute("PRAGMA integrity_check").fetchall()]
        tables = table_names(conn)
    except sqlite3.DatabaseError as exc:
        raise _Damaged(str(exc)) from exc
    if problems != ["ok"]:
        raise _Damaged("integrity check: " + "; ".join(problems[:3]))
    if version == 0 and tables:
        raise _Damaged("not a companion store: it has tables but no schema version")
    missing = expected_tables(version) - tables
    if missing:
        raise _Damaged("missing tables: " + ", ".join(sorted(missing)))
    return version


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
        kept = f" A copy made before the upgrade is at {backup}." if backup else ""
        raise StoreError(
            f"Upgrading the game store {path} from schema version {version} to "
            f"{CURRENT_VERSION} failed ({exc}); the store is unchanged.{kept}"
        ) from exc
