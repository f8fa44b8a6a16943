"""Samarkand Market in a real browser: Debian's chromium driven by Playwright's sync API,
in English and in French (the phones' and screens' language, as a phone's Accept-Language).

Three phones, the table screen and the host console: a new game from the console (its
deck field included), a bid over one's money refused, three sealed bids typed at once with
nothing shown until the last is in, the reveal of every bid together, the picks in bid
order, a sale with the best sale filled in, and a phone reloaded mid-round that keeps its
sealed bid. Then a physical table: the host enters the start player, types the market
cards (a malformed one refused) and enters the cubes from the console's forms. Every
request that would leave the server is failed and counted, and every script error is kept.
"""

from __future__ import annotations

import random
import re

import pytest
from browser_rig import NEEDED, Pages, T, answered, join, log_in, served, third_person, wait_on
from lobby_rig import start_from_lobby
from market_driver import GAME
from web_rig import PIN, make_appliance

from companion.core.registry import game_spec

pytestmark = NEEDED
BIDS = {0: 11, 1: 17, 2: 23}
LANGUAGES = ("en-GB", "fr-FR")
WORDS = {
    "en-GB": {
        "heading": "Market cards",
        "round 1": "Round 1/10",
        "round 2": "Round 2/10",
        "too much": "a bid is a whole number of piasters from 5 to 75 (your money), not 999",
        "two in": "2 of 3 bids are in",
        "one in": "1 of 3 bids is in",
        "sealed 17": "Your bid: 17 (sealed",
        "sealed 5": "Your bid: 5 (sealed",
        "your bid": "Your bid:",
        "money 75": "75 piasters",
        "money 64": "64 piasters",
        "order": "Picking order: Cy, Ben, Ana",
        "taken": "taken by Ana",
        "advice": r"Best sale now: (\d+) piasters?",
        "pays": "This sale pays {}",
        "sold": "for {}",
        "start draw": "Enter the draw: start player",
        "seat 2": "2",
        "card 1": "Type market card 1 of 12",
        "not a letter": "'Q' is not a colour letter",
        "yellow": "yellow (",
        "blue": "blue (",
        "black": "black (",
        "red": "red (",
        "green": "green (",
        "bag draw": "Enter the draw: bag",
        "lot 1": "2 yellow, 1 blue",
        "you took": "You take lot",
        "you": "(you)",
    },
    "fr-FR": {
        "heading": "Cartes marché",
        "round 1": "Manche 1/10",
        "round 2": "Manche 2/10",
        "too much": "une enchère est un nombre entier de piastres de 5 à 75 (votre argent), pas 999",
        "two in": "2 enchères sur 3 sont faites",
        "one in": "1 enchère sur 3 est faite",
        "sealed 17": "Votre enchère : 17 (sous pli",
        "sealed 5": "Votre enchère : 5 (sous pli",
        "your bid": "Votre enchère :",
        "money 75": "75 piastres",
        "money 64": "64 piastres",
        "order": "Ordre de choix : Cy, Ben, Ana",
        "taken": "pris par Ana",
        "advice": r"Meilleure vente maintenant : (\d+) piastres?",
        "pays": "Cette vente rapporte {}",
        "sold": "pour {}",
        "start draw": "Saisir le tirage : premier joueur",
        "seat 2": "2",
        "card 1": "Tapez la carte marché 1 sur 12",
        "not a letter": "'Q' n'est pas une lettre de couleur",
        "yellow": "jaune (",
        "blue": "bleu (",
        "black": "noir (",
        "red": "rouge (",
        "green": "vert (",
        "bag draw": "Saisir le tirage : sac",
        "lot 1": "2 jaunes, 1 bleu",
        "you took": "Vous prenez le lot",
        "you": "(vous)",
    },
}


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False, seed=3)
    appliance.new_game(game_spec("market").setup(3), game="market")
    yield from served(appliance, PIN)


def text(page, selector: str) -> str:
    return page.text_content(selector) or ""


def host_console(pages: Pages, locale: str):
    host = pages.open("/host", phone=False, locale=locale)
    log_in(host, PIN)
    host.wait_for_selector("#new-game", timeout=T)
    return host


