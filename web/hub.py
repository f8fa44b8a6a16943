"""Live push: every change wakes the open streams, each of which sends its own snapshot.

The appliance calls ``notify`` under the table lock after every change, so it only bumps a
counter and wakes the waiting streams; each stream then builds its viewer's snapshot on its
own server thread. A ``: ping`` comment every ~10 s keeps proxies and phones from dropping
an idle stream, and a stream whose connection has closed ends within CHECK_S.

Every open stream holds a server thread, so streams are capped: STREAMS_PER_CLIENT from one
address (a laptop showing the table screen and the host console, with reload overlaps) and
STREAMS_TOTAL in all. server.py runs more threads than STREAMS_TOTAL, so however many
streams anyone opens, a POST always finds a free thread.

``settle`` waits until every open stream has handed the server its snapshot of the latest
change: the last word before the table switches itself off reaches the pages.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator

from web.identity import Refused

PING_S = 10.0
CHECK_S = 1.0
STREAMS_PER_CLIENT = 8
STREAMS_TOTAL = 32


class Hub:
    def __init__(self) -> None:
        self.per_client = STREAMS_PER_CLIENT
        """A device's cap on live pages (a test's browser is several devices on one address)."""
        self._cond = threading.Condition()
        self.rev = 0
        self.closed = False
        self.streams: Counter[str] = Counter()  # open streams by client address
        self._served: dict[object, int] = {}  # each open stream: the change it has served

    def notify(self, *_ignored) -> None:
        """A change happened (an appliance listener): never blocks beyond a quick lock."""
        with self._cond:
            self.rev += 1
            self._cond.notify_all()

    def close(self) -> None:
        with self._cond:
            self.closed = True
            self._cond.notify_all()

    def admit(self, client: str) -> Callable[[], None]:
        """A place for one more stream from ``client``, or Refused; returns what frees it."""
        with self._cond:
            if self.streams[client] >= self.per_client:
                raise Refused(429, "this device has too many live pages open: close some")
            if self.streams.total() >= STREAMS_TOTAL:
                raise Refused(503, "the table has too many live pages open: try again soon")
            self.streams[client] += 1
        held = True

        def free() -> None:
            nonlocal held
            with self._cond:
                if held:
                    held = False
                    self.streams -= Counter({client: 1})

        return free

    def settle(self, timeout: float) -> bool:
        """Wait until every open stream has served the latest change (or ``timeout``, for
        a stream stuck on a phone gone silent); whether they all did."""
        with self._cond:
            latest = self.rev
            return self._cond.wait_for(
                lambda: self.closed or all(rev >= latest for rev in self._served.values()), timeout
            )

    def _serve(self, key: object, rev: int | None) -> None:
        """A stream has served ``rev`` (None: it has ended)."""
        with self._cond:
            if rev is None:
                self._served.pop(key, None)
            else:
                self._served[key] = rev
            self._cond.notify_all()

    def wait(self, seen: int, timeout: float) -> int:
        """The change counter once it differs from ``seen`` or ``timeout`` has passed."""
        with self._cond:
            self._cond.wait_for(lambda: self.rev != seen or self.closed, timeout)
            return self.rev

    def stream(
        self,
        build: Callable[[], dict | None],
        ping_s: float = PING_S,
        gone: Callable[[], bool] = lambda: False,
    ) -> Iterator[bytes]:
        """Server-Sent Events: a full snapshot now and after every change, pings between,
        until the hub closes, ``gone()`` says the connection has closed, or ``build``
        answers None (this viewer may no longer see what the stream was opened for).

        A change that leaves this viewer's snapshot as it was (another seat's secret, a
        phone connecting) sends nothing: the page would re-render for nothing, and a tap
        landing on a button replaced mid-click is lost."""
        key = object()
        rev = seen = self.rev
        sent, ping_at = "", time.monotonic() + ping_s
        self._serve(key, -1)  # open, nothing handed over yet
        try:
            while True:
                if rev != seen or not sent:  # a change, or the first snapshot
                    seen, shown = rev, build()
                    if shown is None:
                        return
                    body = encoded(shown)
                    if body != sent:
                        sent, ping_at = body, time.monotonic() + ping_s
                        yield frame(rev, body)
                    self._serve(key, seen)  # the server took the frame (or nothing was new)
                elif time.monotonic() >= ping_at:
                    ping_at = time.monotonic() + ping_s
                    yield b": ping\n\n"
                rev = self.wait(seen, min(CHECK_S, max(0.0, ping_at - time.monotonic())))
                if self.closed or gone():
                    return
        finally:
            self._serve(key, None)


def encoded(data: dict) -> str:
    return json.dumps(data, separators=(",", ":"))


def frame(event_id: int, body: str) -> bytes:
    return f"id: {event_id}\ndata: {body}\n\n".encode()
