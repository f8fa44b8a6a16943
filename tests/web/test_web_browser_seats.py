"""The host console's seats in a real browser at a phone's size (issue 13): each seat's
state from the phones' live pages, a seat whose phone went away flagged on the table
screen while the table waits on it, and the seat moved to another phone by its link; a
phone that finds every seat taken told why, and where to follow the game."""

from __future__ import annotations

import pytest
from browser_rig import NEEDED, T, host_console, join, served
from web_rig import FAST, NAMES, PIN, make_appliance

pytestmark = NEEDED


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": 4, "names": NAMES}, FAST)
    yield from served(appliance, PIN)


def test_the_host_sees_a_phone_go_away_and_moves_its_seat_to_another(browser, server):
    srv, _appliance = server
    pages, host = host_console(browser, srv, PIN)
    host.wait_for_selector("#seat-rows li", timeout=T)
    ana = pages.open("/")
    join(ana, 0, "Ana")
    first = host.locator("#seat-rows li").first
    first.locator("text=phone connected").wait_for(timeout=T)
    assert host.evaluate("document.documentElement.scrollWidth") <= 390

    table = pages.open("/table", phone=False)
    ana.context.close()  # Ana's phone goes away
    first.locator("text=phone disconnected · waited on").wait_for(timeout=T)
    table.wait_for_selector("#seat-alert:not([hidden]) >> text=Waiting for Ana", timeout=T)

    first.locator("button", has_text="Move to another phone").click()
    host.wait_for_selector("#seat-link:not([hidden])", timeout=T)
    link = host.text_content("#seat-link").split(": ", 1)[1]
    assert "/seat/" in link
    again = pages.open("/seat/" + link.rsplit("/seat/", 1)[1])  # the new phone
    again.wait_for_selector("#me h1", timeout=T)
    assert again.text_content("#me h1") == "Ana"
    first.locator("text=phone connected").wait_for(timeout=T)
    table.wait_for_selector("#seat-alert[hidden]", state="attached", timeout=T)
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


@pytest.fixture
def three_seats(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": 3, "names": NAMES[:3]}, FAST)
    yield from served(appliance, PIN)


def test_a_phone_that_finds_every_seat_taken_is_told_why_and_where_to_follow(browser, three_seats):
    srv, _appliance = three_seats
    pages, host = host_console(browser, srv, PIN, locale="fr-FR")
    for seat, name in enumerate(("Ana", "Bo", "Cy")):
        join(pages.open("/", locale="fr-FR"), seat, name)
    late = pages.open("/", locale="fr-FR")
    late.wait_for_selector("#seats-full:not([hidden]) >> text=Toutes les places sont prises", timeout=T)
    assert late.locator("#seats button:not([disabled])").count() == 0
    assert late.get_attribute("#seats-full a", "href") == "/table"
    host.locator("#seat-rows li").nth(1).locator("button", has_text="Libérer").click()  # Bo's seat
    late.wait_for_selector("#seats-full", state="hidden", timeout=T)
    join(late, 1, "Dani")  # the freed seat, on the phone that waited
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