def refused(pages: Pages, page, words: str) -> None:
    """``page`` shows the refusal ``words``; the browser's own line for the 409 is dropped."""
    page.wait_for_selector(f"#toast >> text={words}", timeout=T)
    conflicts = [e for e in pages.errors if "409" in e]
    assert len(conflicts) == 1, pages.errors
    pages.errors.remove(conflicts[0])


FLIP = """() => { const bid = document.createElement("div"); bid.className = "bid flip";
  document.body.append(bid); const name = getComputedStyle(bid).animationName; bid.remove(); return name; }"""
"""The animation a bid just revealed is drawn with on a page."""


def state(appliance):
    return appliance.call(lambda now: appliance.session.game.copy(appliance.session.state))


@pytest.mark.parametrize("locale", LANGUAGES)
def test_three_phones_bid_at_once_and_the_table_reveals_every_bid_together(browser, server, locale):
    pw, chromium = browser
    srv, appliance = server
    w = WORDS[locale]
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    phones = [pages.open(width=width, locale=locale) for width in (None, None, 360)]
    for page, seat, name in zip(phones, range(3), ("Ana", "Ben", "Cy")):
        join(page, seat, name)
    table, host = pages.open("/table", phone=False, locale=locale), host_console(pages, locale)

    # a new game from the console: its options, the deck as JSON among them
    first = appliance.game_id
    host.select_option("select[name=players]", "3")
    assert host.input_value("textarea[name='rules.market_deck']").startswith('[{"name":')
    host.click("#new-game button[type=submit]")
    start_from_lobby(host)
    wait_on(host, lambda: appliance.game_id != first, "the new game")
    for page in phones:
        page.wait_for_selector("#seal-bid", timeout=T)
    assert w["round 1"] in text(table, "#round") and w["heading"] in text(table, "body")
    assert phones[2].evaluate("document.documentElement.scrollWidth") <= 360  # fits 360 px

    # a bid over one's money is refused in the phone's language
    phones[0].fill("#bid-amount", "999")
    phones[0].click("#seal-bid")
    refused(pages, phones[0], w["too much"])

    # three sealed bids typed at once; nothing shows until the last is in
    for seat, page in enumerate(phones):
        page.fill("#bid-amount", str(BIDS[seat]))
    phones[0].click("#seal-bid")
    phones[1].click("#seal-bid")
    for page in (phones[2], table):
        page.wait_for_selector(f"text={w['two in']}", timeout=T)
    assert w["sealed 17"] in text(phones[1], "#bid-box")
    assert table.locator(".reveal .bid").count() == 0
    for page in (table, phones[2], phones[0]):
        assert "17" not in text(page, "#bids") and w["sealed 17"] not in text(page, "body")
    assert w["money 75"] in text(phones[0], "#my-money")  # paid only at the reveal
    phones[2].click("#seal-bid")
    table.wait_for_selector(".reveal .bid >> nth=2", timeout=T)
    shown = [b.text_content() for b in table.locator(".reveal .bid .amount").all()]
    assert shown == ["11", "17", "23"]
    assert w["order"] in text(table, "#bids")
    phones[0].wait_for_selector(f"text={w['money 64']}", timeout=T)
    phones[2].emulate_media(reduced_motion="reduce")  # a phone set to show less motion
    assert table.evaluate(FLIP) == "flip" and phones[2].evaluate(FLIP) == "none"  # bids turn over there only

    # the picks, highest bid first; the last lot goes to Ana without a choice
    for page in (phones[2], phones[1]):
        page.wait_for_selector("#pick-box:not([hidden])", timeout=T)
        assert phones[0].is_hidden("#pick-box")
        page.locator("#pick-buttons button").first.click()
    table.wait_for_selector(f"#lots li >> text={w['taken']}", timeout=T)
    assert table.locator("#lots li.taken").count() == 3

    # the sales in seat order, each with the best sale filled in and sold as advised
    sold = 0
    while state(appliance).phase == "selling":
        seat = state(appliance).selling[0]
        page = phones[seat]
        page.wait_for_selector("#sell-box:not([hidden])", timeout=T)
        advice = int(re.fullmatch(w["advice"] + r" \(.+\)", text(page, "#advice")).group(1))
        assert text(page, "#sale-total") == w["pays"].format(advice)
        page.click("#sell")
        wait_on(
            page,
            lambda: state(appliance).phase != "selling" or state(appliance).selling[:1] != [seat],
            "the sale",
        )
        table.wait_for_selector(f"#log >> text={w['sold'].format(advice)}", timeout=T)
        sold += 1
    assert sold or all(
        r["kind"] == "no_sale"
        for r in state(appliance).records
        if r["round"] == 1 and r["kind"] in ("sale", "no_sale")
    )

    # round 2: Ana seals a bid, reloads her phone, and finds it still sealed and in
    wait_on(table, lambda: state(appliance).phase == "bidding" and state(appliance).round == 2, "round 2")
    phones[0].wait_for_selector("#seal-bid", timeout=T)
    money = text(phones[0], "#my-money")
    phones[0].fill("#bid-amount", "5")
    phones[0].click("#seal-bid")
    phones[0].wait_for_selector(f"text={w['sealed 5']}", timeout=T)
    phones[0].reload()
    phones[0].wait_for_selector("#me h1", timeout=T)
    assert text(phones[0], "#me h1") == "Ana" and text(phones[0], "#my-money") == money
    phones[0].wait_for_selector(f"text={w['sealed 5']}", timeout=T)
    assert w["one in"] in text(phones[0], "#status")
    table.wait_for_selector(f"text={w['round 2']}", timeout=T)
    assert w["your bid"] not in text(phones[1], "body") and phones[1].is_visible("#seal-bid")

    assert pages.outside == [], pages.outside
    assert pages.errors == [], pages.errors


