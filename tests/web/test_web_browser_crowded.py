"""Every game at a full table whose names are as long as the join form allows, played in
Chromium: the table screen (1280×800) never scrolls and nothing in it runs over its
neighbour; in other windows (a laptop's browser, a tablet, a television at 3840×2160) it
is drawn smaller or larger to fit, and neither scrolls nor spills; the phones (French at
360 px, English at 390), and a visitor's phone of 320 px following the table screen, show
nothing past their sides; at the end the chart's legend gives every name room of its own.

What it found: Bazaar's five players' rows stood their cubes one a line, and the table
screen scrolled; Samarkand's players' table ran past its column (its money column said
"secret" five times); a name of 20 letters ran over the next card of the results, over the
phones' cards, and over the chart's next legend entry; in a 1024×768 window Market's
market cards and Bazaar's last players were cut off under the rules at a glance; on a
visitor's phone every game's table screen kept its columns side by side, Bazaar's players
a letter wide, the way to join beside them, and the log squeezed to a line."""

from __future__ import annotations

import pytest
from browser_rig import (
    NEEDED,
    OTHER_WINDOWS,
    PHONE_SIZES,
    SMALLEST_PHONE,
    TABLE_SIZES,
    Pages,
    T,
    decide,
    join,
    log_in,
    page_scrolls,
    past_the_sides,
    served_lobby,
    spills,
    wait_on,
)
from test_web_browser_lobby import first_decision
from web_rig import PIN

pytestmark = NEEDED
GAMES = ["marche", "market", "bazaar", "samarkand"]
PLAYERS = 5
PHONES = {  # seat: (the name, the phone's language and size)
    0: ("Wilhelmina Wolkowska", "fr-FR", PHONE_SIZES[1]),
    1: ("M" * 20, "en-GB", PHONE_SIZES[0]),  # the widest name the join form takes
}
DECISIONS = 40
"""The phones' decisions before the host ends the game: past the first rounds, where the
players hold the most (an ended game's results are those of a finished one)."""
ZOOM = "() => document.querySelector('.table-screen').style.zoom"
LEGEND = """() => [...document.querySelectorAll("#chart-svg svg g.legend text")].map((text) => {
  const box = text.getBoundingClientRect(); return [box.left, box.right, box.top]; })"""


@pytest.fixture(params=GAMES)
def table(request, tmp_path):
    yield from served_lobby(tmp_path, request.param, PLAYERS)


def test_a_full_table_of_long_names_fits_every_screen(browser, table):
    srv, appliance = table
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    phones = {seat: pages.open("/", size=size, locale=locale) for seat, (_, locale, size) in PHONES.items()}
    for seat, (name, _, _) in PHONES.items():
        join(phones[seat], seat, name, ready="#lobby-you")
    screen = pages.open("/table", phone=False, size=TABLE_SIZES[0], locale="fr-FR")
    others = [pages.open("/table", phone=False, size=size, locale="fr-FR") for size in OTHER_WINDOWS]
    visitor = pages.open("/table", size=SMALLEST_PHONE, locale="fr-FR")
    appliance.start_lobby(fill={})  # bots in the other seats
    for phone in phones.values():
        phone.wait_for_selector("body[data-page=player] #me", timeout=T)

    def fits(when: str) -> None:
        assert page_scrolls(screen) + spills(screen) == [], ("the table screen", when)
        for window in others:
            assert page_scrolls(window, fitted=True) + spills(window) == [], (window.viewport_size, when)
            if window.viewport_size["width"] > TABLE_SIZES[1][0]:  # drawn larger, to be read across the room
                assert float(window.evaluate(ZOOM) or 1) > 1, (window.viewport_size, when)
        shown = past_the_sides(visitor, scroll_boxes=False) + spills(visitor, scroll_boxes=False)
        assert shown == [], ("a visitor's phone", when)
        for seat, phone in phones.items():
            assert past_the_sides(phone) + spills(phone) == [], (PHONES[seat][0], when)

    for decided in range(DECISIONS):
        turn = wait_on(screen, lambda: next_turn(appliance) or None, "a phone's turn or the end", 60_000)
        if turn == "over":
            break
        seat, decision = turn
        if decided % 4 == 0:
            fits(f"before decision {decided}")
        decide(phones[seat], decision.kind, decision.data)
    if not appliance.session.game.is_over(appliance.session.state):
        host = pages.open("/host", phone=False)
        log_in(host, PIN)
        host.click("[data-command=end]:not([disabled])", timeout=T)
    for page in (screen, *others, visitor, *phones.values()):
        page.wait_for_selector("#results:not([hidden])", timeout=T)
    for window in (screen, *others):
        window.wait_for_selector("#chart-svg svg g.legend", timeout=T)
    fits("at the end")
    unscaled = f"() => !({ZOOM})()"
    for window in others:  # turned upright (a page), then full screen: drawn as it is again
        window.set_viewport_size({"width": 768, "height": 1024})
        window.wait_for_function(unscaled, timeout=T)
        window.set_viewport_size({"width": TABLE_SIZES[0][0], "height": TABLE_SIZES[0][1]})
        window.wait_for_function(unscaled, timeout=T)
        assert page_scrolls(window) + spills(window) == [], window.viewport_size
    legend = screen.evaluate(LEGEND)
    assert len(legend) == PLAYERS
    for left, right, top in legend:  # each entry ends before the next one of its row begins
        assert all(
            right <= other_left
            for other_left, _, other_top in legend
            if other_top == top and other_left > left
        )
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


def next_turn(appliance):
    """(seat, what a bot would decide) for the first phone the game waits for; "over" once
    it has ended."""
    if appliance.session.game.is_over(appliance.session.state):
        return "over"
    for seat in PHONES:
        decision = first_decision(appliance.config.store.path, seat)
        if decision is not None:
            return seat, decision
    return None
