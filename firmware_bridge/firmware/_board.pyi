"""What the firmware uses of the board, for the type check only (never copied to the board).

``Firmware`` is handed the ``machine`` and ``time`` modules (the real ones by main.py, fakes
by the emulator). These protocols type them with the rp2 stubs' own classes and functions,
so the check holds the firmware to the board's real API, and main.py's call checks that
the real modules provide all of it.
"""

from typing import Protocol

import machine
from _mpy_shed.time_mp import _TicksUs

class Memory(Protocol):
    def __getitem__(self, address: int, /) -> int: ...

class Machine(Protocol):
    Pin: type[machine.Pin]
    SPI: type[machine.SPI]
    WDT: type[machine.WDT]
    mem32: Memory
    def unique_id(self) -> bytes: ...

class Time(Protocol):
    def ticks_us(self) -> _TicksUs: ...
    def ticks_diff(self, ticks1: _TicksUs, ticks2: _TicksUs, /) -> int: ...

class Link(Protocol):
    def read(self) -> bytes | bytearray: ...
    def write(self, data: bytes, /) -> None: ...
