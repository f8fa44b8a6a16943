"""The board's own firmware running under CPython, reachable through a pty as a serial port.

``firmware/bridge.py`` is imported unchanged and handed fake ``machine`` and ``time``
modules; the host talks to it with pyserial through ``os.openpty()``, the same code
path as a real Pico on /dev/ttyACM0. The emulated clock can drift (ppm), the link can
add latency and jitter, and with a ``VirtualClock`` tests drive time themselves so ten
emulated seconds take a fraction of a real one.
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import select
import threading
import time
import tty
from collections.abc import Callable

from companion.runtime.signals import now_us
from firmware_bridge.firmware import protocol
from firmware_bridge.firmware.bridge import GPIO_IN, LED_PINS, SEAT_PINS, Firmware
from firmware_bridge.firmware.max7219 import FONT

TICKS_PERIOD = 1 << 30  # MicroPython's ticks_us wraps here on the RP2040


class RealClock:
    """Host time is the table clock; link latency is really slept."""

    def now(self) -> int:
        return now_us()

    def advance(self, us: int) -> None:
        if us > 0:
            time.sleep(us / 1e6)


class VirtualClock:
    """Host time that moves only when told to: tests run emulated seconds at once."""

    def __init__(self, start_us: int = 0) -> None:
        self._t = start_us
        self._lock = threading.Lock()

    def now(self) -> int:
        return self._t

    def advance(self, us: int) -> None:
        with self._lock:
            self._t += max(0, us)


class FakeTime:
    """MicroPython's ``time.ticks_*`` over the emulated board clock."""

    def __init__(self, board_us: Callable[[], int], ticks_start: int) -> None:
        self._board_us = board_us
        self._start = ticks_start

    def ticks_us(self) -> int:
        return (self._start + self._board_us()) % TICKS_PERIOD

    @staticmethod
    def ticks_diff(a: int, b: int) -> int:
        half = TICKS_PERIOD // 2
        return (a - b + half) % TICKS_PERIOD - half


class FakePin:
    IN, OUT, PULL_UP = 0, 1, 1

    def __init__(
        self, machine: FakeMachine, pin_id: int, mode: int = -1, pull: int = -1, value: int | None = None
    ) -> None:
        self.id, self.mode, self.pull = pin_id, mode, pull
        self._value = int(bool(value))
        machine.pins[pin_id] = self

    def value(self, v: int | None = None) -> int | None:
        if v is None:
            return self._value
        self._value = int(bool(v))
        return None


class FakeSPI:
    """Keeps the MAX7219's digit registers as the chip would."""

    def __init__(self, machine: FakeMachine, spi_id: int, **settings) -> None:
        self.machine = machine

    def write(self, data: bytes) -> None:
        register, value = data
        if 1 <= register <= 8:
            self.machine.digits[register - 1] = value


class FakeWDT:
    def __init__(self, timeout: int) -> None:
        self.timeout_ms = timeout
        self.feeds = 0

    def feed(self) -> None:
        self.feeds += 1


class _Mem32:
    def __init__(self, machine: FakeMachine) -> None:
        self._machine = machine

    def __getitem__(self, address: int) -> int:
        if address != GPIO_IN:
            raise ValueError(f"the emulator has no register at {address:#x}")
        return self._machine.gpio_in


class FakeMachine:
    """The parts of MicroPython's ``machine`` the firmware uses, with state to inspect."""

    def __init__(self, gpio_in: int = 0x3FFFFFFF) -> None:
        self.gpio_in = gpio_in
        self.pins: dict[int, FakePin] = {}
        self.digits = [0] * 8  # MAX7219 digit registers, rightmost first
        self.mem32 = _Mem32(self)
        machine = self
        self.Pin = type(
            "Pin", (FakePin,), {"__init__": lambda pin, *a, **k: FakePin.__init__(pin, machine, *a, **k)}
        )
        self.SPI = lambda spi_id, **settings: FakeSPI(machine, spi_id, **settings)
        self.WDT = FakeWDT

    @staticmethod
    def unique_id() -> bytes:
        return b"EMULATOR"


_GLYPHS = {segments: char for char, segments in FONT.items() if not char.isalpha()}


