"""Stops and results that explain themselves, on phones at 390 and 360 px in Chromium:
each stopper's phone says what the stop did to it, the stop is drawn as a timeline, the
turn, the Dean and whom the table waits for are always shown, a card the claimant cannot
pay is offered disabled with why, the goods wear their cards' colours and letters, and at
the end each phone says who won and its own total and rank, the breakdown in words."""
from __future__ import annotations

import pytest

from browser_rig import NEEDED, T, Pages, join, served
from companion.core.game import Event
from web_rig import PIN, Phone, make_appliance, stop

pytestmark = NEEDED


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": 3, "names": ["Ana", "Bo", "Cy"]},
                       {"step_ms": 400, "lead_in_ms": 100, "tie_window_ms": 100,
                        "claim_deadline_ms": 60_000})
    yield from served(appliance, PIN)


def test_a_stop_is_explained_on_each_phone_and_the_end_on_every_screen(browser, server):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana, bo, cy = (pages.open("/", width=w) for w in (390, 360, 390))
    for seat, (page, name) in enumerate(zip((ana, bo, cy), ("Ana", "Bo", "Cy"))):
        join(page, seat, name)
    table = pages.open("/table", phone=False)

    # picking: the hand is there, the buzzer is not; turn, Dean and whom we wait for
    assert ana.locator("#hand button").first.is_visible() and not ana.is_visible("#buzzer")
    ana.wait_for_selector("#turn >> text=Turn 1/10 · Dean: Ana", timeout=T)
    ana.wait_for_selector("#waiting >> text=Waiting for you (and Bo, Cy)", timeout=T)
    for page in (ana, bo):
        page.locator("#hand button", has_text="7").click()
    cy.wait_for_selector("#waiting >> text=Waiting for you", timeout=T)
    ana.wait_for_selector("#waiting >> text=Waiting for Cy", timeout=T)
    assert ana.locator("#me .goods-jewels", has_text="J jewels").count() == 1
    cy.locator("#hand button", has_text="7").click()

    # Bo and Cy stop 12.4 ms apart, Ana 150 ms after Bo: outside the 100 ms window
    stop(appliance, {1: 0, 2: 12.4, 0: 150})
    appliance.call(lambda now: appliance.session.act(Event("claim", 1, {"target": 0}), now))
    table.wait_for_selector("#timeline:not([hidden]) svg text >> text=Cy +12.4 ms", timeout=T)
    assert table.locator("#timeline svg text", has_text="(out)").count() == 1
    ana.wait_for_selector("#outcome >> text=You were 150.0 ms after Bo: outside the 100 ms window",
                          timeout=T)
    cy.wait_for_selector("#claim-box:not([hidden])", timeout=T)
    cy.locator("#claim-buttons button", has_text="the bank's carpets").click()
    bo.wait_for_selector("#outcome >> text=You bought Ana's jewels 7 for 10", timeout=T)
    cy.wait_for_selector("#outcome >> text=You bought the bank's carpets", timeout=T)
    assert ana.is_visible("#timeline svg") and bo.is_visible("#timeline svg")

    # a claim the stopper cannot pay is offered disabled, with why
    appliance.call(lambda now: appliance.session.state.money.__setitem__(2, 3))
    stop(appliance, {2: 0})
    cy.wait_for_selector("#claim-box:not([hidden])", timeout=T)
    shown = cy.locator("#claim-buttons button", has_text="(you have 3)")
    assert shown.count() >= 1 and shown.first.is_disabled()

    # the end: who won, my total and rank, every line in words, at 360 px without scrolling
    appliance.call(lambda now: appliance.session.act(Event("claim", 2, {"target": None}), now))
    host = Phone(srv.app)
    assert host.post("/api/host/login", {"pin": PIN}).status_code == 200
    assert host.post("/api/host/end").status_code == 200
    for page in (ana, bo, cy, table):
        page.reload()
    for page in (ana, bo, cy):
        page.wait_for_selector("#result:not([hidden]) >> text=points", timeout=T)
        assert " · you: " in page.text_content("#result")
    bo.wait_for_selector(".sheet >> text=least type:", timeout=T)
    assert bo.evaluate("document.documentElement.scrollWidth") <= 360
    table.wait_for_selector(".sheets .sheet >> nth=2", timeout=T)
    assert table.locator(".sheets .sheet").count() == 3
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
