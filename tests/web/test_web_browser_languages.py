"""French and English in a real browser at a phone's size: the phone's language chooses, the
switch on the page changes it and is remembered, the shell's own words (the join page, the
host console's controls and seat states, a refusal) follow."""

from __future__ import annotations

import pytest
from browser_rig import NEEDED, PHONE_SIZES, TABLE_SIZES, Pages, T, log_in, served, third_person, wait_on
from web_rig import NAMES, PIN, make_appliance

pytestmark = NEEDED


@pytest.fixture
def server(tmp_path):
    """A table of bots, a person taking a seat from one."""
    appliance = make_appliance(tmp_path, bots=True)
    appliance.new_game({"players": 4, "names": NAMES}, {"step_ms": 60, "lead_in_ms": 100})
    yield from served(appliance, PIN)


def test_a_french_phone_joins_in_french_and_switches_to_english(browser, server):
    srv, _ = server
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    phone = pages.open("/", locale="fr-FR")
    assert phone.get_attribute("html", "lang") == "fr"
    assert phone.text_content("label[for=name]") == "Votre nom"
    phone.locator("#seats button").first.click()  # no name typed: refused in French
    phone.wait_for_selector("#toast:not([hidden]) >> text=Tapez d'abord votre nom.", timeout=T)
    phone.click("nav.languages >> text=English")
    phone.wait_for_selector("label[for=name] >> text=Your name", timeout=T)
    assert phone.get_attribute("html", "lang") == "en"
    phone.reload()  # the choice is remembered
    assert phone.text_content("label[for=name]") == "Your name"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


def test_the_host_console_speaks_french(browser, server):
    srv, appliance = server
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    host = pages.open("/host", locale="fr-FR")
    assert host.text_content("label[for=pin]") == "Code de l'hôte"
    host.fill("#pin", "0000")
    host.click("#login-form button")
    host.wait_for_selector("#toast:not([hidden]) >> text=code faux", timeout=T)
    pages.refused(host, "/api/host/login", "403 (FORBIDDEN)")  # that refusal was the point
    log_in(host, PIN)
    host.wait_for_selector("[data-command=undo] >> text=Annuler la dernière action", timeout=T)
    host.wait_for_selector("#new-game-fields >> text=Joueurs", timeout=T)
    assert host.text_content("#new-game h2") == "Nouvelle partie"
    host.wait_for_selector("#seat-rows >> text=robot", timeout=T)
    match = appliance.session.match
    wait_on(host, lambda: any(match.game.undoable(event) for event in list(match.log)), "a bot's move")
    host.click("[data-command=undo]")  # undo a bot's move
    host.wait_for_selector("#toast:not([hidden])", timeout=T)
    assert host.text_content("#toast").startswith("Annulé : "), host.text_content("#toast")
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


HANDS = {
    "fr-FR": (
        "Ana : une personne joue cette place désormais",
        "Qui joue",
        "Désormais, vous jouez vous-même votre place",
    ),
    "en-GB": ("Ana: a person plays this seat from here on", "Who plays", "You play your seat from here on"),
}


@pytest.mark.parametrize("locale", HANDS)
def test_the_table_screen_and_the_phone_say_who_plays_a_seat_a_bot_played(browser, server, locale):
    srv, appliance = server
    pw, chromium = browser
    line, heading, mine = HANDS[locale]
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    table = pages.open("/table", phone=False, locale=locale)
    phone = pages.open("/", locale=locale)
    phone.fill("#name", "Ana")
    phone.locator("#seats button").first.click()
    table.wait_for_selector(f"#hand-rows >> text={line}", timeout=T)
    phone.wait_for_selector(f"#hands:not([hidden]) >> text={heading}", timeout=T)
    phone.wait_for_selector(f"#hand-rows >> text={mine}", timeout=T)  # her own phone says "you"
    assert third_person(phone, "Ana", locale[:2]) == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert appliance.hands[-1]["by"] == "person"
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


TIMED = {
    "fr-FR": (
        "Ana n'a pas décidé à temps 2 fois : un robot a décidé chaque fois",
        "Ana : une personne joue cette place désormais",
        "Ana n'a pas décidé à temps : un robot a décidé pour cette fois",
        "Vous n'avez pas décidé à temps 2 fois : un robot a décidé chaque fois pour vous",
    ),
    "en-GB": (
        "Ana did not decide in time 2 times: a bot decided each time",
        "Ana: a person plays this seat from here on",
        "Ana did not decide in time: a bot decided once",
        "You did not decide in time 2 times: a bot decided each time for you",
    ),
}


