"""The phone page in a real browser: Debian's chromium driven by Playwright's sync API.

Three phones and a table screen and a host console play a whole game on a fast table, in
English and in French (the phones' language, Accept-Language): join,
a new game from the console, secret picks and the reveal, on-screen buzzer presses through
the mock pins, a claim, the host's undo, a dispute with its evidence, a phone reloading
mid-game, and the scores with the table's discard. Every request that would leave the
server is failed and counted.
"""

from __future__ import annotations

import contextlib
import re
import time

import playwright.sync_api as playwright_sync
import pytest
from browser_rig import NEEDED, Pages, T, answered, join, served, wait_on
from web_rig import PIN, make_appliance

pytestmark = NEEDED
DIGITS = "() => /^\\d+$/.test(document.getElementById('count').textContent)"
TOGETHER_LEAD_MS = 1000  # long enough for the test thread to tell every page when
ENGLISH = {
    "you offer": "You offer 7",
    "offer": "Ben's spices 6",
    "your offer": "your spices 6",
    "claims close": "Claims close in",
    "bought": "Ana buys Ben's spices (6)",
    "stopped": r"Stop at \d+: Ana",
    "buys": "Ana buys",
    "tied": r"(Ben|Cy) \+\d+\.\d ms after (Ben|Cy)",
    "bank": "bank's carpets",
    "dispute": "disputed the bank's carpets",
    "use": "Use this discard",
    "chosen": "table's choice",
    "accepted": "accepted by the table",
}
FRENCH = {
    "you offer": "Vous offrez 7",
    "offer": "les épices de Ben 6",
    "your offer": "vos épices 6",
    "claims close": "pour nommer la carte",
    "bought": "Ana achète les épices de Ben (6)",
    "stopped": r"Arrêt à \d+ : Ana",
    "buys": "Ana achète",
    "tied": r"(Ben|Cy) \+\d+,\d ms après (Ben|Cy)",
    "bank": "tapis de la banque",
    "dispute": "litige sur les tapis de la banque",
    "use": "Utiliser cette défausse",
    "chosen": "choix de la table",
    "accepted": "accepté par la table",
}


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game({"players": 3}, {"step_ms": 60, "lead_in_ms": 100})
    yield from served(appliance, PIN)


def buzz(page) -> None:
    page.wait_for_function(DIGITS, timeout=T)
    page.click("#buzzer")


def press_together(*pages) -> None:
    """The pages' buzzers pressed at one moment of the machine's clock, as people pressing
    together do: two clicks from the test thread, one after the other, can land further
    apart than the tie window on a loaded machine (each phone's POST leaves at once)."""
    at = time.time() * 1000 + TOGETHER_LEAD_MS
    for page in pages:
        page.evaluate(
            """(at) => setTimeout(() => document.getElementById('buzzer')
            .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })), at - Date.now())""",
            at,
        )


def text(page, selector: str) -> str:
    return page.text_content(selector) or ""


