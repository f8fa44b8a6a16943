"""Samarkand Market's screens in Chromium, phones at 390x844 (and 360 px), the table screen
at 1280x800: the bid count said once on a phone and no empty card under its bid box; an
empty bid refused with the real minimum; a phone gone away while bids are due told on the
table screen without telling who has bid; a bid the host undid explained on its phone; the
reveal saying how a tie was broken; the cube-return fields in a grid; at the end, a phone's
money no longer "secret" and the parts only play needs marked ``in-play``.

The cubes and cards are the test's (a physical table: the test types what the host would),
so every lot is known; the decisions not made on a page are made through the session.
"""
from __future__ import annotations

import random

import pytest

from browser_rig import NEEDED, T, Pages, answered, join, log_in, served, wait_on
from companion.core.game import Event
from companion.core.registry import game_spec
from market_driver import LETTER
from test_market_browser import refused, text
from web_rig import PIN, make_appliance

pytestmark = NEEDED
PHONE = {"width": 390, "height": 844}
TABLE = {"width": 1280, "height": 800}
NAMES = ("Ana", "Ben", "Cy")
CARDS = ("Saffron: KKKKKKKKKK=90", "Lapis: KKKKKKKKK=80", "Silk: KKKKKKKK=70", "Amber: KKKKKKK=60",
         "Indigo: KKKKKK=50")
"""Cards nobody can sell to: the lots below hold no black cube."""
LOTS = ("YYB", "BRRG", "YBRGG")
LANGUAGES = ("en-GB", "fr-FR")
WORDS = {
    "en-GB": {
        "none in": "0 of 3 bids are in", "one in": "1 of 3 bids is in",
        "at least": "enter a bid of at least 5 piasters",
        "cy out": "A phone is disconnected: Cy. If the bids wait on it, the host can hand the seat "
                  "to a bot or move it to another phone.",
        "undone": "The host undid your bid: seal a bid again.",
        "tie": "Tie at 11: {ana}, Ben pick in that order (equal bids go clockwise from the start player)",
        "you": "Ana (you)", "money": "{n} piasters",
    },
    "fr-FR": {
        "none in": "0 enchère sur 3 est faite", "one in": "1 enchère sur 3 est faite",
        "at least": "saisissez une enchère d'au moins 5 piastres",
        "cy out": "Un téléphone est déconnecté : Cy. Si les enchères l'attendent, l'hôte peut confier "
                  "la place à un robot ou la passer à un autre téléphone.",
        "undone": "L'hôte a annulé votre enchère : mettez de nouveau une enchère sous pli.",
        "tie": "Égalité à 11 : {ana}, Ben choisissent dans cet ordre (à enchères égales, on part du "
               "premier joueur dans le sens horaire)",
        "you": "Ana (vous)", "money": "{n} piastres",
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


def typed(appliance, *cards: str) -> None:
    for card in cards:
        appliance.call(lambda now, card=card: appliance.session.enter(card, now))


def drawn(appliance, *lots: str) -> None:
    """Each lot's cubes, drawn from the bag as colour letters."""
    for letter in "".join(lots):
        appliance.call(lambda now, colour=LETTER[letter]: appliance.session.enter_card(colour, now))


def act(appliance, seat: int, kind: str, **data) -> None:
    appliance.call(lambda now: appliance.session.act(Event(kind, seat, data), now))


def phone(pages: Pages, locale: str = "en-GB", width: int = 390):
    page = pages.open(width=width, locale=locale)
    page.set_viewport_size({**PHONE, "width": width})
    return page


def table_screen(pages: Pages, locale: str = "en-GB"):
    page = pages.open("/table", phone=False, locale=locale)
    page.set_viewport_size(TABLE)
    return page


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
    pw, chromium = browser
    srv, appliance = physical
    w = WORDS[locale]
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana, ben, cy = phones = [phone(pages, locale) for _ in NAMES]
    for seat, (page, name) in enumerate(zip(phones, NAMES)):
        join(page, seat, name)
    table = table_screen(pages, locale)
    host = pages.open("/host", phone=False, locale=locale)
    log_in(host, PIN)
    typed(appliance, *CARDS[:3])
    drawn(appliance, *LOTS)
    for page in phones:
        page.wait_for_selector("#seal-bid", timeout=T)

    # the count of bids is said once on a phone, and no card stands empty under the bid box
    assert visible_text(ana).count(w["none in"]) == 1, visible_text(ana)
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
    pw, chromium = browser
    srv, appliance = physical
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana = phone(pages)
    join(ana, 0, "Ana")
    for cards in (CARDS[:3], CARDS[3:4], CARDS[4:5]):        # three rounds
        typed(appliance, *cards)
        drawn(appliance, *LOTS)
        for seat, amount in enumerate((20, 10, 5)):
            act(appliance, seat, "bid", amount=amount)
        act(appliance, 0, "pick", lot=2)
        act(appliance, 1, "pick", lot=1)
    ana.wait_for_selector("#return-cubes", timeout=T)
    for width in (390, 360):
        ana.set_viewport_size({**PHONE, "width": width})
        rows = ana.evaluate("""() => ['.chip', 'label', 'input'].map((part) =>
            [...document.querySelectorAll('#discard-form ' + part)].map((e) => {
              const r = e.getBoundingClientRect();
              return [r.left, r.right, (r.top + r.bottom) / 2];
            }))""")
        chips, labels, fields = rows
        assert len(chips) == len(labels) == len(fields) == 4, rows
        for column in rows:
            assert len({round(left) for left, _, _ in column}) == 1, (width, column)   # one column
        for chip, label, field in zip(*rows):
            assert abs(chip[2] - field[2]) < 4 and abs(label[2] - field[2]) < 4    # one line
            assert chip[1] <= label[0] and label[1] <= field[0] and field[1] <= width
        assert ana.evaluate("document.documentElement.scrollWidth") <= width
    assert text(ana, "#discard-form label >> nth=0").startswith("yellow (3)")
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


def play_to_the_end(appliance) -> None:
    """Every seat's decisions made by a bot, through the session, until the game is over."""
    spec = game_spec("market")
    bot = spec.bots[sorted(spec.bots)[0]](random.Random(1))

    def play(now: int) -> None:
        session = appliance.session
        while not session.game.is_over(session.state):
            seat = session.game.to_act(session.state)[0]
            session.act(bot.decide(session.game.seat_view(session.state, seat), seat), now)
    appliance.call(play)


@pytest.mark.parametrize("locale", LANGUAGES)
def test_at_the_end_a_phone_shows_its_money_as_public_and_marks_what_only_play_needs(browser, digital, locale):
    pw, chromium = browser
    srv, appliance = digital
    w = WORDS[locale]
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    ana = phone(pages, locale)
    join(ana, 0, "Ana")
    table = table_screen(pages, locale)
    table.wait_for_selector("#players >> text=★", timeout=T)
    play_to_the_end(appliance)
    money = appliance.session.state.money[0]
    ana.wait_for_selector(f"#my-money >> text={w['money'].format(n=money)}", timeout=T)
    assert text(ana, "#my-money") == w["money"].format(n=money)          # no longer "secret"
    for page in (ana, table):
        for part in PLAY_ONLY:
            assert page.evaluate(f"document.querySelector('{part}').closest('.in-play') !== null"), part
    for part in ("#bid-box", "#pick-box", "#sell-box", "#discard-box"):
        assert ana.evaluate(f"document.querySelector('{part}').classList.contains('in-play')"), part
    table.wait_for_selector(f"#players >> text={money}", timeout=T)     # money shown: over
    assert "★" not in text(table, "#players")                # no start player once it is over
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
