"""Countdown displays the whole table can see, each implementing ``CountdownDisplay``.

No call here sleeps: the countdown's tick loop calls ``show_count`` at its absolute
deadlines and must not be held up. Anything that moves on its own (flashing, the
piezo's click) runs in gpiozero's background threads.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import cycle

from gpiozero import Buzzer, LEDBarGraph


class DisplayUnavailable(RuntimeError):
    """A display was asked for whose driver or device is not there."""


def _check_count(count: int) -> None:
    if count < 0:
        raise ValueError(f"countdown count must be 0 or more, got {count}")


class BarGraphDisplay:
    """A row of LEDs (10 by default): count n lights n of them, bottom first.

    Counts above the number of LEDs light them all. Ready blinks the whole bar and a
    stop flashes the count, both through gpiozero's ``source`` thread.
    """

    def __init__(self, pins: Sequence[str], factory, flash_s: float = 0.2) -> None:
        if not pins:
            raise ValueError("a bar graph needs at least one LED pin")
        self._bar = LEDBarGraph(*pins, pin_factory=factory)
        self._bar.source_delay = flash_s

    def show_count(self, count: int) -> None:
        _check_count(count)
        self._steady(self._level(count))

    def show_ready(self) -> None:
        self._bar.source = cycle((1.0, 0.0))

    def show_stop(self, count: int) -> None:
        _check_count(count)
        self._bar.source = cycle((self._level(count), 0.0))

    def blank(self) -> None:
        self._steady(0.0)

    def close(self) -> None:
        self._bar.close()

    def _level(self, count: int) -> float:
        n = len(self._bar)
        return min(count, n) / n

    def _steady(self, level: float) -> None:
        self._bar.source = None  # stops any flashing thread before the steady value
        self._bar.value = level


class Max7219Display:
    """Big digits on a MAX7219 seven-segment module (SPI), through luma.led_matrix.

    ``device`` is any luma device (tests pass ``luma.core.device.dummy``); without
    one, the real module on SPI ``port``/``spi_device`` is opened.
    """

    def __init__(self, device=None, *, port: int = 0, spi_device: int = 0) -> None:
        try:
            from luma.core.virtual import sevensegment
            from luma.led_matrix.segment_mapper import dot_muncher
        except ImportError as exc:
            raise DisplayUnavailable(
                f"the MAX7219 display needs the luma.led_matrix package ({exc})"
            ) from exc
        self._device = device if device is not None else _open_max7219(port, spi_device)
        self._segments = sevensegment(self._device, segment_mapper=dot_muncher)
        self._digits = self._device.width * self._device.height // 8

    def show_count(self, count: int) -> None:
        _check_count(count)
        self._show("", str(count))

    def show_ready(self) -> None:
        self._segments.text = "-" * self._digits

    def show_stop(self, count: int) -> None:
        _check_count(count)
        self._show("StOP", str(count))

    def blank(self) -> None:
        self._segments.text = ""

    def close(self) -> None:
        self._device.cleanup()

    def _show(self, label: str, number: str) -> None:
        if len(number) > self._digits:
            raise ValueError(f"{number} does not fit on {self._digits} digits")
        room = self._digits - len(number) - 1  # one blank between label and number
        self._segments.text = label[: max(room, 0)].ljust(self._digits - len(number)) + number


def _open_max7219(port: int, spi_device: int):
    import luma.core.error
    from luma.core.interface.serial import noop, spi
    from luma.led_matrix.device import max7219

    try:
        serial = spi(port=port, device=spi_device, gpio=noop())
    except ImportError as exc:
        raise DisplayUnavailable(f"the MAX7219 display needs the spidev package ({exc})") from exc
    except luma.core.error.DeviceNotFoundError as exc:
        raise DisplayUnavailable(
            f"no SPI device /dev/spidev{port}.{spi_device}: enable SPI (raspi-config) ({exc})"
        ) from exc
    return max7219(serial, cascaded=1)


class PiezoTick:
    """A piezo's short click on every count and a longer beep on a stop.

    It implements ``CountdownDisplay`` so it can sit in a ``DisplayGroup`` beside the
    visible display.
    """

    def __init__(self, pin: str, factory, click_s: float = 0.005, stop_s: float = 0.15) -> None:
        self._buzzer = Buzzer(pin, pin_factory=factory)
        self._click_s = click_s
        self._stop_s = stop_s

    def show_count(self, count: int) -> None:
        self._beep(self._click_s)

    def show_ready(self) -> None:
        self._buzzer.off()

    def show_stop(self, count: int) -> None:
        self._beep(self._stop_s)

    def blank(self) -> None:
        self._buzzer.off()

    def close(self) -> None:
        self._buzzer.close()

    def _beep(self, seconds: float) -> None:
        self._buzzer.beep(on_time=seconds, off_time=0, n=1, background=True)


class DisplayGroup:
    """Several displays driven as one (e.g. the bar graph and the piezo)."""

    def __init__(self, *displays) -> None:
        self._displays = displays

    def show_count(self, count: int) -> None:
        for display in self._displays:
            display.show_count(count)

    def show_ready(self) -> None:
        for display in self._displays:
            display.show_ready()

    def show_stop(self, count: int) -> None:
        for display in self._displays:
            display.show_stop(count)

    def blank(self) -> None:
        for display in self._displays:
            display.blank()

    def close(self) -> None:
        for display in self._displays:
            display.close()