@pytest.mark.parametrize("locale, words", [("en-GB", ENGLISH), ("fr-FR", FRENCH)], ids=["en", "fr"])
def test_a_whole_game_from_joining_to_scores(browser, server, locale, words):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana, ben = pages.open(locale=locale), pages.open(locale=locale)
    cy = pages.open(width=360, locale=locale)
    for page, seat, name in ((ana, 0, "Ana"), (ben, 1, "Ben"), (cy, 2, "Cy")):
        join(page, seat, name)
    assert cy.evaluate("document.documentElement.scrollWidth") <= 360  # fits 360 px

    table = pages.open("/table", phone=False, locale=locale)
    assert table.locator("img.qr").evaluate("img => img.naturalWidth") > 0
    host = pages.open("/host", phone=False, locale=locale)
    host.fill("#pin", PIN)
    host.click("#login-form button")
    host.wait_for_selector("#new-game", timeout=T)
    host.select_option("select[name=players]", "3")
    # counts slow enough, and claims long enough, for a loaded machine's clicks to land in time
    for name, value in (
        ("step_ms", "500"),
        ("lead_in_ms", "300"),
        ("tie_window_ms", "400"),
        ("claim_deadline_ms", "15000"),
    ):
        host.fill(f"input[name='table.{name}']", value)
    host.click("#new-game button[type=submit]")  # its lobby, the three people in their seats
    host.wait_for_selector("body[data-page=lobby_host] #lobby-seats >> text=Cy", timeout=T)
    host.click("#lobby-start")
    # the game being replaced is at turn 1 too: wait for the new one on the server first, and
    # for its seats (a pick between is seatless)
    seats = srv.app.extensions["samarkand"].seats
    wait_on(
        host,
        lambda: (
            appliance.session is not None
            and appliance.session.realtime.timing.step_us == 500_000
            and seats.game_id == appliance.game_id
            and len(seats.joined) == 3
        ),
        "the new game",
    )
    table.wait_for_function(
        "() => document.getElementById('turn') && "  # (after the lobby)
        "/\\b1\\/10\\b/.test(document.getElementById('turn').textContent)"
    )
    ana.wait_for_selector("#hand button:not([disabled])", timeout=T)
    assert appliance.session.state.names == ("Ana", "Ben", "Cy")

    # secret picks, then the reveal
    ana.locator("#hand button", has_text=re.compile("^7$")).click()
    ana.wait_for_selector("text=" + words["you offer"], timeout=T)
    ben.wait_for_selector("text=(1/3)", timeout=T)
    assert "7" not in text(ben, "#offers") and words["you offer"] not in text(ben, "body")
    ben.locator("#hand button", has_text=re.compile("^6$")).click()
    cy.locator("#hand button", has_text=re.compile("^5$")).click()
    ana.locator("#offers", has_text=words["offer"]).wait_for(timeout=T)

    # a stop and a claim, undone by the host, claimed again. Ana stops as soon as the count
    # shows, so that enough of the countdown is left after her buy for Ben and Cy's stop
    buzz(ana)
    ana.wait_for_selector("#claim-box:not([hidden])", timeout=T)
    for page in (cy, table):  # the offers stay while she claims
        page.locator("#offers", has_text=words["offer"]).wait_for(timeout=T)
    ben.locator("#offers", has_text=words["your offer"]).wait_for(timeout=T)  # his own phone
    assert words["claims close"] in text(ana, "#deadline")
    assert ben.is_hidden("#claim-box")
    # the stop's evidence is on the table screen while its claims are open (the turn that
    # follows the buy clears it: read after the buy, it raced the next turn)
    table.locator("#evidence", has_text=re.compile(words["stopped"])).wait_for(timeout=T)
    ana.locator("#claim-buttons button", has_text=words["offer"]).click()
    table.locator("#log", has_text=words["bought"]).wait_for(timeout=T)
    # undone once her phone has closed the claim (else its box, still open, proves nothing);
    # each screen then shows the undo from its own stream, the table's maybe a frame behind
    ana.wait_for_selector("#claim-box", state="hidden", timeout=T)
    with answered(host, "/api/host/undo"):
        host.click("[data-command=undo]")
    ana.wait_for_selector("#claim-box:not([hidden])", timeout=T)
    table.locator("#log", has_text=words["buys"]).wait_for(state="detached", timeout=T)
    ana.locator("#claim-buttons button", has_text=words["offer"]).click()
    table.locator("#log", has_text=words["bought"]).wait_for(timeout=T)

    # a dispute: Ben and Cy (neither is the Dean) stop together and name the same card
    ben.wait_for_function(DIGITS, timeout=T)
    press_together(ben, cy)
    for page in (ben, cy):
        page.wait_for_selector("#claim-box:not([hidden])", timeout=T)
    assert re.search(words["tied"], text(table, "#evidence"))
    for page in (ben, cy):
        page.locator("#claim-buttons button", has_text=words["bank"]).click()
    table.locator("#log", has_text=words["dispute"]).wait_for(timeout=T)

    # a phone reloading mid-game keeps its seat and its secrets (read once Ben's phone shows
    # the money the dispute left him: its stream may be a frame behind the table's log)
    left = appliance.session.state.money[1]
    wait_on(ben, lambda: text(ben, "#me .secret").startswith(f"{left} "), "Ben's money after the dispute")
    money = text(ben, "#me .secret")
    ben.reload()
    ben.wait_for_selector("#me h1", timeout=T)
    assert text(ben, "#me h1") == "Ben" and text(ben, "#me .secret") == money

    # the rest of the game: everyone offers a card, nobody stops
    phones = (ana, ben, cy)
    while appliance.session.state.phase != "over":
        for page in phones:
            button = page.locator("#hand button:not([disabled])").first
            if appliance.session.state.phase == "picking" and button.count():
                with contextlib.suppress(playwright_sync.TimeoutError):
                    button.click(timeout=2000)
        table.wait_for_timeout(100)
    for page in (ana, ben, cy, host):
        page.locator("#results:not([hidden]) #results-title").wait_for(timeout=T)
    table.wait_for_selector("#results:not([hidden])", timeout=T)  # the table's results screen
    assert len(table.locator("#results-players .standing").all()) == 3

    # the host's toggle of a card survives a re-render (Cy's phone leaving changes the
    # console's seat list); toggled back, the table keeps that discard, then accepts
    toggle = host.locator("#overrides .override").first.locator(".buttons button").first

    def chosen() -> bool:
        return "chosen" in (toggle.get_attribute("class") or "")

    was_kept = chosen()
    toggle.click()
    cy.close()
    host.locator("#seat-rows .seat-row.disconnected").wait_for(timeout=T)
    assert chosen() is not was_kept
    toggle.click()
    assert chosen() is was_kept
    host.locator("#overrides button", has_text=words["use"]).first.click()
    ana.locator("#results-mine", has_text=words["chosen"]).wait_for(timeout=T)
    host.click("#accept")
    ana.locator("#results-mine", has_text=words["accepted"]).wait_for(timeout=T)

    assert pages.outside == [], pages.outside
    assert pages.errors == [], pages.errors
