"""One lockout LED per buzzer, driven with gpiozero ``LED``.

Every call sets the whole row, so what the table sees depends only on the last call.
Blinking runs in gpiozero's own background thread; nothing here sleeps.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gpiozero import LED


class LockoutLights:
    """Implements ``SeatLights`` over one GPIO per seat (anode through a resistor)."""

    def __init__(self, pins: Mapping[int, str], factory, blink_s: float = 0.25) -> None:
        self._blink_s = blink_s
        self._leds: dict[int, LED] = {}
        try:
            for seat, pin in pins.items():
                self._leds[seat] = LED(pin, pin_factory=factory)
        except BaseException:
            self.close()
            raise

    def light(self, seats: list[int]) -> None:
        chosen = self._known(seats)
        for seat, led in self._leds.items():
            if seat in chosen:
                led.on()
            else:
                led.off()

    def blink(self, seats: list[int]) -> None:
        chosen = self._known(seats)
        for seat, led in self._leds.items():
            if seat in chosen:
                led.blink(on_time=self._blink_s, off_time=self._blink_s)
            else:
                led.off()

    def clear(self) -> None:
        for led in self._leds.values():
            led.off()

    def close(self) -> None:
        for led in self._leds.values():
            led.close()
        self._leds.clear()

    def _known(self, seats: Iterable[int]) -> set[int]:
        chosen = set(seats)
        unknown = sorted(chosen - self._leds.keys())
        if unknown:
            raise ValueError(f"no lockout LED for seat(s) {unknown}; seats are {sorted(self._leds)}")
        return chosen
