"""The browser rig itself (tests/web/browser_rig.py): a request that would leave the
machine fails in Chromium, without waiting for the test thread, and is recorded; and a
plain sleep is refused while a browser runs (the pages' events would wait for it)."""

from __future__ import annotations

import pytest
from browser_rig import NEEDED, Pages, T, served
from playwright.sync_api import Error
from web_rig import PIN, make_appliance, wait_for

pytestmark = NEEDED
OUTSIDE = ["http://example.com/font.woff2", "http://192.0.2.1/track.gif"]


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": 3})
    yield from served(appliance, PIN)


def test_an_outside_request_fails_in_chromium_and_is_recorded(browser, server):
    """The pages' own CSP already forbids outside fetches; a navigation is not theirs to
    forbid, so it shows the rig's own barrier."""
    pw, chromium = browser
    srv, _ = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    page = pages.open("/")
    for url in OUTSIDE:
        with pytest.raises(Error, match="ERR_PROXY_CONNECTION_FAILED"):
            page.goto(url, timeout=T)
    assert pages.outside == OUTSIDE


def test_a_plain_sleep_is_refused_while_a_browser_runs(browser):
    with pytest.raises(AssertionError, match="wait with browser_rig.wait_on"):
        wait_for(lambda: True, what="anything")
