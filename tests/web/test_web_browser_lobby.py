"""A new table meets the lobby (issue 22), for every game, in Chromium at phone size.

``samarkand run --game GAME --simulate`` runs as its own process, as ``scripts/run``
starts it. Two phones join (one French, one English) while nothing is stored; the host's
Start is refused with its reason while the third seat is empty, a bot is put there, Start
begins the game, and each phone then makes its seat's first decision itself (no bot
decides for it). The host ends the game and plays again: the phones are back in the
lobby in their seats, without joining again, and the bot in its seat.
"""

from __future__ import annotations

import random
import re
import signal
import time

import pytest
from browser_rig import NEEDED, Pages, T, decide, join, log_in, wait_on
from ports import free_port

from companion.core.chance import SeededChance
from companion.core.game import Event
from companion.core.match import Match
from companion.core.registry import game_spec
from companion.store import EventStore
from tests.appliance.appliance_rig import start_appliance, stored_events, stored_games, wait_for

pytestmark = NEEDED
GAMES = ("marche", "market", "bazaar", "samarkand")
WAYS_IN = re.compile(r"Table screen: (http://\S+)/table .* PIN: (\d{4})")


def serving(store, out, game: str):
    """``samarkand run --game GAME --simulate`` on a free port of 127.0.0.1."""
    port = free_port()
    return start_appliance(
        store, out, "--game", game, "--port", str(port), "--set", "web.host=127.0.0.1", web=True
    )


def ways_in(out) -> tuple[str, str] | None:
    found = WAYS_IN.search(out.read_text())
    return found.groups() if found else None


def started(process, store, out):
    """The running appliance's address and PIN."""
    return wait_for(lambda: process.poll() is None and ways_in(out), 60, "the ways in")


def first_decision(store, seat: int) -> Event | None:
    """A decision for ``seat`` if the stored game now waits for it (a bot of the game
    decides it, from the seat's own view, for the phone to send); None once the game has
    ended in the store (the appliance's state may say so a moment later)."""
    with EventStore(store) as opened:
        game_id = opened.unfinished()
        if game_id is None:
            return None
        config = opened.config(game_id)
        events = [Event.from_dict(e) for e in opened.events(game_id)]
    spec = game_spec(config["game"])
    match = Match(spec.engine(), config["setup"], SeededChance(config["seed"]), events)
    state = match.state
    if seat not in match.game.to_act(state):
        return None
    bot = spec.bots[spec.default_style(0)](random.Random(seat))
    return bot.decide(match.game.seat_view(state, seat), seat)


@pytest.mark.parametrize("game", GAMES)
def test_two_phones_and_a_bot_the_host_starts_and_plays_again(browser, tmp_path, game):
    store, out = tmp_path / "s.db", tmp_path / "out.txt"
    process = serving(store, out, game)
    try:
        url, pin = started(process, store, out)
        pw, chromium = browser
        pages = Pages(pw, chromium, url)
        ana, ben = pages.open(locale="fr-FR"), pages.open(locale="en-GB")
        join(ana, 0, "Ana", ready="#lobby-you")
        join(ben, 1, "Ben", ready="#lobby-you")
        table = pages.open("/table", phone=False, locale="fr-FR")
        table.wait_for_selector("#lobby-seats >> text=Ben", timeout=T)
        assert table.locator("img.qr").evaluate("img => img.naturalWidth") > 0
        host = pages.open("/host", phone=False)
        bad = []
        for page in (ana, ben, table, host):
            page.on(
                "response",
                lambda r, p=page: r.status >= 400 and bad.append((r.url, r.status, r.request.method, p.url)),
            )
        log_in(host, pin)
        host.wait_for_selector("#lobby-start", timeout=T)
        host.wait_for_selector("#lobby-fields label", timeout=T)
        fields = host.text_content("#lobby-fields")  # options by their names in words
        assert not [o.name for o in game_spec(game).options if "_" in o.name and o.name in fields]
        if game_spec(game).plays_first is not None:  # the room knows who starts before Start
            assert table.text_content("#lobby-first").endswith(": place 1, selon les options de règle")
            assert host.text_content("#lobby-first > span").endswith(": seat 1, as the rule options say ")

        host.click("#lobby-start")  # the third seat is empty
        host.wait_for_selector("#toast:not([hidden]) >> text=seat 3 is empty", timeout=T)
        pages.refused(host, "/api/host/lobby/start", "409 (CONFLICT)")  # that refusal was the point
        offered = host.locator("#lobby-seats li").nth(2).locator("select[name=style]").input_value()
        assert offered == game_spec(game).default_style(2)  # the style the table would seat there
        assert host.text_content("#lobby-fill") == "Start with 1 bot in the empty seat"
        host.locator("#lobby-seats li").nth(2).locator("button", has_text="Put a bot here").click()
        ana.wait_for_selector("#lobby-seats >> text=un robot", timeout=T)
        host.wait_for_selector("#lobby-fill", state="hidden", timeout=T)  # no empty seat left
        assert "Place 3" in ana.text_content("#lobby-seats")
        assert stored_games(store) == []  # nothing before Start

        host.click("#lobby-start")
        for phone in (ana, ben):
            phone.wait_for_selector("body[data-page=player]", timeout=T)
        table.wait_for_selector("text=Place 3 (robot)", timeout=T)  # the bot, in French
        assert "Seat 3" not in table.text_content("body")
        host.wait_for_selector("text=Seat 3 (bot)", timeout=T)
        wait_on(host, lambda: len(stored_games(store)) == 1, "the game stored at Start")
        game_id = stored_games(store)[0].id
        for seat, phone in ((0, ana), (1, ben)):  # each phone decides for its own seat
            event = wait_on(
                phone, lambda: first_decision(store, seat), f"seat {seat + 1}'s turn", timeout_ms=60_000
            )
            assert not any(e.get("actor") == seat for e in stored_events(store, game_id))
            decide(phone, event.kind, event.data)
            wait_on(
                phone,
                lambda: any(e.get("actor") == seat for e in stored_events(store, game_id)),
                f"seat {seat + 1}'s decision, from its phone",
            )

        host.wait_for_selector("[data-command=end]:not([disabled])", timeout=T)
        host.click("[data-command=end]")
        host.wait_for_selector("[data-command=end][disabled]", state="attached", timeout=T)
        for page in (ana, ben, table, host):  # the results' chart, fetched at the end, is drawn
            page.wait_for_selector("#chart-svg svg", state="attached", timeout=T)
        host.click("#play-again")
        for phone, name in ((ana, "Ana"), (ben, "Ben")):
            phone.wait_for_selector(f"body[data-page=lobby_player] >> #lobby-you >> text={name}", timeout=T)
        host.wait_for_selector("body[data-page=lobby_host]", timeout=T)
        host.wait_for_selector("#lobby-seats li:nth-child(3) >> text=a bot", timeout=T)
        assert ben.text_content("#lobby-you").startswith("You are in seat 2")
        assert [g.status for g in stored_games(store)] == ["ended"]
        assert pages.outside == [] and pages.errors == [], (pages.outside, pages.errors, bad)
        assert bad == [(url + "/api/host/lobby/start", 409, "POST", url + "/host")]  # refused once
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
    assert "Ctrl-C quits" in out.read_text()


