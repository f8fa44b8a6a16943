"""The table's buzzers on the Pi's own GPIO: one pulled-up input per seat.

A press is stamped with its first falling edge's own timestamp. No driver debounce is
set (lgpio's and the kernel's report an edge only after the quiet period, stamped
late); instead each buzzer is locked out after its first edge until the line has been
high and stable for ``release_stable_us``. That is decided lazily from the edge
stamps themselves, so no timer thread runs: bounce can delay the confirmation of a
release, never move a press's stamp.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from gpiozero import InputDevice

from companion.runtime.signals import BuzzerEvent, StuckBuzzer, now_us

from .pins import ticks_to_us


class _SeatInput(InputDevice):
    """A pulled-up input that hands each raw edge, with its stamp, to the bank.

    gpiozero's ``Button`` drops the edge's ticks before calling user handlers; the
    pin-level ``when_changed`` callback still has them.
    """

    def __init__(self, pin: str, seat: int, sink, factory) -> None:
        super().__init__(pin, pull_up=True, pin_factory=factory)
        self.seat = seat
        self._sink = sink

    def listen(self) -> None:
        # The pin keeps only a weak reference: the bank keeps this device alive.
        self.pin.when_changed = self._pin_changed

    def _pin_changed(self, ticks: float, state: int) -> None:
        self._sink(self.seat, ticks_to_us(ticks), not state)

    def close(self) -> None:
        # gpiozero's lgpio pin keeps its alert callback when its device closes (mock pins
        # drop theirs), and a later device on that pin would then never be alerted.
        if self.pin is not None:
            self.pin.when_changed = None
        super().close()


@dataclass(slots=True)
class _Line:
    """What one seat's line has done, as far as the edges tell."""

    low: bool
    locked: bool
    held_since: int  # stamp of the fall that locked the line (read only while locked and low)
    pressed_at: int | None = None  # stamp of the press announced, if any
    high_since: int = -(1 << 62)  # stamp of the last rise (a fall follows a rise); none: long ago
    stuck_reported: bool = False
    ignored: int = 0


class BuzzerBank:
    """Turns each seat's raw edges into press/release events stamped at the edge.

    ``on_event`` is called from the GPIO callback thread (and from ``poll``) while
    the bank's lock is held, so it must not block: queue the event and return.
    A buzzer that is already down when the bank starts is locked out (never a press)
    and counts as held from ``start_us``.
    """

    def __init__(
        self,
        pins: Mapping[int, str],
        factory,
        on_event: Callable[[BuzzerEvent], None],
        release_stable_us: int = 20_000,
        stuck_after_us: int = 3_000_000,
        start_us: int | None = None,
    ) -> None:
        if release_stable_us <= 0 or stuck_after_us <= 0:
            raise ValueError(
                f"release_stable_us ({release_stable_us}) and stuck_after_us "
                f"({stuck_after_us}) must be positive"
            )
        self._on_event = on_event
        self._stable = release_stable_us
        self._stuck_after = stuck_after_us
        self._lock = threading.Lock()
        self._inputs: dict[int, _SeatInput] = {}
        self._lines: dict[int, _Line] = {}
        start = now_us() if start_us is None else start_us
        try:
            for seat, pin in pins.items():
                device = _SeatInput(pin, seat, self._edge, factory)
                self._inputs[seat] = device
                low = not device.pin.state
                self._lines[seat] = _Line(low=low, locked=low, held_since=start)
                device.listen()
        except BaseException:
            self.close()
            raise

    @property
    def seats(self) -> list[int]:
        return sorted(self._lines)

    def is_down(self, seat: int) -> bool:
        """Whether the seat's line was low at its last edge (or at start)."""
        with self._lock:
            return self._line(seat).low

    def ignored_edges(self, seat: int) -> int:
        """Edges of this seat dropped as bounce, as evidence for the event log."""
        with self._lock:
            return self._line(seat).ignored

    def poll(self, now: int) -> list[StuckBuzzer]:
        """Confirm releases that have been stable long enough; report stuck buzzers.

        Each hold is reported stuck at most once.
        """
        stuck: list[StuckBuzzer] = []
        with self._lock:
            for seat, line in self._lines.items():
                if line.locked and not line.low and now - line.high_since >= self._stable:
                    self._confirm_release(seat, line)
                elif (
                    line.low
                    and line.locked
                    and not line.stuck_reported
                    and now - line.held_since >= self._stuck_after
                ):
                    line.stuck_reported = True
                    stuck.append(StuckBuzzer(seat, line.held_since))
        return stuck

    def close(self) -> None:
        for device in self._inputs.values():
            device.close()
        self._inputs.clear()

    def __enter__(self) -> BuzzerBank:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _line(self, seat: int) -> _Line:
        try:
            return self._lines[seat]
        except KeyError:
            raise ValueError(f"no buzzer for seat {seat}; seats are {self.seats}") from None

    def _edge(self, seat: int, t_us: int, low: bool) -> None:
        with self._lock:
            line = self._lines[seat]
            if low == line.low:  # an edge lost in between: the level did not change
                line.ignored += 1
            elif low:
                self._fall(seat, line, t_us)
            else:
                line.low = False
                line.high_since = t_us

    def _fall(self, seat: int, line: _Line, t_us: int) -> None:
        line.low = True
        if t_us - line.high_since < self._stable:
            line.ignored += 2  # the short high blip: its rise and this fall
            if not line.locked:  # ``poll`` confirmed the release before this late edge came
                line.locked, line.held_since, line.stuck_reported = True, t_us, False
            return
        if line.locked:
            self._confirm_release(seat, line)
        line.locked = True
        line.held_since = line.pressed_at = t_us
        line.stuck_reported = False
        self._on_event(BuzzerEvent(seat, True, t_us))

    def _confirm_release(self, seat: int, line: _Line) -> None:
        if line.pressed_at is not None:
            self._on_event(BuzzerEvent(seat, False, line.high_since))
        line.locked = False
        line.pressed_at = None
