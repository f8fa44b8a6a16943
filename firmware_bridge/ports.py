"""Finding the buzzer board among the serial ports by its USB vendor id."""

from __future__ import annotations

from serial.tools import list_ports

PICO_VID = 0x2E8A  # Raspberry Pi; MicroPython on the Pico enumerates as 2E8A:0005


class PortNotFound(OSError):
    """No serial port carries the board's USB ids (unplugged, or another board)."""


def find_pico(vid: int = PICO_VID, pid: int | None = None) -> str:
    """The device path of the first matching port, in path order."""
    matches = sorted(
        p.device for p in list_ports.comports() if p.vid == vid and (pid is None or p.pid == pid)
    )
    if not matches:
        wanted = f"{vid:04X}:{pid:04X}" if pid is not None else f"{vid:04X}:*"
        raise PortNotFound(f"no serial port with USB id {wanted} (is the board plugged in?)")
    return matches[0]
