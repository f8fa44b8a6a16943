"""Issue 23's rough edges of Samarkand in Chromium, phones at 390×844, in English and in
French: a 1998 game where the chip to move is chosen in the sale itself, the cards are
named as cards, a phone before placing says "not placed yet" alone, a player with no
piasters is told what each space would really cost, an uneven trade is flagged before it
is sent, the cut to 12 is a count per kind, and the French log agrees with its goods. The
game is dealt by the companion; the test sets the hands, money, chips and supply it needs
between the decisions (on the runner's thread)."""

from __future__ import annotations

import pytest
from browser_rig import NEEDED, T, answered, host_console, served, wait_on
from samarkand_pages import two_phones
from web_rig import PIN, make_appliance

from companion.core.registry import game_spec

pytestmark = NEEDED
WORDS = {
    "en-GB": {
        "nowhere": "not placed yet",
        "at": "at ",
        "goods": ["4× grain", "fruit"],
        "chip": "the chip moves from carpets to grain",
        "no_sale": "cannot sell: show goods, nothing to pay",
        "no_roll": "Rolling costs 5: you have 0",
        "uneven": "You take 1 and give 0: a trade is 1 for 1",
        "no_gift": "no gift and no piasters: nothing to pay",
        "chosen": "2 of 2 chosen",
        "drawn": "1 grain drawn for Camp 4",
    },
    "fr-FR": {
        "nowhere": "pas encore placé",
        "at": "sur ",
        "goods": ["4× céréales", "fruits"],
        "chip": "la pastille passe de tapis à céréales",
        "no_sale": "aucune vente possible : montrer ses marchandises, rien à payer",
        "no_roll": "Lancer le dé coûte 5 : vous avez 0",
        "uneven": "Vous prenez 1 et donnez 0 : un échange se fait 1 contre 1",
        "no_gift": "ni cadeau ni piastres : rien à payer",
        "chosen": "2 sur 2 choisies",
        "drawn": "Tirage pour Camp 4 : 1 céréale",
    },
}


@pytest.fixture
def server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(game_spec("samarkand").setup(2, {"edition": "1998"}), game="samarkand")
    yield from served(appliance, PIN)


def change(appliance, how) -> None:
    """Change the game's state on the runner's thread (the next decision shows it)."""
    appliance.call(lambda _now: how(appliance.session.state))


def clicked(page, selector: str) -> None:
    with answered(page, "/api/act"):
        page.click(selector, timeout=T)


@pytest.mark.parametrize("locale", WORDS)
def test_a_1998_game_on_the_phones_rough_edges(browser, server, locale):
    appliance = server[1]
    words = WORDS[locale]
    state = lambda: appliance.session.state  # noqa: E731
    pages, ana, ben = two_phones(browser, server, locale)

    # before placing: "not placed yet", not "at not placed yet"
    ana.locator("button[data-place=camp2]").wait_for(timeout=T)
    assert ana.inner_text("#me p:last-child") == words["nowhere"]
    clicked(ana, "button[data-place=camp2]")
    clicked(ben, "button[data-place=camp2]")

    # 1998's cards by name; both chips on the board: each sale names the chip it moves
    def to_sell(s):
        s.hands[0], s.chips = {"yellow": 4, "green": 1}, ["red", "blue"]
        s.hands[1], s.money[1] = {}, 0

    change(appliance, to_sell)
    clicked(ana, "button[data-move=isfahan]")
    sales = ana.locator("#controls button[data-sale]")
    sales.first.wait_for(timeout=T)
    goods = ana.inner_text("#goods")
    assert all(w in goods for w in words["goods"]) and "Y" not in goods.split()
    assert sales.count() == 6 and ana.locator("#controls button[data-chip]").count() == 6  # 3 sales × 2 chips
    four = ana.locator("#controls button[data-chip=blue]", has_text="20")
    assert words["chip"] in four.inner_text()
    with answered(ana, "/api/act"):
        four.click()
    assert state().chips == ["red", "yellow"] and state().money[0] == 220

    # no piasters: the city would cost nothing (1998), the die cannot be rolled, and why
    move = ben.locator("button[data-move=isfahan]")
    move.wait_for(timeout=T)
    assert words["no_sale"] in move.inner_text()
    assert ben.inner_text("#no-roll") == words["no_roll"]

    def to_trade(s):
        s.hands[0].update({"red": 2, "white": 1})
        s.camps[s.camp_index("camp4")] = {"yellow": 1, "green": 1}

    change(appliance, to_trade)
    with answered(ben, "/api/act"):
        move.click()

    # an uneven trade is flagged and cannot be sent; even, it goes
    clicked(ana, "button[data-move=camp4]")
    clicked(ana, "button[data-gift=red]")
    ana.click("#trade-take button[data-kind=yellow][data-more]", timeout=T)
    ana.wait_for_selector(f"#trade-uneven >> text={words['uneven']}", timeout=T)
    assert ana.is_disabled("#trade-go")
    ana.click("#trade-give button[data-kind=red][data-more]")
    ana.wait_for_selector("#trade-uneven", state="hidden", timeout=T)
    clicked(ana, "#trade-go")
    assert state().hands[0] == {"green": 1, "white": 1, "yellow": 1}
    clicked(ana, "#done")

    # a camp with no gift and no piasters costs nothing; the deck runs out: Ana cuts to
    # 12 with a count per kind, and the good drawn for the camp is said in agreement
    move = ben.locator("button[data-move=camp4]")
    move.wait_for(timeout=T)
    assert words["no_gift"] in move.inner_text()

    def run_out(s):
        s.hands[0], s.supply = {"yellow": 10, "black": 4}, {}

    change(appliance, run_out)
    with answered(ben, "/api/act"):
        move.click()
    more = ana.locator("#controls button[data-more]")
    more.first.wait_for(timeout=T)
    assert more.count() == 2 and ana.locator("#controls .sk-count-row").count() == 2
    assert ana.is_disabled("#give-back")
    for _ in range(2):
        ana.click("#controls button[data-kind=yellow][data-more]")
    ana.wait_for_selector(f"#chosen-count >> text={words['chosen']}", timeout=T)
    clicked(ana, "#give-back")
    wait_on(ana, lambda: state().phase == "trade", "the draw for Camp 4 after the cut")
    assert state().hands[0] == {"yellow": 8, "black": 4}
    for page in (ana, ben):
        page.wait_for_selector(f"#log >> text={words['drawn']}", timeout=T)
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


@pytest.fixture
def physical_1998(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(
        game_spec("samarkand").setup(2, {"edition": "1998"}), mode="physical", game="samarkand"
    )
    yield from served(appliance, PIN)


@pytest.mark.parametrize(("locale", "cards"), [("en-GB", "grain"), ("fr-FR", "céréales")])
def test_a_1998_draw_is_entered_by_its_cards_names_not_by_colours(browser, physical_1998, locale, cards):
    """The host holds a card that says "grain": its button says so too (2.0 says yellow)."""
    _pages, host = host_console(browser, physical_1998[0], PIN, locale)
    host.wait_for_selector("#card-box:not([hidden]) #card-buttons button", timeout=T)
    labels = host.locator("#card-buttons button").all_text_contents()
    assert any(label.startswith(cards) for label in labels), labels
    assert not any(label.startswith(("yellow", "jaune")) for label in labels), labels
