"""The table screen goes full screen once for the evening: its page stays, full screen, and
shows the table screen in a frame that loads again inside it at Start (a page that loads
again leaves full screen); leaving full screen brings the plain page back. The phones and
the host console have no such button."""

from __future__ import annotations

import pytest
import toy_game  # noqa: F401  (registers the urn)
from browser_rig import NEEDED, TABLE_SIZES, T, join, page_scrolls, pages_on, served_lobby, wait_on

pytestmark = NEEDED


@pytest.fixture
def lobby(tmp_path):
    yield from served_lobby(tmp_path, "urn", 2)


@pytest.mark.parametrize("size", TABLE_SIZES, ids=lambda size: "x".join(map(str, size)))
def test_the_table_screen_stays_full_screen_from_the_lobby_into_the_game(browser, lobby, size):
    srv, appliance = lobby
    pages = pages_on(browser, srv)
    phones = [pages.open("/", locale="fr-FR") for _ in range(2)]
    table = pages.open("/table", phone=False, size=size, locale="fr-FR")
    table.wait_for_selector("body[data-page=lobby_table] #lobby-seats li", timeout=T)
    assert phones[0].is_hidden("#full-screen") and phones[0].locator("#full-screen").count() == 0
    streams: list[bool] = []  # each live stream the page opens from now on: from the page itself?
    table.on("request", lambda r: "/stream" in r.url and streams.append(r.frame == table.main_frame))
    ended: list[bool] = []  # each that ends
    for event in ("requestfailed", "requestfinished"):
        table.on(event, lambda r: "/stream" in r.url and ended.append(r.frame == table.main_frame))
    table.evaluate("window.kept = 'this page'")

    table.click("#full-screen >> text=Plein écran")
    frame = table.frame_locator("iframe.whole-screen")
    frame.locator("body[data-page=lobby_table] #lobby-seats li").first.wait_for(timeout=T)
    assert table.evaluate("document.fullscreenElement === document.documentElement")
    assert frame.locator("#full-screen").is_hidden()  # already full screen, in its frame
    assert table.get_attribute("iframe.whole-screen", "title") == "La table"  # named for a screen reader
    assert frame.locator("html").get_attribute("lang") == "fr"
    for seat, (phone, name) in enumerate(zip(phones, ["Ana", "Ben"])):
        join(phone, seat, name, ready="#lobby-you")
    frame.locator("#lobby-seats >> text=Ben").wait_for(timeout=T)

    appliance.start_lobby()  # the host's Start: the table screen loads the game, in its frame
    frame.locator("body[data-page=table] .table-screen").wait_for(timeout=T)
    assert table.evaluate("[window.kept, document.fullscreenElement === document.documentElement]") == [
        "this page",
        True,
    ]
    assert streams and not any(streams), streams  # the frame's streams only: the page's is closed
    assert ended.count(True) == 1, ended
    inner = table.frames[1]
    assert page_scrolls(inner) == []  # the game fits the screen in its frame

    table.evaluate("document.exitFullscreen()")  # as Esc does
    table.wait_for_selector("body[data-page=table] .table-screen", timeout=T)
    wait_on(table, lambda: table.evaluate("window.kept") is None, "the plain page back")
    assert table.locator("iframe").count() == 0 and table.is_visible("#full-screen")
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


def test_a_browser_that_refuses_full_screen_says_what_to_do(browser, lobby):
    srv, _appliance = lobby
    pages = pages_on(browser, srv)
    refusing = "Element.prototype.requestFullscreen = () => Promise.reject(new TypeError('no'));"
    table = pages.open("/table", phone=False, init_script=refusing)
    table.click("#full-screen")
    table.wait_for_selector("#toast:not([hidden]) >> text=try its own full-screen key (F11)", timeout=T)
    assert table.locator("iframe").count() == 0 and table.is_visible(
        "body[data-page=lobby_table] #lobby-seats"
    )
    assert pages.errors == [], pages.errors
