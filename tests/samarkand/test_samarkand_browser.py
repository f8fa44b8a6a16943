"""Samarkand in a real browser, in English and in French: Debian's chromium driven by
Playwright, three phones, the table screen and the host console at a physical table (the
host enters the die faces and the public draws, each player their own hidden draws on
their phone, from the six kinds: the bag's contents are never shown). A free move into a camp with a gift and a trade (and
an uneven trade flagged first), a roll into an oasis with a blind purchase seen only by the buyer,
a sale at a city with the advice and the closed-market token drawn on the table's board;
and in free movement, a city told from a French phone. Every request that would leave the
server is failed."""

from __future__ import annotations

import random

import pytest
from browser_rig import (
    BUZZES,
    NEEDED,
    TABLE_SIZES,
    Pages,
    T,
    answered,
    buzzes,
    decide,
    join,
    log_in,
    served,
    third_person,
    wait_on,
)
from web_rig import PIN, make_appliance

from companion.core.registry import game_spec

pytestmark = NEEDED
HANDS = [
    ["red", "red", "blue", "white", "black", "yellow", "green"],
    ["white", "white", "blue", "green", "yellow", "yellow", "black"],
    ["red", "red", "red", "red", "red", "white", "blue"],
]
WORDS = {  # what each language's pages say at each step
    "en-GB": {
        "status": "Ana's turn: to move",
        "camp": "a camp: 2/5, a gift then a trade",
        "city": "a city: buys red + wild · best now: 5 red for 70",
        "deck": "Enter the draw: die",
        "face": "1",
        "black": "black",
        "red": "red",
        "own": "Enter the card you drew: goods",
        "hers": "Ana enters their draw on their own phone: goods",
        "gift": "Ana gives 1 blue to Camp 7",
        "uneven": "You take 1 and give 0: a trade is 1 for 1",
        "trade": "Ana trades 1 red for 1 yellow",
        "bought": "Ben buys 1 good for 5",
        "letter": "K",
        "sale": "5 red",
        "token": "Closed market: the market for red in Merv",
        "money": "270 piasters",
        "paused": "Paused by the host",
        "face_one": "1: ",
    },
    "fr-FR": {
        "status": "Tour d'Ana : déplacement",
        "camp": "un campement : 2/5, un cadeau puis un échange",
        "city": "une ville : achète rouge + joker · meilleure vente : 5 rouges pour 70",
        "deck": "Saisir le tirage : dé",
        "face": "1",
        "black": "noir",
        "red": "rouge",
        "own": "Saisissez la carte que vous avez tirée : marchandises",
        "hers": "Ana saisit son tirage sur son propre téléphone : marchandises",
        "gift": "Ana donne 1 bleu à Camp 7",
        "uneven": "Vous prenez 1 et donnez 0 : un échange se fait 1 contre 1",
        "trade": "Ana échange 1 rouge contre 1 jaune",
        "bought": "Ben achète 1 marchandise pour 5",
        "letter": "N",
        "sale": "5 rouges",
        "token": "Marché fermé : le marché aux cubes rouges à Merv",
        "money": "270 piastres",
        "paused": "Mis en pause par l'hôte",
        "face_one": "1 : ",  # French puts a space before a colon
    },
}


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    spec = game_spec("samarkand")
    appliance.new_game(spec.setup(3, {"edition": "2.0"}), mode="physical", game="samarkand")
    yield from served(appliance, PIN)


def enter(appliance, *cards):
    for card in cards:
        appliance.call(appliance.session.enter_card, card)


def state(appliance):
    return appliance.session.state


