"""A stand-in for the ``lgpio`` module, behaving as gpiozero's LGPIOFactory relies on.

Modelled on lgpio 0.2.2.0's ``lgpio.py``: the same constants; a handle carries its chip
number from bit 16; ``gpio_get_mode`` reports the line flags a line was claimed with;
the kernel raises alerts only on lines claimed for them, only for the claimed edges, and
lgpio calls every callback on that chip and line as ``func(chip, gpio, level, timestamp_ns)``.
Lines are a small circuit: an input reads 1 through its pull-up until its button is
pressed, and 0 without a pull-up (a floating line reads what it likes). Alerts are
delivered at once, in the caller's thread, instead of from lgpio's notify thread.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

SET_ACTIVE_LOW = 4
SET_OPEN_DRAIN = 8
SET_OPEN_SOURCE = 16
SET_PULL_UP = 32
SET_PULL_DOWN = 64
SET_PULL_NONE = 128
RISING_EDGE = 1
FALLING_EDGE = 2
BOTH_EDGES = 3

_KERNEL_OUTPUT = 1 << 1
_LG_INPUT = 1 << 8
_LG_OUTPUT = 1 << 9
_LG_ALERT = 1 << 10


class error(Exception):  # lgpio's own name
    """lgpio's exception type."""


@dataclass
class Line:
    """One GPIO as this process claimed it, and the button wired to it."""

    function: str = "input"
    flags: int = 0
    edges: int = 0  # alert edges, when claimed for alerts
    written: int = 0
    pressed: bool = False

    def level(self) -> int:
        if self.function == "output":
            return self.written
        return 0 if self.pressed else int(bool(self.flags & SET_PULL_UP))


@dataclass
class Callback:
    chip: int
    gpio: int
    edge: int
    func: Callable[[int, int, int, int], None]
    lgpio: FakeLgpio = field(repr=False)

    def cancel(self) -> None:
        self.lgpio.callbacks.remove(self)


class FakeLgpio:
    """Put an instance in ``sys.modules["lgpio"]``; ``calls`` logs every call made to it."""

    error = error
    SET_ACTIVE_LOW, SET_OPEN_DRAIN, SET_OPEN_SOURCE = SET_ACTIVE_LOW, SET_OPEN_DRAIN, SET_OPEN_SOURCE
    SET_PULL_UP, SET_PULL_DOWN, SET_PULL_NONE = SET_PULL_UP, SET_PULL_DOWN, SET_PULL_NONE
    RISING_EDGE, FALLING_EDGE, BOTH_EDGES = RISING_EDGE, FALLING_EDGE, BOTH_EDGES

    def __init__(self, chips: tuple[int, ...] = (0,)) -> None:
        self.chips = chips
        self.opened: list[int] = []
        self.lines: dict[int, Line] = {}
        self.callbacks: list[Callback] = []
        self.calls: list[tuple] = []

    # -- the functions gpiozero calls ---------------------------------------------
    def gpiochip_open(self, chip: int) -> int:
        self.calls.append(("gpiochip_open", chip))
        if chip not in self.chips:
            raise error("'can not open gpiochip'")
        self.opened.append(chip)
        return chip << 16 | len(self.opened) - 1

    def gpiochip_close(self, handle: int) -> None:
        self.calls.append(("gpiochip_close", handle))

    def gpio_claim_input(self, handle: int, gpio: int, line_flags: int = 0) -> int:
        self.calls.append(("gpio_claim_input", gpio, line_flags))
        self._claim(gpio, "input", line_flags)
        return 0

    def gpio_claim_output(self, handle: int, gpio: int, level: int = 0, line_flags: int = 0) -> int:
        self.calls.append(("gpio_claim_output", gpio, level, line_flags))
        self._claim(gpio, "output", line_flags).written = int(bool(level))
        return 0

    def gpio_claim_alert(
        self, handle: int, gpio: int, edges: int, line_flags: int = 0, notify_handle: int | None = None
    ) -> int:
        self.calls.append(("gpio_claim_alert", gpio, edges, line_flags))
        self._claim(gpio, "alert", line_flags).edges = edges
        return 0

    def gpio_free(self, handle: int, gpio: int) -> int:
        self.calls.append(("gpio_free", gpio))
        self._line(gpio).function = "free"
        return 0

    def gpio_get_mode(self, handle: int, gpio: int) -> int:
        line = self._line(gpio)
        bits = {
            "input": _LG_INPUT,
            "alert": _LG_INPUT | _LG_ALERT,
            "output": _LG_OUTPUT | _KERNEL_OUTPUT,
            "free": 0,
        }[line.function]
        return bits | line.flags

    def gpio_read(self, handle: int, gpio: int) -> int:
        return self._line(gpio).level()

    def gpio_write(self, handle: int, gpio: int, level: int) -> int:
        self.calls.append(("gpio_write", gpio, level))
        self._line(gpio).written = int(bool(level))
        return 0

    def gpio_set_debounce_micros(self, handle: int, gpio: int, debounce_micros: int) -> int:
        self.calls.append(("gpio_set_debounce_micros", gpio, debounce_micros))
        return 0

    def callback(
        self,
        handle: int,
        gpio: int,
        edge: int = RISING_EDGE,
        func: Callable[[int, int, int, int], None] | None = None,
    ) -> Callback:
        self.calls.append(("callback", gpio, edge))
        registered = Callback(handle >> 16, gpio, edge, func, self)
        self.callbacks.append(registered)
        return registered

    # -- the table's side: buttons pressed at chosen kernel timestamps ---------------
    def press(self, gpio: int, timestamp_ns: int) -> None:
        self._set_button(gpio, True, timestamp_ns)

    def release(self, gpio: int, timestamp_ns: int) -> None:
        self._set_button(gpio, False, timestamp_ns)

    def _set_button(self, gpio: int, pressed: bool, timestamp_ns: int) -> None:
        line = self._line(gpio)
        before = line.level()
        line.pressed = pressed
        level = line.level()
        wanted = RISING_EDGE if level else FALLING_EDGE
        if level == before or line.function != "alert" or not line.edges & wanted:
            return
        for registered in list(self.callbacks):
            if registered.gpio == gpio:
                registered.func(registered.chip, gpio, level, timestamp_ns)

    def _claim(self, gpio: int, function: str, flags: int) -> Line:
        line = self.lines.setdefault(gpio, Line())
        line.function, line.flags = function, flags
        return line

    def _line(self, gpio: int) -> Line:
        try:
            return self.lines[gpio]
        except KeyError:
            raise error("'GPIO not allocated'") from None
