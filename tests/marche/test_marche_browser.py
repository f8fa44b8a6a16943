"""Le Marché on a player's own phone, in Chromium at a phone's size, in English and in
French: the phone always speaks to its player as "you" (issue 22). Ana plays her seat
through several turns: she is the Dean, she stops alone and buys, Bo stops before her
and she ties, Bo stops alone and buys her goods, she presses too late, and the game ends
with her the winner; at each of these moments no line of her page names her in the third
person (her list rows say "Ana (you)"). Bo and Cy pick and claim on the server, and every
stop is pressed on the mock buzzer pins."""

from __future__ import annotations

from functools import partial

import pytest
from browser_rig import NEEDED, Pages, T, answered, join, log_in, third_person, wait_on
from test_web_browser_stops import seen, server  # noqa: F401 (server: the fixture)
from web_rig import PIN, phase, stop

from companion.core.game import Event

pytestmark = NEEDED
ANA, BO, CY = 0, 1, 2
ENGLISH = {
    "language": "en",
    "dean": "you are the Dean",
    "stopped": "You stopped at",
    "bought": "You bought",
    "tied": "You: +12.4 ms after Bo",
    "sold": "buys your",
    "late": "You: too late",
    "won": "You win",
    "sheet": "Ana (you) ·",
}
FRENCH = {
    "language": "fr",
    "dean": "vous êtes le doyen",
    "stopped": "Vous avez arrêté à",
    "bought": "Vous avez acheté",
    "tied": "Vous : +12,4 ms après Bo",
    "sold": "achète vos",
    "late": "Vous : trop tard",
    "won": "Vous gagnez",
    "sheet": "Ana (vous) ·",
}


def act(appliance, seat: int, kind: str, data: dict) -> None:
    """A decision for a seat that has no phone here (Bo, Cy), made on the server."""
    appliance.call(lambda now: appliance.session.act(Event(kind, seat, data), now))


def everyone_picks(ana, appliance) -> None:
    """Ana offers her first card on her phone; Bo and Cy theirs on the server."""
    with answered(ana, "/api/act"):
        ana.locator("#hand button:not([disabled])").first.click()
    for seat in (BO, CY):
        card = appliance.call(lambda now, seat=seat: appliance.session.state.hands[seat][0])
        act(appliance, seat, "pick", {"card": card})


def a_turn(ana, appliance, presses: dict[int, float]) -> None:
    """Everyone offers a card, then the buzzers are pressed ``presses`` ms apart."""
    everyone_picks(ana, appliance)
    stop(appliance, presses, wait=partial(wait_on, ana))


def claims_first(ana) -> None:
    """Ana names the first card her phone offers her."""
    with answered(ana, "/api/act"):
        ana.locator("#claim-box:not([hidden]) #claim-buttons button").first.click()


def said_to_her(ana, ready: str, selector: str, words: str, language: str) -> None:
    """Once Ana's phone shows ``ready``: no line of it names her in the third person, and
    ``selector`` says ``words`` to her."""
    ana.locator(ready).first.wait_for(timeout=T)
    assert third_person(ana, "Ana", language) == []
    seen(ana, selector, words)


@pytest.mark.parametrize("locale, words", [("en-GB", ENGLISH), ("fr-FR", FRENCH)], ids=["en", "fr"])
def test_a_phone_speaks_to_its_own_player_as_you(browser, server, locale, words):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana = pages.open(locale=locale)
    join(ana, ANA, "Ana")
    host = pages.open("/host", phone=False, locale=locale)
    log_in(host, PIN)
    appliance.call(lambda now: appliance.session.state.money.__setitem__(slice(None), [500, 60, 60]))
    told = partial(said_to_her, ana, language=words["language"])
    claiming, outcome = "#claim-box:not([hidden])", "#outcome:not([hidden])"

    # turn 1: Ana is the Dean; she stops alone and buys Bo's goods
    told("#turn:has-text('1/10')", "#turn", words["dean"])
    a_turn(ana, appliance, {ANA: 0})
    told(claiming, "#status", words["stopped"])
    claims_first(ana)
    told(outcome, "#outcome", words["bought"])

    # turn 2: Bo stops first, Ana 12.4 ms after him (tied); each buys another's goods
    a_turn(ana, appliance, {BO: 0, ANA: 12.4})
    told(claiming, "#evidence", words["tied"])
    act(appliance, BO, "claim", {"target": ANA})
    claims_first(ana)
    told(outcome, "#log", words["sold"])

    # turn 3: Bo stops alone, Ana presses outside the tie window; Bo buys Ana's goods
    a_turn(ana, appliance, {BO: 0, ANA: 150})
    told("#evidence:has-text('150')", "#evidence", words["late"])
    act(appliance, BO, "claim", {"target": ANA})
    wait_on(ana, lambda: phase(appliance) == "picking", "turn 4")
    told("#hand button:not([disabled])", "#log", words["sold"])

    # the end: Ana wins; her result, her sheet and the winners' line speak to her
    host.click("[data-command=end]")
    wait_on(host, lambda: appliance.ended == appliance.game_id, "the end of the game")
    told("#results:not([hidden])", "#results-title", words["won"])
    seen(ana, "#results-players", words["sheet"])
    assert ana.evaluate("document.documentElement.scrollWidth") <= 390
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
