"""Le Marché's table screen and results, in Chromium, in English and French (issue 23).

The table screen fits 1280×800 and 1920×1080 without a page scroll while a late-game stop
is being claimed (five players holding many goods, a full purchase log, the stop's
evidence and timeline), with the rules at a glance (the set scoring, the camel penalty).
At the end a phone at 390×844 shows its place first, then its breakdown in words (money,
least type, sets, the empty camel spaces with a true minus) and the tie shared by the
rules; the shell's results replace the game's own score box."""

from __future__ import annotations

from functools import partial

import pytest
from browser_rig import (
    NEEDED,
    PHONE_SIZES,
    TABLE_SIZES,
    Pages,
    T,
    in_first_screen,
    join,
    page_scrolls,
    wait_on,
)
from marche_pages import NAMES, ended, picks, server  # noqa: F401 (server: the fixture)
from test_web_browser_stops import seen
from web_rig import stop

pytestmark = NEEDED
LOCALES = [("en-GB", "en"), ("fr-FR", "fr")]
GLANCE = {
    "en": ["Each empty camel space: \u22122 points", "6 or more"],
    "fr": ["Chaque place de chameau vide : \u22122 points", "6 ou plus"],
}


def late_game(state) -> None:
    """Everyone holds goods of three types and camels; the log is long (a late turn)."""
    for seat, sells in enumerate(state.sells):
        others = [t for t in state.sells if t != sells][:3]
        state.goods[seat] = {t: [7, 5, 3, 1] for t in others}
        state.camels[seat] = [4, 4]
    record = {
        "turn": 1,
        "kind": "buy",
        "seat": 1,
        "target": 2,
        "count": 7,
        "due": 7,
        "card": 7,
        "paid": 7,
        "to": 2,
    }
    state.records.extend(dict(record, seat=seat % 5, target=(seat + 1) % 5) for seat in range(14))


@pytest.mark.parametrize("size", TABLE_SIZES, ids=["1280x800", "1920x1080"])
@pytest.mark.parametrize("locale, language", LOCALES, ids=["en", "fr"])
def test_the_table_screen_fits_while_a_late_stop_is_claimed(browser, server, size, locale, language):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    table = pages.open("/table", phone=False, size=size, locale=locale)
    appliance.call(lambda now: late_game(appliance.session.state))
    picks(appliance, range(len(NAMES)))
    table.locator("#offers li").nth(len(NAMES)).wait_for(timeout=T)  # five goods, a camel
    assert page_scrolls(table) == [], "while the count runs"
    stop(appliance, {0: 0, 1: 12.4, 2: 150}, wait=partial(wait_on, table))
    table.locator("#timeline:not([hidden]) svg").wait_for(timeout=T)
    table.locator("#log li").nth(11).wait_for(timeout=T)
    assert page_scrolls(table) == [], "while the stop is claimed"
    table.click("#glance summary")
    for words in GLANCE[language]:
        seen(table, "#glance-body", words)
    # the sets' points row: its heading names them ("points" in French too), numbers alone
    points = table.locator("#glance-body .sets tr").nth(1).locator("th, td").all_inner_texts()
    assert points == ["points", "1", "2", "4", "8", "16"], points
    assert page_scrolls(table) == [], "with the rules at a glance open"
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


END = {
    "en": {
        "title": "You share the win with 5 points",
        "won": "Ana and Bo share the win with 5 points",
        "money": "money: 1 dirham → 5 points",
        "spaces": "empty camel space: \u221216 points",
        "none": "empty camel space: 0",
        "tie": "Ana and Bo share 1st place with 5 points",
        "last": "5th · Cy · \u221215 points",
    },
    "fr": {
        "title": "Vous partagez la victoire avec 5 points",
        "won": "Ana et Bo partagent la victoire avec 5 points",
        "money": "argent : 1 dirham → 5 points",
        "spaces": "places de chameau vides : \u221216 points",
        "none": "places de chameau vides : 0",
        "tie": "Ana et Bo : ex æquo (1er) avec 5 points",
        "last": "5e · Cy · \u221215 points",
    },
}


@pytest.mark.parametrize("size", PHONE_SIZES, ids=["390x844", "360x740"])
@pytest.mark.parametrize("locale, language", LOCALES, ids=["en", "fr"])
def test_a_phone_shows_its_place_then_its_breakdown_at_the_end(browser, server, size, locale, language):
    pw, chromium = browser
    srv, _appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    said = END[language]
    ana = pages.open(locale=locale, size=size)
    join(ana, 0, "Ana")
    cy = pages.open(locale=locale, size=size)
    join(cy, 2, "Cy")
    ended(server)
    seen(ana, "#results:not([hidden]) #results-title", said["title"])
    assert in_first_screen(ana, "#results-title") and in_first_screen(ana, "#results-won")
    seen(cy, "#results-won", said["won"])
    for line in ("money", "none"):
        seen(ana, "#results-mine li", said[line])
    seen(cy, "#results-ties li", said["tie"])
    seen(cy, "#results-mine li", said["spaces"])
    seen(ana, "#results-players", said["last"])
    for page in (ana, cy):  # nothing of the last turn, no box of the game's own scores
        assert page.locator("#scores-box, #result").count() == 0
        for stale in ("#claim-box", "#outcome", "#offers-box", "#hand-box", "#count"):
            assert not page.locator(stale).is_visible(), stale
        seen(page, "#glance summary", "")
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