class Emulator:
    """A buzzer board on a pty. ``set_inputs(mask, at_us)`` presses seats (bit i = seat i).

    A background thread steps the firmware (serial traffic, resends, LEDs); every
    ``set_inputs`` also takes one sample at once, so an edge is stamped when it is set.
    """

    def __init__(
        self,
        *,
        clock: RealClock | VirtualClock | None = None,
        drift_ppm: float = 0.0,
        latency_us: int = 0,
        jitter_us: int = 0,
        ticks_start: int = 0,
        seed: int = 0,
        idle_s: float = 0.002,
    ) -> None:
        self.clock = clock or RealClock()
        self.drift_ppm = drift_ppm
        self.latency_us = latency_us
        self.jitter_us = jitter_us
        self._ticks_start = ticks_start
        self._rng = random.Random(seed)
        self._idle_s = idle_s
        self._lock = threading.RLock()
        self._master: int | None = None
        self._slave: int | None = None
        self._drop: dict[int, int] = {}
        self._rx_partial = b""
        self._boot()
        self.plug()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bridge-emulator", daemon=True)
        self._thread.start()

    # -- the board's clock -------------------------------------------------------
    def _boot(self) -> None:
        previous = getattr(self, "machine", None)
        self.machine = FakeMachine(previous.gpio_in if previous else 0x3FFFFFFF)
        self._host_boot = self.clock.now()
        self.time = FakeTime(self.board_us, self._ticks_start)
        # the fake stands in for the board's machine module (typed by firmware/_board.pyi)
        self.firmware = Firmware(self.machine, self.time, self)  # type: ignore[arg-type]

    def board_us(self) -> int:
        """µs since the board booted, by its own (drifting) crystal."""
        return int((self.clock.now() - self._host_boot) * (1 + self.drift_ppm * 1e-6))

    def _host_for_board(self, board_us: int) -> int:
        host = self._host_boot + math.ceil(board_us / (1 + self.drift_ppm * 1e-6))
        while int((host - self._host_boot) * (1 + self.drift_ppm * 1e-6)) < board_us:
            host += 1
        return host

    # -- what a test or a bench drives -------------------------------------------
    def set_inputs(self, mask: int, at_us: int | None = None) -> None:
        """Seats in ``mask`` are down from board time ``at_us`` on (now if None).

        ``at_us`` needs a VirtualClock: the clock is moved to the first µs not before it.
        """
        with self._lock:
            if at_us is not None:
                self._advance_board_to(at_us)
            levels = 0x3FFFFFFF
            for seat, pin in enumerate(SEAT_PINS):
                if (mask >> seat) & 1:
                    levels &= ~(1 << pin)
            self.machine.gpio_in = levels
            self.firmware.step()

    def _advance_board_to(self, at_us: int) -> None:
        if not isinstance(self.clock, VirtualClock):
            raise ValueError("set_inputs(at_us=...) needs an Emulator on a VirtualClock")
        if at_us < self.board_us():
            raise ValueError(f"at_us={at_us} is before the board's now ({self.board_us()})")
        while True:  # the real main loop never sleeps through half a ticks period
            target = min(at_us, self.board_us() + TICKS_PERIOD // 4)
            self.clock.advance(self._host_for_board(target) - self.clock.now())
            if target == at_us:
                return
            self.firmware.step()

    def display_text(self) -> str:
        """What the MAX7219 shows, digits and '-' read back ('?' for letters)."""
        return "".join(_GLYPHS.get(s, "?") for s in reversed(self.machine.digits)).strip()

    def leds(self) -> int:
        """Bit i set = seat i's LED is on right now."""
        return sum(
            (self.machine.pins[p].value() or 0) << i for i, p in enumerate(LED_PINS) if p in self.machine.pins
        )

    def drop_next(self, kind: int, count: int = 1) -> None:
        """Lose the next ``count`` frames of type ``kind``, either way (a line error)."""
        with self._lock:
            self._drop[kind] = self._drop.get(kind, 0) + count

    def drop_none(self) -> None:
        """The line works again: the frames ``drop_next`` still had to lose are kept."""
        with self._lock:
            self._drop.clear()

    def restart(self) -> None:
        """A watchdog reset: the firmware starts again, unsent events are gone."""
        with self._lock:
            self._boot()

    # -- the pty: the USB cable ----------------------------------------------------
    def port_path(self) -> str:
        if self._slave is None:
            raise OSError("the emulated board is unplugged")
        return os.ttyname(self._slave)

    def plug(self) -> None:
        with self._lock:
            if self._master is not None:
                return
            master, slave = os.openpty()
            tty.setraw(slave)
            os.set_blocking(master, False)
            self._master, self._slave = master, slave
            self._rx_partial = b""

    def unplug(self) -> None:
        """Pull the cable: the host's port fails; the board keeps sampling."""
        with self._lock:
            for fd in (self._master, self._slave):
                if fd is not None:
                    os.close(fd)
            self._master = self._slave = None

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self.unplug()

    # -- the firmware's link (read/write called from Firmware.step) -----------------
    def _delay(self) -> None:
        if self.latency_us or self.jitter_us:
            self.clock.advance(self.latency_us + self._rng.randint(0, self.jitter_us))

    def read(self) -> bytes:
        if self._master is None:
            return b""
        try:
            data = os.read(self._master, 4096)
        except (BlockingIOError, OSError):
            return b""
        if not data:
            return b""
        self._delay()
        return self._filter_incoming(data)

    def _filter_incoming(self, data: bytes) -> bytes:
        """Whole frames only, minus those ``drop_next`` asked to lose."""
        *blocks, self._rx_partial = (self._rx_partial + data).split(b"\x00")
        kept = []
        for block in blocks:
            if self._drop_frame(block):
                continue
            kept.append(block + b"\x00")
        if len(self._rx_partial) > protocol.MAX_ENCODED:  # garbage: the firmware drops it
            kept.append(self._rx_partial)
            self._rx_partial = b""
        return b"".join(kept)

    def _drop_frame(self, block: bytes) -> bool:
        if not self._drop:
            return False
        frame = protocol.decode_frame(block)
        if frame is None or not self._drop.get(frame[0]):
            return False
        self._drop[frame[0]] -= 1
        return True

    def write(self, data: bytes) -> None:
        if self._master is None:
            return
        if self._drop_frame(data[:-1]):
            return
        self._delay()
        # a full or closed line loses the frame, as a real link may: the board resends
        # its events until the host acknowledges them
        with contextlib.suppress(BlockingIOError, OSError):
            os.write(self._master, data)

    def _run(self) -> None:
        while not self._stop.is_set():
            master = self._master
            if master is not None:
                with contextlib.suppress(OSError, ValueError):
                    select.select([master], [], [], self._idle_s)
            else:
                time.sleep(self._idle_s)
            with self._lock:
                self.firmware.step()
