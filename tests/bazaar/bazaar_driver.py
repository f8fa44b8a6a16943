"""Builders for driving the Bazaar engine through a Match at a physical table: the host
types the cards and enters each die face, so every rule can be set up in a few lines."""

from __future__ import annotations

import pytest

from companion.core.chance import EnteredChance, SeededChance
from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.match import Match
from companion.core.registry import game_spec
from companion.games.bazaar.cubes import COLOURS, LETTERS, letters, parse_cubes
from companion.games.bazaar.game import BazaarGame

GAME = BazaarGame()
SPEC = game_spec("bazaar")
# Equation 0-4 on the first card, 5-9 on the second (the printed example first).
CARD_1 = "R = YGBW; R = WW; Y = GGGGG; G = BBBBB; B = YY"
CARD_2 = "W = GR; YW = BB; GG = RW; RRR = YGB; BBB = WWW"
WARES = ("YGBWW", "YYYYY*", "RRRRR", "RRBBW*")
FIRST = ("red", "white", "yellow", "green", "blue")


def setup(players: int = 3, **rules) -> dict:
    return SPEC.setup(players, {"cards": "entered", **rules})


def table(players: int = 3, wares=WARES, first=FIRST, cards=(CARD_1, CARD_2), **rules) -> Match:
    """A physical table past its setup: the two cards and four wares typed, and each
    player's first cube rolled (``first[seat]``), seat 0 (or first_player) to play."""
    match = Match(GAME, setup(players, **rules), EnteredChance())
    for card in cards:
        match.enter(card)
    for ware in wares:
        match.enter(ware)
    start = rules.get("first_player", 1) - 1
    for k in range(players):
        seat = (start + k) % players
        match.enter_chance(first[seat])
        if first[seat] == "wild":
            match.act(take(seat, "red"))
    return match


def digital(players: int = 3, seed=1, **rules) -> Match:
    """The sample cards dealt by the companion."""
    match = Match(GAME, SPEC.setup(players, rules or None), SeededChance(seed))
    match.fill_chance()
    while GAME.to_act(match.state) and match.state.phase == "start_wild":
        match.act(take(match.state.turn, "red"))
    return match


def hold(match: Match, seat: int, cubes: str, bank: str | None = None) -> None:
    """Put ``cubes`` in ``seat``'s hands straight from the bank (a position for a test;
    the property tests play whole games through events)."""
    state = match.state
    for colour in range(5):
        state.bank[colour] += state.cubes[seat][colour]
    state.cubes[seat] = list(parse_cubes(cubes) if cubes else (0,) * 5)
    for colour in range(5):
        state.bank[colour] -= state.cubes[seat][colour]
    if bank is not None:
        state.bank = list(parse_cubes(bank) if bank else (0,) * 5)


def roll(seat: int) -> Event:
    return Event("roll", seat)


def take(seat: int, colour: str) -> Event:
    return Event("take", seat, {"colour": colour})


def trade(seat: int, equation: int, give: str = "left") -> Event:
    return Event("trade", seat, {"equation": equation, "give": give})


def buy(seat: int, stall: int) -> Event:
    return Event("buy", seat, {"stall": stall})


def done(seat: int) -> Event:
    return Event("done", seat)


def discard(seat: int, cubes: str) -> Event:
    counts = parse_cubes(cubes)
    return Event("discard", seat, {"cubes": {c: n for c, n in zip(COLOURS, counts) if n}})


def rolled(match: Match, seat: int, face: str) -> None:
    """``seat`` rolls and the die shows ``face``."""
    match.act(roll(seat))
    match.enter_chance(face)


def cubes(match: Match, seat: int) -> str:
    return letters(match.state.cubes[seat])


def empty_stall(match: Match, stall: int = 3) -> None:
    """Empty ``stall`` for real: its last card, bought by the player to play, who holds
    four of its cubes and rolls the fifth."""
    state = match.state
    seat = state.turn
    state.stalls_left[stall] = 1
    code = state.stalls_up[stall].rstrip("*")
    hold(match, seat, code[:4])
    rolled(match, seat, COLOURS[LETTERS.index(code[4])])
    match.act(buy(seat, stall))


def assert_refused(match: Match, event: Event, message: str) -> None:
    """``event`` is refused with ``message`` and changes neither the state nor the log."""
    before, length = GAME.copy(match.state), len(match.log)
    with pytest.raises(RuleError, match=message):
        match.act(event)
    assert match.state == before and len(match.log) == length
