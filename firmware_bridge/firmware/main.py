"""Entry point on the Pico: USB CDC as the link, the real machine module, forever.

It is the board's /main.py; the other modules sit beside it in the package /firmware/.
"""

import select
import sys
import time

import machine
import micropython
from firmware.bridge import SEAT_PINS, Firmware


class UsbLink:
    """Non-blocking reads and writes on the USB serial port (stdin/stdout)."""

    def __init__(self):
        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)
        self.rx = sys.stdin.buffer
        self.tx = sys.stdout.buffer

    def read(self):
        data = bytearray()
        while len(data) < 64 and self.poll.poll(0):
            data += self.rx.read(1)
        return data

    def write(self, data):
        self.tx.write(data)


if machine.Pin(SEAT_PINS[0], machine.Pin.IN, machine.Pin.PULL_UP).value() == 0:
    raise SystemExit  # seat 1 (GP2) held at power-up: stay at the REPL for maintenance
micropython.kbd_intr(-1)  # 0x03 is ordinary data in a frame, not Ctrl-C
firmware = Firmware(machine, time, UsbLink())
while True:
    firmware.step()
