"""The results screen in a real browser, the same for every game (here the urn, the core's
toy game): at the end a phone first tells its player's own place and total, the table
screen the winner and a podium, both the chart of the game; the table screen fits 1280×800
and 1920×1080 without scrolling, its join code small in a corner once the game has started
(the lobby shows it large); the rules at a glance where the game gives them."""

from __future__ import annotations

import pytest
import toy_game  # noqa: F401  (registers the urn)
from browser_rig import (
    NEEDED,
    PHONE_SIZES,
    TABLE_SIZES,
    Pages,
    T,
    answered,
    in_first_screen,
    join,
    page_scrolls,
    served,
    served_urn,
    third_person,
)
from web_rig import PIN, make_appliance

from companion.runtime.lobby import Lobby

pytestmark = NEEDED
SAYS = {
    "en-GB": {
        "win": "You win with {n} points",
        "second": "You are 2nd with {n} points",
        "wins": "{name} wins with {n} points",
    },
    "fr-FR": {
        "win": "Vous gagnez avec {n} points",
        "second": "Vous êtes 2e avec {n} points",
        "wins": "{name} gagne avec {n} points",
    },
}


ADDRESS_LINES = """() => {
  const url = document.querySelector(".corner .url"), address = url.lastChild;  // after "//"
  const range = document.createRange();
  range.selectNodeContents(address);
  return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
}"""
"""How many lines the join address's host and port take in the table screen's corner."""


@pytest.fixture
def urn(tmp_path):
    yield from served_urn(tmp_path)


@pytest.mark.parametrize("locale", list(SAYS))
def test_the_end_tells_each_phone_its_place_and_the_table_the_winner_with_a_chart(browser, urn, locale):
    says = SAYS[locale]
    srv, appliance = urn
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    phones = [pages.open("/", size=size, locale=locale) for size in PHONE_SIZES]
    for seat, (page, name) in enumerate(zip(phones, ["Ana", "Ben"])):
        join(page, seat, name, ready="#urn-players")
    tables = [pages.open("/table", phone=False, size=size, locale=locale) for size in TABLE_SIZES]
    for table in tables:
        table.wait_for_selector("#urn-players li", timeout=T)
        table.locator("#glance summary").click()  # the rules, at a glance
        table.wait_for_selector("#glance .urn-glance", timeout=T)
        assert page_scrolls(table) == []
        assert table.locator(".corner img.qr").bounding_box()["width"] <= 160
        assert table.evaluate(ADDRESS_LINES) == 1, "the join address breaks inside its number or port"

    ana, ben = phones
    for page in (ana, ben, ana):  # a ball each, and Ana the last one
        page.wait_for_selector("#urn-actions button:not([disabled]) >> nth=0", timeout=T)
        with answered(page, "/api/act"):
            page.click("#urn-actions button >> nth=0")
    result = appliance.session.game.result(appliance.session.state)
    for seat, page in enumerate(phones):
        page.wait_for_selector("#results:not([hidden])", timeout=T)
        mine = result.scores[seat]
        expected = says["win" if result.places[seat] == 1 else "second"].format(n=mine)
        assert page.text_content("#results-title") == expected
        assert in_first_screen(page, "#results-title")
        balls = appliance.session.state.drawn[seat]
        assert page.text_content("#results-mine") == "Balls: " + " + ".join(map(str, balls))
        assert page.locator("#results-players .standing-line").count() == 2
        assert page.is_hidden("#urn-actions")  # nothing left to do
        page.wait_for_selector("#chart-svg svg polyline", timeout=T)
        assert third_person(page, ["Ana", "Ben"][seat], locale[:2]) == []  # "you", the chart too
    winner = ["Ana", "Ben"][result.winners[0]]
    for table in tables:
        table.wait_for_selector("#results:not([hidden])", timeout=T)
        assert table.text_content("#results-title") == says["wins"].format(name=winner, n=max(result.scores))
        assert in_first_screen(table, "#results-title") and in_first_screen(table, "#podium")
        assert table.locator("#podium li").count() == 2
        first, second = (
            table.eval_on_selector(
                f"#podium .step-{n} .total", "e => parseFloat(getComputedStyle(e).fontSize)"
            )
            for n in (1, 2)
        )
        assert first > second, "the winner's total is drawn smaller than the second's"
        table.wait_for_selector("#chart-svg svg", timeout=T)
        assert table.locator("#chart-svg svg polyline.series").count() == 2
        assert in_first_screen(table, "#chart-svg svg")
        assert page_scrolls(table) == []
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


LOBBY_WINDOWS = {(1024, 768): 1, (1280, 800): 1, (1920, 1080): 1.35, (3840, 2160): 2.7}
"""The lobby's table screen (laid out for 1280×800) in windows and the zoom it is drawn at:
as it is up to 1280×800, larger in a larger window, by the room its layout has there."""


@pytest.mark.parametrize("size", list(LOBBY_WINDOWS), ids=lambda size: "x".join(map(str, size)))
def test_the_lobby_shows_the_join_code_large_and_fills_a_larger_screen(browser, tmp_path, size):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.open_lobby(Lobby.open("urn", 5))
    for srv, _ in served(appliance, PIN):
        pw, chromium = browser
        pages = Pages(pw, chromium, srv.url.rstrip("/"))
        for seat, name in enumerate(["Wilhelmina Wolkowska", "Ben", "Chloé"]):
            join(pages.open("/"), seat, name, ready="#lobby-you")
        table = pages.open("/table", phone=False, size=size)
        table.wait_for_selector("body[data-page=lobby_table] #lobby-seats >> text=Chloé", timeout=T)
        zoom = LOBBY_WINDOWS[size]
        table.wait_for_function(
            "(zoom) => Number(document.querySelector('.lobby-screen').style.zoom || 1) === zoom",
            arg=zoom,
            timeout=T,
        )
        assert table.locator("img.qr").bounding_box()["width"] >= 240 * zoom
        assert page_scrolls(table) == []
        assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
