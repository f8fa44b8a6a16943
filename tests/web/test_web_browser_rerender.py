"""A phone re-renders on every snapshot, and a tap must survive it: a part of the page
whose content did not change keeps its nodes (shell.js ``swap``), so a finger pressed on a
card while another player's pick arrives still picks that card. At a phone's size, in
Debian's chromium."""

from __future__ import annotations

import pytest
from browser_rig import NEEDED, Pages, T, join, served, wait_on
from web_rig import PIN, make_appliance

pytestmark = NEEDED


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": 3})
    yield from served(appliance, PIN)


def waiting_changes(page, before: str) -> None:
    page.wait_for_function(
        "(before) => document.getElementById('waiting').textContent !== before", arg=before, timeout=T
    )


def test_a_tap_held_while_another_pick_arrives_still_picks(browser, server):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana, ben, cy = (pages.open() for _ in range(3))
    for page, seat, name in ((ana, 0, "Ana"), (ben, 1, "Ben"), (cy, 2, "Cy")):
        join(page, seat, name)
    card = ana.locator("#hand button").first
    card.wait_for(timeout=T)
    card.evaluate("b => { b.kept = true; }")  # a mark that only the same node carries
    value = int(card.text_content())

    before = ana.text_content("#waiting")
    ben.locator("#hand button").first.click()
    waiting_changes(ana, before)  # Ana's page re-rendered: Ben has picked
    assert card.evaluate("b => b.kept === true"), "the unchanged hand was rebuilt"

    box = card.bounding_box()
    ana.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    ana.mouse.down()  # the finger is on the card...
    before = ana.text_content("#waiting")
    cy.locator("#hand button").first.click()
    waiting_changes(ana, before)  # ...as Cy's pick re-renders the page
    ana.mouse.up()
    wait_on(ana, lambda: appliance.session.state.offers.get(0) == value, "Ana's card offered")
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
