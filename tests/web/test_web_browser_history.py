"""The evenings remembered in a real browser, at a phone's size and a table screen's, in
English and French: after three finished games (bots in named seats), /history lists them
by evening; a person's wins and average place are the stored results'; the host merges a
name into another (its record moves) and hides a game (it leaves the statistics); a game
opens on its results screen with its chart. A table screen never scrolls as a page."""

from __future__ import annotations

import pytest
from browser_rig import NEEDED, PHONE_SIZES, TABLE_SIZES, Pages, T, answered, log_in, page_scrolls, served
from history_rig import store_game
from web_rig import PIN, make_appliance

pytestmark = NEEDED
VIEWS = [
    (PHONE_SIZES[0], "en-GB"),
    (PHONE_SIZES[1], "fr-FR"),
    (TABLE_SIZES[0], "fr-FR"),
    (TABLE_SIZES[1], "en-GB"),
]
MONTH = {"en-GB": "March", "fr-FR": "mars"}


@pytest.fixture
def history(tmp_path, monkeypatch):
    """Game 1 on an evening last March, games 2 and 3 tonight."""
    appliance = make_appliance(tmp_path, bots=False)
    with monkeypatch.context() as then:
        then.setattr(appliance.store.clock, "stamp", lambda: "2025-03-13T20:00:00.000+00:00")
        store_game(appliance.store, "market", ["Ana", "Ben", "Cy"])
    store_game(appliance.store, "bazaar", ["Amelie", "Ben", "Cy"])  # Amelie and Ana never at one table
    store_game(appliance.store, "market", ["Amelie", "Cy"], seed="b")
    yield from served(appliance, PIN)


def record(store, name: str, games=(1, 2, 3)) -> tuple[int, int, float]:
    """A name's games, wins and average place, from the stored results."""
    places = []
    for game in games:
        names = store.seat_names(game, store.config(game))
        places += [store.result(game)["places"][seat] for seat, called in enumerate(names) if called == name]
    return len(places), places.count(1), round(sum(places) / len(places), 2)


def shown(record: tuple[int, int, float], locale: str) -> list[str]:
    """The row's cells as the page writes them (a decimal comma in French)."""
    played, wins, average = record
    said = f"{average:.2f}".rstrip("0").rstrip(".")
    return [str(played), str(wins), said.replace(".", ",") if locale == "fr-FR" else said]


def cells(page, name: str) -> list[str]:
    row = page.locator(f'tr.person[data-name="{name}"]')
    return [row.locator(f"td.{part}").text_content() for part in ("played", "wins", "average")]


def drawn(page, times: int) -> None:
    page.wait_for_selector(f'body[data-loaded="{times}"]', timeout=T)


@pytest.mark.parametrize(("size", "locale"), VIEWS, ids=[f"{w}x{h}-{loc}" for (w, h), loc in VIEWS])
def test_the_evenings_remembered(browser, history, size, locale):
    srv, appliance = history
    store = appliance.store
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    phone = size[0] < 900
    visitor = pages.open("/history", phone=phone, size=size, locale=locale)
    drawn(visitor, 1)
    assert [e.get_attribute("id") for e in visitor.locator(".evening .history-game").all()] == [
        "game-3",
        "game-2",
        "game-1",
    ]
    assert visitor.locator(".evening").count() == 2
    assert MONTH[locale] in visitor.locator(".evening-date").nth(1).text_content()
    for name in ("Ana", "Amelie", "Cy"):
        assert cells(visitor, name) == shown(record(store, name), locale), name
    assert visitor.locator("#merge-form, .hide-game").count() == 0  # the host's, behind the PIN
    assert visitor.locator(".history-svg").count() == 3  # wins per person; Market's bids, Bazaar's stars
    if not phone:
        assert page_scrolls(visitor) == [], size
    head, part = (visitor.locator(where).first.bounding_box() for where in (".history-head", ".history-part"))
    assert head and part and part["y"] - (head["y"] + head["height"]) >= 12  # the parts stand apart

    host = pages.open("/host", phone=phone, size=size, locale=locale)
    log_in(host, PIN)
    host.wait_for_selector("#logout", timeout=T)
    host.goto(srv.url.rstrip("/") + "/history")
    drawn(host, 1)
    host.select_option("#merge-name", "Amelie")
    host.select_option("#merge-into", "Ana")
    with answered(host, "/api/host/history/merge"):
        host.click("#merge-form button[type=submit]")
    drawn(host, 2)
    ana, amelie = record(store, "Ana"), record(store, "Amelie")
    assert cells(host, "Ana")[:2] == [str(ana[0] + amelie[0]), str(ana[1] + amelie[1])]
    assert host.locator('tr.person[data-name="Amelie"]').count() == 0
    assert "Amelie" in host.locator('tr.person[data-name="Ana"] .also').text_content()

    with answered(host, "/api/host/history/hide"):
        host.click("#game-3 .hide-game")
    drawn(host, 3)
    assert cells(host, "Cy") == shown(record(store, "Cy", games=(1, 2)), locale)
    assert host.locator("#game-3 .hint").count() == 1
    assert store.hidden_games() == {3} and len(store.events(3)) > 0

    visitor.click("#game-1 a.open-results")
    visitor.wait_for_selector("#results:not([hidden])", timeout=T)
    visitor.wait_for_selector("#chart-svg svg polyline.series", timeout=T)
    winner = store.result(1)["winners"][0]
    assert winner in visitor.text_content("#results-title")
    assert visitor.locator("#results-players .standing, #results-players .standing-line").count() == 3
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


@pytest.mark.parametrize(("zone", "date"), [("UTC", "13 March 2025"), ("Pacific/Auckland", "14 March 2025")])
def test_an_evening_is_dated_in_the_readers_time_zone(browser, history, zone, date):
    """Last March's game began at 20:00 UTC: 9 the next morning in Auckland."""
    srv, _ = history
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    reader = pages.open("/history", phone=False, size=TABLE_SIZES[0], timezone=zone)
    drawn(reader, 1)
    assert date in reader.locator(".evening-date").nth(1).text_content()
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