@pytest.mark.parametrize("locale", LANGUAGES)
def test_the_host_of_a_physical_table_enters_the_start_player_the_cards_and_the_cubes(
    browser, server, locale
):
    pw, chromium = browser
    srv, appliance = server
    w = WORDS[locale]
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana = pages.open(locale=locale)
    join(ana, 0, "Ana")
    host = host_console(pages, locale)
    first = appliance.game_id
    host.select_option("select[name=players]", "2")
    host.select_option("select[name=mode]", "physical")
    host.click("#new-game button[type=submit]")
    start_from_lobby(host)
    wait_on(host, lambda: appliance.game_id != first, "the new game")

    host.wait_for_selector(f"#card-box:not([hidden]) >> text={w['start draw']}", timeout=T)
    host.locator("#card-buttons button", has_text=w["seat 2"]).click()
    host.wait_for_selector("#entry-form:not([hidden])", timeout=T)
    assert w["card 1"] in text(host, "#entry-title")
    assert host.is_visible("#typing-box")
    host.fill("#entry-value", "Saffron: YQ=5")
    host.click("#entry-form button[type=submit]")
    refused(pages, host, w["not a letter"])
    cards = ("Saffron: YY=25, YBK=70", '{"name": "Lapis", "sets": [{"cubes": "BB", "pays": 30}]}', "K=20")
    for number, card in enumerate(cards, start=1):
        host.fill("#entry-value", card)
        host.click("#entry-form button[type=submit]")
        wait_on(host, lambda: len(state(appliance).markets) == number, f"market card {number}")
        host.wait_for_function(
            "() => document.getElementById('entry-value').value === ''", timeout=T
        )  # the console clears it once answered
    assert state(appliance).phase == "lots"
    assert [m.name for m in state(appliance).markets] == ["Saffron", "Lapis", "Card 3"]

    host.wait_for_selector(f"#card-box:not([hidden]) >> text={w['bag draw']}", timeout=T)
    for colour in ("yellow", "yellow", "blue", "black", "black", "red", "red", "green"):
        before = sum(state(appliance).bag)
        host.locator("#card-buttons button", has_text=w[colour]).click()
        wait_on(host, lambda: sum(state(appliance).bag) < before, f"the {colour} cube")
    ana.wait_for_selector("#seal-bid", timeout=T)
    host.wait_for_selector(f"#lots >> text={w['lot 1']}", timeout=T)
    assert "Saffron" in text(ana, "#markets") and "YBK = 70" in text(ana, "#markets")
    assert pages.outside == [], pages.outside
    assert pages.errors == [], pages.errors


ME = "Xiomara"  # a name no other word on the page holds
BEN = "Ben"