def test_a_lobby_left_alone_stores_nothing(tmp_path):
    """A lobby nobody starts stays a lobby for a minute, bots and all: no game stored."""
    store, out = tmp_path / "s.db", tmp_path / "out.txt"
    process = serving(store, out, "market")
    try:
        started(process, store, out)
        time.sleep(60)
        assert process.poll() is None
        assert stored_games(store) == []
    finally:
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 0
    text = out.read_text()
    assert "a lobby first" in text and "Enter: start now with bots in the empty seats" in text


def test_the_lobby_speaks_french_on_the_host_console(browser, tmp_path):
    process = serving(tmp_path / "s.db", tmp_path / "out.txt", "market")
    try:
        url, pin = started(process, tmp_path / "s.db", tmp_path / "out.txt")
        pw, chromium = browser
        pages = Pages(pw, chromium, url)
        host = pages.open("/host", locale="fr-FR")
        log_in(host, pin)
        host.wait_for_selector("#lobby-fields select >> text=choisit en dernier", state="attached", timeout=T)
        assert host.text_content("#lobby-start") == "Lancer la partie"
        seat = host.locator("#lobby-seats li").first  # a bot's style, its name and how it plays
        assert seat.locator("select[name=style] option:checked").text_content() == "accapareur"
        assert "gros lots" in seat.locator(".style-summary").text_content()
        seat.locator("select[name=style]").select_option("thrifty")
        wait_on(
            host,
            lambda: (
                seat.locator(".style-summary").text_content()
                == "enchérit peu (l'argent fait le score) et fait la meilleure vente à chaque manche"
            ),
            "the thrifty bot's line",
        )
        host.click("#lobby-start")
        host.wait_for_selector("#toast:not([hidden]) >> text=la place 1 est vide", timeout=T)
        pages.refused(host, "/api/host/lobby/start", "409 (CONFLICT)")  # that refusal was the point
        assert "Salle d'attente" in host.title()

        # one press seats a bot in each empty seat, of the style and name its controls show
        fill = host.locator("#lobby-fill")
        assert fill.text_content() == "Lancer avec 3 robots aux places vides"
        seat.locator("input[name=bot-name]").fill("Zoé")
        fill.click()
        host.wait_for_selector("body[data-page=host] >> text=Zoé", timeout=T)
        (game,) = stored_games(tmp_path / "s.db")
        with EventStore(tmp_path / "s.db") as store:
            bots = store.config(game.id)["bots"]
        spec = game_spec("market")
        assert bots == {"0": "thrifty", **{str(s): spec.default_style(s) for s in (1, 2)}}
        assert pages.errors == []
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
