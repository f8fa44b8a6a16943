"""Bazaar in a real browser: Debian's chromium driven by Playwright, three phones, the table
screen and the host console.

The host starts a physical game from the console and types the two exchange cards and the
four wares into its entry form, and clicks each die face as it is rolled at the table. Ben
chooses his first cube's colour after a wild roll; Ana trades on her phone (after the
planner's advice), Ben rolls, Cy buys a ware and sees its score; Ana then ends a turn over
10 cubes and Ben, the player to her left, chooses on his phone which cubes she returns.
Every request that would leave the server is failed and counted.
"""
from __future__ import annotations

import os

import pytest

from browser_rig import NEEDED, Pages, T, seated_table, served, wait_on
from companion.core.registry import game_spec
from web_rig import PIN, make_appliance

pytestmark = NEEDED
# 0: R = YYYYY  1: Y = GGGGG  2: G = BBBBB  3: W = RR  4: B = WW
# 5: R = YGBW   6: R = WW     7: GG = YB    8: BB = RW  9: YW = G
CARDS = ("R = YYYYY; Y = GGGGG; G = BBBBB; W = RR; B = WW",
         "1 red = 1 blue + 1 green + 1 yellow + 1 white; R = 2W; GG = YB; BB = RW; YW = G")
WARES = ("GGGGG", "RRBBW*", "YYGGR", "BBBBW")


@pytest.fixture
def table_server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(game_spec("bazaar").setup(3), game="bazaar")
    yield from served(appliance, PIN)


def type_card(host, text: str) -> None:
    host.wait_for_selector("#entry-form:not([hidden])", timeout=T)
    host.fill("#entry-value", text)
    host.click("#entry-form button[type=submit]")


def face(host, name: str) -> None:
    host.locator("#card-buttons button", has_text=name).first.click(timeout=T)


def waits_for(page, text: str, where: str = "body") -> None:
    page.locator(where, has_text=text).first.wait_for(timeout=T)


