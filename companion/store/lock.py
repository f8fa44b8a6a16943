"""One writer per store: ``samarkand run`` holds an OS lock on a file beside the store for
its life, so a second one on the same store stops at once instead of playing the same game.

The lock is ``flock`` on ``<store>.lock``, which holds the holder's process id for the
message a second one prints. The kernel lets it go when the process ends, however it ends
(SIGKILL, a power cut), so a stale lock never keeps a table from starting. The file itself
is left in place: removing it could let two processes lock two different files. Readers
(``samarkand games``) take no lock: SQLite lets them read beside the writer.
"""

import errno
import fcntl
import os
from pathlib import Path

from .errors import StoreBusyError, unavailable


def lock_path(path: Path) -> Path:
    """Beside the store's real file: a link to it under another name (or in another
    folder) is the same store, and must meet the same lock."""
    real = path.resolve()
    return real.with_name(f"{real.name}.lock")


class StoreLock:
    """The held lock on a store; ``release`` (or the process's end) lets it go."""

    def __init__(self, path: Path):
        """Take the lock on the store at ``path``, or raise StoreBusyError naming its holder."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._fd: int | None = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise unavailable(exc, path) from exc
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            holder = _holder(self._fd)
            self.release()
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                raise StoreBusyError(path, holder) from None
            raise unavailable(exc, path) from exc
        try:
            os.ftruncate(self._fd, 0)
            os.write(self._fd, f"{os.getpid()}\n".encode())
        except OSError:  # only a second one's message needs it; the store says why
            pass

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the file lets the lock go
            self._fd = None


def _holder(fd: int) -> int | None:
    """The process id the holder wrote, if it has yet."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdecimal() else None
