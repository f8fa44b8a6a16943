"""Samarkand Market in a real browser: Debian's chromium driven by Playwright's sync API.

Three phones, the table screen and the host console: a new game from the console (its
deck field included), three sealed bids typed at once with nothing shown until the last
is in, the reveal of every bid together, the picks in bid order, a sale with the best
sale filled in, and a phone reloaded mid-round that keeps its sealed bid. Then a physical
table: the host enters the start player, types the market cards and enters the cubes
from the console's forms. Every request that would leave the server is failed and
counted, and every script error is kept.
"""
from __future__ import annotations

import re

import pytest

from browser_rig import NEEDED, T, Pages, join
from companion.core.registry import game_spec
from web.server import Server
from web_rig import PIN, make_appliance

pytestmark = NEEDED
BIDS = {0: 11, 1: 17, 2: 23}


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False, seed=3)
    appliance.new_game(game_spec("market").setup(3), game="market")
    appliance.runner.start()
    server = Server(appliance, "127.0.0.1", 0, PIN)
    yield server, appliance
    server.close()
    appliance.close()


def watch(pages: Pages, *opened):
    for page in opened:
        page.on("pageerror", lambda error: pages.errors.append(str(error)))
    return opened


def until(page, predicate, what: str):
    """Wait for the server to reach ``predicate``, polling through the page: the sync API
    runs the pages' event handlers (the console's confirm dialog) only inside its calls."""
    for _ in range(T // 50):
        if predicate():
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"timed out waiting for {what}")


def text(page, selector: str) -> str:
    return page.text_content(selector) or ""


def host_console(pages: Pages):
    host = pages.open("/host", phone=False)
    host.fill("#pin", PIN)
    host.click("#login-form button")
    host.wait_for_selector("#new-game", timeout=T)
    return host


def state(appliance):
    return appliance.call(lambda now: appliance.session.game.copy(appliance.session.state))


def test_three_phones_bid_at_once_and_the_table_reveals_every_bid_together(browser, server):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    phones = watch(pages, pages.open(), pages.open(), pages.open(width=360))
    for page, seat, name in zip(phones, range(3), ("Ana", "Ben", "Cy")):
        join(page, seat, name)
    table, host = watch(pages, pages.open("/table", phone=False), host_console(pages))

    # a new game from the console: its options, the deck as JSON among them
    first = appliance.game_id
    host.select_option("select[name=players]", "3")
    assert host.input_value("textarea[name='rules.market_deck']").startswith('[{"name":')
    host.click("#new-game button[type=submit]")
    until(host, lambda: appliance.game_id != first, "the new game")
    for page in phones:
        page.wait_for_selector("#seal-bid", timeout=T)
    assert "Round 1/10" in text(table, "#round")
    assert phones[2].evaluate("document.documentElement.scrollWidth") <= 360     # fits 360 px

    # three sealed bids typed at once; nothing shows until the last is in
    for seat, page in enumerate(phones):
        page.fill("#bid-amount", str(BIDS[seat]))
    phones[0].click("#seal-bid")
    phones[1].click("#seal-bid")
    for page in (phones[2], table):
        page.wait_for_selector("text=2 of 3 bids are in", timeout=T)
    assert "Your bid: 17 (sealed" in text(phones[1], "#bid-box")
    assert table.locator(".reveal .bid").count() == 0
    for page in (table, phones[2], phones[0]):
        assert "17" not in text(page, "#bids") and "Your bid: 17" not in text(page, "body")
    assert "75 piasters" in text(phones[0], "#my-money")      # paid only at the reveal
    phones[2].click("#seal-bid")
    table.wait_for_selector(".reveal .bid >> nth=2", timeout=T)
    shown = [b.text_content() for b in table.locator(".reveal .bid .amount").all()]
    assert shown == ["11", "17", "23"]
    assert "Picking order: Cy, Ben, Ana" in text(table, "#bids")
    phones[0].wait_for_selector("text=64 piasters", timeout=T)

    # the picks, highest bid first; the last lot goes to Ana without a choice
    for page in (phones[2], phones[1]):
        page.wait_for_selector("#pick-box:not([hidden])", timeout=T)
        assert phones[0].is_hidden("#pick-box")
        page.locator("#pick-buttons button").first.click()
    table.wait_for_selector("#lots li >> text=taken by Ana", timeout=T)
    assert table.locator("#lots li.taken").count() == 3

    # the sales in seat order, each with the best sale filled in and sold as advised
    sold = 0
    while state(appliance).phase == "selling":
        seat = state(appliance).selling[0]
        page = phones[seat]
        page.wait_for_selector("#sell-box:not([hidden])", timeout=T)
        advice = int(re.search(r"Best sale now: (\d+)", text(page, "#advice")).group(1))
        assert text(page, "#sale-total") == f"This sale pays {advice}"
        page.click("#sell")
        until(page, lambda: state(appliance).phase != "selling" or state(appliance).selling[:1] != [seat],
              "the sale")
        table.wait_for_selector(f"#log >> text=for {advice}", timeout=T)
        sold += 1
    assert sold or all(r["kind"] == "no_sale" for r in state(appliance).records if r["round"] == 1
                       and r["kind"] in ("sale", "no_sale"))

    # round 2: Ana seals a bid, reloads her phone, and finds it still sealed and in
    until(table, lambda: state(appliance).phase == "bidding" and state(appliance).round == 2, "round 2")
    phones[0].wait_for_selector("#seal-bid", timeout=T)
    money = text(phones[0], "#my-money")
    phones[0].fill("#bid-amount", "5")
    phones[0].click("#seal-bid")
    phones[0].wait_for_selector("text=Your bid: 5 (sealed", timeout=T)
    phones[0].reload()
    phones[0].wait_for_selector("#me h1", timeout=T)
    assert text(phones[0], "#me h1") == "Ana" and text(phones[0], "#my-money") == money
    phones[0].wait_for_selector("text=Your bid: 5 (sealed", timeout=T)
    assert "1 of 3 bids are in" in text(phones[0], "#bid-count")
    table.wait_for_selector("text=Round 2/10", timeout=T)
    assert "Your bid" not in text(phones[1], "body") and phones[1].is_visible("#seal-bid")

    assert pages.outside == [], pages.outside
    assert pages.errors == [], pages.errors


