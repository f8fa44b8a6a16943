"""An 8-digit 7-segment MAX7219 on SPI, written in no-decode mode so it can show text.

Digit 0 is the rightmost. Text is right-aligned and cut to the 8 digits.
"""

TYPE_CHECKING = False  # mypy reads any TYPE_CHECKING as true; MicroPython has no typing
if TYPE_CHECKING:
    from machine import SPI, Pin

_NOOP, _DECODE, _INTENSITY, _SCAN_LIMIT, _SHUTDOWN, _TEST = 0x00, 0x09, 0x0A, 0x0B, 0x0C, 0x0F
DIGITS = 8

# Segment bits: DP A B C D E F G (bit 7 .. bit 0).
FONT = {
    "0": 0x7E,
    "1": 0x30,
    "2": 0x6D,
    "3": 0x79,
    "4": 0x33,
    "5": 0x5B,
    "6": 0x5F,
    "7": 0x70,
    "8": 0x7F,
    "9": 0x7B,
    " ": 0x00,
    "-": 0x01,
    "A": 0x77,
    "d": 0x3D,
    "E": 0x4F,
    "o": 0x1D,
    "P": 0x67,
    "r": 0x05,
    "S": 0x5B,
    "t": 0x0F,
    "y": 0x3B,
}


class Max7219:
    def __init__(self, spi: "SPI", cs: "Pin", brightness=8):
        self.spi = spi
        self.cs = cs
        self.cs.value(1)
        for register, value in ((_TEST, 0), (_SCAN_LIMIT, DIGITS - 1), (_DECODE, 0), (_SHUTDOWN, 1)):
            self._write(register, value)
        self.brightness(brightness)
        self.text("")

    def _write(self, register, value):
        self.cs.value(0)
        self.spi.write(bytes((register, value)))
        self.cs.value(1)

    def brightness(self, level):
        self._write(_INTENSITY, max(0, min(15, level)))

    def text(self, text):
        text = text[-DIGITS:]
        text = " " * (DIGITS - len(text)) + text
        for i, char in enumerate(text):
            self._write(DIGITS - i, FONT.get(char, 0x00))
