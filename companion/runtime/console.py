"""The countdown printed in a terminal (a CountdownDisplay), for simulation and keyboard play."""

from __future__ import annotations

import sys
from typing import TextIO


class TerminalDisplay:
    """The countdown printed on one line per change (a CountdownDisplay)."""

    def __init__(self, out: TextIO | None = None) -> None:
        """``out``: the standard output of the moment, unless told (not the import's)."""
        self.out = sys.stdout if out is None else out

    def show_count(self, count: int) -> None:
        self._line(f"  … {count}")

    def show_ready(self) -> None:
        self._line("  ready…")

    def show_stop(self, count: int) -> None:
        self._line(f"  STOP at {count}!")

    def blank(self) -> None:
        pass

    def close(self) -> None:
        """Nothing to let go (a DisplayGroup closes each of its displays)."""

    def _line(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()
