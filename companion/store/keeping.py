"""Copies of the store, so that the evenings a table remembers outlive a damaged file or a
dead SD card: the copy ``samarkand run`` keeps beside the store (at each start and between
games), the copies a person takes (``samarkand games backup FILE``), and putting one back
(``games restore``).

A copy is made with SQLite's online backup, so it is a whole, consistent store even while a
table is writing, and written to a temporary file renamed into place, so a copy cut short
never replaces a good one. The kept copy is replaced only by a store that holds at least as
many games: after a damaged store was moved aside and a new one
begun, the copy of the old evenings stays until someone restores it.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path

from .errors import StoreBusyError, StoreError, free_bytes
from .lock import StoreLock
from .opening import inspect, move_aside, read_only

KEPT = ".kept"
"""The copy ``samarkand run`` keeps: ``<store>.kept``."""
ROOM = 64 << 20
"""Free bytes a kept copy must leave on the store's disk, for the games to come."""


def kept_copy(path: Path) -> Path:
    return path.with_name(path.name + KEPT)


def copy_store(source: sqlite3.Connection, to: Path) -> None:
    """A consistent copy of the store ``source`` is connected to, at ``to`` (replaced whole)."""
    if not to.parent.is_dir():
        raise StoreError(
            f"A copy of the game store cannot be written to {to}: there is no folder {to.parent}."
        )
    part = to.with_name(f".{to.name}.part")
    try:
        part.unlink(missing_ok=True)
        with closing(sqlite3.connect(part)) as target:
            source.backup(target)
            target.execute("PRAGMA journal_mode = DELETE")  # one file, whole: no -wal beside it
        os.replace(part, to)
    except (sqlite3.Error, OSError) as exc:
        part.unlink(missing_ok=True)
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise StoreError(f"A copy of the game store cannot be written to {to} ({reason}).") from None


def games_in(path: Path) -> int | None:
    """How many games the store at ``path`` holds; None if there is no readable store there."""
    try:
        with closing(read_only(path)) as conn:
            return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    except sqlite3.Error:
        return None


def keep_copy(source: sqlite3.Connection, path: Path) -> Path | None:
    """The copy kept at a start, beside the store at ``path``: written unless the copy
    already there holds more games (then it is the only copy of evenings this store lost).
    Where it is, or None if it was left as it was."""
    kept = kept_copy(path)
    held = source.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    before = games_in(kept) if kept.exists() else None
    if before is not None and before > held:
        return None
    size = (
        source.execute("PRAGMA page_count").fetchone()[0] * source.execute("PRAGMA page_size").fetchone()[0]
    )
    if free_bytes(path) < size + ROOM:  # the games to come need the room more than a copy
        raise StoreError(
            f"No copy of the game store was kept at {kept}: its disk has too little room left "
            f"for it (the store holds {size // 1024} KiB). Free some space on it."
        )
    copy_store(source, kept)
    return kept


def restore(backup: Path, path: Path) -> Path | None:
    """Put the copy ``backup`` in place of the store at ``path``, which is moved aside
    (returned; None where there was none). Refused while a table plays on the store, and
    for a file that is not a readable companion store (checked before anything moves).
    The copy is written whole beside the store first: a power cut during it (seconds, for
    months of evenings) leaves the store in place; only two renames find neither there."""
    try:
        found = backup.is_file()
    except OSError as exc:  # in a folder this user may not enter: another user's home
        raise StoreError(
            f"{backup} cannot be read by this user ({exc.strerror}): put the copy where it may, such as /tmp."
        ) from None
    if not found:
        raise StoreError(f"There is no copy of a game store at {backup}.")
    if backup.resolve() == path.resolve():
        raise StoreError(f"{backup} is the game store itself: name a copy of it.")
    try:
        held = StoreLock(path)  # no table may be playing on it
    except StoreBusyError as exc:
        who = f"process {exc.holder}" if exc.holder else "another process"
        raise StoreError(
            f"A table is playing on the game store {path} ({who}): stop it first "
            f"(Ctrl-C, or `sudo systemctl stop samarkand` on the Pi), then restore."
        ) from None
    staged = path.with_name(f".{path.name}.restoring")
    try:
        inspect(backup)  # a damaged, foreign or newer file is refused here, nothing moved
        with closing(read_only(backup)) as source:
            copy_store(source, staged)
        aside = move_aside(path, "before-restore") if path.exists() else None
        os.replace(staged, path)
        if aside is not None:  # the table's user writes it, whoever restored it (root, say)
            was = aside.stat()
            os.chmod(path, was.st_mode & 0o777)
            if os.geteuid() == 0:
                os.chown(path, was.st_uid, was.st_gid)
        return aside
    except OSError as exc:
        raise StoreError(f"The game store {path} cannot be replaced ({exc.strerror or exc}).") from None
    finally:
        staged.unlink(missing_ok=True)
        held.release()
