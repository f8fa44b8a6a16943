"""What a phone does for its player at a real table: when its turn comes it says so where a
glance finds it (its tab's title, and one short buzz, not one at each change while the
decision waits), and it offers the name it joined with on its next join page."""

from __future__ import annotations

import pytest
from browser_rig import BUZZES, NEEDED, Pages, T, buzzes, join, served
from web_rig import PIN, make_appliance

from companion.core.registry import game_spec

pytestmark = NEEDED


@pytest.fixture
def server(tmp_path):
    """Samarkand Market for three phones, no bot: nothing moves but what the phones decide."""
    appliance = make_appliance(tmp_path, bots=False, seed=3)
    appliance.new_game(game_spec("market").setup(3), game="market")
    yield from served(appliance, PIN)


def titled(page, start: str, yes: bool = True) -> None:
    """Wait until the tab's title starts with ``start`` (or, ``yes`` false, no longer does);
    polled, as a page in the background draws no animation frames."""
    page.wait_for_function(
        "([start, yes]) => document.title.startsWith(start) === yes", arg=[start, yes], timeout=T, polling=100
    )


def bid(page, amount: int) -> None:
    page.fill("#bid-amount", str(amount))
    page.click("#seal-bid")


def test_a_phone_whose_turn_comes_says_so_in_its_title_and_buzzes_once(browser, server):
    srv, _ = server
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana = pages.open(locale="fr-FR", init_script=BUZZES)
    ben, cy = pages.open(init_script=BUZZES), pages.open(width=360, init_script=BUZZES)
    for page, seat, name in ((ana, 0, "Ana"), (ben, 1, "Ben"), (cy, 2, "Cy")):
        join(page, seat, name)
    titled(ana, "À vous · ")  # the sealed bids: every seat is due
    titled(ben, "Your turn · ")
    bid(ana, 11)
    ben.wait_for_selector("text=1 of 3 bids is in", timeout=T)  # a change while Ben's bid waits
    assert (buzzes(ana), buzzes(ben)) == (0, 0)  # nobody tapped them since they loaded: no buzz
    bid(ben, 17)
    titled(ben, "Your turn · ", yes=False)  # Cy's turn now
    bid(cy, 23)  # the highest bid picks first: Cy, who is still looking at the phone
    cy.wait_for_selector("#pick-box:not([hidden])", timeout=T)
    titled(cy, "Your turn · ")
    assert buzzes(cy) == 0
    cy.locator("#pick-buttons button").first.click()
    ben.wait_for_selector("#pick-box:not([hidden])", timeout=T)
    titled(ben, "Your turn · ")
    assert buzzes(ben) == 1  # tapped since (his bid), his turn came again after others'
    assert not ana.title().startswith("À vous")
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


def test_a_phone_offers_the_name_it_last_joined_with_on_its_next_join_page(browser, server):
    srv, _ = server
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana, stranger = pages.open(locale="fr-FR"), pages.open()
    join(ana, 0, "Ana")
    ana.context.clear_cookies()  # next week's evening: this phone holds no seat
    ana.reload()
    ana.wait_for_selector("#join-form #seats button", timeout=T)
    assert ana.input_value("#name") == "Ana"
    stranger.wait_for_selector("#join-form #seats button", timeout=T)
    assert stranger.input_value("#name") == ""  # another phone's name is its own
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
