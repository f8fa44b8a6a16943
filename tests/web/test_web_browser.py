"""The phone page in a real browser: Debian's chromium driven by Playwright's sync API.

Three phones and a table screen and a host console play a whole game on a fast table: join,
a new game from the console, secret picks and the reveal, on-screen buzzer presses through
the mock pins, a claim, the host's undo, a dispute with its evidence, a phone reloading
mid-game, and the scores with the table's discard. Every request that would leave the
server is failed and counted.
"""
from __future__ import annotations

import re

import playwright.sync_api as playwright_sync
import pytest

from browser_rig import NEEDED, Pages, T, join, served, wait_on
from web_rig import PIN, make_appliance

pytestmark = NEEDED
DIGITS = "() => /^\\d+$/.test(document.getElementById('count').textContent)"


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": 3}, {"step_ms": 60, "lead_in_ms": 100})
    yield from served(appliance, PIN)


def buzz(page) -> None:
    page.wait_for_function(DIGITS, timeout=T)
    page.click("#buzzer")


def text(page, selector: str) -> str:
    return page.text_content(selector) or ""


def test_a_whole_game_from_joining_to_scores(browser, server):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana, ben = pages.open(), pages.open()
    cy = pages.open(width=360)
    for page, seat, name in ((ana, 0, "Ana"), (ben, 1, "Ben"), (cy, 2, "Cy")):
        join(page, seat, name)
    assert cy.evaluate("document.documentElement.scrollWidth") <= 360   # fits 360 px

    table = pages.open("/table", phone=False)
    assert table.locator("img.qr").evaluate("img => img.naturalWidth") > 0
    host = pages.open("/host", phone=False)
    host.fill("#pin", PIN)
    host.click("#login-form button")
    host.wait_for_selector("#new-game", timeout=T)
    host.select_option("select[name=players]", "3")
    for name, value in (("step_ms", "150"), ("lead_in_ms", "300"), ("tie_window_ms", "400"),
                        ("claim_deadline_ms", "4000")):
        host.fill(f"input[name='table.{name}']", value)
    host.click("#new-game button[type=submit]")
    # the game being replaced is at turn 1 too: wait for the new one on the server first
    wait_on(host, lambda: appliance.session.realtime.timing.step_us == 150_000, "the new game")
    table.wait_for_function("() => document.getElementById('turn').textContent.includes('Turn 1')")
    ana.wait_for_selector("#hand button:not([disabled])", timeout=T)
    assert appliance.session.state.names == ("Ana", "Ben", "Cy")

    # secret picks, then the reveal
    ana.locator("#hand button", has_text=re.compile("^7$")).click()
    ana.wait_for_selector("text=You offer 7", timeout=T)
    ben.wait_for_selector("text=(1/3)", timeout=T)
    assert "7" not in text(ben, "#offers") and "You offer" not in text(ben, "body")
    ben.locator("#hand button", has_text=re.compile("^6$")).click()
    cy.locator("#hand button", has_text=re.compile("^5$")).click()
    for page in (ana, ben, cy, table):
        page.wait_for_selector("#offers >> text=Ben's spices 6", timeout=T)

    # a stop and a claim, undone by the host, claimed again
    buzz(ana)
    ana.wait_for_selector("#claim-box:not([hidden])", timeout=T)
    assert "Claims close in" in text(ana, "#deadline")
    assert ben.is_hidden("#claim-box")
    ana.locator("#claim-buttons button", has_text="Ben's spices 6").click()
    table.wait_for_selector("#log >> text=Ana buys Ben's spices (6)", timeout=T)
    assert re.search(r"Stop at \d+: Ana", text(table, "#evidence"))
    host.click("[data-command=undo]")
    ana.wait_for_selector("#claim-box:not([hidden])", timeout=T)
    assert "Ana buys" not in text(table, "#log")
    ana.locator("#claim-buttons button", has_text="Ben's spices 6").click()
    table.wait_for_selector("#log >> text=Ana buys Ben's spices (6)", timeout=T)

    # a dispute: Ben and Cy (neither is the Dean) stop together and name the same card
    ben.wait_for_function(DIGITS, timeout=T)
    ben.click("#buzzer")
    cy.click("#buzzer")
    for page in (ben, cy):
        page.wait_for_selector("#claim-box:not([hidden])", timeout=T)
    assert re.search(r"(Ben|Cy) \+\d+\.\d ms after (Ben|Cy)", text(table, "#evidence"))
    for page in (ben, cy):
        page.locator("#claim-buttons button", has_text="bank's carpets").click()
    table.wait_for_selector("#log >> text=disputed the bank's carpets", timeout=T)

    # a phone reloading mid-game keeps its seat and its secrets
    money = text(ben, "#me .secret")
    ben.reload()
    ben.wait_for_selector("#me h1", timeout=T)
    assert text(ben, "#me h1") == "Ben" and text(ben, "#me .secret") == money

    # the rest of the game: everyone offers a card, nobody stops
    phones = (ana, ben, cy)
    while appliance.session.state.phase != "over":
        for page in phones:
            button = page.locator("#hand button:not([disabled])").first
            if appliance.session.state.phase == "picking" and button.count():
                try:
                    button.click(timeout=2000)
                except playwright_sync.TimeoutError:
                    pass
        table.wait_for_timeout(100)
    for page in (ana, ben, cy, table, host):
        page.wait_for_selector("#scores-box:not([hidden]) >> text=Winner", timeout=T)
    assert len(table.locator("#scores .sheet").all()) == 3

    # the table keeps a discard of its own choosing, then accepts the scores
    host.locator("#overrides button", has_text="Use this discard").first.click()
    table.wait_for_selector("#scores >> text=table's choice", timeout=T)
    host.click("#accept")
    table.wait_for_selector("#scores >> text=accepted by the table", timeout=T)

    assert pages.outside == [], pages.outside
    assert pages.errors == [], pages.errors
