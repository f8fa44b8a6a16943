"""Every registered game at its end in a real browser, through the shell's one results
screen: Ana takes seat 1 on her phone, bots play the others up to her, the host ends the game. Her phone
tells her own place first; the table screen, at 1280×800 and 1920×1080 without scrolling,
the winner, the podium and the chart, one line per player (each game's own words are
tested in its own folder); the host console on a phone, the game's parts one under the
other."""

from __future__ import annotations

import pytest
from browser_rig import (
    NEEDED,
    PHONE_SIZES,
    TABLE_SIZES,
    Pages,
    T,
    in_first_screen,
    join,
    log_in,
    page_scrolls,
    served,
    wait_on,
)
from web_rig import PIN, make_appliance

from companion.runtime.lobby import Lobby

pytestmark = NEEDED
GAMES = [("marche", 4, "en-GB"), ("market", 3, "fr-FR"), ("bazaar", 4, "en-GB"), ("samarkand", 3, "fr-FR")]
PLACE = {
    "en-GB": ("You win", "You share the win", "You are "),
    "fr-FR": ("Vous gagnez", "Vous partagez", "Vous êtes "),
}


@pytest.fixture(params=GAMES, ids=[name for name, _, _ in GAMES])
def ended(request, tmp_path):
    name, players, locale = request.param
    appliance = make_appliance(tmp_path, bots=False)
    appliance.open_lobby(Lobby.open(name, players))
    for served_pair in served(appliance, PIN):
        yield served_pair, players, locale


def test_each_game_ends_on_the_shells_results_screen_with_its_chart(browser, ended):
    (srv, appliance), players, locale = ended
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    host = pages.open("/host", phone=False, locale=locale)
    log_in(host, PIN)
    ana = pages.open("/", size=PHONE_SIZES[0], locale=locale)
    join(ana, 0, "Ana", ready="#lobby-you")
    appliance.start_lobby(fill={})  # bots in the other seats play up to her
    ana.wait_for_selector("body[data-page=player] #me", timeout=T)
    wait_on(
        host,
        lambda: (
            0 in appliance.session.game.to_act(appliance.session.state)
            or len(appliance.session.match.log) >= 12
        ),
        "the bots' moves",
    )
    host.wait_for_selector("[data-command=end]:not([disabled])", timeout=T)
    host.click("[data-command=end]")
    ana.wait_for_selector("#results:not([hidden])", timeout=T)
    assert ana.text_content("#results-title").startswith(PLACE[locale])
    assert in_first_screen(ana, "#results-title")
    for size in TABLE_SIZES:
        table = pages.open("/table", phone=False, size=size, locale=locale)
        table.wait_for_selector("#results:not([hidden])", timeout=T)
        table.wait_for_selector("#chart-svg svg", timeout=T)
        assert in_first_screen(table, "#results-title") and in_first_screen(table, "#podium")
        assert table.locator("#chart-svg svg polyline.series").count() == players
        assert table.locator("#results-players .standing").count() == players
        assert page_scrolls(table) == [], size
    console = pages.open("/host", size=PHONE_SIZES[0], locale=locale)  # the host on a phone
    log_in(console, PIN)
    console.wait_for_selector("#results:not([hidden])", timeout=T)
    assert console.evaluate("document.documentElement.scrollWidth") <= PHONE_SIZES[0][0]
    squeezed = console.evaluate("""() => [...document.querySelectorAll(".columns > div:first-child .card")]
      .filter((card) => card.offsetParent !== null)
      .filter((card) => card.getBoundingClientRect().width < 0.8 * document.documentElement.clientWidth)
      .map((card) => card.className)""")
    assert squeezed == []  # the game's parts one under the other, none squeezed beside another
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
