"""What the table's inputs and outputs exchange with the runtime, whatever drives them.

The GPIO path (hardware/) and the USB board (firmware_bridge/) both produce
``BuzzerEvent`` values (the arbiter's own input type) and implement ``CountdownDisplay`` and ``SeatLights``, so the
runtime never knows which one it has.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Protocol

from companion.core.arbiter import BuzzerEvent

__all__ = ["BuzzerEvent", "CountdownDisplay", "SeatLights", "StuckBuzzer", "now_us"]


def now_us() -> int:
    """The table clock: CLOCK_MONOTONIC in integer microseconds.

    The kernel stamps GPIO edges on CLOCK_MONOTONIC (lgpio hands them to gpiozero as
    seconds), so countdown ticks and press stamps share one clock domain.
    """
    return time.monotonic_ns() // 1000


@dataclass(frozen=True, slots=True)
class StuckBuzzer:
    """A buzzer held down longer than the stuck limit: reported, never a new press."""

    seat: int
    since_us: int


class CountdownDisplay(Protocol):
    """The big countdown number seen by the whole table."""

    def show_count(self, count: int) -> None: ...

    def show_ready(self) -> None:
        """The lead-in before 10: the table gets ready."""

    def show_stop(self, count: int) -> None:
        """A stop is being resolved at ``count``."""

    def blank(self) -> None: ...


class SeatLights(Protocol):
    """One lockout LED per buzzer."""

    def light(self, seats: list[int]) -> None:
        """Steady light: these seats stopped (and only these are lit)."""

    def blink(self, seats: list[int]) -> None:
        """Blinking: these seats are in a dispute."""

    def clear(self) -> None: ...
