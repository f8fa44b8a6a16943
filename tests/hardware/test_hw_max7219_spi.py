"""The MAX7219 path as on a Pi: luma's real ``max7219`` device over a fake ``spidev``.

Each ``writebytes`` call is one chip-select frame; the MAX7219 latches a frame's last two
bytes (register, value) when chip select rises. The expected bytes come from the
MAX7219 datasheet: digit registers 1-8 (1 = rightmost digit), no-decode mode, segment
bits DP A B C D E F G from bit 7 down.
"""

from __future__ import annotations

import errno
import sys
import types
from typing import ClassVar

import pytest

from hardware.display import DisplayUnavailable, Max7219Display

# luma.led_matrix 1.9 reads pixels with Image.getdata, deprecated in Pillow 13 (pinned <14).
pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")

SCAN_LIMIT, DECODE_MODE, DISPLAY_TEST, INTENSITY, SHUTDOWN = 0x0B, 0x09, 0x0F, 0x0A, 0x0C
SEGMENTS = {"0": 0x7E, "1": 0x30, "2": 0x6D, "5": 0x5B, "S": 0x5B, "t": 0x0F, "O": 0x7E, "P": 0x67, " ": 0x00}


class FakeSpiDev:
    """``spidev.SpiDev`` as luma uses it; only the devices in ``present`` exist in /dev."""

    present: ClassVar[set[tuple[int, int]]] = {(0, 0)}

    def __init__(self) -> None:
        self.frames: list[list[int]] = []
        self.opened: tuple[int, int] | None = None
        self.mode = 0
        self.max_speed_hz = 0
        self.closed = False

    def open(self, bus: int, device: int) -> None:
        if (bus, device) not in self.present:
            raise FileNotFoundError(errno.ENOENT, f"/dev/spidev{bus}.{device}")
        self.opened = (bus, device)

    def writebytes(self, data) -> None:
        self.frames.append(list(data))

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def spidev(monkeypatch):
    opened: list[FakeSpiDev] = []

    def make() -> FakeSpiDev:
        opened.append(FakeSpiDev())
        return opened[-1]

    monkeypatch.setitem(sys.modules, "spidev", types.SimpleNamespace(SpiDev=make))
    return opened


def digit_frames(text: str) -> list[list[int]]:
    """The eight digit writes that show ``text`` (8 characters), rightmost digit first."""
    return [[register, SEGMENTS[char]] for register, char in enumerate(reversed(text), 1)]


def test_the_module_is_set_up_for_text_on_spi0_ce0_within_its_clock_limit(spidev):
    Max7219Display(port=0, spi_device=0)
    (bus,) = spidev
    assert bus.opened == (0, 0) and bus.mode == 0
    assert bus.max_speed_hz <= 10_000_000  # the MAX7219's fastest serial clock
    assert bus.frames[:4] == [[SCAN_LIMIT, 7], [DECODE_MODE, 0], [DISPLAY_TEST, 0], [INTENSITY, 7]]
    assert [SHUTDOWN, 1] in bus.frames  # out of shutdown: the digits are lit
    assert all(len(frame) == 2 for frame in bus.frames)  # one register per chip-select frame


@pytest.mark.parametrize(
    "show, text",
    [
        (lambda display: display.show_count(120), "     120"),
        (lambda display: display.show_stop(5), "StOP   5"),
        (lambda display: display.blank(), "        "),
    ],
)
def test_a_count_is_sent_as_the_datasheets_digit_bytes(spidev, show, text):
    display = Max7219Display(port=0, spi_device=0)
    (bus,) = spidev
    bus.frames.clear()
    show(display)
    assert bus.frames == digit_frames(text)


def test_closing_shuts_the_module_down_and_frees_the_bus(spidev):
    display = Max7219Display(port=0, spi_device=0)
    (bus,) = spidev
    display.close()
    assert [SHUTDOWN, 0] in bus.frames and bus.closed


def test_spi_turned_off_is_a_message_saying_how_to_turn_it_on(spidev):
    with pytest.raises(DisplayUnavailable, match=r"no SPI device /dev/spidev0\.1: enable SPI"):
        Max7219Display(port=0, spi_device=1)


def test_no_spidev_package_is_a_message_naming_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "spidev", None)
    with pytest.raises(DisplayUnavailable, match="needs the spidev package"):
        Max7219Display(port=0, spi_device=0)
