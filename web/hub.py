"""Live push: every change wakes the open streams, each of which sends its own snapshot.

The appliance calls ``notify`` under the table lock after every change, so it only bumps a
counter and wakes the waiting streams; each stream then builds its viewer's snapshot on its
own server thread. A ``: ping`` comment every ~10 s makes a dead connection fail a write,
which frees its thread.
"""
from __future__ import annotations

import json
import threading
from typing import Callable, Iterator

PING_S = 10.0


class Hub:
    def __init__(self) -> None:
        self._cond = threading.Condition()
        self.rev = 0
        self.closed = False

    def notify(self, *_ignored) -> None:
        """A change happened (an appliance listener): never blocks beyond a quick lock."""
        with self._cond:
            self.rev += 1
            self._cond.notify_all()

    def close(self) -> None:
        with self._cond:
            self.closed = True
            self._cond.notify_all()

    def wait(self, seen: int, timeout: float) -> int:
        """The change counter once it differs from ``seen`` or ``timeout`` has passed."""
        with self._cond:
            self._cond.wait_for(lambda: self.rev != seen or self.closed, timeout)
            return self.rev

    def stream(self, build: Callable[[], dict], ping_s: float = PING_S) -> Iterator[bytes]:
        """Server-Sent Events: a full snapshot now and after every change, pings between."""
        seen = self.rev
        yield frame(seen, build())
        while not self.closed:
            rev = self.wait(seen, ping_s)
            if self.closed:
                return
            if rev == seen:
                yield b": ping\n\n"
                continue
            seen = rev
            yield frame(seen, build())


def frame(event_id: int, data: dict) -> bytes:
    body = json.dumps(data, separators=(",", ":"))
    return f"id: {event_id}\ndata: {body}\n\n".encode()
