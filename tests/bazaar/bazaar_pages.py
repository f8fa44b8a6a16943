"""Bazaar's pages in Chromium from a physical game the test drives through the appliance:
it types the cards and each die face and makes the moves, so a position takes a few lines
and the pages only show it (tests/bazaar/test_bazaar_phone.py, test_bazaar_results.py)."""

from __future__ import annotations

import random

from bazaar_driver import CARD_1, CARD_2
from browser_rig import PHONE_SIZES, Pages, join
from web_rig import make_appliance

from companion.core.registry import game_spec
from companion.games.bazaar.bots import Quick
from companion.games.bazaar.cubes import COLOURS
from companion.games.bazaar.view import seat_view

SPEC = game_spec("bazaar")
NAMES = ("Ana", "Ben", "Cy", "Di", "Ed")
WARES = ("YGBWW", "YYYYY*", "RRRRR", "RRBBW*")
FIRST = ("red", "white", "yellow", "green", "blue")
"""Each seat's first cube (Ana red, Ben white, …)."""


def physical(tmp_path, players: int = 3):
    """An appliance with a physical game of ``players`` waiting for its cards."""
    appliance = make_appliance(tmp_path, bots=False)
    appliance.new_game(SPEC.setup(players), game="bazaar", mode="physical")
    return appliance


def phones(browser, srv, locale: str, players: int = 3, size=PHONE_SIZES[0]):
    """The pages, and a phone joined to each seat (Ana, Ben, …)."""
    pw, chromium = browser
    pages = Pages(pw, chromium, srv.url.rstrip("/"))
    opened = []
    for seat in range(players):
        page = pages.open(locale=locale, size=size)
        join(page, seat, NAMES[seat])
        opened.append(page)
    return pages, opened


def act(appliance, event) -> None:
    appliance.call(appliance.session.act, event)


def face(appliance, rolled: str) -> None:
    appliance.call(appliance.session.enter_card, rolled)


def set_up(appliance) -> None:
    """The two exchange cards (bazaar_driver's) and the four wares typed, the first cubes rolled."""
    for value in (CARD_1, CARD_2, *WARES):
        appliance.call(appliance.session.enter, value)
    for rolled in FIRST[: len(appliance.session.state.names)]:
        face(appliance, rolled)


def play(appliance, moves: int = 2000, seed: int = 2) -> None:
    """Quick bots play every seat (the die's faces seeded, each new ware a GGGGG) for
    ``moves`` steps or to the end."""
    session, bot, faces = appliance.session, Quick(random.Random(seed)), random.Random(seed)
    for _ in range(moves):
        state = session.state
        if state.phase == "over":
            return
        if state.phase == "rolling":
            face(appliance, faces.choice(COLOURS))
        elif state.phase == "reveal":
            appliance.call(session.enter, "GGGGG")
        else:
            (seat,) = session.game.to_act(state)
            act(appliance, bot.decide(seat_view(state, seat), seat))
