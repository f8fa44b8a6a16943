"""Le Marché's phone at a phone's size, in Chromium, in English and French (issue 23): what a
player must act on or watch is in the first screenful. At 390×844 (and 360×740) with five
players, while the countdown runs every card on offer is above the fold, and when the
player has stopped it, every claim button is (the greyed hand used to push them down: only
the first showed while the 10 s ran). And the sentences said to "you": a press just after
yours, your dispute, your one dirham."""

from __future__ import annotations

from functools import partial

import pytest
from browser_rig import NEEDED, PHONE_SIZES, Pages, T, answered, join, wait_on
from marche_pages import NAMES, act, ended, picks, server  # noqa: F401 (server: the fixture)
from test_web_browser_stops import seen
from web_rig import counting, stop

pytestmark = NEEDED
ANA, BO, CY = 0, 1, 2

ALL_SEEN = """(selector) => {
  const found = [...document.querySelectorAll(selector)];
  return found.length > 0 && found.every((e) => {
    const box = e.getBoundingClientRect();
    return box.height > 0 && box.bottom + window.scrollY <= window.innerHeight;
  });
}"""


def all_in_first_screen(page, selector: str) -> bool:
    """Every element ``selector`` finds lies wholly inside the page's first screenful."""
    return page.evaluate(ALL_SEEN, selector)


def phone(pages: Pages, size: tuple[int, int], locale: str):
    """Ana's phone, of ``size`` (width, height)."""
    page = pages.open(locale=locale, size=size)
    join(page, ANA, "Ana")
    return page


def everyone_picks(ana, appliance) -> None:
    """Ana offers her first card on her phone; the others theirs on the server."""
    with answered(ana, "/api/act"):
        ana.locator("#hand button:not([disabled])").first.click()
    picks(appliance, range(1, len(NAMES)))


@pytest.mark.parametrize("size", PHONE_SIZES, ids=["390x844", "360x740"])
@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"], ids=["en", "fr"])
def test_the_offers_and_the_claim_buttons_are_in_the_first_screenful(browser, server, size, locale):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana = phone(pages, size, locale)
    assert all_in_first_screen(ana, "#hand button"), "the hand, while everyone picks"

    everyone_picks(ana, appliance)
    wait_on(ana, lambda: counting(appliance), "the countdown")
    ana.locator("#offers li").nth(len(NAMES) - 1).wait_for(timeout=T)  # four goods, a camel
    assert all_in_first_screen(ana, "#offers li"), "the offers, while the count runs"

    stop(appliance, {ANA: 0}, wait=partial(wait_on, ana))
    buttons = "#claim-box:not([hidden]) #claim-buttons button"
    ana.locator(buttons).nth(len(NAMES) - 1).wait_for(timeout=T)  # 4 goods, camel, nothing
    assert all_in_first_screen(ana, buttons), "the claim buttons, while the claim runs"
    assert all_in_first_screen(ana, "#deadline"), "the claim's time left"
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


SAID = {
    "en": {
        "after you": "Bo +12.4 ms after you",
        "disputed": r"You disputed Cy's vegetables \(\d+\) and pay \d+",
        "money": "1 dirham · no camel yet",
    },
    "fr": {
        "after you": "Bo +12,4 ms après vous",
        "disputed": r"Vous : litige sur les légumes de Cy \(\d+\), vous payez \d+",
        "money": "1 dirham · pas encore de chameau",
    },
}


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"], ids=["en", "fr"])
def test_the_phone_says_a_press_after_yours_your_dispute_and_your_dirham(browser, server, locale):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    said = SAID[locale[:2]]
    ana = phone(pages, PHONE_SIZES[0], locale)
    everyone_picks(ana, appliance)
    stop(appliance, {ANA: 0, BO: 12.4}, wait=partial(wait_on, ana))
    seen(ana, "#evidence", said["after you"])
    act(appliance, ANA, "claim", {"target": CY})
    act(appliance, BO, "claim", {"target": CY})
    seen(ana, "#log li", said["disputed"], regex=True)

    ended(server)
    seen(ana, "#me", said["money"])  # the results: test_marche_table.py
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