@pytest.mark.parametrize("locale", TIMED)
def test_a_seats_decisions_by_the_timer_are_one_line_until_it_changes_hands(browser, server, locale):
    """A silent phone's seat would fill "who plays" with one line per decision the timer made:
    those since the seat last changed hands are one line, with their count, newest first."""
    srv, appliance = server
    pw, chromium = browser
    twice, person, once, mine = TIMED[locale]
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    phone = pages.open("/", locale=locale)
    phone.fill("#name", "Ana")
    phone.locator("#seats button").first.click()
    wait_on(phone, lambda: [c["by"] for c in appliance.hands if c["seat"] == 0] == ["person"], "Ana's seat")
    for by in ("timer", "person", "timer", "timer"):
        appliance.call(lambda now, by=by: appliance._handed(0, by))
    table = pages.open("/table", phone=False, size=TABLE_SIZES[0], locale=locale)
    table.wait_for_selector(f"#hand-rows >> text={twice}", timeout=T)
    rows = [row.text_content() for row in table.locator("#hand-rows li").all()]
    assert [row for row in rows if row.startswith("Ana")] == [twice, person, once, person], rows
    assert table.evaluate("document.documentElement.scrollWidth") <= TABLE_SIZES[0][0]
    phone.reload()
    phone.wait_for_selector(f"#hand-rows >> text={mine}", timeout=T)  # her own phone says "you"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


STORED_NAMES = ["Seat 3", "Seat 12 (bot)", "Tara (bot)", "Éloi (bot)", "Ana", "Seat 3 bis", "seat 3"]
"""Names as the appliance stores them (companion/core/default_names.py) and others."""


@pytest.mark.parametrize("locale", ["fr-FR", "en-GB"])
def test_the_browser_says_a_stored_name_as_the_server_does(browser, server, locale):
    """shell.js keeps its own copy of the stored names' forms (a snapshot is said in the
    browser): it says each name exactly as web/i18n.py does, in both languages."""
    from web.i18n import in_words

    srv, _ = server
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    table = pages.open("/table", phone=False, locale=locale)
    said = table.evaluate(
        """async (names) => {
             const shell = await import(document.querySelector('script[src*="shell.js"]').src);
             return names.map((name) => shell.inWords(null, name));
           }""",
        STORED_NAMES,
    )
    with srv.app.test_request_context(headers={"Accept-Language": locale}):
        expected = [in_words(name) or name for name in STORED_NAMES]
    assert said == expected
    assert ("Place 12 (robot)" in said) is (locale == "fr-FR")
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)


LISTS = [["Ana"], ["Ana", "Bo"], ["Ana", "Bo", "Cy"]]
NO_LIST_FORMAT = "delete Intl.ListFormat;  // as on Safari before 14.1"


@pytest.mark.parametrize("locale", ["fr-FR", "en-GB"])
def test_a_phone_without_intl_list_format_says_a_list_as_others_do(browser, server, locale):
    """A phone whose browser predates Intl.ListFormat plays the same page, without an error,
    and says a list ("Ana, Bo et Cy", "Ana ou Bo") in the words a newer browser uses."""
    srv, _ = server
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    script = """async ([lists, expect]) => {
      const shell = await import(document.querySelector('script[src*="shell.js"]').src);
      if ((typeof Intl.ListFormat === "function") !== expect) throw new Error("Intl.ListFormat?");
      return lists.flatMap((items) => [shell.listed(items), shell.listed(items, "or")]);
    }"""
    windows = [("/", True, PHONE_SIZES[0], "#seats button"), ("/table", False, TABLE_SIZES[0], "#status")]
    for path, phone, size, shown in windows:  # a phone's join page, the table screen
        said = {}
        for old, init_script in ((False, None), (True, NO_LIST_FORMAT)):
            page = pages.open(path, phone=phone, size=size, locale=locale, init_script=init_script)
            page.wait_for_selector(shown, timeout=T)
            said[old] = page.evaluate(script, [LISTS, not old])
        assert said[True] == said[False], path
        assert ("Ana, Bo et Cy" in said[True]) is (locale == "fr-FR")
    assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors)
