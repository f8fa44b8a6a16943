"""Fixtures shared by the hardware tests: mock pins whose edges carry chosen stamps."""

from __future__ import annotations

import time

import pytest

from hardware.pins import StampedMockPin, make_factory


@pytest.fixture
def factory():
    mock = make_factory(simulate=True)
    yield mock
    mock.close()


class _ShortedPin(StampedMockPin):
    """A line shorted to ground: the pull-up cannot bring it high."""

    def _set_pull(self, value):
        super()._set_pull(value)
        self._state = False


@pytest.fixture
def short_to_ground(factory):
    """Makes the named pin a shorted line before any device claims it."""
    return lambda name: factory.pin(name, pin_class=_ShortedPin)


@pytest.fixture
def wait_until():
    """For outputs moved by gpiozero's background threads: a bounded wait, no timing claim."""

    def wait(condition, timeout_s: float = 2.0) -> bool:
        deadline = time.monotonic() + timeout_s
        while not condition():
            if time.monotonic() > deadline:
                return False
            time.sleep(0.001)
        return True

    return wait
