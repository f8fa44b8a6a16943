"""The countdown's schedule and the arbiter's decisions, on their own."""

from __future__ import annotations

import itertools

import pytest

from companion.core.arbiter import Arbiter
from companion.core.countdown import Countdown
from companion.runtime.signals import BuzzerEvent

CD = Countdown(opens_us=1_000, first=10, lowest=1, step_us=1_000_000)


def test_count_on_display_at_each_boundary():
    assert CD.count_at(999) is None
    assert CD.count_at(1_000) == 10
    assert CD.count_at(1_000_999) == 10
    assert CD.count_at(1_001_000) == 9
    assert CD.count_at(CD.tick_us(1)) == 1
    assert CD.count_at(CD.ends_us - 1) == 1
    assert CD.count_at(CD.ends_us) is None


def test_ticks_are_absolute_deadlines_without_drift():
    ticks, t = [], 0
    while (t := CD.next_tick_after(t)) is not None:
        ticks.append(t)
    assert ticks == [1_000 + k * 1_000_000 for k in range(11)]
    assert CD.next_tick_after(CD.ends_us) is None


def test_a_countdown_resumed_below_starts_there():
    resumed = Countdown(50, first=6, lowest=0, step_us=10)
    assert [resumed.count_at(50 + 10 * k) for k in range(8)] == [6, 5, 4, 3, 2, 1, 0, None]


def events(*stamps):
    return [BuzzerEvent(seat, True, t) for seat, t in stamps]


@pytest.mark.parametrize("order", list(itertools.permutations(range(4))))
def test_decision_is_the_same_whatever_the_arrival_order(order):
    presses = events((3, 5_000), (0, 5_040), (2, 90_000), (1, 200_000))
    arbiter = Arbiter(tie_window_us=100_000, latency_us=5_000)
    arbiter.open(CD)
    for i in order:
        arbiter.press(presses[i])
    decision, ignored = arbiter.decide(1_000_000)
    assert decision.count == 10 and decision.first_us == 5_000
    assert decision.stoppers == ((3, 0), (0, 40), (2, 85_000))
    assert decision.late == ((1, 195_000),)
    assert [(i.seat, i.t_us, i.reason) for i in ignored] == [(1, 200_000, "outside the tie window")]


def test_no_decision_before_the_window_and_latency_have_passed():
    arbiter = Arbiter(tie_window_us=100_000, latency_us=5_000)
    arbiter.open(CD)
    arbiter.press(BuzzerEvent(1, True, 10_000))
    assert arbiter.due_us() == 115_000
    assert arbiter.decide(114_999) == (None, [])
    assert arbiter.decide(115_000)[0].stoppers == ((1, 0),)
    assert arbiter.pending == [] and arbiter.countdown is CD  # its owner closes it


def test_releases_and_closed_countdowns_never_make_a_stop():
    arbiter = Arbiter()
    ignored = [arbiter.press(BuzzerEvent(0, True, 10))]
    arbiter.open(CD)
    assert arbiter.press(BuzzerEvent(0, False, 5_000)) is None
    ignored.append(arbiter.press(BuzzerEvent(1, True, CD.ends_us)))
    assert arbiter.pending == []
    assert [i.reason for i in ignored] == ["during a resolution or pause", "after the countdown ended"]
