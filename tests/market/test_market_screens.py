"""Samarkand Market's screens in Chromium, phones at 390x844 (and 360 px), the table screen
at 1280x800 and 1920x1080, in English and in French: the bid count said once on a phone and
no empty card under its bid box; an empty bid refused with the real minimum; a phone gone
away while bids are due told on the table screen without telling who has bid; a bid the host
undid explained on its phone; the reveal saying how a tie was broken; the cube-return fields
in a grid; the table screen fitting during play, with the rules at a glance; at the end, a
phone's place and how its money was made first, nothing "secret" or only play needs, and a
game ended at once a win shared and said so.

The physical table's cubes and cards are the test's (it types what the host would), so
every lot is known; the decisions not made on a page are made through the session.
"""

from __future__ import annotations

import random

import pytest
from browser_rig import (
    NEEDED,
    PHONE_SIZES,
    TABLE_SIZES,
    Pages,
    T,
    answered,
    in_first_screen,
    join,
    log_in,
    page_scrolls,
    served,
    wait_on,
)
from market_driver import LETTER
from test_market_browser import refused, text
from web_rig import PIN, make_appliance

from companion.core.game import Event
from companion.core.registry import game_spec

pytestmark = NEEDED
PHONE = (390, 844)
NAMES = ("Ana", "Ben", "Cy")
CARDS = (
    "Saffron: KKKKKKKKKK=90",
    "Lapis: KKKKKKKKK=80",
    "Silk: KKKKKKKK=70",
    "Amber: KKKKKKK=60",
    "Indigo: KKKKKK=50",
)
"""Cards nobody can sell to: the lots below hold no black cube."""
LOTS = ("YYB", "BRRG", "YBRGG")
LANGUAGES = ("en-GB", "fr-FR")
WORDS = {
    "en-GB": {
        "none in": "0 of 3 bids are in",
        "one in": "1 of 3 bids is in",
        "at least": "enter a bid of at least 5 piasters",
        "cy out": "A phone is disconnected: Cy. If the bids wait on it, the host can hand the seat "
        "to a bot or move it to another phone.",
        "undone": "The host undid your bid: seal a bid again.",
        "tie": "Tie at 11: {ana}, Ben pick in that order (equal bids go clockwise from the start player)",
        "you": "Ana (you)",
        "money": ("{n} piaster", "{n} piasters"),
        "won": "You win with {points}",
        "shared": "You share the win with {points}",
        "placed": "You are {place} with {points}",
        "ordinals": ("1st", "2nd", "3rd"),
        "start": "Start: {money}",
        "paid": "Bids paid: −{money}",
        "earned": "Sales: +{money}",
        "cubes": (
            "{n} cube left (a tie on money goes to the most)",
            "{n} cubes left (a tie on money goes to the most)",
        ),
        "all of us": "{ana}, Seat 2 and Seat 3",
        "counts": "{ana} 0, Seat 2 0, Seat 3 0",
        "shared tie": "{names} have 75 piasters each: cubes left ({counts}) do not break every tie, so "
        "equal players share their place",
        "lot sizes": "Lots each round: 3, 3, 4, 4 and 5 cubes",
    },
    "fr-FR": {
        "none in": "0 enchère sur 3 est faite",
        "one in": "1 enchère sur 3 est faite",
        "at least": "saisissez une enchère d'au moins 5 piastres",
        "cy out": "Un téléphone est déconnecté : Cy. Si les enchères l'attendent, l'hôte peut confier "
        "la place à un robot ou la passer à un autre téléphone.",
        "undone": "L'hôte a annulé votre enchère : mettez de nouveau une enchère sous pli.",
        "tie": "Égalité à 11 : {ana}, Ben choisissent dans cet ordre (à enchères égales, on part du "
        "premier joueur dans le sens horaire)",
        "you": "Ana (vous)",
        "money": ("{n} piastre", "{n} piastres"),
        "won": "Vous gagnez avec {points}",
        "shared": "Vous partagez la victoire avec {points}",
        "placed": "Vous êtes {place} avec {points}",
        "ordinals": ("1er", "2e", "3e"),
        "start": "Départ : {money}",
        "paid": "Enchères payées : −{money}",
        "earned": "Ventes : +{money}",
        "cubes": (
            "{n} cube restant (une égalité d'argent va au plus grand nombre)",
            "{n} cubes restants (une égalité d'argent va au plus grand nombre)",
        ),
        "all of us": "{ana}, Place 2 et Place 3",
        "counts": "{ana} 0, Place 2 0, Place 3 0",
        "shared tie": "{names} ont 75 piastres chacun : les cubes restants ({counts}) ne départagent pas "
        "tout le monde, les joueurs à égalité partagent donc leur place",
        "lot sizes": "Lots à chaque manche : 3, 3, 4, 4 et 5 cubes",
    },
}
PLAY_ONLY = ("#round", "#final-round", "#phones-out", "#bids-box", "#markets", "#lots")
"""What only play needs, on the phone and the table screen (a section, or the part of one)."""


