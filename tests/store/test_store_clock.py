"""A Pi off the internet starts each boot from the time it last saved: the games are dated
by the host's phone's clock instead (companion/store/clock.py), and the history's evenings
stay apart."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from companion.store import EventStore
from companion.store.clock import WallClock
from companion.store.history import evening

NEXT_SATURDAY = timedelta(days=6, hours=20)
"""How far behind the Pi's clock is: it starts from last Sunday's small hours."""


def _near(stamp: str, expected: datetime) -> bool:
    return abs(datetime.fromisoformat(stamp) - expected) < timedelta(seconds=30)


def test_an_unsynchronised_pi_dates_its_games_by_the_hosts_phone(tmp_path):
    store = EventStore(tmp_path / "s.db")
    store.clock = WallClock(synchronised=lambda: False)
    phone = datetime.now(UTC) + NEXT_SATURDAY
    assert store.clock.tell(phone) is not None
    game = store.create_game("market", {"players": 3})
    store.finish(game, {"scores": [1, 2, 3], "winners": ["Cy"]})
    (summary,) = store.list_games()
    assert summary.finished is not None
    assert _near(summary.created, phone) and _near(summary.finished, phone)
    assert evening(summary.created) != evening(datetime.now(UTC).isoformat())  # another evening
    store.close()


def test_a_synchronised_clock_or_a_phone_a_minute_off_changes_nothing():
    synced = WallClock(synchronised=lambda: True)
    assert synced.tell(datetime.now(UTC) + NEXT_SATURDAY) is None
    assert _near(synced.stamp(), datetime.now(UTC))
    close = WallClock(synchronised=lambda: False)
    assert close.tell(datetime.now(UTC) + timedelta(minutes=1)) is None
    assert _near(close.stamp(), datetime.now(UTC))


def test_the_network_setting_the_time_later_ends_the_correction():
    synchronised = [False]
    clock = WallClock(synchronised=lambda: synchronised[0])
    clock.tell(datetime.now(UTC) - timedelta(days=400))  # a phone may be ahead or behind
    assert _near(clock.stamp(), datetime.now(UTC) - timedelta(days=400))
    synchronised[0] = True  # timesyncd reached the internet: the Pi's own clock is right now
    assert _near(clock.stamp(), datetime.now(UTC))