@pytest.mark.parametrize("locale", WORDS)
def test_three_phones_a_camp_an_oasis_and_a_city(browser, server, locale):
    pw, chromium = browser
    srv, appliance = server
    words = WORDS[locale]
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana, cy = pages.open(locale=locale), pages.open(width=360, locale=locale)
    ben = pages.open(locale=locale, init_script=BUZZES)
    for page, seat, name in ((ana, 0, "Ana"), (ben, 1, "Ben"), (cy, 2, "Cy")):
        join(page, seat, name)
    table = pages.open("/table", phone=False, locale=locale)
    host = pages.open("/host", phone=False, locale=locale)
    host.fill("#pin", PIN)
    host.click("#login-form button")
    host.wait_for_selector("#card-box:not([hidden])", timeout=T)  # the setup's draws
    assert host.locator("#sk-physical-help").is_visible()  # how a physical game's draws are entered

    enter(appliance, *["yellow", "green"] * 10)
    # Ana's first hidden draw, on her own phone at phone size: the kinds, no counts; the
    # table says who enters it and the host's console offers nothing to enter
    ana.wait_for_selector(f"#card-title >> text={words['own']}", timeout=T)
    table.wait_for_selector(f"#status >> text={words['hers']}", timeout=T)
    host.wait_for_selector("#card-box", state="hidden", timeout=T)
    assert ana.locator("#card-buttons button").count() == 6
    assert "(" not in (ana.text_content("#card-buttons") or "")
    ana.click(f"#card-buttons button:text-is('{words['red']}')")
    wait_on(ana, lambda: state(appliance).hands[0] == {"red": 1}, "Ana's draw entered")
    assert ana.evaluate("document.documentElement.scrollWidth") <= ana.viewport_size["width"]
    enter(appliance, *HANDS[0][1:])
    for hand in HANDS[1:]:
        enter(appliance, *hand)
    assert state(appliance).phase == "place"
    for placed, (page, space) in enumerate(((ana, "oasis4"), (ben, "camp6"), (cy, "camp7")), start=1):
        with answered(page, "/api/act"):
            page.click(f"button[data-place={space}]", timeout=T)
        assert state(appliance).positions.count(None) == 3 - placed, (space, state(appliance).positions)
    table.wait_for_selector("[data-space=camp7] [data-figure='2']", timeout=T)
    table.wait_for_selector(f"#status >> text={words['status']}", timeout=T)
    assert cy.evaluate("document.documentElement.scrollWidth") <= 360

    # Ana: a free move into camp 7 (its meaning on the button), a gift, an uneven trade
    # (nothing given) and then made 1 for 1, done
    move = ana.locator("button[data-move=camp7]")
    move.wait_for(timeout=T)
    assert words["camp"] in move.text_content()
    roll = ana.locator(".sk-reach li").first.text_content()  # where the die's first face leads
    assert roll.startswith(words["face_one"]), roll
    move.click()
    ana.click("button[data-gift=blue]", timeout=T)
    table.wait_for_selector(f"#log >> text={words['gift']}", timeout=T)
    ana.click("#trade-take button[data-kind=yellow][data-more]", timeout=T)
    host.click("[data-command=pause]")  # the page re-renders twice: the toggle stays
    ana.wait_for_selector(f"#status >> text={words['paused']}", timeout=T)
    host.click("[data-command=resume]")
    ana.wait_for_function(
        "(paused) => !document.getElementById('status').textContent.includes(paused)",
        arg=words["paused"],
        timeout=T,
    )
    ana.wait_for_selector("#trade-take output[data-count=yellow] >> text=1", timeout=T)
    ana.wait_for_selector(f"#trade-uneven >> text={words['uneven']}", timeout=T)
    assert ana.is_disabled("#trade-go")  # flagged on the phone, never sent
    ana.click("#trade-give button[data-kind=red][data-more]")
    ana.click("#trade-go")
    table.wait_for_selector(f"#log >> text={words['trade']}", timeout=T)
    assert "3/5" in (table.text_content("[data-space=camp7]") or "")
    ana.click("#done", timeout=T)

    # Ben: a roll into the oasis (the host enters the die face), a purchase drawn blind
    ben.wait_for_selector("#roll", timeout=T)
    assert buzzes(ben) == 1  # as his turn came (not to place: not tapped since it loaded)
    ben.click("#roll", timeout=T)
    host.wait_for_selector(f"#card-title >> text={words['deck']}", timeout=T)
    host.click(f"#card-buttons button:text-is('{words['face']}')", timeout=T)
    with answered(ben, "/api/act"):
        ben.click("button[data-buy='1']", timeout=T)
    assert appliance.session.match.waiting_for_card.seen_by == 1
    ben.click(f"#card-buttons button:text-is('{words['black']}')", timeout=T)  # his own phone
    ben.wait_for_function(
        "(two) => document.querySelectorAll('#goods .sk-black').length === 1 && "
        "document.querySelector('#goods .sk-black').textContent === two",
        arg="2×" + words["letter"],
        timeout=T,
    )
    table.wait_for_selector(f"#log >> text={words['bought']}", timeout=T)
    # no buzz at the oasis after his own roll (the host entering the face between, nobody due)
    assert buzzes(ben) == 1
    assert words["black"] not in (ana.text_content("#log") or "")
    assert "2×" + words["letter"] not in (ana.text_content("body") or "")

    # Cy: a free move into Merv (the best sale there on the button), the advised sale of
    # 5 red for 70, the token on the red market
    merv = cy.locator("button[data-move=merv]")
    merv.wait_for(timeout=T)
    assert words["city"] in merv.text_content()
    merv.click()
    best = cy.locator("button[data-best='1']")
    best.wait_for(timeout=T)
    assert words["sale"] in best.text_content() and "70" in best.text_content()
    best.click()
    table.wait_for_selector("[data-token='merv:0']", timeout=T)
    table.wait_for_selector(f"#markers >> text={words['token']}", timeout=T)
    cy.wait_for_selector(f"#me >> text={words['money']}", timeout=T)
    assert state(appliance).token == ("merv", 0) and state(appliance).turn == 0
    assert "270" not in (ana.text_content("#me") or "")  # 2.0: money is secret

    assert pages.outside == [], pages.outside
    assert pages.errors == [], pages.errors


