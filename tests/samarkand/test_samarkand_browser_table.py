"""Issue 23's Samarkand on the table screen (1280×800) and the host console, in Chromium,
in English and in French: the closed-market token plain on a black market and the
figures big enough to be seen from across a table, the goods' letters as on the phones;
nothing of the last turn once the game is won (no cannot-sell banner, no turn); and the
host's board file in a multi-line field with a file to load and a JSON mistake shown at
its line."""

from __future__ import annotations

import pytest
from browser_rig import NEEDED, TABLE_SIZES, Pages, T, answered, in_first_screen, log_in, page_scrolls, served
from samarkand_pages import two_phones
from web_rig import PIN, make_appliance

from companion.core.registry import game_spec
from companion.games.samarkand import SAMPLE_BOARD

pytestmark = NEEDED
TABLE = {"width": 1280, "height": 800}
WORDS = {
    "en-GB": {
        "token": "Closed market: the market for black in Samarkand",
        "turn": "turn",
        "json": "The board file is not valid JSON: line 3, column",
        "won": "You win with 300 piasters",
        "second": "You are 2nd with 220 piasters",
        "ana": ["Started with 200 piasters", "1 sale: +100", "First to reach 250 piasters"],
        "ben": ["Started with 200 piasters", "1 sale: +20"],
        "shared": "Ana and Ben share 1st place with 200 piasters",
    },
    "fr-FR": {
        "token": "Marché fermé : le marché aux cubes noirs à Samarkand",
        "turn": "Tour",
        "json": "Le fichier de plateau n'est pas du JSON valide : ligne 3, colonne",
        "won": "Vous gagnez avec 300 piastres",
        "second": "Vous êtes 2e avec 220 piastres",
        "ana": ["Départ avec 200 piastres", "1 vente : +100", "Premier à atteindre 250 piastres"],
        "ben": ["Départ avec 200 piastres", "1 vente : +20"],
        "shared": "Ana et Ben sont ex æquo (1er) avec 200 piastres",
    },
}
SIZES = "(selector) => [...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect().height)"


HANDS = (
    ("yellow", "yellow", "green", "red", "blue", "white", "black"),
    ("black", "black", "yellow", "yellow", "yellow", "yellow", "yellow"),
)
"""Ana's one of each kind (and a yellow more), Ben's two black and five yellow."""


@pytest.fixture
def server(tmp_path):
    """A physical table (each draw entered): the camps' goods and the hands above; Ben
    plays first, 250 piasters win."""
    appliance = make_appliance(tmp_path, bots=False)
    setup = game_spec("samarkand").setup(2, {"edition": "2.0", "target": 250, "first_player": 2})
    appliance.new_game(setup, mode="physical", game="samarkand")
    for card in ("white", "blue") * 10 + HANDS[0] + HANDS[1]:
        appliance.call(appliance.session.enter_card, card)
    yield from served(appliance, PIN)


def luminance(hex_colour: str) -> float:
    """WCAG's relative luminance of "#rrggbb"."""

    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("locale", WORDS)
def test_the_table_screen_is_readable_and_says_nothing_stale_at_the_end(browser, server, locale):
    appliance = server[1]
    words = WORDS[locale]
    pages, ana, ben = two_phones(browser, server, locale)
    table = pages.open("/table", phone=False, locale=locale, size=(TABLE["width"], TABLE["height"]))
    for page in (ben, ana):
        with answered(page, "/api/act"):
            page.click("button[data-place=camp10]", timeout=T)
    with answered(ben, "/api/act"):
        ben.click("button[data-move=samarkand]", timeout=T)
    with answered(ben, "/api/act"):  # 2 black for 20: the token on black
        ben.click("#controls button[data-sale]:has-text('20')", timeout=T)

    # the token, a white no-entry sign ringed in red, on the black market; big figures
    token = table.locator("[data-token='samarkand:0']")
    token.wait_for(timeout=T)
    table.wait_for_selector(f"#markers >> text={words['token']}", timeout=T)
    sign = token.locator("circle")
    market = table.locator("[data-market='samarkand:0'] [data-good=black] rect")
    assert contrast(sign.get_attribute("fill"), market.get_attribute("fill")) >= 7
    assert contrast(sign.get_attribute("stroke"), market.get_attribute("fill")) >= 3
    box = token.bounding_box()
    figures = table.evaluate(SIZES, "[data-figure]")
    numbers = table.evaluate(SIZES, "[data-figure] + text")
    print(
        f"\n{locale} at 1280x800: token {box['width']:.0f}px, figures {min(figures):.0f}px, "
        f"their numbers {min(numbers):.0f}px high"
    )
    assert box["width"] >= 30 and min(figures) >= 26 and min(numbers) >= 14
    letter = table.locator("[data-market='samarkand:0'] [data-good=black] text").text_content()
    assert letter == ana.locator("#goods .sk-black").text_content()  # as on the phones

    # the table screen fits during play; the rules at a glance: the price table, the token
    for width, height in TABLE_SIZES:
        table.set_viewport_size({"width": width, "height": height})
        assert page_scrolls(table) == [], (width, height)
    table.set_viewport_size(TABLE)
    for page in (table, ana):
        page.click("#glance summary")
        assert page.locator("#glance-body .sk-glance-prices tbody tr").count() == 7
        assert (
            page.locator("#glance-body .sk-glance-prices tbody tr").first.locator("td").nth(5).inner_text()
            == "140"
        )
        assert words["token"] in page.inner_text("#glance-body")
    assert page_scrolls(table) == [], "the glance opened"

    # Ana sells an assortment of six for 100: 300 piasters, the game is won
    with answered(ana, "/api/act"):
        ana.click("button[data-move=samarkand]", timeout=T)
    best = ana.locator("button[data-best='1']")
    with answered(ana, "/api/act"):
        best.click(timeout=T)
    assert appliance.session.game.is_over(appliance.session.state)
    table.wait_for_selector("#results:not([hidden])", timeout=T)
    table.wait_for_selector("#proof", state="hidden", timeout=T)
    assert table.locator(".sk-turn").count() == 0
    assert table.locator("[data-figure][stroke='#000']").count() == 0
    assert words["turn"] not in table.inner_text("#status")
    assert table.locator("#markers.in-play, .in-play #markers").count() == 1
    ana.wait_for_selector("#controls-box", state="hidden", timeout=T)
    assert ana.locator("#controls-box.in-play").count() == 1

    # each phone: its place first, then how its money was made; nothing of the old box
    for page, title, lines in ((ana, words["won"], words["ana"]), (ben, words["second"], words["ben"])):
        page.wait_for_selector(f"#results-title >> text={title}", timeout=T)
        page.evaluate("window.scrollTo(0, 0)")  # (the player had scrolled to the sale)
        assert in_first_screen(page, "#results-title")
        assert page.locator("#results-mine li").all_inner_texts()[: len(lines)] == lines
        assert page.locator("#scores-box").count() == 0
    assert page_scrolls(table) == []
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


