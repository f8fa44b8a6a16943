"""Who stopped the countdown, at which count, and who was "at the same time".

Decisions depend on press timestamps only: the first press is the earliest stamp (not the
first to arrive), the count is the one on display at that stamp, and every press stamped
within the tie window of it is simultaneous. The window is decided only once it has
closed plus the input path's worst latency, so a late-arriving early press still counts.
Every press the arbiter does not take is returned as an ``IgnoredPress`` with its reason,
never dropped silently: the caller records it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.countdown import Countdown


@dataclass(frozen=True, slots=True)
class BuzzerEvent:
    """One buzzer's press or release, stamped where the edge happened.

    ``t_us`` is the first edge's own timestamp in the table clock (or, from the
    firmware bridge, the board's clock extended to 64 bits); debounce never moves it.
    """

    seat: int
    pressed: bool
    t_us: int


@dataclass(frozen=True, slots=True)
class IgnoredPress:
    seat: int
    t_us: int
    reason: str

    def to_note(self) -> dict:
        return {"note": "ignored_press", "seat": self.seat, "pressed_us": self.t_us, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class StopDecision:
    count: int
    first_us: int
    stoppers: tuple[tuple[int, int], ...]  # (seat, µs after the first press), in press order
    late: tuple[tuple[int, int], ...] = ()  # pressed in time for this count but outside the window

    def evidence(self) -> dict:
        """The stop's evidence as recorded and shown: every press's offset from the first."""
        return {
            "count": self.count,
            "first_us": self.first_us,
            "stoppers": [{"seat": s, "offset_us": o} for s, o in self.stoppers],
            "late": [{"seat": s, "offset_us": o} for s, o in self.late],
        }


@dataclass
class Arbiter:
    tie_window_us: int = 100_000
    latency_us: int = 5_000
    countdown: Countdown | None = None
    pending: list[BuzzerEvent] = field(default_factory=list)

    def open(self, countdown: Countdown) -> None:
        """Presses stamped while ``countdown`` shows a count may stop it."""
        self.countdown, self.pending = countdown, []

    def close(self, reason: str) -> list[IgnoredPress]:
        """A resolution or a pause: presses are ignored until the next ``open``. The presses
        taken for a stop not yet decided are returned, ignored for ``reason``."""
        dropped = [IgnoredPress(p.seat, p.t_us, reason) for p in self.pending]
        self.countdown, self.pending = None, []
        return dropped

    def press(self, event: BuzzerEvent) -> IgnoredPress | None:
        """Take a press for the pending stop, or say why it is ignored (releases are not presses)."""
        if not event.pressed:
            return None
        reason = self._refusal(event)
        if reason is not None:
            return IgnoredPress(event.seat, event.t_us, reason)
        self.pending.append(event)
        return None

    def _refusal(self, event: BuzzerEvent) -> str | None:
        if self.countdown is None:
            return "during a resolution or pause"
        if event.t_us < self.countdown.opens_us:
            return "before the countdown opened"
        if self.countdown.count_at(event.t_us) is None:
            return "after the countdown ended"
        if any(p.seat == event.seat for p in self.pending):
            return "already pressed for this stop"
        return None

    def due_us(self) -> int | None:
        """When the pending stop can be announced (the window closed plus latency)."""
        if not self.pending:
            return None
        return min(p.t_us for p in self.pending) + self.tie_window_us + self.latency_us

    def decide(self, now_us: int) -> tuple[StopDecision | None, list[IgnoredPress]]:
        """The stop, once its window has closed by ``now_us``, and the presses that came
        too late for it. The pending presses are used up; the arbiter stays open until its
        owner closes it (so a stop that could not be recorded leaves the countdown running)."""
        due = self.due_us()
        if due is None or now_us < due or self.countdown is None:
            return None, []
        presses = sorted(self.pending, key=lambda p: (p.t_us, p.seat))
        first = presses[0].t_us
        inside = tuple((p.seat, p.t_us - first) for p in presses if p.t_us - first <= self.tie_window_us)
        late = tuple((p.seat, p.t_us - first) for p in presses if p.t_us - first > self.tie_window_us)
        self.pending = []
        ignored = [IgnoredPress(s, first + o, "outside the tie window") for s, o in late]
        count = self.countdown.count_at(first)
        assert count is not None, "a press is kept only while a count shows (see accept)"
        return StopDecision(count, first, inside, late), ignored
