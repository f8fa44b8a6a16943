"""Bazaar in a real browser: Debian's chromium driven by Playwright, three phones, the table
screen and the host console, all in English or all in French (the phones' own language).

The host starts a physical game from the console and types the two exchange cards and the
four wares into its entry form, and clicks each die face as it is rolled at the table. Ben
chooses his first cube's colour after a wild roll; Ana trades on her phone (after the
planner's advice), Ben rolls, Cy buys a ware and sees its score; Ana then ends a turn over
10 cubes and Ben, the player to her left, chooses on his phone which cubes she returns.
Every request that would leave the server is failed and counted. Each language's own words
are checked where a player reads them: the planner's advice, a greyed equation's why, a
purchase's score, the discard, the log, the host's prompts, draw buttons and refusals.

Zora and Ben then play a whole digital game on phones, with three bots: Zora's phone
tells her own moves and turns as "you" and names her "Zora (you)" in its lists.
"""

from __future__ import annotations

import os
import random
import re

import pytest
from browser_rig import (
    NEEDED,
    Pages,
    T,
    answered,
    host_console,
    join,
    log_in,
    seated_table,
    served,
    third_person,
    wait_on,
)
from lobby_rig import start_from_lobby
from web_rig import PIN, make_appliance

from companion.core.registry import game_spec
from companion.games.bazaar.bots import Planner
from companion.games.bazaar.view import seat_view

pytestmark = NEEDED
# 0: R = YYYYY  1: Y = GGGGG  2: G = BBBBB  3: W = RR  4: B = WW
# 5: R = YGBW   6: R = WW     7: GG = YB    8: BB = RW  9: YW = G
CARDS = (
    "R = YYYYY; Y = GGGGG; G = BBBBB; W = RR; B = WW",
    "1 red = 1 blue + 1 green + 1 yellow + 1 white; R = 2W; GG = YB; BB = RW; YW = G",
)
WARES = ("GGGGG", "RRBBW*", "YYGGR", "BBBBW")
SAYS = {
    "en-GB": {
        "entry": "Exchange card {n} of 2",
        "ware entry": "Stall {n}: type the ware card",
        "undone": "Undone: An exchange card is in play: R = YYYYY",
        "refused": "the two sides of an equation share no colour: blue is on both sides",
        "faces": {"red": "red", "wild": "wild", "yellow": "yellow", "blue": "blue", "green": "green"},
        "headings": ("Typing the cards", "Stalls", "Wares"),
        "die awaited": "Waiting for the host to enter the draw: die",
        "to play": "{name} to roll or trade",
        "not yours": "It is Ana's turn",
        "your turn": "Your turn: roll or trade",
        "you did": "You ",
        "called": "Zora (you)",
        "advice": "Trade 1 red → 1 yellow + 1 green + 1 blue + 1 white now: GGGGG (stall 1) in 2 turns, "
        "this one counted, for 1 point",
        "why": "You need 1 yellow to give (you have 0) · You need 5 green to give (you have 0)",
        "trades": "Ana trades",
        "rolls": "Ben rolls red",
        "buy": "Buy: 5 points",
        "score": "5 points · 1 ware",
        "bought": "Cy buys from stall 1 with 0 left: 5 points",
        "chooses": "Ben chooses 3 of Ana's cubes to return",
        "send": "Return 3 cubes",
        "returns": "Ben returns Ana's cubes",
    },
    "fr-FR": {
        "entry": "Carte d'échange {n} sur 2",
        "ware entry": "Étal {n} : tapez la carte marchandise",
        "undone": "Annulé : Une carte d'échange est en jeu : R = YYYYY",
        "refused": "les deux côtés d'une équation n'ont aucune couleur en commun : bleu est des deux côtés",
        "faces": {"red": "rouge", "wild": "joker", "yellow": "jaune", "blue": "bleu", "green": "vert"},
        "headings": ("Saisir les cartes", "Étals", "Marchandises"),
        "die awaited": "En attente de l'hôte, qui saisit le tirage : dé",
        "to play": "À {name} de lancer le dé ou d'échanger",
        "not yours": "C'est à Ana de jouer",
        "your turn": "À vous de jouer : lancez le dé ou échangez",
        "you did": "Vous ",
        "called": "Zora (vous)",
        "advice": "Échangez 1 rouge → 1 jaune + 1 vert + 1 bleu + 1 blanc maintenant : GGGGG (étal 1) "
        "en 2 tours, celui-ci compris, pour 1 point",
        "why": "Il vous faut 1 jaune à donner (vous en avez 0) · Il vous faut 5 verts à donner (vous en avez 0)",
        "trades": "Ana échange",
        "rolls": "Ben fait rouge au dé",
        "buy": "Acheter : 5 points",
        "score": "5 points · 1 marchandise",
        "bought": "Cy achète à l'étal 1, il lui reste 0 cube : 5 points",
        "chooses": "Ben choisit 3 cubes à rendre pour Ana",
        "send": "Remettre 3 cubes",
        "returns": "Ben a choisi les cubes rendus par Ana",
    },
}