@pytest.mark.parametrize("locale", WORDS)
def test_a_game_ended_at_the_start_says_the_shared_place(browser, server, locale):
    pages, _ana, _ben = two_phones(browser, server, locale)
    table = pages.open("/table", phone=False, locale=locale, size=(1920, 1080))
    table.wait_for_selector("[data-place], #board svg", timeout=T)
    host = pages.open("/host", phone=False, locale=locale)
    log_in(host, PIN)
    with answered(host, "/api/host/end"):
        host.click("[data-command=end]", timeout=T)
    table.wait_for_selector(f"#results-ties >> text={WORDS[locale]['shared']}", timeout=T)
    assert page_scrolls(table) == []
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


@pytest.mark.parametrize("locale", WORDS)
def test_the_hosts_board_file_is_a_multi_line_field_with_a_file_to_load(browser, server, locale, tmp_path):
    pw, chromium = browser
    srv, _appliance = server
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    host = pages.open("/host", phone=False, locale=locale)
    log_in(host, PIN)
    board = host.locator("#new-game textarea[name='rules.board']")
    board.wait_for(timeout=T)
    assert host.locator("input[name='rules.board']").count() == 0
    host.wait_for_function(
        "(text) => document.querySelector('#new-game textarea').value === text", arg=SAMPLE_BOARD, timeout=T
    )  # the file's own lines
    assert board.evaluate("(e) => e.rows") >= 10
    board.fill('{"name": "mine",\n "spaces": [\n  {"id": "c1" "type": "camp"}]}')
    board.blur()
    mistake = host.locator("#new-game .sk-flag")
    mistake.wait_for(timeout=T)
    assert mistake.inner_text().startswith(WORDS[locale]["json"])
    assert (
        board.evaluate("(e) => e.value.slice(e.selectionStart, e.selectionEnd)")
        == '  {"id": "c1" "type": "camp"}]}'
    )
    file = tmp_path / "board.json"
    file.write_text(SAMPLE_BOARD)
    host.set_input_files("#new-game input[type=file]", str(file))
    host.wait_for_function(
        "(text) => document.querySelector('#new-game textarea').value === text", arg=SAMPLE_BOARD, timeout=T
    )
    assert mistake.is_hidden()
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


def test_the_host_console_shows_the_board_large_and_the_players_and_log_whole(browser, server):
    """The host console (1280×800) puts the game's table in its wide column one part under
    the other: the board across the column, the players' table within its card, the log as
    tall as its lines (the console scrolls as a page)."""
    pages, ana, ben = two_phones(browser, server, "en-GB")
    for page in (ben, ana):  # a few lines in the log
        with answered(page, "/api/act"):
            page.click("button[data-place=camp10]", timeout=T)
    with answered(ben, "/api/act"):
        ben.click("button[data-move=samarkand]", timeout=T)
    host = pages.open("/host", phone=False, size=(1280, 800))
    log_in(host, PIN)
    host.wait_for_selector("#board svg", timeout=T)
    host.wait_for_selector("#log li >> nth=2", timeout=T)
    column = host.locator(".columns > div").first.bounding_box()["width"]
    assert host.locator("#board svg").bounding_box()["width"] >= 0.9 * column - 40
    for table in host.locator(".sk-side table").all():
        assert table.evaluate("(t) => t.scrollWidth <= t.parentElement.clientWidth + 1")
    log = host.locator("#log").locator("xpath=..")
    assert log.evaluate("(box) => box.clientHeight >= Math.min(box.scrollHeight, 300) - 1")
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
