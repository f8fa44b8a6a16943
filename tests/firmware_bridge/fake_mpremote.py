"""mpremote's own command line over a pretend board whose filesystem is a folder.

Run as ``python fake_mpremote.py <mpremote arguments>``: mpremote's real parser, its
command expansions (``reset``), its chaining (``+``) and its ``cp`` logic all run; only
the transport to the board is replaced. The folder is $FAKE_BOARD; ``log`` in it records
the port connected to and the resets. With a file ``running`` in it the board behaves
as one running the firmware: it never gives mpremote the raw REPL.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

from mpremote import main as mpremote
from mpremote.commands import CommandError
from mpremote.transport import TransportError


class PretendBoard:
    """The transport calls ``fs cp`` and ``exec`` make, on a folder."""

    mounted = False

    def __init__(self, root: Path, port: str) -> None:
        self.root = root
        self.in_raw_repl = False
        self._log(f"connect {port}")

    def enter_raw_repl(self, soft_reset: bool = True) -> None:
        if (self.root / "running").exists():
            raise TransportError("could not enter raw repl")
        self.in_raw_repl = True

    def exit_raw_repl(self) -> None:
        self.in_raw_repl = False

    def close(self) -> None:
        pass

    def fs_exists(self, path: str) -> bool:
        return self._path(path).exists()

    def fs_isdir(self, path: str) -> bool:
        return self._path(path).is_dir()

    def fs_mkdir(self, path: str) -> None:
        self._path(path).mkdir()

    def fs_writefile(self, path: str, data: bytes, progress_callback=None) -> None:
        self._path(path).write_bytes(data)

    def fs_hashfile(self, path: str, algo: str) -> bytes:
        return hashlib.new(algo, self._path(path).read_bytes()).digest()

    def exec_raw_no_follow(self, code: str) -> None:
        if "machine.reset()" in code:
            self._log("reset")

    def _path(self, path: str) -> Path:
        return self.root / path.lstrip("/")

    def _log(self, line: str) -> None:
        with (self.root / "log").open("a") as log:
            log.write(line + "\n")


def connect(state, args) -> None:
    port = args.device[0]
    if not os.path.exists(port):
        raise CommandError(f"failed to access {port} (it may be in use by another program)")
    state.transport = PretendBoard(Path(os.environ["FAKE_BOARD"]), port)


if __name__ == "__main__":
    mpremote._COMMANDS["connect"] = (connect, mpremote._COMMANDS["connect"][1])
    sys.exit(mpremote.main())