@pytest.fixture
def table_server(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(game_spec("bazaar").setup(3), game="bazaar")
    yield from served(appliance, PIN)


def type_card(host, text: str) -> None:
    """The host types a card and waits for the answer: a late answer must not meet the next card."""
    host.wait_for_selector("#entry-form:not([hidden])", timeout=T)
    host.fill("#entry-value", text)
    with answered(host, "/api/host/entry"):
        host.click("#entry-form button[type=submit]")


# the answers to the host's cards held 1.5 s in the page: the stream's next prompt comes first
HELD_ANSWERS = """(() => {
  const fetched = window.fetch.bind(window);
  window.heldAnswers = 0;
  window.fetch = (resource, options) => fetched(resource, options).then((answer) =>
    !String(resource).endsWith("/api/host/entry") ? answer
      : new Promise((later) => setTimeout(() => { window.heldAnswers += 1; later(answer); }, 1500)));
})();"""


def test_the_card_the_host_has_begun_typing_outlives_the_answer_to_the_last(browser, tmp_path):
    """The host sends the first exchange card; the prompt for the second comes by the stream
    before the answer, and the host starts typing it: the late answer leaves it in the field."""
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(game_spec("bazaar").setup(3, {"cards": "entered"}), game="bazaar")
    for srv, _ in served(appliance, PIN):
        pw, chromium = browser
        pages = Pages(pw, chromium, srv.url.rstrip("/"))
        host = pages.open("/host", phone=False, init_script=HELD_ANSWERS)
        log_in(host, PIN)
        host.wait_for_selector("#entry-form:not([hidden])", timeout=T)
        assert host.locator("#bz-typing-help").is_visible()  # how a card is typed, while it is
        host.fill("#entry-value", CARDS[0])
        host.click("#entry-form button[type=submit]")
        waits_for(host, SAYS["en-GB"]["entry"].format(n=2), "#entry-title")
        assert host.evaluate("() => window.heldAnswers") == 0  # the prompt came first
        host.fill("#entry-value", CARDS[1][:20])  # half typed
        host.wait_for_function("() => window.heldAnswers === 1", timeout=T)
        assert host.input_value("#entry-value") == CARDS[1][:20]
        assert pages.errors == []


def face(host, says: dict, name: str) -> None:
    """The host clicks the die face the table rolled, by its name in the console's language."""
    host.locator("#card-buttons button", has_text=says["faces"][name]).first.click(timeout=T)


def waits_for(page, text: str, where: str = "body") -> None:
    page.locator(where, has_text=text).first.wait_for(timeout=T)


@pytest.mark.parametrize("locale", list(SAYS))
def test_a_roll_a_trade_a_purchase_and_the_left_neighbours_discard_on_three_phones(
    browser, table_server, locale
):
    says = SAYS[locale]
    pw, chromium = browser
    srv, appliance = table_server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    (ana, ben, cy), table, host = seated_table(pages, ["Ana", "Ben", "Cy"], PIN, locale=locale)
    host.wait_for_selector("#new-game", timeout=T)

    # a physical game: the host types the cards into the console
    host.select_option("#new-game select[name=game]", "bazaar")
    host.select_option("select[name=players]", "3")
    host.select_option("select[name=mode]", "physical")  # cards auto: typed here
    host.click("#new-game button[type=submit]")
    start_from_lobby(host)
    wait_on(
        host,
        lambda: appliance.session is not None and appliance.session.match.setup.get("mode") == "physical",
        "the new game",
    )
    waits_for(host, says["headings"][0], "h2")  # how a card is typed, in the host's language
    type_card(host, "R = YYYYY; Y = GGGGG; G = BBBBB; W = RR; B = RW")  # a slip: B = RW for B = WW
    waits_for(host, says["entry"].format(n=2), "#entry-title")
    host.click("[data-command=undo]")  # typed the wrong card
    waits_for(host, says["undone"], "#toast")
    waits_for(host, says["entry"].format(n=1), "#entry-title")
    type_card(host, "R = YYYYY; Y = GGGGG; G = BBBBB; W = RR; B = BW")  # refused, with why
    waits_for(host, says["refused"], "#toast")
    type_card(host, CARDS[0])
    waits_for(host, says["entry"].format(n=2), "#entry-title")
    type_card(host, CARDS[1])
    for stall, ware in enumerate(WARES):
        waits_for(host, says["ware entry"].format(n=stall + 1), "#entry-title")
        type_card(host, ware)
    waits_for(table, says["die awaited"], "#status")  # the four wares are up: the first rolls
    host.locator("h2", has_text=says["headings"][0]).wait_for(state="hidden", timeout=T)  # nothing to type
    rows = table.locator("#bz-stalls .bz-row")
    assert [rows.nth(k).locator(".bz-cube").count() for k in range(4)] == [5] * 4
    assert rows.nth(1).locator(".bz-star").count() == 1

    # the first cubes, rolled at the table: Ben's wild face is his own choice on his phone
    for name in ("red", "wild", "yellow"):
        face(host, says, name)
        if name == "wild":
            ben.locator(".bz-take[data-colour=white]").click(timeout=T)
    waits_for(ana, says["your turn"], "#status")
    assert appliance.session.state.cubes == [[0, 0, 1, 0, 0], [0, 0, 0, 0, 1], [1, 0, 0, 0, 0]]
    assert ben.locator("#bz-trades .bz-trade:not([disabled])").count() == 0  # not his turn
    ben.locator("#bz-trades .bz-why", has_text=says["not yours"]).first.wait_for(state="attached", timeout=T)
    assert not ben.evaluate("document.getElementById('bz-trades-box').open")  # folded: not his turn
    for page, heading in zip((table, ana), says["headings"][1:]):
        waits_for(page, heading, "h2")

    # Ana's turn: the advice, an equation greyed with why, then a trade on her phone
    ana.wait_for_selector("#bz-advice-box:not([hidden])", timeout=T)
    assert ana.text_content("#bz-advice") == says["advice"]
    assert ana.locator("#bz-trades .bz-row").nth(1).locator(".bz-why").text_content() == says["why"]
    ana.locator("#bz-trades .bz-trade[data-equation='0'][data-give=left]").click()
    waits_for(table, says["trades"], "#bz-log")
    waits_for(ben, says["your turn"], "#status")

    # Ben rolls on his phone; the host enters the face the die shows
    ben.click("#bz-roll")
    host.wait_for_selector("#card-box:not([hidden])", timeout=T)
    face(host, says, "red")
    waits_for(table, says["rolls"], "#bz-log")

    # Cy trades Y -> GGGGG and buys the GGGGG ware: no cube left, 5 points
    waits_for(cy, says["your turn"], "#status")
    cy.locator("#bz-trades .bz-trade[data-equation='1'][data-give=left]").click()
    cy.locator(".bz-buy", has_text=says["buy"]).click(timeout=T)
    waits_for(cy, says["score"], "#me")
    type_card(host, "RRRRW")
    waits_for(table, says["bought"], "#bz-log")

    # Ana: Y -> GGGGG (9 cubes), rolls go by, then G -> BBBBB: 13 cubes, 3 over
    waits_for(ana, says["your turn"], "#status")
    ana.locator("#bz-trades .bz-trade[data-equation='1'][data-give=left]").click()
    waits_for(ben, says["your turn"], "#status")
    ben.click("#bz-roll")
    face(host, says, "blue")
    waits_for(cy, says["your turn"], "#status")
    cy.click("#bz-roll")
    face(host, says, "green")
    waits_for(ana, says["your turn"], "#status")
    ana.locator("#bz-trades .bz-trade[data-equation='2'][data-give=left]").click()

    # Ben, to Ana's left, chooses on his phone which three of her cubes go back
    ben.wait_for_selector("#bz-discard-box:not([hidden])", timeout=T)
    if os.environ.get("BAZAAR_SHOTS"):
        ben.screenshot(path=os.environ["BAZAAR_SHOTS"] + "/ben.png", full_page=True)
        table.screenshot(path=os.environ["BAZAAR_SHOTS"] + "/table.png", full_page=True)
        cy.screenshot(path=os.environ["BAZAAR_SHOTS"] + "/cy.png", full_page=True)
        host.screenshot(path=os.environ["BAZAAR_SHOTS"] + "/host.png", full_page=True)
    assert ana.is_hidden("#bz-discard-box") and cy.is_hidden("#bz-discard-box")
    waits_for(table, says["chooses"], "#status")
    assert ben.text_content("#bz-discard-send") == says["send"]  # the default, offered
    chosen = ben.locator("#bz-discard-cubes .bz-toggle.chosen")
    chosen.first.click()  # one fewer: not yet
    assert ben.is_disabled("#bz-discard-send")
    ben.locator("#bz-discard-cubes .bz-toggle:not(.chosen) .bz-yellow").first.click()
    ben.locator("#bz-discard-cubes .bz-toggle:not(.chosen) .bz-yellow").first.click()
    assert ben.is_disabled("#bz-discard-send")  # four: too many
    ben.locator("#bz-discard-cubes .bz-toggle.chosen .bz-blue").first.click()  # keep her blue
    assert ben.text_content("#bz-discard-send") == says["send"]
    ben.click("#bz-discard-send")
    waits_for(table, says["returns"], "#bz-log")
    state = appliance.session.state
    assert state.records[-1]["cubes"] == "YYG" and state.cubes[0] == [2, 3, 0, 5, 0]
    assert state.phase == "act" and state.turn == 1

    assert pages.outside == [], pages.outside
    refused = [e for e in pages.errors if "status of 409" in e]
    assert len(refused) == 1 and len(pages.errors) == 1, pages.errors  # the card refused


# ------------------------------------------------------------------ a phone says "you"
PHONES = ("Zora", "Ben")  # Zora: a name no other word on the page holds


def phone_to_decide(appliance):
    """(seat, state) when a phone's seat is to decide, ("over", state) at the end, else None."""
    session = appliance.session
    state = session.state if session else None
    if state is None:
        return None
    if state.phase == "over":
        return ("over", state)
    phones = [seat for seat in session.game.to_act(state) if seat < len(PHONES)]
    return (phones[0], state) if phones else None


def target(page, event):
    """The button on ``page`` that makes the planner's ``event``, once the page offers it."""
    data = event.data or {}
    selector = {
        "roll": "#bz-roll",
        "done": "#bz-done",
        "discard": "#bz-discard-send:not([disabled])",
        "take": f".bz-take[data-colour={data.get('colour')}]",
        "trade": f"#bz-trades .bz-trade[data-equation='{data.get('equation')}']"
        f"[data-give={data.get('give')}]:not([disabled])",
    }.get(event.kind)
    if event.kind == "buy":
        return page.locator("#bz-wares .bz-row").nth(data["stall"]).locator(".bz-buy")
    return page.locator(selector)


@pytest.fixture
def five_seats(tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(game_spec("bazaar").setup(5), game="bazaar")
    yield from served(appliance, PIN)


@pytest.mark.parametrize("locale", list(SAYS))
def test_a_phone_tells_its_own_player_you_from_the_first_turn_to_the_scores(browser, five_seats, locale):
    """Zora and Ben play on phones (as the planner would) with three bots, to the game's end:
    Zora's phone never names her in the third person, on her turn, on Ben's, after her own
    moves and in the scores; her row in a list is "Zora (you)"."""
    says, language = SAYS[locale], locale[:2]
    srv, appliance = five_seats
    pages, host = host_console(browser, srv, PIN, locale=locale)
    phones = [pages.open(locale=locale) for _ in PHONES]
    for seat, (page, name) in enumerate(zip(phones, PHONES)):
        join(page, seat, name)
    zora = phones[0]
    host.wait_for_selector("#new-game", timeout=T)
    host.select_option("#new-game select[name=game]", "bazaar")
    host.select_option("select[name=players]", "5")
    host.select_option("select[name=mode]", "digital")
    host.click("#new-game button[type=submit]")
    start_from_lobby(host)  # three bots

    planner, moments, own_lines = Planner(random.Random(0)), set(), 0
    while True:
        seat, state = wait_on(zora, lambda: phone_to_decide(appliance), "a phone's turn or the end")
        if seat == "over":
            break
        event = planner.decide(seat_view(state, seat), seat)
        page, button = phones[seat], target(phones[seat], event)
        button.wait_for(timeout=T)  # the page shows this decision
        if seat == 1 and event.kind in ("roll", "trade"):  # Ben's turn, on Zora's phone
            waits_for(zora, says["to play"].format(name="Ben"), "#status")
            moments.add("another's turn")
        elif seat == 0:
            moments.add("her turn" if event.kind in ("roll", "trade") else "her " + event.kind)
        assert third_person(zora, "Zora", language) == [], (seat, event)
        before = page.text_content("#status")
        with answered(page, "/api/act"):
            button.click()
        page.wait_for_function(
            "(before) => document.getElementById('status').textContent !== before", arg=before, timeout=T
        )
        if seat == 0:
            assert third_person(zora, "Zora", language) == [], event
            own_lines += (
                zora.locator("#bz-log li").filter(has_text=re.compile("^" + says["you did"])).count() > 0
            )

    zora.wait_for_selector("#results:not([hidden])", timeout=T)
    assert third_person(zora, "Zora", language) == []
    assert zora.locator("#results-players .standing-line", has_text=says["called"]).count() == 1
    assert zora.locator("#bz-players strong", has_text=says["called"]).count() == 1
    assert {"her turn", "another's turn"} <= moments and own_lines, (moments, own_lines)
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
