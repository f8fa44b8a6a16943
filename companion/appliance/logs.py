"""The appliance's one logging configuration: every part logs through ``logging``, and
the command line sends it to stderr as ``warning: …`` lines, which systemd's journal keeps
(with its own timestamps) on a Pi."""

from __future__ import annotations

import logging
import sys


class _Lowercase(logging.Formatter):
    """``warning: the message``: how the command line has always said it."""

    def format(self, record: logging.LogRecord) -> str:
        return f"{record.levelname.lower()}: {super().format(record)}"


def configure(level: int = logging.INFO) -> None:
    """Send the log to stderr, once per process (a host that set up logging keeps its own)."""
    root = logging.getLogger()
    if root.handlers:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_Lowercase("%(message)s"))
    root.addHandler(handler)
    root.setLevel(level)
