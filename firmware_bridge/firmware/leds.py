"""One lockout LED per seat: steady or blinking, driven from the main loop's clock."""

TYPE_CHECKING = False  # mypy reads any TYPE_CHECKING as true; MicroPython has no typing
if TYPE_CHECKING:
    from machine import Pin


class SeatLeds:
    def __init__(self, pins: "list[Pin]", blink_us=250000):
        self.pins = pins
        self.blink_us = blink_us
        self.lit = 0
        self.blinking = 0
        self._shown: int | None = None

    def set(self, mode_blink, mask):
        """Only the seats in ``mask`` are on, steady or blinking; the rest go dark."""
        self.lit = 0 if mode_blink else mask
        self.blinking = mask if mode_blink else 0

    def tick(self, now):
        phase_on = (now // self.blink_us) % 2 == 0
        shown = self.lit | (self.blinking if phase_on else 0)
        if shown == self._shown:
            return
        self._shown = shown
        for seat, pin in enumerate(self.pins):
            pin.value((shown >> seat) & 1)