@pytest.fixture
def physical(tmp_path):
    """Three seats, Ana the start player; the host (the test) types the cards and cubes."""
    appliance = make_appliance(tmp_path, bots=False, seed=3)
    appliance.new_game({**game_spec("market").setup(3), "start": 0}, mode="physical", game="market")
    yield from served(appliance, PIN)


@pytest.fixture
def digital(tmp_path):
    appliance = make_appliance(tmp_path, bots=False, seed=5)
    appliance.new_game(game_spec("market").setup(3), game="market")
    yield from served(appliance, PIN)


def seated(browser, table, locale: str = "en-GB", names=("Ana",)):
    """Pages on the served ``table`` (a fixture's server and appliance), and a phone at
    390x844 joined in each seat of ``names``: ``(pages, appliance, phones)``."""
    pw, chromium = browser
    srv, appliance = table
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    phones = [pages.open(locale=locale, size=PHONE) for _ in names]
    for seat, (page, name) in enumerate(zip(phones, names)):
        join(page, seat, name)
    return pages, appliance, phones


def host_console(pages: Pages, locale: str):
    host = pages.open("/host", phone=False, locale=locale)
    log_in(host, PIN)
    return host


def typed(appliance, *cards: str) -> None:
    for card in cards:
        appliance.call(lambda now, card=card: appliance.session.enter(card, now))


def drawn(appliance, *lots: str) -> None:
    """Each lot's cubes, drawn from the bag as colour letters."""
    for letter in "".join(lots):
        appliance.call(lambda now, colour=LETTER[letter]: appliance.session.enter_card(colour, now))


def act(appliance, seat: int, kind: str, **data) -> None:
    appliance.call(lambda now: appliance.session.act(Event(kind, seat, data), now))


def seal(page, amount: str) -> None:
    page.fill("#bid-amount", amount)
    with answered(page, "/api/act") as response:
        page.click("#seal-bid")
    assert response.value.ok, response.value.status


def visible_text(page) -> str:
    return page.evaluate("() => document.querySelector('main').innerText")


def empty_cards(page) -> list[str]:
    """The cards shown with nothing in them."""
    return page.evaluate("""() => [...document.querySelectorAll('.card')]
        .filter((c) => c.offsetParent !== null && !c.innerText.trim()).map((c) => c.outerHTML)""")


@pytest.mark.parametrize("locale", LANGUAGES)
def test_a_round_of_bids_on_the_phones_and_the_table_screen(browser, physical, locale):
    w = WORDS[locale]
    pages, appliance, phones = seated(browser, physical, locale, NAMES)
    ana, ben, cy = phones
    table = pages.open("/table", phone=False, locale=locale, size=TABLE_SIZES[0])
    host = host_console(pages, locale)
    typed(appliance, *CARDS[:3])
    drawn(appliance, *LOTS)
    for page in phones:
        page.wait_for_selector("#seal-bid", timeout=T)

    # the count of bids is said once on a phone, and no card stands empty under the bid box
    table.wait_for_selector(f"#bids >> text={w['none in']}", timeout=T)
    for page in (ana, table):
        assert visible_text(page).count(w["none in"]) == 1, visible_text(page)
    assert empty_cards(ana) == [] and empty_cards(table) == []

    # an empty bid is refused with the real minimum
    ana.fill("#bid-amount", "")
    ana.click("#seal-bid")
    refused(pages, ana, w["at least"])

    # Cy's phone goes away: the table says so, and the same once the host bids for him
    assert table.is_hidden("#phones-out")
    cy.context.close()
    wait_on(table, lambda: appliance.disconnected() == {2}, "Cy's phone to be seen gone")
    table.wait_for_selector("#phones-out:not([hidden])", timeout=T)
    assert text(table, "#phones-out") == w["cy out"] and table.is_hidden("#seat-alert")
    act(appliance, 2, "bid", amount=7)
    table.wait_for_selector(f"#bids >> text={w['one in']}", timeout=T)
    assert text(table, "#phones-out") == w["cy out"] and text(ana, "#phones-out") == w["cy out"]

    # the host undoes Ana's bid: her phone says why the form came back
    seal(ana, "11")
    ana.wait_for_selector("#bid-box .secret", timeout=T)
    with answered(host, "/api/host/undo"):
        host.click(".controls [data-command=undo]:not([data-to-person])")
    ana.wait_for_selector("#bid-undone", timeout=T)
    assert text(ana, "#bid-undone") == w["undone"] and ben.locator("#bid-undone").count() == 0
    seal(ana, "11")
    ana.wait_for_selector("#bid-box .secret", timeout=T)
    assert ana.locator("#bid-undone").count() == 0

    # Ana and Ben bid 11: the reveal says how their tie was broken
    seal(ben, "11")
    table.wait_for_selector("#bids .tie-break", timeout=T)
    assert text(table, "#bids .tie-break") == w["tie"].format(ana="Ana")
    ana.wait_for_selector("#bids .tie-break", timeout=T)
    assert text(ana, "#bids .tie-break") == w["tie"].format(ana=w["you"])
    assert table.is_hidden("#phones-out")
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


