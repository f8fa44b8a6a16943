"""Bazaar on the shell's screens of issue 23, in Chromium, English and French: the table
screen fits 1280x800 and 1920x1080 during play (the rules at a glance open or not); at the
end each phone (390x844) first says its place, then how its points are made, ware by ware;
ties on points are said with how they were broken; the rules at a glance give the scoring
chart with the star upgrade, and on a phone the equations."""

from __future__ import annotations

import pytest
from bazaar_pages import phones, physical, play, set_up
from browser_rig import NEEDED, TABLE_SIZES, T, in_first_screen, log_in, page_scrolls, served
from web_rig import PIN

pytestmark = NEEDED
SAYS = {
    "en-GB": {
        "wares": ("{n} ware: {sum}", "{n} wares: {sum}"),
        "one": {1},
        "ware": "{ware}, {stars}{left} cube{s} left: {points} point{ps}",
        "stars": {0: "", 1: "one star, ", 2: "two stars, "},
        "tie": "Ben wins the tie on 8 points: fewer wares bought (1 against 2)",
        "shared": "Ana and Ben share a place: 8 points each and as many wares bought",
        "chart": "Points for a ware",
        "equations": "Equations",
    },
    "fr-FR": {
        "wares": ("{n} marchandise : {sum}", "{n} marchandises : {sum}"),
        "one": {0, 1},
        "ware": "{ware}, {stars}{left} cube{s} restant{s} : {points} point{ps}",
        "stars": {0: "", 1: "une étoile, ", 2: "deux étoiles, "},
        "tie": "Ben l'emporte à égalité de 8 points : moins de marchandises achetées (1 contre 2)",
        "shared": "Ana et Ben partagent une place : 8 points chacun et autant de marchandises achetées",
        "chart": "Points d'une marchandise",
        "equations": "Équations",
    },
}


@pytest.fixture
def five(tmp_path):
    yield from served(physical(tmp_path, players=5), PIN)


@pytest.fixture
def three(tmp_path):
    yield from served(physical(tmp_path, players=3), PIN)


@pytest.fixture
def two(tmp_path):
    yield from served(physical(tmp_path, players=2), PIN)


def columns_fit(page) -> bool:
    """Neither column of the table screen holds more than it shows (page_scrolls sees only
    what scrolls; a column's content would spill over the rules at a glance)."""
    return page.evaluate("""() => [...document.querySelectorAll('.bz-column')]
                                  .every((c) => c.scrollHeight <= c.clientHeight + 1)""")


@pytest.mark.parametrize("locale", list(SAYS))
def test_the_table_screen_fits_during_play_with_the_rules_at_a_glance_open_or_not(browser, five, locale):
    srv, appliance = five
    pages, _ = phones(browser, srv, locale, players=1)
    set_up(appliance)
    play(appliance, moves=40)  # five players, wares bought, a stall empty
    assert appliance.session.state.phase != "over" and appliance.session.state.emptied
    for size in TABLE_SIZES:
        table = pages.open("/table", phone=False, size=size, locale=locale)
        table.wait_for_selector("#bz-bonus:not([hidden])", timeout=T)
        assert page_scrolls(table) == [] and columns_fit(table), size
        assert table.locator("#bz-log li").count() >= 5 and in_first_screen(table, "#bz-players")
        table.locator("#glance summary").click()
        table.locator("#glance .bz-chart").wait_for(timeout=T)
        assert table.locator("#glance .bz-chart td").count() == 12
        assert table.locator("#glance .bz-cards").count() == 0  # the table shows the equations already
        assert page_scrolls(table) == [] and columns_fit(table), size
    assert pages.errors == []


def breakdown(purchases, says) -> list[str]:
    """A seat's breakdown as the page should say it, from the engine's purchases."""

    def form(n: int) -> int:  # English: 1 alone is singular; French: 0 and 1
        return int(n not in says["one"])

    n = len(purchases)
    lines = [says["wares"][form(n)].format(n=n, sum=" + ".join(str(b["points"]) for b in purchases))]
    for b in purchases:
        plural = "s" if form(b["cubes_left"]) else ""
        lines.append(
            says["ware"].format(
                ware=b["ware"].replace("*", "★"),
                stars=says["stars"][b["level"]],
                left=b["cubes_left"],
                s=plural,
                points=b["points"],
                ps="s" if form(b["points"]) else "",
            )
        )
    return lines


@pytest.mark.parametrize("locale", list(SAYS))
def test_at_the_end_a_phone_says_its_place_first_then_its_points_ware_by_ware(browser, three, locale):
    says = SAYS[locale]
    srv, appliance = three
    pages, opened = phones(browser, srv, locale)
    set_up(appliance)
    play(appliance)
    state = appliance.session.state
    assert state.phase == "over"
    for seat, page in enumerate(opened):
        page.wait_for_selector("#results:not([hidden])", timeout=T)
        assert in_first_screen(page, "#results-title")
        shown = page.locator("#results-mine li").all_text_contents()
        assert shown == breakdown(state.bought[seat], says) or not state.bought[seat], (seat, shown)
        assert page.locator("#scores-box").count() == 0  # the shell's results instead
        page.locator("#glance summary").click()
        assert page.locator("#glance .bz-chart td").count() == 12
        assert page.locator("#glance h3", has_text=says["equations"]).count() == 1
        assert page.locator("#glance .bz-cards .bz-row").count() == 10
    assert any(len(b) > 1 for b in state.bought)  # a breakdown was checked
    for size in TABLE_SIZES:
        table = pages.open("/table", phone=False, size=size, locale=locale)
        table.wait_for_selector("#results:not([hidden])", timeout=T)
        assert page_scrolls(table) == [] and table.is_hidden(".bz-table")
    assert pages.errors == []


def bought(points: int, ware: str = "YGBWW") -> dict:
    return {"ware": ware, "stall": 0, "star": False, "level": 0, "cubes_left": 0, "points": points, "turn": 1}


@pytest.mark.parametrize(
    "locale, case", [("en-GB", "tie"), ("fr-FR", "tie"), ("en-GB", "shared"), ("fr-FR", "shared")]
)
def test_a_tie_on_points_says_how_it_was_broken_or_shared(browser, two, locale, case):
    """Ana and Ben both on 8 points when the host ends the game: Ben with one ware to Ana's
    two wins the tie; with as many wares, they share the place."""
    says = SAYS[locale]
    srv, appliance = two
    pages, (ana, ben) = phones(browser, srv, locale, players=2)
    set_up(appliance)

    def purchases(ana_wares, ben_wares):
        def change(now_us):
            state = appliance.session.state
            state.bought = [ana_wares, ben_wares]
            state.scores = [sum(b["points"] for b in wares) for wares in state.bought]

        return change

    appliance.call(
        purchases([bought(5), bought(3)], [bought(8)] if case == "tie" else [bought(3), bought(5)])
    )
    host = pages.open("/host", phone=False, locale=locale)
    log_in(host, PIN)
    host.click("[data-command=end]")  # the host ends the game: the scores as they stand
    for phone in (ana, ben):  # each phone's stream brings the end in its own time
        phone.wait_for_selector("#results-ties li", timeout=T)
    said = says[case]
    assert ana.locator("#results-ties li").all_text_contents() == [said.replace("Ana", you(locale, "Ana"), 1)]
    assert ben.locator("#results-ties li").all_text_contents() == [said.replace("Ben", you(locale, "Ben"), 1)]
    assert pages.errors == []


def you(locale: str, name: str) -> str:
    """A phone's own player, as it names them (ui.called)."""
    return f"{name} ({'you' if locale == 'en-GB' else 'vous'})"
