"""Every page passes axe-core (the accessibility engine, shipped inside the
axe-playwright-python package, run in Chromium) with no violation, the moderate and minor
ones too: the join page, a player's page in play and the table screen, each with the rules
at a glance open, the host's login and console, for every game and the core's toy game;
the lobby's pages; the results on a phone, the table screen and the console; the history
and a past game; in English and in French. And in every game, the form of each kind of
decision a phone is asked.

What it found: no level-one heading on the table screen and the console, results' headings
that skipped a level (moderate); the rules at a glance scrolling where the keyboard could
not reach, Samarkand's green good and Market's taken lots under 4.5:1 (serious)."""

from __future__ import annotations

import pytest
import toy_game  # noqa: F401  (registers the urn)
from axe_playwright_python.sync_playwright import Axe
from browser_rig import (
    NEEDED,
    T,
    answered,
    decide,
    join,
    log_in,
    pages_on,
    served,
    served_lobby,
    served_urn,
    wait_on,
)
from test_web_browser_crowded import DECISIONS, PHONES, PLAYERS, next_turn
from web_rig import PIN, make_appliance

from companion.core.registry import game_spec

pytestmark = NEEDED
LOCALES = ["en-GB", "fr-FR"]


READY = {"urn": "#urn-players li", "market": "#me", "samarkand": "#me"}


@pytest.fixture(params=["marche", "urn", "bazaar", "market", "samarkand"])
def server(request, tmp_path):
    appliance = make_appliance(tmp_path, bots=False)
    spec = game_spec(request.param)
    appliance.new_game(
        spec.setup(3), {"step_ms": 300, "lead_in_ms": 100} if spec.realtime else None, game=spec.name
    )
    for server, _ in served(appliance, PIN):
        yield server, spec


def violations(page) -> list[str]:
    """Each of axe's rules the page breaks, whatever its impact, with its first elements,
    once its animations (Market's bids turning over) have ended: a person reads the page
    at rest (one that never ends is not waited for)."""
    page.evaluate(
        """() => Promise.allSettled(document.getAnimations()
             .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
             .map((a) => a.finished))"""
    )
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
    ]


def open_glance(page) -> None:
    """The rules at a glance opened, where the game gives them, for their boxes to be checked."""
    if page.locator("#glance:not([hidden])").count():
        page.locator("#glance summary").click()


@pytest.mark.parametrize("locale", LOCALES)
def test_no_page_of_a_game_in_play_has_an_accessibility_violation(browser, server, locale):
    srv, spec = server
    pages = pages_on(browser, srv)
    found = {}
    joining = pages.open("/", locale=locale)
    joining.wait_for_selector("#seats button", timeout=T)
    found["join"] = violations(joining)
    player = pages.open("/", locale=locale)
    join(player, 0, "Ana", ready=READY.get(spec.name, "#me h1"))
    open_glance(player)
    found["player"] = violations(player)
    table = pages.open("/table", phone=False, locale=locale)
    table.wait_for_selector("#status", timeout=T)
    open_glance(table)
    found["table"] = violations(table)
    host = pages.open("/host", locale=locale)
    found["login"] = violations(host)
    log_in(host, PIN)
    host.wait_for_selector("#new-game-fields label", timeout=T)
    found["host"] = violations(host)
    assert {page: problems for page, problems in found.items() if problems} == {}


@pytest.fixture
def lobby(tmp_path):
    yield from served_lobby(tmp_path, "samarkand", 3)


@pytest.fixture
def urn(tmp_path):
    yield from served_urn(tmp_path)


@pytest.mark.parametrize("locale", LOCALES)
def test_no_page_of_the_lobby_has_an_accessibility_violation(browser, lobby, locale):
    pages = pages_on(browser, lobby[0])
    found = {}
    phone = pages.open("/", locale=locale)
    phone.wait_for_selector("#seats button", timeout=T)
    found["join"] = violations(phone)
    join(phone, 0, "Ana", ready="#lobby-you")
    found["phone"] = violations(phone)
    table = pages.open("/table", phone=False, locale=locale)
    table.wait_for_selector("body[data-page=lobby_table] img.qr", timeout=T)
    found["table"] = violations(table)
    host = pages.open("/host", locale=locale)
    log_in(host, PIN)
    host.wait_for_selector("body[data-page=lobby_host] #lobby-seats li", timeout=T)
    found["host"] = violations(host)
    assert {page: problems for page, problems in found.items() if problems} == {}


