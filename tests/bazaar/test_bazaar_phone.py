"""Bazaar's phone at 390x844 (and 360x740) in Chromium (issue 23): the decisions of the turn in the first
screenful, what is not needed this turn folded, the advised action a button that makes it,
the cubes returned for the cube limit named in the log, and nothing stale at the end.

The game is physical and driven through the appliance (bazaar_pages.py); the phones only
show it, except where a test clicks the advised button."""

from __future__ import annotations

import pytest
from bazaar_driver import discard, done, roll, trade
from bazaar_pages import act, face, phones, physical, play, set_up
from browser_rig import NEEDED, PHONE_SIZES, T, answered, in_first_screen, served
from web_rig import PIN

pytestmark = NEEDED
SAYS = {
    "en-GB": {
        "turn advice": "Trade 1 white → 1 green + 1 red now: YGBWW (stall 1) in 2 turns, this one "
        "counted, for 3 points",
        "buy advice": "Buy YGBWW (stall 1) now for 5 points",
        "returns": "Ben returns Ana's cubes",
        "turn": "It is",
    },
    "fr-FR": {
        "turn advice": "Échangez 1 blanc → 1 vert + 1 rouge maintenant : YGBWW (étal 1) en 2 tours, "
        "celui-ci compris, pour 3 points",
        "buy advice": "Achetez YGBWW (étal 1) maintenant pour 5 points",
        "returns": "Ben a choisi les cubes rendus par Ana",
        "turn": "C'est à",
    },
}


@pytest.fixture
def table(tmp_path):
    """A physical game of three, its cards to type; the first cubes: Ana red, Ben white, Cy yellow."""
    yield from served(physical(tmp_path), PIN)


def height(page) -> int:
    return page.evaluate("document.documentElement.scrollHeight")


@pytest.mark.parametrize(
    "locale, size", [("en-GB", PHONE_SIZES[0]), ("fr-FR", PHONE_SIZES[0]), ("fr-FR", PHONE_SIZES[1])]
)
def test_the_turns_decisions_are_in_the_first_screenful_and_the_advised_action_is_a_button(
    browser, table, locale, size
):
    srv, appliance = table
    says = SAYS[locale]
    pages, (ana, ben, _cy) = phones(browser, srv, locale, size=size)
    set_up(appliance)
    act(appliance, trade(0, 0))  # Ana: R -> YGBW
    for seat, rolled in ((1, "blue"), (2, "green")):
        act(appliance, roll(seat))
        face(appliance, rolled)
    # Ana's turn: two turns by trades (a roll of white or wild would buy it now, 2 faces of 6)
    ana.wait_for_selector("#bz-roll", timeout=T)
    assert ana.text_content("#bz-advice") == says["turn advice"]
    for selector in ("#bz-roll", "#bz-advice", "#bz-advised .bz-trade"):
        assert in_first_screen(ana, selector), selector
    assert ana.evaluate("document.getElementById('bz-trades-box').open")  # her trades, unfolded
    assert not ben.evaluate("document.getElementById('bz-trades-box').open")  # not his turn: folded
    folded = height(ben)
    ben.evaluate("document.getElementById('bz-trades-box').open = true")
    assert height(ben) > folded + 800, (folded, height(ben))  # ten equations folded
    ben.evaluate("document.getElementById('bz-trades-box').open = false")
    act(appliance, roll(0))
    face(appliance, "white")
    # the purchase: advised, and a button in the first screenful that makes it
    ana.wait_for_selector("#bz-advised .bz-buy", timeout=T)
    assert ana.text_content("#bz-advice") == says["buy advice"]
    assert in_first_screen(ana, "#bz-advised .bz-buy") and in_first_screen(ana, "#bz-done")
    assert not ana.evaluate("document.getElementById('bz-trades-box').open")  # traded or rolled: folded
    with answered(ana, "/api/act"):
        ana.click("#bz-advised .bz-buy")
    assert appliance.session.state.bought[0][0]["ware"] == "YGBWW"
    assert pages.errors == [] and pages.outside == []


def test_the_advised_trade_is_a_button_that_makes_it(browser, table):
    srv, appliance = table
    pages, (ana, _, _) = phones(browser, srv, "en-GB")
    set_up(appliance)
    ana.wait_for_selector("#bz-advised .bz-trade", timeout=T)
    advised = appliance.session.game.view(appliance.session.state, 0)["you"]["advice"]["action"]
    button = ana.locator("#bz-advised .bz-trade")
    assert (button.get_attribute("data-equation"), button.get_attribute("data-give")) == (
        str(advised["equation"]),
        advised["give"],
    )
    assert in_first_screen(ana, "#bz-advised .bz-trade")
    with answered(ana, "/api/act"):
        button.click()
    last = appliance.session.state.records[-1]
    assert (last["kind"], last["seat"], last["equation"], last["give"]) == (
        "trade",
        0,
        advised["equation"],
        advised["give"],
    )
    assert pages.errors == []


@pytest.mark.parametrize("locale", list(SAYS))
def test_the_log_names_the_cubes_returned_for_the_cube_limit(browser, table, locale):
    srv, appliance = table
    pages, (_, _, cy) = phones(browser, srv, locale)
    set_up(appliance)
    for equation in (0, 2, 3):  # R -> YGBW, Y -> GGGGG, G -> BBBBB: 12 cubes
        act(appliance, trade(0, equation))
        if appliance.session.state.phase == "buy":
            act(appliance, done(0))
        if appliance.session.state.phase == "discard":
            break
        for seat in (1, 2):
            act(appliance, roll(seat))
            face(appliance, "red")
    assert appliance.session.state.discard == (0, 1, 2)
    act(appliance, discard(1, "BB"))
    line = cy.locator("#bz-log li", has_text=SAYS[locale]["returns"]).first
    line.wait_for(timeout=T)
    assert line.locator(".bz-cube.bz-blue").count() == 2 and line.locator(".bz-cube").count() == 2
    assert pages.errors == []


def test_nothing_of_the_last_turn_is_left_at_the_end(browser, table):
    """Three planners play the whole game through the appliance; at the end no phone says
    whose turn it is on its equations, and its play-only parts are marked ``in-play``."""
    srv, appliance = table
    pages, (ana, ben, cy) = phones(browser, srv, "en-GB")
    set_up(appliance)
    play(appliance)
    ana.wait_for_selector("#results:not([hidden])", timeout=T)
    for page in (ana, ben, cy):
        assert page.locator("#bz-trades .bz-why").count() == 0
        assert page.locator("#bz-players .bz-turn").count() == 0
        assert page.locator("body", has_text=SAYS["en-GB"]["turn"]).count() == 0
        for selector in ("#bz-actions-box", "#bz-discard-box", "#bz-wares"):
            assert page.evaluate("(s) => document.querySelector(s).closest('.in-play') !== null", selector)
            assert page.is_hidden(selector)  # the shell hides .in-play at the end
    assert pages.errors == []