def test_the_host_of_a_physical_table_enters_the_start_player_the_cards_and_the_cubes(browser, server):
    pw, chromium = browser
    srv, appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    (ana,) = watch(pages, pages.open())
    join(ana, 0, "Ana")
    (host,) = watch(pages, host_console(pages))
    first = appliance.game_id
    host.select_option("select[name=players]", "2")
    host.select_option("select[name=mode]", "physical")
    host.click("#new-game button[type=submit]")
    until(host, lambda: appliance.game_id != first, "the new game")

    host.wait_for_selector("#card-box:not([hidden]) >> text=Enter the start player draw", timeout=T)
    host.locator("#card-buttons button", has_text="2 (1 left)").click()
    host.wait_for_selector("#entry-form:not([hidden])", timeout=T)
    assert "Type market card 1 of 12" in text(host, "#entry-title")
    assert host.is_visible("#typing-box")
    host.fill("#entry-value", "Saffron: YQ=5")
    host.click("#entry-form button[type=submit]")
    host.wait_for_selector("#toast >> text='Q' is not a colour letter", timeout=T)
    refused = [e for e in pages.errors if "409" in e]
    assert len(refused) == 1                       # the browser's own word for the refusal
    pages.errors.remove(refused[0])
    cards = ("Saffron: YY=25, YBK=70", '{"name": "Lapis", "sets": [{"cubes": "BB", "pays": 30}]}', "K=20")
    for number, card in enumerate(cards, start=1):
        host.fill("#entry-value", card)
        host.click("#entry-form button[type=submit]")
        until(host, lambda: len(state(appliance).markets) == number, f"market card {number}")
        host.wait_for_function("() => document.getElementById('entry-value').value === ''",
                               timeout=T)                  # the console clears it once answered
    assert state(appliance).phase == "lots"
    assert [m.name for m in state(appliance).markets] == ["Saffron", "Lapis", "Card 3"]

    host.wait_for_selector("#card-box:not([hidden]) >> text=Enter the bag draw", timeout=T)
    for colour in ("yellow", "yellow", "blue", "black", "black", "red", "red", "green"):
        before = sum(state(appliance).bag)
        host.locator("#card-buttons button", has_text=colour).click()
        until(host, lambda: sum(state(appliance).bag) < before, f"the {colour} cube")
    ana.wait_for_selector("#seal-bid", timeout=T)
    host.wait_for_selector("#lots >> text=2 yellow, 1 blue", timeout=T)
    assert "Saffron" in text(ana, "#markets") and "YBK = 70" in text(ana, "#markets")
    assert pages.outside == [], pages.outside
    assert pages.errors == [], pages.errors