def test_the_cube_return_fields_line_up_in_columns_on_a_phone(browser, physical):
    """Ana over the cube limit with four colours: at 390 and 360 px, the chips, the colours
    and the fields each in a column, every field inside the screen."""
    pages, appliance, (ana,) = seated(browser, physical)
    for cards in (CARDS[:3], CARDS[3:4], CARDS[4:5]):  # three rounds
        typed(appliance, *cards)
        drawn(appliance, *LOTS)
        for seat, amount in enumerate((20, 10, 5)):
            act(appliance, seat, "bid", amount=amount)
        act(appliance, 0, "pick", lot=2)
        act(appliance, 1, "pick", lot=1)
    ana.wait_for_selector("#return-cubes", timeout=T)
    for width, height in PHONE_SIZES:
        ana.set_viewport_size({"width": width, "height": height})
        rows = ana.evaluate("""() => ['.chip', 'label', 'input'].map((part) =>
            [...document.querySelectorAll('#discard-form ' + part)].map((e) => {
              const r = e.getBoundingClientRect();
              return [r.left, r.right, (r.top + r.bottom) / 2];
            }))""")
        chips, labels, fields = rows
        assert len(chips) == len(labels) == len(fields) == 4, rows
        for column in rows:
            assert len({round(left) for left, _, _ in column}) == 1, (width, column)  # one column
        for chip, label, field in zip(*rows):
            assert abs(chip[2] - field[2]) < 4 and abs(label[2] - field[2]) < 4  # one line
            assert chip[1] <= label[0] and label[1] <= field[0] and field[1] <= width
        assert ana.evaluate("document.documentElement.scrollWidth") <= width
    assert text(ana, "#discard-form label >> nth=0").startswith("yellow (3)")
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


def play_until(appliance, stop=lambda state: False) -> None:
    """Every seat's decisions made by a bot, through the session, until ``stop`` says so or
    the game is over."""
    spec = game_spec("market")
    bot = spec.bots[spec.default_style(0)](random.Random(1))

    def play(now: int) -> None:
        session = appliance.session
        while not session.game.is_over(session.state) and not stop(session.state):
            seat = session.game.to_act(session.state)[0]
            session.act(bot.decide(session.game.seat_view(session.state, seat), seat), now)

    appliance.call(play)


def counted(locale: str, key: str, n: int, **params) -> str:
    """WORDS[locale][key]'s form for ``n`` (French says "0 cube", English "0 cubes")."""
    many = n > 1 if locale.startswith("fr") else n != 1
    return WORDS[locale][key][many].format(n=n, **params)


def placed(locale: str, place: int, shared: bool, money: int) -> str:
    """The results screen's first line on a phone: the player's place and money."""
    w = WORDS[locale]
    points = counted(locale, "money", money)
    if place == 1:
        return (w["shared"] if shared else w["won"]).format(points=points)
    return w["placed"].format(place=w["ordinals"][place - 1], points=points)


