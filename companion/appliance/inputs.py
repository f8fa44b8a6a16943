"""The table's inputs and outputs, assembled from the configuration.

The runtime sees only ``BuzzerEvent`` callbacks, a ``CountdownDisplay`` and ``SeatLights``;
this module is where it is decided whether they are the Pi's GPIO (real or mock pins) or
the USB buzzer board. It is an entry point: the one place in companion/ that reaches out
to hardware/ and firmware_bridge/, lazily.
"""

from __future__ import annotations

import queue
from collections.abc import Callable

from companion.config import Config, ConfigError
from companion.runtime.console import TerminalDisplay
from companion.runtime.signals import BuzzerEvent, CountdownDisplay, SeatLights


class Inputs:
    """Buzzers, lights and display behind one face; ``press`` exists in simulation only."""

    display: CountdownDisplay | None = None
    lights: SeatLights | None = None
    press: Callable[[int, bool, int], None] | None = None
    simulated = False

    def __init__(self) -> None:
        self.on_event: Callable[[BuzzerEvent], None] = lambda event: None
        self.on_status: Callable[[bool, str], None] = lambda connected, reason: None

    def _event(self, event: BuzzerEvent) -> None:
        self.on_event(event)

    def poll(self, now: int) -> list:
        return []

    def close(self) -> None:
        pass


class GpioInputs(Inputs):
    def __init__(self, config: Config, simulate: bool) -> None:
        super().__init__()
        from hardware.buzzers import BuzzerBank
        from hardware.display import BarGraphDisplay, DisplayGroup, Max7219Display
        from hardware.lights import LockoutLights
        from hardware.pinmap import DEFAULT_PIN_FILE, load_pin_map, load_pin_map_file
        from hardware.pins import make_factory

        pin_map = load_pin_map(config.pins) if config.pins else load_pin_map_file(DEFAULT_PIN_FILE)
        kind = config.display.kind
        if kind in ("bargraph", "max7219") and pin_map.display != kind:
            raise ConfigError(
                f'[display] kind = "{kind}" but the pin map wires '
                f'display = "{pin_map.display}": make them the same'
            )
        self.factory = make_factory(simulate)
        self.simulated = simulate
        self.pin_map = pin_map
        self.bank = BuzzerBank(pin_map.buzzers, self.factory, self._event)
        self.lights = self._leds = LockoutLights(pin_map.leds, self.factory)
        shown: list[CountdownDisplay] = []
        if kind == "bargraph":
            shown.append(BarGraphDisplay(pin_map.bar, self.factory))
        elif kind == "max7219":
            shown.append(Max7219Display(port=pin_map.spi_port, spi_device=pin_map.spi_device))
        if simulate or kind == "terminal":
            shown.append(TerminalDisplay())
        self.display = self._shown = DisplayGroup(*shown)
        if simulate:
            self.press = self._press

    def _press(self, seat: int, down: bool, t_us: int) -> None:
        """Drive a seat's mock buzzer pin: the same path as a real edge."""
        pin = self.factory.pin(self.pin_map.buzzers[seat])
        (pin.press_at if down else pin.release_at)(t_us)

    def poll(self, now: int) -> list:
        return self.bank.poll(now)

    def close(self) -> None:
        self._shown.close()  # first: a flashing bar graph's thread writes to its pins
        self.bank.close()
        self._leds.close()
        self.factory.close()


class BridgeInputs(Inputs):
    def __init__(self, spec: str) -> None:
        super().__init__()
        from firmware_bridge.driver import open_bridge

        self._stuck: queue.SimpleQueue = queue.SimpleQueue()  # from the board's reader thread
        self.board = open_bridge(
            spec,
            on_event=self._event,
            on_status=lambda up, why: self.on_status(up, why),
            on_stuck=self._stuck.put,
        )
        self.display, self.lights = self.board.display, self.board.lights
        self.simulated = self.board.emulator is not None
        if self.simulated:
            self.press = self._press
        self._mask = 0

    def poll(self, now: int) -> list:
        """The stuck buzzers the board reported since the last poll."""
        reports = []
        while not self._stuck.empty():
            reports.append(self._stuck.get_nowait())
        return reports

    def _press(self, seat: int, down: bool, t_us: int) -> None:
        """Bots press the emulated board's inputs; the board stamps them itself."""
        self._mask = self._mask | (1 << seat) if down else self._mask & ~(1 << seat)
        self.board.emulator.set_inputs(self._mask)

    def close(self) -> None:
        self.board.close()


def gpio_chips() -> bool:
    """A GPIO chip to open: a Pi (or another board with GPIO)."""
    from pathlib import Path

    return any(Path("/dev").glob("gpiochip*"))


def gpio_present() -> bool:
    """A Pi: lgpio installed and a GPIO chip to open."""
    from importlib.util import find_spec

    return find_spec("lgpio") is not None and gpio_chips()


def open_inputs(config: Config, simulate: bool) -> Inputs:
    """The bridge if one is configured, else GPIO: real on a Pi, mock pins otherwise."""
    if config.bridge.port:
        return BridgeInputs(config.bridge.port)
    return GpioInputs(config, simulate=simulate or not gpio_present())
