"""Builders for driving the Marché engine through a Match, one chosen card at a time.

A physical-table match (EnteredChance) lets each test say exactly which camel or bank card
comes up, so every rule can be set up in a few lines.
"""

from __future__ import annotations

import copy
from dataclasses import asdict

import pytest

from companion.core.chance import EnteredChance
from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.match import Match
from companion.games.marche.game import MarcheGame
from companion.games.marche.state import BANK, CAMEL

GAME = MarcheGame()
END = Event("end_countdown")
__all__ = [
    "BANK",
    "CAMEL",
    "END",
    "GAME",
    "assert_refused",
    "buy",
    "claim",
    "offer",
    "pick",
    "snapshot",
    "stop",
    "table_match",
]


def pick(seat: int, card) -> Event:
    return Event("pick", seat, {"card": card})


def stop(count: int, *seats: int) -> Event:
    """A stop by ``seats`` in press order, each 1 ms after the previous one."""
    return Event("stop", None, {"count": count, "stoppers": [[s, i * 1000] for i, s in enumerate(seats)]})


def claim(seat: int, target) -> Event:
    return Event("claim", seat, {"target": target})


def table_match(players: int = 4, camel: int | None = 5, rules: dict | None = None, **setup) -> Match:
    """A match at a physical table, with ``camel`` entered as the first face-up camel."""
    match = Match(GAME, {"players": players, "rules": rules or {}, **setup}, EnteredChance())
    if camel is not None:
        match.enter_chance(camel)
    return match


def offer(match: Match, cards, bank: int | None = None) -> Match:
    """Every seat offers ``cards[seat]``; with three players ``bank`` is the bank's card."""
    for seat, card in enumerate(cards):
        match.act(pick(seat, card))
    if bank is not None:
        match.enter_chance(bank)
    return match


def buy(match: Match, count: int, seat: int, target) -> Match:
    """One stopper at ``count`` naming ``target``."""
    match.act(stop(count, seat))
    match.act(claim(seat, target))
    return match


def snapshot(match: Match):
    return asdict(match.state), list(match.log)


def assert_refused(match: Match, event: Event, *words: str) -> RuleError:
    """``event`` raises a RuleError naming ``words`` and changes neither state nor log,
    whether applied through the match or in place by the engine."""
    before = snapshot(match)
    with pytest.raises(RuleError) as refused:
        match.act(event)
    message = str(refused.value).lower()
    for word in words:
        assert word.lower() in message, f"{word!r} not in {message!r}"
    assert snapshot(match) == before
    in_place = copy.deepcopy(match.state)
    with pytest.raises(RuleError):
        GAME.advance(in_place, event)
    assert asdict(in_place) == before[0]
    return refused.value
