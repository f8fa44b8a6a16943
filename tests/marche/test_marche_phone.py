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
from test_web_browser_stops import seen
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
    # Eve is the first Dean: a stop by Ana and Bo on the same card is a dispute
    appliance.new_game({"players": len(NAMES), "names": NAMES, "first_dean": len(NAMES) - 1}, SLOW)
    yield from served(appliance, PIN)


def all_in_first_screen(page, selector: str) -> bool:
    """Every element ``selector`` finds lies wholly inside the page's first screenful."""
    return page.evaluate(ALL_SEEN, selector)


def act(appliance, seat: int, kind: str, data: dict) -> None:
    appliance.call(lambda now: appliance.session.act(Event(kind, seat, data), now))


def phone(pages: Pages, size: tuple[int, int], locale: str, seat: int = ANA, name: str = "Ana"):
    """A phone of ``size`` (width, height) that joins ``seat`` as ``name``."""
    page = pages.open(locale=locale)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    join(page, seat, name)
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


BO, CY = 1, 2
SAID = {
    "en": {"after you": "Bo +12.4 ms after you", "disputed": r"You disputed Cy's vegetables \(\d+\) and pay \d+",
           "result": "You and Bo share the win with 5 points", "money": "1 dirham · no camel yet",
           "sheet": "5. Cy · \u221215 points", "no space": "empty camel space: 0",
           "spaces": "empty camel space: \u221216 points", "lost": "Ana and Bo win; you are 5th with \u221215 points"},
    "fr": {"after you": "Bo +12,4 ms après vous", "disputed": r"Vous : litige sur les légumes de Cy \(\d+\), vous payez \d+",
           "result": "Bo et vous partagez la victoire avec 5 points", "money": "1 dirham · pas encore de chameau",
           "sheet": "5. Cy · \u221215 points", "no space": "places de chameau vides : 0",
           "spaces": "places de chameau vides : \u221216 points",
           "lost": "Ana et Bo gagnent ; vous êtes 5e avec \u221215 points"},
}


def the_end(state) -> None:
    """Ana and Bo share the top of the money podium (5 points each); Cy, the poorest, has
    camels for 8 cards and no goods: 1 − 16 = −15 points."""
    state.money[:] = [1, 1, 0, 0, 0]
    state.camels[:] = [[], [], [4, 4], [], []]
    state.goods[:] = [{}, {}, {}, {}, {}]


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"], ids=["en", "fr"])
def test_the_phone_says_a_tie_a_dispute_and_a_shared_win_to_you(browser, server, locale):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    said = SAID[locale[:2]]
    ana = phone(pages, SIZES[0], locale)
    cy = phone(pages, SIZES[0], locale, CY, "Cy")
    everyone_picks(ana, appliance)
    stop(appliance, {ANA: 0, BO: 12.4}, wait=partial(wait_on, ana))
    seen(ana, "#evidence", said["after you"])
    act(appliance, ANA, "claim", {"target": CY})
    act(appliance, BO, "claim", {"target": CY})
    seen(ana, "#log li", said["disputed"], regex=True)

    appliance.call(lambda now: the_end(appliance.session.state))
    srv.app.extensions["samarkand"].end()             # as the host's End button does
    seen(ana, "#result:not([hidden])", said["result"])
    assert ana.locator("#result").inner_text() == said["result"]
    seen(ana, "#me", said["money"])
    seen(ana, "#scores .sheet", said["sheet"])
    seen(ana, "#scores .sheet:first-child", said["no space"])
    seen(ana, "#scores .sheet", said["spaces"])
    seen(cy, "#result:not([hidden])", said["lost"])
    assert cy.locator("#result").inner_text() == said["lost"]
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