@pytest.mark.parametrize("locale", LANGUAGES)
def test_at_the_end_a_phone_shows_its_place_and_how_its_money_was_made_first(browser, digital, locale):
    """No longer "secret", nothing only play needs: the place and the money first, told as
    the start, the bids paid, the sales and the cubes left."""
    w = WORDS[locale]
    pages, appliance, (ana,) = seated(browser, digital, locale)
    ana.wait_for_selector("#my-money:visible", timeout=T)
    play_until(appliance)
    result = appliance.session.game.result(appliance.session.state)
    mine = result.breakdown["players"][0]
    ana.wait_for_selector("#results:not([hidden])", timeout=T)
    assert text(ana, "#results-title") == placed(
        locale, mine["place"], result.places.count(1) > 1, mine["money"]
    )
    assert ana.locator("#results-mine li").all_text_contents() == [
        w["start"].format(money=counted(locale, "money", 75)),
        w["paid"].format(money=counted(locale, "money", mine["paid"])),
        w["earned"].format(money=counted(locale, "money", mine["earned"])),
        counted(locale, "cubes", mine["cubes"]),
    ]
    assert in_first_screen(ana, "#results-title") and in_first_screen(ana, "#results-mine")
    assert "secret" not in visible_text(ana) and ana.is_hidden("#my-money")
    for part in (*PLAY_ONLY, "#bid-box", "#pick-box", "#sell-box", "#discard-box"):
        assert ana.is_hidden(part), part
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


@pytest.mark.parametrize("locale", LANGUAGES)
def test_a_game_the_host_ends_during_the_bids_is_a_win_shared_and_said_so(browser, digital, locale):
    """Ended before anyone has bid, everyone has 75 piasters and no cube: the tie is said and
    shared; the bid box is gone from the phone, and so is the table's game."""
    w = WORDS[locale]
    pages, _appliance, (ana,) = seated(browser, digital, locale)
    table = pages.open("/table", phone=False, locale=locale, size=TABLE_SIZES[0])
    host = host_console(pages, locale)
    ana.wait_for_selector("#seal-bid", timeout=T)
    with answered(host, "/api/host/end"):
        host.click(".controls [data-command=end]")
    for page, ana_is in ((ana, w["you"]), (table, "Ana")):
        page.wait_for_selector("#results:not([hidden])", timeout=T)
        assert page.locator("#results-ties li").all_text_contents() == [
            w["shared tie"].format(
                names=w["all of us"].format(ana=ana_is), counts=w["counts"].format(ana=ana_is)
            )
        ]
    assert text(ana, "#results-title") == placed(locale, 1, True, 75)
    assert ana.is_hidden("#bid-box") and ana.is_hidden("#bids-box") and table.is_hidden("#markets")
    assert table.locator("#results-players .standing").count() == 3
    assert page_scrolls(table) == []
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


@pytest.mark.parametrize("locale", LANGUAGES)
def test_the_table_screen_fits_during_play_and_gives_the_rules_at_a_glance(browser, tmp_path, locale):
    """Five players, the bids of round 5 coming in, then round 6's five bids revealed: at
    1280x800 and 1920x1080 nothing scrolls but the log; the rules at a glance give the lots'
    sizes and the current cards, on the table screen and on a phone."""
    appliance = make_appliance(tmp_path, bots=False, seed=11)
    appliance.new_game(game_spec("market").setup(5), game="market")
    for served_table in served(appliance, PIN):
        w = WORDS[locale]
        pages, appliance, (ana,) = seated(browser, served_table, locale)
        tables = [pages.open("/table", phone=False, locale=locale, size=size) for size in TABLE_SIZES]
        for stop, shown in (
            (lambda s: s.round == 5 and s.phase == "bidding", "#bids .bids-in"),
            (lambda s: s.round == 6 and s.phase == "picking", "#bids .reveal .bid >> nth=4"),
        ):
            play_until(appliance, stop)
            for table in tables:
                table.wait_for_selector(shown, timeout=T)
                assert page_scrolls(table) == [], table.viewport_size
                assert table.evaluate(
                    "document.querySelector('#log').parentElement.scrollHeight > "
                    "document.querySelector('#log').parentElement.clientHeight"
                )  # the log scrolls
        cards = [card.name for card in appliance.session.state.markets]
        for page in (tables[0], ana):
            page.click("#glance summary")
            body = text(page, "#glance-body")
            assert w["lot sizes"] in body and all(name in body for name in cards), body
        assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
