"""The host console's login tells the Pi the phone's time (companion/store/clock.py): a Pi
off the internet, its clock a week behind, dates the next game by the host's phone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from browser_rig import NEEDED, TABLE_SIZES, Pages, T, log_in, served, wait_on
from web_rig import PIN, make_appliance

pytestmark = NEEDED


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=True)
    appliance.store.clock.synchronised = lambda: False  # no internet: timesyncd never set it
    appliance.new_game({"players": 3})
    yield from served(appliance, PIN)


@pytest.mark.parametrize("size", [None, TABLE_SIZES[0]], ids=["phone", "table"])
def test_the_hosts_phone_dates_the_games_of_a_pi_whose_clock_is_behind(browser, server, size):
    srv, appliance = server
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    saturday = (datetime.now(UTC) + timedelta(days=6)).replace(microsecond=0)
    host = pages.open("/host", size=size)
    host.clock.set_fixed_time(saturday)  # the phone's clock, a week ahead of the Pi's
    log_in(host, PIN)
    host.wait_for_selector("#new-game", timeout=T)
    wait_on(host, lambda: appliance.store.clock.offset > timedelta(days=5), "the phone's time told")
    game = appliance.new_game({"players": 3})
    created = next(g.created for g in appliance.store.list_games() if g.id == game)
    assert abs(datetime.fromisoformat(created) - saturday) < timedelta(minutes=1)
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
