"""Opening a store file safely: check it before touching it, migrate it, never replace it.

Inspection runs on a read-only connection, so a store from a newer companion is refused with
its bytes unchanged. A file is moved aside whole (with its WAL), rather than "repaired" by
SQLite into something that silently lost games, only by the one writer that holds the store
(``samarkand run``, see lock.py) and only when SQLite itself finds it damaged (corrupt, or
not a database although it begins as one, a failed integrity check). A file that is not a
companion store (not SQLite at all, say a configuration file, or another program's
database) is refused and left where it is, and so is any other failure (a full disk, a
read-only file, folder or disk, an I/O error): moving a healthy file aside would lose it.
Reading commands open the store read-only (``open_reading``): they never create, migrate or
move anything, and read alongside a running appliance (WAL lets readers in).
"""

import os
import sqlite3
import time
from contextlib import closing
from pathlib import Path

from .errors import (
    StoreCorruptError,
    StoreError,
    StoreNotAStoreError,
    StoreTooNewError,
    StoreUnavailableError,
    is_corruption,
    unavailable,
)
from .schema import CURRENT_VERSION, expected_tables, migrate, table_names

_SIDE_FILES = ("-wal", "-shm", "-journal")
SQLITE_HEADER = b"SQLite format 3\x00"
"""How every SQLite database begins: a file without it was never one, whatever SQLite says."""


class _Damaged(Exception):
    """Internal: SQLite says the file is damaged (the reason is the message)."""


def open_connection(path: Path, move_damaged: bool = False) -> tuple[sqlite3.Connection, bool]:
    """A read-write connection to a healthy store at the current schema version, and
    whether the file was there but empty (a store is then begun in it). A damaged file is
    moved aside only when ``move_damaged`` (the caller holds the store's lock)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        version, found_empty = _inspect(path, move_damaged) if path.exists() else (0, False)
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


def read_only(path: Path) -> sqlite3.Connection:
    """SQLite's read-only connection to the file at ``path``: named by a URI, so a path with
    "#", "?" or "%" in it (a folder "Game night #2") is quoted, not read as the URI's own."""
    return sqlite3.connect(
        f"{Path(path).absolute().as_uri()}?mode=ro",
        uri=True,
        isolation_level=None,
        check_same_thread=False,
        timeout=5.0,
    )


def open_reading(path: Path) -> sqlite3.Connection:
    """A read-only connection to an existing store at the current schema version; anything
    else is refused in one line, the file left as it is."""
    try:
        conn = read_only(path)
    except (sqlite3.Error, OSError) as exc:
        raise _unreadable(exc, path) from exc
    try:
        version, tables = _check(conn, path)
    except _Damaged as damage:
        conn.close()
        raise StoreCorruptError(path, None, str(damage)) from None
    except (sqlite3.Error, OSError) as exc:
        conn.close()
        raise _unreadable(exc, path) from exc
    except StoreError:
        conn.close()
        raise
    if version < CURRENT_VERSION:
        conn.close()
        if not tables:
            raise StoreError(f"The game store {path} is empty: no game has been stored in it.")
        raise StoreError(
            f"The game store {path} has schema version {version}, from an older companion: "
            f"`samarkand run` upgrades it (keeping a copy); it was left as it is."
        )
    return conn


def _unreadable(exc: BaseException, path: Path) -> StoreUnavailableError:
    reason = exc.strerror if isinstance(exc, OSError) else str(exc)
    return StoreUnavailableError(f"The game store {path} cannot be read ({reason}); it was left as it is.")


def _inspect(path: Path, move_damaged: bool) -> tuple[int, bool]:
    """An existing file's schema version and whether it is empty; refuses newer ones and
    other files, and moves damaged ones aside when allowed to."""
    damage: _Damaged | None = None
    with closing(read_only(path)) as conn:
        try:
            version, tables = _check(conn, path)
        except _Damaged as exc:
            damage = exc
    if damage is not None:  # moved once the file is closed
        aside = _move_aside_or_say(path, damage) if move_damaged else None
        raise StoreCorruptError(path, aside, str(damage))
    return version, version == 0 and not tables


def inspect(path: Path) -> int:
    """The schema version of the companion store at ``path`` (a copy to restore), read
    without changing it; refused in one line if it is damaged, empty, another file or newer."""
    try:
        version, empty = _inspect(path, move_damaged=False)
    except StoreCorruptError as exc:
        raise StoreError(f"{path} is damaged ({exc.reason}): it was left as it is.") from None
    except StoreNotAStoreError as exc:
        raise StoreError(f"{path} is not a game store of this companion ({exc.reason}).") from None
    except (sqlite3.Error, OSError) as exc:
        raise _unreadable(exc, path) from exc
    if empty:
        raise StoreError(f"{path} is an empty game store: it holds no games.")
    return version


def _check(conn: sqlite3.Connection, path: Path) -> tuple[int, frozenset[str]]:
    """The version and tables of a store SQLite can read. _Damaged only when SQLite says
    the file is damaged; StoreNotAStoreError for a file that is something else, and
    StoreTooNewError for a newer store. Other failures (I/O) propagate."""
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > CURRENT_VERSION:
            raise StoreTooNewError(path, version, CURRENT_VERSION)
        problems = [row[0] for row in conn.execute("PRAGMA integrity_check").fetchall()]
        tables = table_names(conn)
    except sqlite3.DatabaseError as exc:
        if not is_corruption(exc):
            raise
        if not _begins_as_sqlite(path):
            raise StoreNotAStoreError(path, "it is not an SQLite database") from None
        raise _Damaged(str(exc)) from exc
    if problems != ["ok"]:
        raise _Damaged("integrity check: " + "; ".join(problems[:3]))
    if version == 0 and tables:
        raise StoreNotAStoreError(path, "it is another program's database")
    missing = expected_tables(version) - tables
    if missing:
        raise StoreNotAStoreError(path, "it lacks the tables " + ", ".join(sorted(missing)))
    return version, tables


def _begins_as_sqlite(path: Path) -> bool:
    with open(path, "rb") as file:
        return file.read(len(SQLITE_HEADER)) == SQLITE_HEADER


def _move_aside_or_say(path: Path, damage: _Damaged) -> Path:
    try:
        return move_aside(path)
    except OSError as exc:
        raise StoreError(
            f"The game store {path} is damaged ({damage}) and cannot be moved aside "
            f"({exc.strerror}): move it out of {path.parent} yourself, keeping it (`sqlite3 "
            f"FILE .recover` may save its games), then start again."
        ) from None


def move_aside(path: Path, label: str = "corrupt") -> Path:
    """Rename the store and its side files to <name>.<label>-<UTC time>; never overwrite."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    aside = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while any(Path(f"{aside}{s}").exists() for s in ("", *_SIDE_FILES)):
        aside = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
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