@pytest.fixture
def free_server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(game_spec("samarkand").setup(2, {"movement": "free"}), game="samarkand")
    yield from served(appliance, PIN)


def test_free_movement_a_city_told_from_a_french_phone(browser, free_server):
    """No board: the player says which city they landed on, its two markets chosen from
    lists in their own language (the engine gets the symbols), her choices kept while the
    host pauses and resumes."""
    pw, chromium = browser
    srv, appliance = free_server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana, ben = pages.open(locale="fr-FR"), pages.open(locale="fr-FR")
    join(ana, 0, "Ana")
    join(ben, 1, "Ben")
    ana.wait_for_selector("#free-go", timeout=T)
    ana.select_option("#free-type", "city")
    ana.fill("#free-number", "2")
    assert ana.locator("#free-market-0 option[value=wild]").text_content() == "joker"
    ana.select_option("#free-market-0", "red")
    ana.select_option("#free-market-1", "wild")
    host = pages.open("/host", phone=False, locale="fr-FR")
    log_in(host, PIN)
    host.click("[data-command=pause]")  # Ana's page re-renders twice: what she chose stays
    ana.wait_for_selector("#status >> text=Mis en pause par l'hôte", timeout=T)
    host.click("[data-command=resume]")
    ana.wait_for_selector("#free-go", timeout=T)
    assert ana.input_value("#free-number") == "2" and ana.input_value("#free-market-1") == "wild"
    with answered(ana, "/api/act"):
        ana.click("#free-go")
    assert state(appliance).cities.get("city2") == ("red", "wild")
    ben.wait_for_selector("#log >> text=Ana avance gratuitement d'une case vers Ville 2", timeout=T)
    table = pages.open("/table", phone=False, size=TABLE_SIZES[0], locale="fr-FR")  # the cities told
    table.wait_for_selector("#board li:text-is('Ville 2 : rouge + joker')", timeout=T)
    host.wait_for_selector("#board li:text-is('Ville 2 : rouge + joker')", timeout=T)
    assert not host.get_by_text("Mode physique").is_visible()  # a digital game: no draws to enter
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


@pytest.fixture
def bot_server(tmp_path, request):
    """Two seats, a bot in the second; 300 piasters win (200 to start), so a game reaches
    its end in a few rounds (with the seed 7: the phone's player wins the 2.0 game, the bot
    the 1998 one)."""
    appliance = make_appliance(tmp_path, bots=False)
    setup = game_spec("samarkand").setup(2, {"edition": request.param, "target": 300})
    appliance.new_game(setup, game="samarkand", bots={1: "merchant"})
    yield from served(appliance, PIN)


ME = "Ysaline"  # a name no other text on the page holds


@pytest.mark.parametrize(
    ("locale", "bot_server"), [("en-GB", "2.0"), ("fr-FR", "1998")], indirect=["bot_server"]
)
def test_the_phone_says_you_to_its_own_player_to_the_end(browser, bot_server, locale):
    """A phone plays its seat against a bot to the game's end: on its turn, after each of
    its decisions (the log holds its move) and at the end, its page speaks to its player in
    the second person and never names them in the third (issue 22). The first decisions
    are clicked; the rest are the merchant bot's choices, made through the page."""
    pw, chromium = browser
    srv, appliance = bot_server
    session, language = appliance.session, locale[:2]
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    phone = pages.open(locale=locale)
    join(phone, 0, ME)
    advisor = game_spec("samarkand").bots["merchant"](random.Random(1))

    def mine() -> bool:
        return session.game.is_over(session.state) or 0 in session.game.to_act(session.state)

    def decided(act) -> None:
        """Do ``act`` on the phone; once the page shows a new log, nothing names its player."""
        before = phone.inner_text("#log")
        with answered(phone, "/api/act"):
            act()
        phone.wait_for_function(
            "(before) => document.getElementById('log').innerText !== before", arg=before, timeout=T
        )
        assert third_person(phone, ME, language) == []

    phone.locator("button[data-place]").first.wait_for(timeout=T)  # its turn
    assert third_person(phone, ME, language) == []
    decided(lambda: phone.locator("button[data-place]").first.click(timeout=T))
    decided(lambda: phone.locator("button[data-move]").first.click(timeout=T))
    for _ in range(200):
        if session.game.is_over(wait_on(phone, lambda: mine() and session.state, "the phone's turn")):
            break
        phone.wait_for_selector("#controls-box:not([hidden])", timeout=T)
        assert third_person(phone, ME, language) == []
        view = appliance.call(lambda _now: session.game.seat_view(session.state, 0))
        event = advisor.decide(view, 0)
        decided(lambda: decide(phone, event.kind, event.data))
    assert session.game.is_over(session.state)
    phone.wait_for_selector("#results:not([hidden])", timeout=T)
    assert phone.inner_text("#results-title").strip() and third_person(phone, ME, language) == []
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