@pytest.fixture
def bot_table(tmp_path):
    """A game of three from the start: seat 0 waits for a phone, seat 1 (Ben) for the test,
    a bot plays seat 2."""
    appliance = make_appliance(tmp_path, bots=False, seed=5)
    spec = game_spec("market")
    appliance.new_game(
        spec.setup(3, names=["Seat 1", BEN, "Seat 3"]), game="market", bots={2: spec.default_style(0)}
    )
    yield from served(appliance, PIN)


def ben_decides(appliance, ben) -> None:
    """Ben's move, as the bot ``ben`` would make it."""

    def act(now):
        session = appliance.session
        session.act(ben.decide(session.game.seat_view(session.state, 1), 1), now)

    appliance.call(act)


def waiting(appliance) -> list[int] | str:
    """The phone's seat and Ben's, those the game waits for (none while the bot decides), or
    "over"."""
    s = state(appliance)
    return "over" if s.phase == "over" else [seat for seat in GAME.to_act(s) if seat in (0, 1)]


TURN = "#seal-bid:visible, #pick-box:visible, #sell-box:visible, #discard-box:visible, #results:visible"


def decide(phone) -> str:
    """The phone's own decision, whatever it is now, the answer awaited and the box gone:
    a bid (the least in even rounds, half its money in odd ones), the first lot, the best
    sale, the advised cubes returned; what it did, or "over" once the ranking shows."""
    if phone.is_visible("#results"):
        return "over"
    if phone.is_visible("#seal-bid"):
        low, high = (int(phone.get_attribute("#bid-amount", a)) for a in ("min", "max"))
        odd = int(re.search(r"\d+", text(phone, "#round")).group()) % 2
        phone.fill("#bid-amount", str(max(low, high // 2) if odd else low))
        done, button, box = "bid", "#seal-bid", "#seal-bid"
    elif phone.is_visible("#pick-box"):
        done, button, box = "pick", "#pick-buttons button >> nth=0", "#pick-box"
    elif phone.is_visible("#sell-box"):
        done, button, box = "sell", "#sell", "#sell-box"
    else:
        done, button, box = "discard", "#return-cubes", "#discard-box"
    with answered(phone, "/api/act") as response:
        phone.click(button)
    assert response.value.ok, response.value.status
    phone.wait_for_selector(box, state="hidden", timeout=T)
    return done


@pytest.mark.parametrize("locale", LANGUAGES)
def test_a_phone_says_you_to_its_own_player_from_the_first_bid_to_the_ranking(browser, bot_table, locale):
    """A phone plays its seat against Ben and a bot to the game's end; at its turn, at Ben's
    turn to pick or sell, after each of its moves (the log holds it) and at the ranking, its
    page names its own player only as "Xiomara (you)" in a list, never in the third person;
    the table screen names everyone."""
    pw, chromium = browser
    srv, appliance = bot_table
    ben = game_spec("market").bots[game_spec("market").default_styles()[-1]](random.Random(1))
    language, w = locale[:2], WORDS[locale]
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    phone = pages.open(width=360, locale=locale)
    join(phone, 0, ME)
    table = pages.open("/table", phone=False, locale=locale)
    done: list[str] = []
    while not done or done[-1] != "over":
        seats = wait_on(phone, lambda: waiting(appliance), "a turn or the end")
        if seats == [1]:  # Ben's turn
            if state(appliance).phase in ("picking", "selling"):
                phone.wait_for_selector(f"#status >> text={BEN}", timeout=T)
                assert third_person(phone, ME, language) == [], (done, locale)
                done.append("Ben's turn")
            ben_decides(appliance, ben)
            continue
        phone.locator(TURN).first.wait_for(timeout=T)
        assert third_person(phone, ME, language) == [], (done, locale)  # its turn
        done.append(decide(phone))
        if done[-1] == "pick":
            phone.wait_for_selector(f"#log >> text={w['you took']}", timeout=T)
        assert third_person(phone, ME, language) == [], (done, locale)  # its move in the log
    assert {"bid", "pick", "sell", "Ben's turn"} <= set(done), done
    assert state(appliance).phase == "over"
    assert f"{ME} {w['you']}" in text(phone, "#results")
    table.wait_for_selector("#results:not([hidden])", timeout=T)  # the table's results screen
    assert ME in text(table, "#results") and ME in text(table, "#log")  # the table names her
    assert pages.outside == [], pages.outside
    assert pages.errors == [], pages.errors
