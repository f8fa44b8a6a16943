"""The buzzer bank through gpiozero's real LGPIOFactory, over a fake ``lgpio`` module.

Everything between lgpio and the bank is gpiozero's own code, as on a Pi: which chip it
opens, how it claims each line (pull-up, alert edges, debounce), and how it turns an
alert's ``timestamp_ns`` into the ``ticks`` the bank stamps a press with. Checked against
gpiozero 2.0.1.post3 (pinned in pyproject.toml); the fake follows lgpio 0.2.2.0.
"""

from __future__ import annotations

import os
import sys

import gpiozero.pins.local
import pytest
from fake_lgpio import BOTH_EDGES, SET_PULL_UP, FakeLgpio

from companion.runtime.signals import BuzzerEvent
from hardware.buzzers import BuzzerBank
from hardware.pins import make_factory

PI4 = 0xC03111  # Raspberry Pi 4B 4 GB
PI5 = 0xD04170  # Raspberry Pi 5 4 GB
PINS = {0: "GPIO4", 1: "GPIO17"}
UP_NS = 49 * 86_400 * 10**9  # the Pi has been up 49 days: large stamps, as in real life


@pytest.fixture
def lgpio(monkeypatch):
    """A fake lgpio for gpiozero to import, on a Pi 4 (its revision is read from /proc)."""
    fake = FakeLgpio()
    monkeypatch.setitem(sys.modules, "lgpio", fake)
    monkeypatch.setattr(gpiozero.pins.local, "get_pi_revision", lambda: PI4)
    sys.modules.pop("gpiozero.pins.lgpio", None)  # imported afresh, over this fake
    yield fake
    sys.modules.pop("gpiozero.pins.lgpio", None)


@pytest.fixture
def pi(lgpio):
    factory = make_factory(simulate=False)
    yield factory
    factory.close()


@pytest.fixture
def bank(pi):
    events: list[BuzzerEvent] = []
    with BuzzerBank(PINS, pi, events.append, start_us=UP_NS // 1000) as bank:
        yield bank, events


def test_the_pi_gets_gpiozeros_lgpio_factory_on_gpiochip0(lgpio, pi):
    assert type(pi).__name__ == "LGPIOFactory"
    assert lgpio.opened == [0]


@pytest.mark.parametrize(
    "revision, chips, opened",
    [
        (PI5, (0, 4), 4),  # kernels before 6.6.45 number the Pi 5's RP1 gpiochip4
        (PI5, (0,), 0),  # later kernels number it gpiochip0; gpiozero 2.0.1 still opened 4
        (PI4, (0, 4), 0),
    ],
)
def test_the_pi_5s_gpio_chip_is_the_one_its_kernel_has(monkeypatch, lgpio, revision, chips, opened):
    lgpio.chips = chips
    monkeypatch.setattr(gpiozero.pins.local, "get_pi_revision", lambda: revision)
    exists = os.path.exists
    monkeypatch.setattr(
        os.path, "exists", lambda path: 4 in chips if path == "/dev/gpiochip4" else exists(path)
    )
    make_factory(simulate=False).close()
    assert lgpio.opened == [opened]


def test_each_buzzer_line_is_an_alert_on_both_edges_pulled_up_with_no_debounce(lgpio, bank):
    for gpio in (4, 17):
        line = lgpio.lines[gpio]
        assert (line.function, line.edges, line.flags) == ("alert", BOTH_EDGES, SET_PULL_UP)
        assert ("gpio_claim_alert", gpio, BOTH_EDGES, SET_PULL_UP) in lgpio.calls
        assert ("callback", gpio, BOTH_EDGES) in lgpio.calls
    assert [call for call in lgpio.calls if call[0] == "gpio_set_debounce_micros"] == []
    assert not bank[0].is_down(0) and not bank[0].is_down(1)  # the pull-up reads released


def test_an_alerts_nanosecond_stamp_becomes_the_press_stamp_in_microseconds(lgpio, bank):
    _, events = bank
    lgpio.press(4, UP_NS + 1_234_567)  # 1234.567 µs: rounds to 1235
    lgpio.press(17, UP_NS + 1_233_001)  # delivered later, stamped earlier: kept as stamped
    assert events == [BuzzerEvent(0, True, UP_NS // 1000 + 1235), BuzzerEvent(1, True, UP_NS // 1000 + 1233)]


def test_a_bounce_train_of_alerts_is_one_press_at_the_first_edge_then_one_release(lgpio, bank):
    bank_, events = bank
    t = UP_NS + 5_000_000
    for i in range(50):  # 50 edges in 20 ms, ending pressed... and released
        (lgpio.press if i % 2 == 0 else lgpio.release)(4, t + i * 400_000)
    released = t + 49 * 400_000
    bank_.poll(released // 1000 + 20_000)
    assert events == [BuzzerEvent(0, True, t // 1000), BuzzerEvent(0, False, released // 1000)]
    assert bank_.ignored_edges(0) == 48


def test_a_closed_bank_lets_go_of_its_lines_and_a_new_one_hears_them(lgpio, pi):
    """gpiozero's lgpio pin keeps its callback when its device closes; the bank drops it."""
    events: list[BuzzerEvent] = []
    BuzzerBank(PINS, pi, events.append, start_us=UP_NS // 1000).close()
    assert lgpio.callbacks == [] and lgpio.lines[4].function == "input"
    lgpio.press(4, UP_NS)
    lgpio.release(4, UP_NS + 1_000_000)
    assert events == []
    with BuzzerBank(PINS, pi, events.append, start_us=UP_NS // 1000):
        lgpio.press(4, UP_NS + 30_000_000)
    assert events == [BuzzerEvent(0, True, UP_NS // 1000 + 30_000)]
