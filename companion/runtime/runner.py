"""The session on the real clock: one thread, absolute deadlines, inputs serialised.

Buzzer callbacks arrive on GPIO (or serial) threads while their driver holds its own
lock, so they only queue the event and wake the runner; everything that touches the
session happens under the runner's lock. The runner sleeps until the next absolute
deadline (a tick, a tie window, a claim deadline), so the countdown never drifts.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

from companion.runtime.session import Session
from companion.runtime.signals import BuzzerEvent, now_us

MAX_SLEEP_US = 250_000
REPEAT_US = 60_000_000
log = logging.getLogger(__name__)


class Runner:
    def __init__(
        self,
        session: Session | None,
        poll_inputs: Callable[[int], list] | None = None,
        seats=None,
        clock: Callable[[], int] = now_us,
        refusals: tuple[type[Exception], ...] = (),
    ) -> None:
        """``refusals``: errors whose message says it all (a full store refusing a step)."""
        self.session = session
        self.refusals = refusals
        self.poll_inputs = poll_inputs
        self.seats = seats
        self.clock = clock
        self.lock = threading.RLock()
        self.tick_lateness_us: list[int] = []
        self._presses: queue.SimpleQueue[BuzzerEvent] = queue.SimpleQueue()
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------- inputs
    def on_buzzer(self, event: BuzzerEvent) -> None:
        """Called from an input driver's thread: queue and wake, never block."""
        self._presses.put(event)
        self._wake.set()

    def call(self, action: Callable[..., Any], *args) -> Any:
        """Run ``action(*args, now_us)`` under the lock, with the table clock (web, console)."""
        with self.lock:
            result = action(*args, self.clock())
        self._wake.set()
        return result

    # ------------------------------------------------------------- running
    def start(self) -> Runner:
        self._thread = threading.Thread(target=self.run, name="table-runner", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def run(self) -> None:
        """Step until stopped. A failed step is retried after MAX_SLEEP_US, not in a spin; a
        refusal is logged as one line, and the same refusal again at most every REPEAT_US
        (a full disk refuses every step until space is freed)."""
        said, said_at = None, 0
        while not self._stopping.is_set():
            failed = True
            try:
                self.step()
                failed = False
            except self.refusals as exc:
                now = self.clock()
                if str(exc) != said or now - said_at >= REPEAT_US:
                    log.error("table runner: a step was refused: %s", exc)
                    said, said_at = str(exc), now
            except Exception:  # a failing display or LED must not freeze the table
                log.exception("table runner: a step failed; carrying on")
            self._sleep_until(None if failed else self.next_deadline())

    def step(self) -> None:
        """Do everything due now: queued presses, stuck reports, deadlines, bot seats."""
        now = self.clock()
        reports = self.poll_inputs(now) if self.poll_inputs else []
        with self.lock:
            if self.session is None:
                return
            if self.seats is not None:
                self.seats.fire(now)  # their edges are queued now, stamped when planned
            while True:
                try:
                    self.session.press(self._presses.get_nowait())
                except queue.Empty:
                    break
            for report in reports:
                self.session.stuck(report)
            self._measure_tick(now)
            self.session.catch_up(now)
            if self.seats is not None:
                self.seats.step(self.session, now)

    def next_deadline(self) -> int | None:
        with self.lock:
            if self.session is None:
                return None
            now = self.clock()
            times = [self.session.next_deadline(now)]
            if self.seats is not None:
                times.append(self.seats.next_due())
        return min((t for t in times if t is not None), default=None)

    def _sleep_until(self, deadline: int | None) -> None:
        wait_us = MAX_SLEEP_US if deadline is None else min(deadline - self.clock(), MAX_SLEEP_US)
        if wait_us > 0 and self._wake.wait(wait_us / 1e6):
            self._wake.clear()

    def _measure_tick(self, now: int) -> None:
        """How late after its deadline the runner shows each count (for the benchmark)."""
        realtime = self.session.realtime if self.session is not None else None
        countdown = getattr(realtime, "countdown", None)
        if countdown is None:
            return
        shown = countdown.count_at(now)
        if shown is not None and shown != getattr(self, "_last_count", None):
            self.tick_lateness_us.append(now - countdown.tick_us(shown))
        self._last_count = shown
