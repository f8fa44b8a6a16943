"""Who stopped the countdown, at which count, and who was "at the same time".

Decisions depend on press timestamps only: the first press is the earliest stamp (not the
first to arrive), the count is the one on display at that stamp, and every press stamped
within the tie window of it is simultaneous. The window is decided only once it has
closed plus the input path's worst latency, so a late-arriving early press still counts.
Presses outside an open countdown are ignored and recorded, never dropped silently.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from companion.runtime.clock import Countdown
from companion.runtime.signals import BuzzerEvent


@dataclass(frozen=True, slots=True)
class IgnoredPress:
    seat: int
    t_us: int
    reason: str


@dataclass(frozen=True, slots=True)
class StopDecision:
    count: int
    first_us: int
    stoppers: tuple[tuple[int, int], ...]  # (seat, µs after the first press), in press order
    late: tuple[tuple[int, int], ...] = ()  # pressed in time for this count but outside the window

    def engine_data(self) -> dict:
        return {"count": self.count, "stoppers": [list(s) for s in self.stoppers]}


@dataclass
class Arbiter:
    tie_window_us: int = 100_000
    latency_us: int = 5_000
    countdown: Countdown | None = None
    pending: list[BuzzerEvent] = field(default_factory=list)
    ignored: list[IgnoredPress] = field(default_factory=list)

    def open(self, countdown: Countdown) -> None:
        """Presses stamped while ``countdown`` shows a count may stop it."""
        self.countdown, self.pending = countdown, []

    def close(self) -> None:
        """A resolution or a pause: presses are ignored until the next ``open``."""
        self.countdown, self.pending = None, []

    def press(self, event: BuzzerEvent) -> None:
        if not event.pressed:
            return
        if self.countdown is None:
            self.ignored.append(IgnoredPress(event.seat, event.t_us, "during a resolution or pause"))
        elif event.t_us < self.countdown.opens_us:
            self.ignored.append(IgnoredPress(event.seat, event.t_us, "before the countdown opened"))
        elif self.countdown.count_at(event.t_us) is None:
            self.ignored.append(IgnoredPress(event.seat, event.t_us, "after the countdown ended"))
        elif any(p.seat == event.seat for p in self.pending):
            self.ignored.append(IgnoredPress(event.seat, event.t_us, "already pressed for this stop"))
        else:
            self.pending.append(event)

    def due_us(self) -> int | None:
        """When the pending stop can be announced (the window closed plus latency)."""
        if not self.pending:
            return None
        return min(p.t_us for p in self.pending) + self.tie_window_us + self.latency_us

    def decide(self, now_us: int) -> StopDecision | None:
        """The stop, once its window has closed by ``now_us``; the arbiter then closes."""
        due = self.due_us()
        if due is None or now_us < due:
            return None
        presses = sorted(self.pending, key=lambda p: (p.t_us, p.seat))
        first = presses[0].t_us
        inside = tuple((p.seat, p.t_us - first) for p in presses if p.t_us - first <= self.tie_window_us)
        late = tuple((p.seat, p.t_us - first) for p in presses if p.t_us - first > self.tie_window_us)
        decision = StopDecision(self.countdown.count_at(first), first, inside, late)
        self.ignored.extend(IgnoredPress(s, first + o, "outside the tie window") for s, o in late)
        self.close()
        return decision
