"""Le Marché's phone at a phone's size, in Chromium (issue 23): what a player must act on
or watch is in the first screenful. At 390×844 (and 360×800) with five players, while the
countdown runs every card on offer is above the fold, and when the player has stopped it,
every claim button is (the greyed hand used to push them down: only the first showed while
the 10 s ran)."""
from __future__ import annotations

from functools import partial

import pytest

from browser_rig import NEEDED, T, Pages, answered, join, served, wait_on
from companion.core.game import Event
from web_rig import PIN, counting, make_appliance, stop

pytestmark = NEEDED
NAMES = ["Ana", "Bo", "Cy", "Di", "Eve"]
ANA = 0
SLOW = {"step_ms": 1000, "lead_in_ms": 100, "tie_window_ms": 100, "claim_deadline_ms": 60_000}
SIZES = [(390, 844), (360, 800)]

ALL_SEEN = """(selector) => {
  const found = [...document.querySelectorAll(selector)];
  return found.length > 0 && found.every((e) => {
    const box = e.getBoundingClientRect();
    return box.height > 0 && box.bottom + window.scrollY <= window.innerHeight;
  });
}"""


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": len(NAMES), "names": NAMES}, SLOW)
    yield from served(appliance, PIN)


def all_in_first_screen(page, selector: str) -> bool:
    """Every element ``selector`` finds lies wholly inside the page's first screenful."""
    return page.evaluate(ALL_SEEN, selector)


def act(appliance, seat: int, kind: str, data: dict) -> None:
    appliance.call(lambda now: appliance.session.act(Event(kind, seat, data), now))


def phone(pages: Pages, size: tuple[int, int], locale: str):
    page = pages.open(locale=locale)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    join(page, ANA, "Ana")
    return page


def everyone_picks(ana, appliance) -> None:
    """Ana offers her first card on her phone; the others theirs on the server."""
    with answered(ana, "/api/act"):
        ana.locator("#hand button:not([disabled])").first.click()
    for seat in range(1, len(NAMES)):
        card = appliance.call(lambda now, seat=seat: appliance.session.state.hands[seat][0])
        act(appliance, seat, "pick", {"card": card})


@pytest.mark.parametrize("size", SIZES, ids=["390x844", "360x800"])
@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"], ids=["en", "fr"])
def test_the_offers_and_the_claim_buttons_are_in_the_first_screenful(browser, server, size, locale):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana = phone(pages, size, locale)
    assert all_in_first_screen(ana, "#hand button"), "the hand, while everyone picks"

    everyone_picks(ana, appliance)
    wait_on(ana, lambda: counting(appliance), "the countdown")
    ana.locator("#offers li").nth(len(NAMES) - 1).wait_for(timeout=T)   # four goods, a camel
    assert all_in_first_screen(ana, "#offers li"), "the offers, while the count runs"

    stop(appliance, {ANA: 0}, wait=partial(wait_on, ana))
    buttons = "#claim-box:not([hidden]) #claim-buttons button"
    ana.locator(buttons).nth(len(NAMES) - 1).wait_for(timeout=T)         # 4 goods, camel, nothing
    assert all_in_first_screen(ana, buttons), "the claim buttons, while the claim runs"
    assert all_in_first_screen(ana, "#deadline"), "the claim's time left"
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
