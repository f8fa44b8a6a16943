"""The board's microsecond clock, extended to 64 bits.

MicroPython's ``ticks_us()`` wraps at 2**30 µs (about 18 minutes), so a raw value
cannot order presses across a wrap. Accumulating ``ticks_diff`` between readings
gives a counter that never wraps, provided it is read at least every 2**29 µs
(about 9 minutes); the main loop reads it thousands of times a second.
"""

TYPE_CHECKING = False  # mypy reads any TYPE_CHECKING as true; MicroPython has no typing
if TYPE_CHECKING:
    from ._board import Time


class Clock64:
    def __init__(self, time_module: "Time", start=0):
        self._time = time_module
        self._last = time_module.ticks_us()
        self._now = start

    def now(self):
        t = self._time.ticks_us()
        self._now += self._time.ticks_diff(t, self._last)
        self._last = t
        return self._now
