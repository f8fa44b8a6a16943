"""The time the store stamps on games (created, finished…), checkpoints and settings.

A Raspberry Pi has no clock of its own that runs while it is off. With the internet,
systemd-timesyncd sets the time at boot; off it (the table brings its own Wi-Fi) the Pi
starts from the time it last saved, so an evening a week later would be stamped as the
night it was last switched off, and the history would run every evening into one. The
host's phone knows the time: when the host logs in, it is told (``tell``), and while the
system clock is not synchronised and is off by more than a few minutes, the store stamps
the system's time plus that difference.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

SYNCHRONISED = Path("/run/systemd/timesync/synchronized")
"""systemd-timesyncd makes this file once it has set the time from the network."""
TOLERANCE = timedelta(minutes=5)
"""A difference this small is the phone's, or the network's, not the Pi's: left alone."""


class WallClock:
    """The system clock, corrected by a trusted device's while the system's is unsynchronised."""

    def __init__(self, synchronised: Callable[[], bool] = SYNCHRONISED.exists) -> None:
        self.synchronised = synchronised
        self.offset = timedelta(0)

    def now(self) -> datetime:
        if self.offset and not self.synchronised():  # the network may set the time later
            return datetime.now(UTC) + self.offset
        return datetime.now(UTC)

    def stamp(self) -> str:
        """``now`` as the store keeps it (ISO 8601, UTC, to the millisecond)."""
        return self.now().isoformat(timespec="milliseconds")

    def tell(self, theirs: datetime) -> timedelta | None:
        """A trusted device's time (the host's phone): the correction it sets, or None
        where none is needed (a synchronised clock, or one within ``TOLERANCE``)."""
        gap = theirs - datetime.now(UTC)
        self.offset = gap if abs(gap) > TOLERANCE and not self.synchronised() else timedelta(0)
        return self.offset or None