def test_a_roll_a_trade_a_purchase_and_the_left_neighbours_discard_on_three_phones(browser, table_server):
    pw, chromium = browser
    srv, appliance = table_server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    (ana, ben, cy), table, host = seated_table(pages, ["Ana", "Ben", "Cy"], PIN)
    host.wait_for_selector("#new-game", timeout=T)

    # a physical game: the host types the cards into the console
    host.select_option("#new-game select[name=game]", "bazaar")
    host.select_option("select[name=players]", "3")
    host.select_option("select[name=mode]", "physical")          # cards auto: typed here
    host.click("#new-game button[type=submit]")
    wait_on(host, lambda: appliance.session.match.setup.get("mode") == "physical", "the new game")
    type_card(host, "R = YYYYY; Y = GGGGG; G = BBBBB; W = RR; B = RW")   # a slip: B = RW for B = WW
    waits_for(host, "Exchange card 2 of 2", "#entry-title")
    host.click("[data-command=undo]")                                   # typed the wrong card
    waits_for(host, "Exchange card 1 of 2", "#entry-title")
    type_card(host, "R = YYYYY; Y = GGGGG; G = BBBBB; W = RR; B = BW")   # refused, with why
    waits_for(host, "the two sides of an equation share no colour", "#toast")
    type_card(host, CARDS[0])
    waits_for(host, "Exchange card 2 of 2", "#entry-title")
    type_card(host, CARDS[1])
    for stall, ware in enumerate(WARES):
        waits_for(host, f"Stall {stall + 1}: type the ware card", "#entry-title")
        type_card(host, ware)
    table.wait_for_selector("#bz-stalls .bz-star", timeout=T)            # RRBBW★ on stall 2
    rows = table.locator("#bz-stalls .bz-row")
    assert [rows.nth(k).locator(".bz-cube").count() for k in range(4)] == [5] * 4
    assert rows.nth(1).locator(".bz-star").count() == 1

    # the first cubes, rolled at the table: Ben's wild face is his own choice on his phone
    for name in ("red", "wild", "yellow"):
        face(host, name)
        if name == "wild":
            ben.locator(".bz-take[data-colour=white]").click(timeout=T)
    waits_for(ana, "Ana to roll or trade", "#status")
    assert appliance.session.state.cubes == [[0, 0, 1, 0, 0], [0, 0, 0, 0, 1], [1, 0, 0, 0, 0]]
    assert ben.locator("#bz-trades .bz-trade:not([disabled])").count() == 0    # not his turn
    waits_for(ben, "Ana's turn", "#bz-trades .bz-why")

    # Ana's turn: the advice, then a trade on her phone
    ana.wait_for_selector("#bz-advice-box:not([hidden])", timeout=T)
    assert ana.text_content("#bz-advice").startswith("Trade")
    ana.locator("#bz-trades .bz-trade[data-equation='0'][data-give=left]").click()
    waits_for(table, "Ana trades", "#bz-log")
    waits_for(ben, "Ben to roll or trade", "#status")

    # Ben rolls on his phone; the host enters the face the die shows
    ben.click("#bz-roll")
    host.wait_for_selector("#card-box:not([hidden])", timeout=T)
    face(host, "red")
    waits_for(table, "Ben rolls red", "#bz-log")

    # Cy trades Y -> GGGGG and buys the GGGGG ware: no cube left, 5 points
    waits_for(cy, "Cy to roll or trade", "#status")
    cy.locator("#bz-trades .bz-trade[data-equation='1'][data-give=left]").click()
    cy.locator(".bz-buy", has_text="Buy: 5 points").click(timeout=T)
    waits_for(cy, "5 points · 1 ware", "#me")
    type_card(host, "RRRRW")
    waits_for(table, "Cy buys from stall 1 with 0 left: 5 points", "#bz-log")

    # Ana: Y -> GGGGG (9 cubes), rolls go by, then G -> BBBBB: 13 cubes, 3 over
    waits_for(ana, "Ana to roll or trade", "#status")
    ana.locator("#bz-trades .bz-trade[data-equation='1'][data-give=left]").click()
    waits_for(ben, "Ben to roll or trade", "#status")
    ben.click("#bz-roll")
    face(host, "blue")
    waits_for(cy, "Cy to roll or trade", "#status")
    cy.click("#bz-roll")
    face(host, "green")
    waits_for(ana, "Ana to roll or trade", "#status")
    ana.locator("#bz-trades .bz-trade[data-equation='2'][data-give=left]").click()

    # Ben, to Ana's left, chooses on his phone which three of her cubes go back
    ben.wait_for_selector("#bz-discard-box:not([hidden])", timeout=T)
    if os.environ.get("BAZAAR_SHOTS"):
        ben.screenshot(path=os.environ["BAZAAR_SHOTS"] + "/ben.png", full_page=True)
        table.screenshot(path=os.environ["BAZAAR_SHOTS"] + "/table.png", full_page=True)
        cy.screenshot(path=os.environ["BAZAAR_SHOTS"] + "/cy.png", full_page=True)
    assert ana.is_hidden("#bz-discard-box") and cy.is_hidden("#bz-discard-box")
    waits_for(table, "Ben chooses 3 of Ana's cubes to return", "#status")
    assert ben.text_content("#bz-discard-send") == "Return these 3 cubes"      # the default, offered
    chosen = ben.locator("#bz-discard-cubes .bz-toggle.chosen")
    chosen.first.click()                                                       # one fewer: not yet
    assert ben.is_disabled("#bz-discard-send")
    ben.locator("#bz-discard-cubes .bz-toggle:not(.chosen) .bz-yellow").first.click()
    ben.locator("#bz-discard-cubes .bz-toggle:not(.chosen) .bz-yellow").first.click()
    assert ben.is_disabled("#bz-discard-send")                                # four: too many
    ben.locator("#bz-discard-cubes .bz-toggle.chosen .bz-blue").first.click()   # keep her blue
    assert ben.text_content("#bz-discard-send") == "Return these 3 cubes"
    ben.click("#bz-discard-send")
    waits_for(table, "Ben returns Ana's cubes", "#bz-log")
    state = appliance.session.state
    assert state.records[-1]["cubes"] == "YYG" and state.cubes[0] == [2, 3, 0, 5, 0]
    assert state.phase == "act" and state.turn == 1

    assert pages.outside == [], pages.outside
    refused = [e for e in pages.errors if "status of 409" in e]
    assert len(refused) == 1 and len(pages.errors) == 1, pages.errors       # the card refused
