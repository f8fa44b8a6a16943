"""Stops and results that explain themselves, in French and in English, on phones at a
phone's size in Chromium (390×844, one at 360 px): a stop by the on-screen buzzer, then one
with a press outside the tie window; each stopper's phone says what the stop did to it, the
stop is drawn as a timeline, the turn, the Dean and whom the table waits for are always
shown, a card the claimant cannot pay is offered disabled with why, the goods wear their
cards' colours and shapes, the host's undo is told in the console's language, and at the end
each phone says who won and its own total and rank, the breakdown in words."""

from __future__ import annotations

import re
from functools import partial

import pytest
from browser_rig import NEEDED, Pages, T, join, log_in, served, wait_on
from web_rig import PIN, make_appliance, stop

from companion.core.game import Event

pytestmark = NEEDED
DIGITS = "() => /^\\d+$/.test(document.getElementById('count').textContent)"

ENGLISH = {
    "seat": "Seat 1 · sells jewels",
    "turn": "Turn 1/10 · Dean: Ana",
    "waiting for all": "Waiting for you (and Bo and Cy)",
    "waiting for two": "Waiting for Bo and Cy",
    "waiting for one": "Waiting for Cy",
    "waiting for you": "Waiting for you",
    "badge": "◆ jewels",
    "setting": "time between two counts (ms)",
    "buzzed": r"You bought Bo's spices 7 for \d+",
    "log": r"Ana buys Bo's spices \(7\) for \d+",
    "evidence": r"Stop at \d+: Ana",
    "undone": r"Undone: Ana buys Bo's spices \(7\) for \d+",
    "first press": "Ana +0.0 ms",
    "tied": "Cy +12.4 ms",
    "out": "(out)",
    "late": "You were 150.0 ms after Bo: outside the 100 ms window",
    "bought": "You bought Ana's jewels 7 for",
    "bank": "the bank's carpets",
    "bought bank": "You bought the bank's carpets",
    "short": "(you have 3)",
    "false stop": "False stop: 1 dirham to the bank (you named no card)",
    "result": r"You win with \d+ points",
    "least": "least type: carpets 3+2 = 5",
    "sets": "sets: 1s → 1, 6s → 1 = 2",
}
FRENCH = {
    "seat": "Place 1 · vend des bijoux",
    "turn": "Tour 1/10 · Doyen : Ana",
    "waiting for all": "On vous attend (ainsi que Bo et Cy)",
    "waiting for two": "On attend Bo et Cy",
    "waiting for one": "On attend Cy",
    "waiting for you": "On vous attend",
    "badge": "◆ bijoux",
    "setting": "temps entre deux comptes (ms)",
    "buzzed": r"Vous avez acheté les épices de Bo 7 pour \d+",
    "log": r"Ana achète les épices de Bo \(7\) pour \d+",
    "evidence": r"Arrêt à \d+ : Ana",
    "undone": r"Annulé : Ana achète les épices de Bo \(7\) pour \d+",
    "first press": "Ana +0,0 ms",
    "tied": "Cy +12,4 ms",
    "out": "(hors fenêtre)",
    "late": "Vous étiez 150,0 ms après Bo : hors de la fenêtre de 100 ms",
    "bought": "Vous avez acheté les bijoux d'Ana 7 pour",
    "bank": "les tapis de la banque",
    "bought bank": "Vous avez acheté les tapis de la banque",
    "short": "(vous avez 3)",
    "false stop": "Faux arrêt : 1 dirham à la banque (vous n'avez nommé aucune carte)",
    "result": r"Vous gagnez avec \d+ points",
    "least": "marchandise la moins nombreuse : tapis 3+2 = 5",
    "sets": "séries : les 1 → 1, les 6 → 1 = 2",
}


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(
        {"players": 3, "names": ["Ana", "Bo", "Cy"]},
        {"step_ms": 1000, "lead_in_ms": 100, "tie_window_ms": 100, "claim_deadline_ms": 60_000},
    )
    yield from served(appliance, PIN)


def seen(page, selector: str, words: str, regex: bool = False) -> None:
    """Wait until ``selector`` shows ``words`` (a regular expression if ``regex``)."""
    page.locator(selector, has_text=re.compile(words) if regex else words).first.wait_for(timeout=T)


def give_bo_his_goods(state) -> None:
    """Camels for 8 cards and goods whose least type is carpets 3+2, sets of 1s and 6s."""
    state.camels[1] = [4, 4]
    state.goods[1] = {"jewels": [7, 5, 1], "vegetables": [6, 6, 1], "carpets": [3, 2]}
    state.money[1] = 40


