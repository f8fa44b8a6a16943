"""Pin factories: the Pi's real GPIO, or mock pins whose edges carry exact stamps.

Real edges reach gpiozero from lgpio as ``_call_when_changed(ticks, level)`` with the
kernel's ``timestamp_ns / 1e9`` (seconds, CLOCK_MONOTONIC). ``StampedMockPin`` feeds
its edges through the very same call with a stamp chosen by the test, so tests replay
exact edge sequences (bounce included) through the code that runs on the Pi.
"""

from __future__ import annotations

from gpiozero.exc import PinSetInput
from gpiozero.pins.mock import MockFactory, MockPin, PinState


class NoGpioError(RuntimeError):
    """The real GPIO was asked for on a machine that has none."""


def ticks_to_us(ticks: float) -> int:
    """gpiozero's ticks (seconds since boot, as lgpio passes them) in integer µs."""
    return round(ticks * 1_000_000)


class StampedMockPin(MockPin):
    """A mock input pin driven low or high at a given table time (µs).

    ``drive_low``/``drive_high`` stamp with the wall of the test run; ``press_at`` and
    ``release_at`` stamp with ``t_us`` instead, in seconds like lgpio, so callbacks
    see exactly the stamp the test chose.
    """

    _state: bool
    _last_change: float

    def press_at(self, t_us: int) -> None:
        """Button to ground: the line falls at ``t_us``."""
        self._drive_at(False, t_us)

    def release_at(self, t_us: int) -> None:
        """The pull-up brings the line back high at ``t_us``."""
        self._drive_at(True, t_us)

    def _drive_at(self, state: bool, t_us: int) -> None:
        if self._function != "input":
            raise PinSetInput(f"cannot drive output pin {self!r} from outside")
        if self._state == state:
            return
        ticks = t_us / 1_000_000
        self.states.append(PinState(ticks - self._last_change, state))
        self._state = state
        self._last_change = ticks
        wanted = ("both", "rising") if state else ("both", "falling")
        if self._edges in wanted and self._when_changed is not None:
            self._call_when_changed()


def make_factory(simulate: bool):
    """The pin factory for this run: mock pins in simulation, lgpio on a Pi.

    lgpio is chosen explicitly rather than through gpiozero's fallback chain: only it
    hands over the kernel's edge timestamps, on which fair stops depend.
    """
    if simulate:
        return MockFactory(pin_class=StampedMockPin)
    try:
        from gpiozero.pins.lgpio import LGPIOFactory
    except ImportError as exc:
        raise NoGpioError(f"no GPIO found (the lgpio module is missing: {exc}); use --simulate") from exc
    try:
        return LGPIOFactory()
    except Exception as exc:  # lgpio raises its own error type when no gpiochip opens
        raise NoGpioError(f"no GPIO found ({exc}); use --simulate") from exc
