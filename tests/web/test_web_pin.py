"""The host PIN's limits, on a clock the tests move (web/pin.py): nobody locks the host out,
and guessing all 10,000 PINs stays at least as slow as before (33.3 h)."""

from __future__ import annotations

import heapq

import pytest

from web.identity import HostSessions, Refused
from web.pin import BURST, GAP_S, PIN_TRIES, PIN_WINDOW_S

PIN = "4321"
BEFORE_S = 10_000 / 5 * 60  # the old limit: 5 wrong PINs a minute, all clients together


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def hosts(clock):
    return HostSessions(PIN, clock)


def status(hosts, pin: str, client: str) -> int:
    try:
        hosts.login(pin, client)
    except Refused as refused:
        return refused.status
    return 200


def test_a_client_gets_a_few_tries_then_waits_out_the_window(hosts, clock):
    assert [status(hosts, "0000", "phone") for _ in range(PIN_TRIES)] == [403] * PIN_TRIES
    assert status(hosts, PIN, "phone") == 429  # even the right PIN, from this client
    clock.now += PIN_WINDOW_S - 1
    assert status(hosts, PIN, "phone") == 429
    clock.now += 1
    assert status(hosts, PIN, "phone") == 200


def test_wrong_pins_from_one_phone_do_not_lock_out_the_host(hosts, clock):
    for _ in range(20):  # the old lockout: 5 a minute, forever
        for _ in range(PIN_TRIES):
            status(hosts, "0000", "attacker")
        clock.now += PIN_WINDOW_S / 2
        assert status(hosts, PIN, "host") == 200


def test_the_right_pin_resets_that_clients_count(hosts):
    for _ in range(2):  # 8 wrong PINs in the window: let in, since counted anew
        assert [status(hosts, "0000", "host") for _ in range(PIN_TRIES - 1)] == [403] * 4
        assert status(hosts, PIN, "host") == 200


def test_beyond_the_burst_every_client_waits_for_a_global_slot(hosts, clock):
    addresses = [f"10.0.0.{n}" for n in range(1, 41)]
    for address in addresses:  # 40 phones, one wrong PIN each
        assert status(hosts, "0000", address) == 403
    waits = [hosts.guard.wait_s(a, clock.now) for a in addresses]
    assert waits[:BURST] == [0] * BURST
    assert waits[BURST:] == [GAP_S * n for n in range(1, 41 - BURST)]
    assert status(hosts, "0000", addresses[-1]) == 429
    assert status(hosts, PIN, "10.0.0.200") == 200  # a phone with no wrong PIN gets in at once
    clock.now += waits[-1]
    assert status(hosts, PIN, addresses[-1]) == 200  # slowed, not refused


def brute_force_s(clients: int) -> float:
    """Seconds for ``clients`` addresses, each trying as soon as it may, to try all 10,000."""
    clock = Clock()
    hosts = HostSessions(PIN, clock)
    start, ready = clock.now, [(clock.now, n) for n in range(clients)]
    for guess in range(10_000):
        clock.now, client = heapq.heappop(ready)
        assert status(hosts, f"{guess:04d}" if guess != int(PIN) else "no", str(client)) == 403
        heapq.heappush(ready, (clock.now + hosts.guard.wait_s(str(client), clock.now), client))
    return clock.now - start


@pytest.mark.parametrize("clients", [1, 253])
def test_guessing_all_pins_takes_at_least_as_long_as_before(clients):
    assert brute_force_s(clients) >= BEFORE_S
