"""Exact edge sequences through StampedMockPin into BuzzerBank: the stamp is the first edge's."""

from __future__ import annotations

import pytest

from companion.runtime.signals import BuzzerEvent, StuckBuzzer
from hardware.buzzers import BuzzerBank
from hardware.pins import StampedMockPin, ticks_to_us

PINS = {0: "GPIO4", 1: "GPIO17", 2: "GPIO27"}
T0 = 5_000_000_000  # µs since boot: large stamps, as on a Pi that has been up a while


@pytest.fixture
def table(factory):
    events: list[BuzzerEvent] = []
    bank = BuzzerBank(
        PINS, factory, events.append, release_stable_us=20_000, stuck_after_us=3_000_000, start_us=T0
    )
    yield bank, events, {seat: factory.pin(pin) for seat, pin in PINS.items()}
    bank.close()


def bounce(pin: StampedMockPin, start: int, edges: int, span_us: int) -> None:
    """``edges`` alternating edges from the pin's level, spread evenly over ``span_us``."""
    step = span_us // edges
    first, second = (pin.press_at, pin.release_at) if pin.state else (pin.release_at, pin.press_at)
    for i in range(edges):
        (first if i % 2 == 0 else second)(start + i * step)


def test_ticks_round_trip_to_whole_microseconds():
    assert ticks_to_us(T0 / 1e6) == T0
    assert ticks_to_us(1_700_000.000_0015) == 1_700_000_000_002


def test_pins_come_from_the_stamped_mock_class(table):
    _, _, pins = table
    assert all(isinstance(pin, StampedMockPin) for pin in pins.values())
    assert all(pin.state for pin in pins.values())  # pulled up: released reads high


def test_bounce_train_of_50_edges_in_20ms_is_one_press_stamped_at_the_first_edge(table):
    bank, events, pins = table
    bounce(pins[0], T0 + 1_000, edges=50, span_us=20_000)
    pins[0].press_at(T0 + 21_000)  # settles down, held
    assert events == [BuzzerEvent(0, True, T0 + 1_000)]
    assert bank.ignored_edges(0) == 50


def test_a_release_bounce_delivered_after_the_poll_confirmed_the_release_is_no_press(table):
    """The poll confirms a release by the runner's clock; a bounce stamped inside the stable
    period but delivered after it (a busy Pi's callback thread) is still bounce, by its
    stamp: one press, one release, whatever the order the edges arrive in."""
    bank, events, pins = table
    pins[0].press_at(T0)
    pins[0].release_at(T0 + 100_000)
    bank.poll(T0 + 120_500)  # 20.5 ms of quiet by the clock: released
    pins[0].press_at(T0 + 103_000)  # the bounce, 3 ms after the rise, delivered late
    pins[0].release_at(T0 + 104_000)
    bank.poll(T0 + 130_000)
    assert events == [BuzzerEvent(0, True, T0), BuzzerEvent(0, False, T0 + 100_000)]
    assert bank.ignored_edges(0) == 2
    pins[0].press_at(T0 + 200_000)  # the next real press counts
    assert events[-1] == BuzzerEvent(0, True, T0 + 200_000)


def test_presses_1us_apart_on_two_seats_keep_their_own_stamps_even_out_of_order(table):
    _, events, pins = table
    pins[1].press_at(T0 + 501)
    pins[0].press_at(T0 + 500)  # delivered later, stamped earlier: not re-ordered or re-stamped
    assert events == [BuzzerEvent(1, True, T0 + 501), BuzzerEvent(0, True, T0 + 500)]


def test_a_held_buzzer_is_not_a_new_press(table):
    bank, events, pins = table
    pins[2].press_at(T0)
    assert bank.poll(T0 + 2_000_000) == []
    pins[2].release_at(T0 + 2_500_000)
    pins[2].press_at(T0 + 2_505_000)  # contact chatter while held
    assert events == [BuzzerEvent(2, True, T0)]


def test_release_then_press_after_stable_period_is_a_second_press(table):
    _, events, pins = table
    pins[0].press_at(T0)
    bounce(pins[0], T0 + 100_000 + 1, edges=7, span_us=3_500)  # release bounce, ends high
    released = T0 + 100_000 + 1 + 6 * 500
    pins[0].press_at(released + 20_000)
    assert events == [
        BuzzerEvent(0, True, T0),
        BuzzerEvent(0, False, released),
        BuzzerEvent(0, True, released + 20_000),
    ]


def test_a_release_shorter_than_the_stable_period_is_ignored(table):
    bank, events, pins = table
    pins[0].press_at(T0)
    pins[0].release_at(T0 + 50_000)
    pins[0].press_at(T0 + 50_000 + 19_999)
    assert events == [BuzzerEvent(0, True, T0)]
    assert bank.ignored_edges(0) == 2


def test_poll_confirms_a_release_at_its_rising_edge_stamp(table):
    bank, events, pins = table
    pins[1].press_at(T0)
    pins[1].release_at(T0 + 80_000)
    bank.poll(T0 + 80_000 + 19_999)
    assert events == [BuzzerEvent(1, True, T0)]
    bank.poll(T0 + 80_000 + 20_000)
    assert events[1:] == [BuzzerEvent(1, False, T0 + 80_000)]
    pins[1].press_at(T0 + 80_000 + 20_001)
    assert events[2:] == [BuzzerEvent(1, True, T0 + 100_001)]


def test_a_stuck_buzzer_is_reported_once_per_hold(table):
    bank, _, pins = table
    pins[2].press_at(T0)
    assert bank.poll(T0 + 2_999_999) == []
    assert bank.poll(T0 + 3_000_000) == [StuckBuzzer(2, T0)]
    assert bank.poll(T0 + 9_000_000) == []
    pins[2].release_at(T0 + 9_000_000)
    pins[2].press_at(T0 + 9_100_000)
    assert bank.poll(T0 + 12_100_000) == [StuckBuzzer(2, T0 + 9_100_000)]


def test_a_buzzer_down_at_start_is_locked_out_and_reported_stuck(factory, short_to_ground):
    """A line the bank finds low is never a press, and its release is never announced."""
    events: list[BuzzerEvent] = []
    low = short_to_ground("GPIO22")
    with BuzzerBank({0: "GPIO22"}, factory, events.append, start_us=T0) as bank:
        assert bank.is_down(0)
        assert bank.poll(T0 + 3_000_000) == [StuckBuzzer(0, T0)]
        low.release_at(T0 + 4_000_000)
        bank.poll(T0 + 5_000_000)
        low.press_at(T0 + 5_000_001)
    assert events == [BuzzerEvent(0, True, T0 + 5_000_001)]


def test_unknown_seat_is_refused_by_name(table):
    bank, _, _ = table
    with pytest.raises(ValueError, match="seat 7"):
        bank.ignored_edges(7)


def test_non_positive_periods_are_refused(factory):
    with pytest.raises(ValueError, match="release_stable_us"):
        BuzzerBank(PINS, factory, print, release_stable_us=0)