@pytest.mark.parametrize("locale, words", [("en-GB", ENGLISH), ("fr-FR", FRENCH)], ids=["en", "fr"])
def test_a_stop_is_explained_on_each_phone_and_the_end_on_every_screen(browser, server, locale, words):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana, bo, cy = (pages.open("/", width=w, locale=locale) for w in (None, 360, None))
    seen(ana, "#seats button", words["seat"])
    for seat, (page, name) in enumerate(zip((ana, bo, cy), ("Ana", "Bo", "Cy"))):
        join(page, seat, name)
    table = pages.open("/table", phone=False, locale=locale)
    host = pages.open("/host", phone=False, locale=locale)
    log_in(host, PIN)
    seen(host, "#new-game label", words["setting"])

    # picking: the hand is there, the buzzer is not; turn, Dean and whom we wait for
    assert ana.locator("#hand button").first.is_visible() and not ana.is_visible("#buzzer")
    seen(bo, "#turn", words["turn"])  # (Ana's own phone: "you are the Dean")
    seen(table, "#turn", words["turn"])
    seen(ana, "#waiting", words["waiting for all"])
    ana.locator("#hand button", has_text="7").click()
    seen(ana, "#waiting", words["waiting for two"])
    bo.locator("#hand button", has_text="7").click()
    seen(cy, "#waiting", words["waiting for you"])
    seen(ana, "#waiting", words["waiting for one"])
    assert ana.locator("#me .goods-jewels", has_text=words["badge"]).count() == 1
    cy.locator("#hand button", has_text="7").click()

    # Ana stops the countdown with the on-screen buzzer and buys Bo's spices
    ana.wait_for_function(DIGITS, timeout=T)
    ana.click("#buzzer")
    seen(ana, "#claim-box:not([hidden]) button", "7")
    ana.locator("#claim-buttons button").first.click()
    seen(ana, "#outcome", words["buzzed"], regex=True)
    seen(table, "#log", words["log"], regex=True)
    seen(table, "#evidence", words["evidence"], regex=True)
    seen(table, "#timeline svg text", words["first press"])

    # the host undoes the purchase, told in the console's language; Ana claims again
    host.click("[data-command=undo]")
    seen(host, "#toast", words["undone"], regex=True)
    ana.locator("#claim-box:not([hidden]) button").first.click()
    seen(ana, "#outcome", words["buzzed"], regex=True)

    # Bo and Cy stop 12.4 ms apart, Ana 150 ms after Bo: outside the 100 ms window
    stop(appliance, {1: 0, 2: 12.4, 0: 150}, wait=partial(wait_on, table))
    appliance.call(lambda now: appliance.session.act(Event("claim", 1, {"target": 0}), now))
    seen(table, "#timeline:not([hidden]) svg text", words["tied"])
    assert table.locator("#timeline svg text", has_text=words["out"]).count() == 1
    seen(ana, "#outcome", words["late"])
    cy.locator("#claim-box:not([hidden]) #claim-buttons button", has_text=words["bank"]).click()
    seen(bo, "#outcome", words["bought"])
    seen(cy, "#outcome", words["bought bank"])
    assert ana.is_visible("#timeline svg") and bo.is_visible("#timeline svg")

    # a claim the stopper cannot pay is offered disabled, with why; naming nothing is a false stop
    appliance.call(lambda now: appliance.session.state.money.__setitem__(2, 3))
    stop(appliance, {2: 0}, wait=partial(wait_on, table))
    shown = cy.locator("#claim-box:not([hidden]) #claim-buttons button", has_text=words["short"])
    shown.first.wait_for(timeout=T)
    assert shown.count() >= 1 and shown.first.is_disabled()
    cy.locator("#claim-buttons button.quiet").click()
    seen(cy, "#outcome", words["false stop"])

    # the end: who won, my total and rank, every line in words, at 360 px without scrolling
    appliance.call(lambda now: give_bo_his_goods(appliance.session.state))
    host.click("[data-command=end]")
    wait_on(host, lambda: appliance.ended == appliance.game_id, "the end of the game")
    seen(bo, "#results:not([hidden]) #results-title", words["result"], regex=True)
    for page in (bo, table):
        seen(page, "#results .breakdown", words["least"])
        seen(page, "#results .breakdown", words["sets"])
    assert bo.evaluate("document.documentElement.scrollWidth") <= 360
    assert table.locator("#results-players .standing").count() == 3
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
