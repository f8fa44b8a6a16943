"""Samarkand in a real browser: Debian's chromium driven by Playwright, three phones, the
table screen and the host console at a physical table (the host enters every draw and die
face). A free move into a camp with a gift and a trade, a roll into an oasis with a blind
purchase seen only by the buyer, a sale at a city with the advice and the closed-market
token drawn on the table's board. Every request that would leave the server is failed."""
from __future__ import annotations

import pytest

from browser_rig import NEEDED, T, Pages, join
from companion.core.registry import game_spec
from web.server import Server
from web_rig import PIN, make_appliance, wait_for

pytestmark = NEEDED
HANDS = [["red", "red", "blue", "white", "black", "yellow", "green"],
         ["white", "white", "blue", "green", "yellow", "yellow", "black"],
         ["red", "red", "red", "red", "red", "white", "blue"]]


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    spec = game_spec("samarkand")
    appliance.new_game(spec.setup(3, {"edition": "2.0"}), mode="physical", game="samarkand")
    appliance.runner.start()
    srv = Server(appliance, "127.0.0.1", 0, PIN)
    yield srv, appliance
    srv.close()
    appliance.close()


def enter(appliance, *cards):
    for card in cards:
        appliance.call(appliance.session.enter_card, card)


def state(appliance):
    return appliance.session.state


def test_three_phones_a_camp_an_oasis_and_a_city(browser, server):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana, ben, cy = pages.open(), pages.open(), pages.open(width=360)
    for page, seat, name in ((ana, 0, "Ana"), (ben, 1, "Ben"), (cy, 2, "Cy")):
        join(page, seat, name)
    table = pages.open("/table", phone=False)
    host = pages.open("/host", phone=False)
    host.fill("#pin", PIN)
    host.click("#login-form button")
    host.wait_for_selector("#card-box:not([hidden])", timeout=T)     # the setup's draws

    enter(appliance, *["yellow", "green"] * 10)
    for hand in HANDS:
        enter(appliance, *hand)
    assert state(appliance).phase == "place"
    for page, space in ((ana, "oasis4"), (ben, "camp6"), (cy, "camp7")):
        page.click(f"button[data-place={space}]", timeout=T)
        wait_for(lambda: state(appliance).positions.count(None) < 3 - ("oasis4", "camp6", "camp7").index(space),
                 T / 1000, "the figure placed")
    table.wait_for_selector("[data-space=camp7] [data-figure='2']", timeout=T)
    assert cy.evaluate("document.documentElement.scrollWidth") <= 360

    # Ana: a free move into camp 7, a gift, a trade (1 for 1), done
    ana.click("button[data-move=camp7]", timeout=T)
    ana.click("button[data-gift=blue]", timeout=T)
    table.wait_for_selector("#log >> text=Ana gives 1 blue to Camp 7", timeout=T)
    ana.click("#trade-take button[data-kind=yellow]", timeout=T)
    ana.click("#trade-give button[data-kind=red]")
    ana.click("#trade-go")
    table.wait_for_selector("#log >> text=Ana trades 1 red for 1 yellow", timeout=T)
    assert "3/5" in (table.text_content("[data-space=camp7]") or "")
    ana.click("#done", timeout=T)

    # Ben: a roll into the oasis (the host enters the die face), a purchase drawn blind
    ben.click("#roll", timeout=T)
    host.click("#card-buttons button:text-is('1 (1 left)')", timeout=T)
    ben.click("button[data-buy='1']", timeout=T)
    wait_for(lambda: appliance.session.match.waiting_for_card is not None, T / 1000, "the draw")
    assert appliance.session.match.waiting_for_card.seen_by == 1
    host.click("#card-buttons button:has-text('black')", timeout=T)
    ben.wait_for_function("() => document.querySelectorAll('#goods .sk-black').length === 1 && "
                          "document.querySelector('#goods .sk-black').textContent === '2×K'", timeout=T)
    table.wait_for_selector("#log >> text=Ben buys 1 for 5", timeout=T)
    assert "black" not in (ana.text_content("#log") or "") and "2×K" not in (ana.text_content("body") or "")

    # Cy: a free move into Merv, the advised sale of 5 red for 70, the token on the red market
    cy.click("button[data-move=merv]", timeout=T)
    best = cy.locator("button[data-best='1']")
    best.wait_for(timeout=T)
    assert "5 red" in best.text_content() and "70" in best.text_content()
    best.click()
    table.wait_for_selector("[data-token='merv:0']", timeout=T)
    table.wait_for_selector("#markers >> text=Closed market: Merv's red", timeout=T)
    cy.wait_for_selector("#me >> text=270 piasters", timeout=T)
    assert state(appliance).token == ("merv", 0) and state(appliance).turn == 0
    assert "270" not in (ana.text_content("#me") or "")                 # 2.0: money is secret

    assert pages.outside == [], pages.outside
    assert pages.errors == [], pages.errors
