"""Bazaar's phone at 390x844 in Chromium (issue 23): the decisions of the turn in the first
screenful, what is not needed this turn folded, the advised action a button that makes it,
the cubes returned for the cube limit named in the log, and nothing stale at the end.

The game is physical (the test types the cards and each die face) and its moves are made
through the appliance, so a position takes a few lines; the phones only show it, except
where a test clicks the advised button."""
from __future__ import annotations

import random

import pytest

from browser_rig import NEEDED, Pages, T, answered, join, served
from bazaar_driver import CARD_1, CARD_2, discard, done, roll, trade
from companion.core.registry import game_spec
from companion.games.bazaar.bots import Quick
from companion.games.bazaar.view import seat_view
from web_rig import PIN, make_appliance

pytestmark = NEEDED
SPEC = game_spec("bazaar")
PHONE = {"width": 390, "height": 844}
NAMES = ("Ana", "Ben", "Cy")
WARES = ("YGBWW", "YYYYY*", "RRRRR", "RRBBW*")
SAYS = {
    "en-GB": {"turn advice": "Trade 1 white → 1 green + 1 red now: YGBWW (stall 1) in 2 turns, this one "
                             "counted, for 3 points",
              "buy advice": "Buy YGBWW (stall 1) now for 5 points", "returns": "Ben returns Ana's cubes",
              "turn": "It is"},
    "fr-FR": {"turn advice": "Échangez 1 blanc → 1 vert + 1 rouge maintenant : YGBWW (étal 1) en 2 tours, "
                             "celui-ci compris, pour 3 points",
              "buy advice": "Achetez YGBWW (étal 1) maintenant pour 5 points",
              "returns": "Ben a choisi les cubes rendus par Ana", "turn": "C'est à"},
}


@pytest.fixture
def table(tmp_path):
    """A physical game of three, its cards typed; the first cubes: Ana red, Ben white, Cy yellow."""
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(SPEC.setup(3), game="bazaar", mode="physical")
    yield from served(appliance, PIN)


def phones(browser, srv, locale: str) -> list:
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    opened = []
    for seat, name in enumerate(NAMES):
        page = pages.open(locale=locale)
        page.set_viewport_size(PHONE)
        join(page, seat, name)
        opened.append(page)
    return pages, opened


def act(appliance, event) -> None:
    appliance.call(appliance.session.act, event)


def face(appliance, rolled: str) -> None:
    appliance.call(appliance.session.enter_card, rolled)


def set_up(appliance) -> None:
    for value in (CARD_1, CARD_2, *WARES):
        appliance.call(appliance.session.enter, value)
    for rolled in ("red", "white", "yellow"):
        face(appliance, rolled)


def first_screen(page, selector: str) -> bool:
    """The element is wholly inside the first 390x844 of the page (scrolled to the top)."""
    box = page.evaluate("""(s) => { const r = document.querySelector(s).getBoundingClientRect();
                                    return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight; }""", selector)
    return bool(box)


def height(page) -> int:
    return page.evaluate("document.documentElement.scrollHeight")


@pytest.mark.parametrize("locale", list(SAYS))
def test_the_turns_decisions_are_in_the_first_screenful_and_the_advised_action_is_a_button(browser, table, locale):
    srv, appliance = table
    says = SAYS[locale]
    pages, (ana, ben, cy) = phones(browser, srv, locale)
    set_up(appliance)
    act(appliance, trade(0, 0))                          # Ana: R -> YGBW
    for seat, rolled in ((1, "blue"), (2, "green")):
        act(appliance, roll(seat))
        face(appliance, rolled)
    # Ana's turn: two turns by trades (a roll of white or wild would buy it now, 2 faces of 6)
    ana.wait_for_selector("#bz-roll", timeout=T)
    assert ana.text_content("#bz-advice") == says["turn advice"]
    for selector in ("#bz-roll", "#bz-advice", "#bz-advised .bz-trade"):
        assert first_screen(ana, selector), selector
    assert ana.evaluate("document.getElementById('bz-trades-box').open")       # her trades, unfolded
    assert not ben.evaluate("document.getElementById('bz-trades-box').open")   # not his turn: folded
    assert height(ben) < 1700, height(ben)                                      # 2,600 px unfolded
    act(appliance, roll(0))
    face(appliance, "white")
    # the purchase: advised, and a button in the first screenful that makes it
    ana.wait_for_selector("#bz-advised .bz-buy", timeout=T)
    assert ana.text_content("#bz-advice") == says["buy advice"]
    assert first_screen(ana, "#bz-advised .bz-buy") and first_screen(ana, "#bz-done")
    assert not ana.evaluate("document.getElementById('bz-trades-box').open")   # traded or rolled: folded
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
    assert (button.get_attribute("data-equation"), button.get_attribute("data-give")) == \
        (str(advised["equation"]), advised["give"])
    assert first_screen(ana, "#bz-advised .bz-trade")
    with answered(ana, "/api/act"):
        button.click()
    last = appliance.session.state.records[-1]
    assert (last["kind"], last["seat"], last["equation"], last["give"]) == \
        ("trade", 0, advised["equation"], advised["give"])
    assert pages.errors == []


@pytest.mark.parametrize("locale", list(SAYS))
def test_the_log_names_the_cubes_returned_for_the_cube_limit(browser, table, locale):
    srv, appliance = table
    pages, (_, _, cy) = phones(browser, srv, locale)
    set_up(appliance)
    for equation in (0, 2, 3):                           # R -> YGBW, Y -> GGGGG, G -> BBBBB: 12 cubes
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
    session, bot, faces = appliance.session, Quick(random.Random(2)), random.Random(2)
    for _ in range(2000):
        state = session.state
        if state.phase == "over":
            break
        if state.phase in ("rolling", "reveal"):
            if state.phase == "rolling":
                face(appliance, faces.choice(("yellow", "green", "red", "blue", "white")))
            else:
                appliance.call(session.enter, ("YGBWW", "RRRRR", "YYYYY*", "RRBBW*", "GGGGG")[state.revealing])
            continue
        (seat,) = session.game.to_act(state)
        act(appliance, bot.decide(seat_view(state, seat), seat))
    ana.wait_for_selector("#scores-box:not([hidden])", timeout=T)
    for page in (ana, ben, cy):
        assert page.locator("#bz-trades .bz-why").count() == 0
        assert page.locator("#bz-players .bz-turn").count() == 0
        assert page.locator("body", has_text=SAYS["en-GB"]["turn"]).count() == 0
        for selector in ("#bz-actions-box", "#bz-discard-box", "#bz-wares"):
            assert page.evaluate("(s) => document.querySelector(s).closest('.in-play') !== null", selector)
    assert pages.errors == []
