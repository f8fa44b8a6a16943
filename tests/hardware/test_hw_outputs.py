"""Lockout lights and countdown displays, read back from the mock pins and luma's dummy device."""

from __future__ import annotations

import itertools

import pytest
from luma.core.device import dummy
from luma.led_matrix.segment_mapper import dot_muncher

from hardware.display import BarGraphDisplay, DisplayGroup, Max7219Display, PiezoTick
from hardware.lights import LockoutLights

LEDS = {0: "GPIO6", 1: "GPIO13", 2: "GPIO19"}
BAR = ["GPIO23", "GPIO24", "GPIO25", "GPIO8", "GPIO7", "GPIO16", "GPIO20", "GPIO21", "GPIO10", "GPIO9"]


def levels(factory, names) -> list[bool]:
    return [bool(factory.pin(name).state) for name in names]


def turn_offs(factory, name) -> int:
    """How many times the pin went from on to off."""
    states = [s.state for s in factory.pin(name).states]
    return sum(1 for a, b in itertools.pairwise(states) if a and not b)


def toggled(factory, name) -> bool:
    """The pin went on and back off at least twice: a blink or flash is running."""
    return turn_offs(factory, name) >= 2


@pytest.fixture
def lights(factory):
    row = LockoutLights(LEDS, factory, blink_s=0.001)
    yield row
    row.close()


def test_light_leaves_only_the_listed_seats_lit(factory, lights):
    lights.light([0, 2])
    assert levels(factory, LEDS.values()) == [True, False, True]
    lights.light([1])
    assert levels(factory, LEDS.values()) == [False, True, False]
    lights.clear()
    assert levels(factory, LEDS.values()) == [False, False, False]


def test_blink_toggles_the_listed_seats_and_turns_the_others_off(factory, lights, wait_until):
    lights.light([0])
    lights.blink([1])
    assert wait_until(lambda: toggled(factory, LEDS[1]))
    assert turn_offs(factory, LEDS[0]) == 1 and turn_offs(factory, LEDS[2]) == 0
    lights.clear()
    assert levels(factory, LEDS.values()) == [False, False, False]


def test_unknown_seat_is_refused(lights):
    with pytest.raises(ValueError, match=r"seat\(s\) \[7\]"):
        lights.light([7])


@pytest.fixture
def bar(factory):
    display = BarGraphDisplay(BAR, factory, flash_s=0.001)
    yield display
    display.close()


@pytest.mark.parametrize("count, lit", [(0, 0), (1, 1), (7, 7), (10, 10), (15, 10)])
def test_bar_graph_lights_count_leds_from_the_bottom(factory, bar, count, lit):
    bar.show_count(count)
    assert levels(factory, BAR) == [True] * lit + [False] * (10 - lit)


def test_bar_graph_stop_flashes_the_count_then_a_count_is_steady(factory, bar, wait_until):
    bar.show_stop(3)
    assert wait_until(lambda: toggled(factory, BAR[2]))
    assert turn_offs(factory, BAR[3]) == 0
    bar.show_count(6)
    assert levels(factory, BAR) == [True] * 6 + [False] * 4
    bar.blank()
    assert levels(factory, BAR) == [False] * 10


def test_bar_graph_ready_blinks_every_led(factory, bar, wait_until):
    bar.show_ready()
    assert wait_until(lambda: all(toggled(factory, name) for name in BAR))


def test_negative_count_is_refused(bar):
    with pytest.raises(ValueError, match="-1"):
        bar.show_count(-1)


def shown_text_bytes(device) -> bytes:
    """Decode the dummy device's image back into one segment byte per digit, left first."""
    width = device.width
    columns = []
    for x in range(width):
        byte = 0
        for y in range(8):
            if device.image.getpixel((x, y)):
                byte |= 1 << y
        columns.append(byte)
    return bytes(reversed(columns))


@pytest.fixture
def digits():
    device = dummy(width=8, height=8, mode="1")
    return device, Max7219Display(device)


@pytest.mark.parametrize(
    "call, args, text",
    [
        ("show_count", (7,), "       7"),
        ("show_count", (10,), "      10"),
        ("show_stop", (10,), "StOP  10"),
        ("show_ready", (), "--------"),
        ("blank", (), ""),
    ],
)
def test_max7219_digits_land_in_place(digits, call, args, text):
    device, display = digits
    getattr(display, call)(*args)
    assert shown_text_bytes(device) == bytes(dot_muncher(text)).ljust(8, b"\0")


def test_max7219_refuses_a_count_wider_than_the_digits(digits):
    _, display = digits
    with pytest.raises(ValueError, match="123456789 does not fit on 8 digits"):
        display.show_count(123456789)


def test_piezo_clicks_on_a_count_and_group_drives_all(factory, bar, wait_until):
    piezo = PiezoTick("GPIO18", factory, click_s=0.001)
    group = DisplayGroup(bar, piezo)
    group.show_count(4)
    assert wait_until(lambda: turn_offs(factory, "GPIO18") == 1)
    assert levels(factory, BAR) == [True] * 4 + [False] * 6
    group.show_count(3)
    assert wait_until(lambda: turn_offs(factory, "GPIO18") == 2)
    piezo.close()
