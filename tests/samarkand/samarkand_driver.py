"""Builders for driving the Samarkand engine through a Match at a physical table.

An ``EnteredChance`` match lets each test say exactly which goods are drawn and which face
the die shows, so every rule can be set up in a few lines. The sample board (invented) is
the board; its arrows, as the tests use them:

    samarkand(black, wild) -> camp1(4) -> oasis1(5/20) -> camp2(5), camp3(5)
    camp2 -> isfahan(white, yellow) -> camp4(4), oasis2(5/25)
    camp4 -> camp5(5) -> bukhara(blue, green), oasis3(5/30)
    bukhara -> camp6(6) -> oasis4(5/20) -> camp7(5) -> merv(red, wild) -> oasis5(5/25), camp9(4)
    oasis5 -> camp10(6) -> samarkand;  camp9 -> oasis6(5/30) -> camp1, camp3
    camp3 -> camp8(6) -> oasis4, camp9;  oasis2 -> oasis3 -> camp6
"""

from __future__ import annotations

import copy

import pytest

from companion.core.chance import EnteredChance
from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.match import Match
from companion.games.samarkand import SAMPLE_BOARD, SPEC
from companion.games.samarkand import goods as g

GAME = SPEC.engine()
BOARD = GAME.board(SAMPLE_BOARD)
CAMP_ORDER = BOARD.camps
"""The sample board's camps in the file's order: camp field i is CAMP_ORDER[i]'s."""
DEFAULT_HAND = ("yellow", "yellow", "green", "red", "blue", "white", "black")


def camp(space: str) -> int:
    return CAMP_ORDER.index(space)


def setup(players: int = 3, **rules) -> dict:
    return SPEC.setup(players, rules)


def table(players: int = 3, hands=None, camps=None, places=None, **rules) -> Match:
    """A physical-table match: each camp's 2 goods (default yellow, green), each seat's 7
    goods (``hands``: a list of 7 per seat), then every figure placed (``places``, in seat
    order from the first player; default none placed)."""
    match = Match(GAME, setup(players, **rules), EnteredChance())
    for pair in camps or [("yellow", "green")] * 10:
        for good in pair:
            match.enter_chance(good)
    for hand in hands or [DEFAULT_HAND] * players:
        assert len(hand) == 7
        for good in hand:
            match.enter_chance(good)
    for space in places or ():
        seat = GAME.to_act(match.state)[0]
        act(match, seat, "place", space=space)
    return match


def act(match: Match, seat: int, kind: str, **data) -> list[Event]:
    return match.act(Event(kind, seat, data))


def draw(match: Match, *cards) -> None:
    for card in cards:
        match.enter_chance(card)


def set_hand(match: Match, seat: int, goods: dict) -> None:
    """Give ``seat`` exactly ``goods``, the difference to or from the supply (conserved)."""
    state = match.state
    g.add(state.supply, state.hands[seat])
    state.hands[seat] = {}
    g.take(state.supply, goods)
    g.add(state.hands[seat], goods)


def set_field(match: Match, space: str, goods: dict) -> None:
    """Put exactly ``goods`` on the camp's field, the difference to or from the supply."""
    state = match.state
    index = camp(space)
    g.add(state.supply, state.camps[index])
    state.camps[index] = {}
    g.take(state.supply, goods)
    g.add(state.camps[index], goods)


def refused(match: Match, seat, kind: str, text: str, **data) -> str:
    """The event is refused with a message containing ``text``, and nothing changes."""
    before = copy.deepcopy(match.state)
    length = len(match.log)
    with pytest.raises(RuleError) as caught:
        match.act(Event(kind, seat, data))
    assert text in str(caught.value), str(caught.value)
    assert match.state == before and len(match.log) == length
    return str(caught.value)


def said(n: int, kind: str, edition: str = "2.0") -> str:
    """How a refusal names ``n`` goods of ``kind``: 2.0's cubes by colour, 1998's cards by name."""
    return f"{n} × {g.NAMES_1998[kind]}" if edition == "1998" else f"{n} {kind}"


def records(match: Match, kind: str) -> list[dict]:
    return [r for r in match.state.records if r["kind"] == kind]


def conserved(state) -> bool:
    """Supply + camps + hands hold every good the game began with."""
    held: dict = {}
    g.add(held, state.supply)
    for field in state.camps:
        g.add(held, field)
    for hand in state.hands:
        g.add(held, hand)
    return held == g.full_supply(state.rules.edition, state.players)


__all__ = [
    "BOARD",
    "CAMP_ORDER",
    "DEFAULT_HAND",
    "GAME",
    "SAMPLE_BOARD",
    "SPEC",
    "act",
    "camp",
    "conserved",
    "draw",
    "records",
    "refused",
    "said",
    "set_field",
    "set_hand",
    "setup",
    "table",
]