@pytest.mark.parametrize("locale", LOCALES)
def test_no_results_or_history_page_has_an_accessibility_violation(browser, urn, locale):
    pages = pages_on(browser, urn[0])
    ana, ben = (pages.open("/", locale=locale) for _ in range(2))
    join(ana, 0, "Ana", ready="#urn-players")
    join(ben, 1, "Ben", ready="#urn-players")
    table = pages.open("/table", phone=False, locale=locale)
    host = pages.open("/host", locale=locale)
    log_in(host, PIN)
    for phone in (ana, ben, ana):  # a ball each, and Ana the last one
        phone.wait_for_selector("#urn-actions button:not([disabled]) >> nth=0", timeout=T)
        with answered(phone, "/api/act"):
            phone.click("#urn-actions button >> nth=0")
    found = {}
    for name, page in (("phone", ana), ("table", table), ("host", host)):
        page.wait_for_selector("#results:not([hidden]) #chart-svg svg", timeout=T)
        found[name] = violations(page)
    history = pages.open("/history", locale=locale)
    history.wait_for_selector("#evenings a[href^='/history/']", timeout=T)
    found["history"] = violations(history)
    history.click("#evenings a[href^='/history/']")
    history.wait_for_selector("#results:not([hidden]) #chart-svg svg", timeout=T)
    found["past game"] = violations(history)
    assert {page: problems for page, problems in found.items() if problems} == {}


def test_the_check_finds_a_deliberate_violation(browser):
    _pw, chromium = browser
    page = chromium.new_page()
    page.set_content('<html lang="en"><body><img src="data:,"><h3>Loose</h3><button></button></body></html>')
    problems = violations(page)
    page.close()
    assert any(p.startswith("image-alt") for p in problems)
    assert any(p.startswith("button-name") for p in problems)
    assert any(p.startswith("page-has-heading-one") for p in problems)


TURN = {"fr-FR": "À vous · ", "en-GB": "Your turn · "}
"""How a phone's tab title begins while its seat has a decision to make."""


@pytest.fixture(params=["marche", "market", "bazaar", "samarkand"])
def full_table(request, tmp_path):
    yield from served_lobby(tmp_path, request.param, PLAYERS)


def test_every_decision_a_phone_is_asked_has_no_accessibility_violation(browser, full_table):
    """Two phones play their seats' decisions until the game ends or DECISIONS are made; the
    first time a phone is asked a kind of decision (a roll, a move, a bid…), its page, the
    form of that decision on it, is checked, and the table screen at that moment."""
    srv, appliance = full_table
    pages = pages_on(browser, srv)
    phones = {seat: pages.open("/", size=size, locale=locale) for seat, (_, locale, size) in PHONES.items()}
    for seat, (name, _, _) in PHONES.items():
        join(phones[seat], seat, name, ready="#lobby-you")
    table = pages.open("/table", phone=False, locale="fr-FR")
    appliance.start_lobby(fill={})  # bots in the other seats
    for page in (*phones.values(), table):
        page.wait_for_selector("body[data-page=player] #me, body[data-page=table] #status", timeout=T)
    found: dict[str, list[str]] = {}
    for _ in range(DECISIONS):
        turn = wait_on(phones[0], lambda: next_turn(appliance) or None, "a phone's turn or the end", 60_000)
        if turn == "over":
            break
        seat, decision = turn
        phone, locale = phones[seat], PHONES[seat][1]
        if decision.kind not in found:
            phone.wait_for_function("(turn) => document.title.startsWith(turn)", arg=TURN[locale], timeout=T)
            found[decision.kind] = violations(phone) + [f"table: {v}" for v in violations(table)]
        decide(phone, decision.kind, decision.data)
    assert found  # the phones were asked to decide
    assert {kind: problems for kind, problems in found.items() if problems} == {}
