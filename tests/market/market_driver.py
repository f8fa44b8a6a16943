"""Helpers for Samarkand Market's tests: a table whose every draw the test chooses.

A test deck of 15 small cards (M1 … M15) makes payouts easy to reckon; the cubes are
entered as a physical table would (EnteredChance), so each lot holds what the test says.
"""

from __future__ import annotations

import pytest

from companion.core.chance import EnteredChance, SeededChance
from companion.core.errors import RuleError
from companion.core.game import Event
from companion.core.match import Match
from companion.games.market import cubes as cu
from companion.games.market.game import MarketGame

GAME = MarketGame()
LETTER = {"Y": "yellow", "B": "blue", "R": "red", "G": "green", "K": "black"}

DECK = [
    {"name": "M1", "sets": [{"cubes": "Y", "pays": 10}, {"cubes": "YY", "pays": 25}]},
    {"name": "M2", "sets": [{"cubes": "BR", "pays": 30}, {"cubes": "BBB", "pays": 50}]},
    {"name": "M3", "sets": [{"cubes": "K", "pays": 20}, {"cubes": "GK", "pays": 45}]},
    *(
        {"name": f"M{i}", "sets": [{"cubes": "R", "pays": i}, {"cubes": "GG", "pays": 3 * i}]}
        for i in range(4, 16)
    ),
]


def table(
    players: int = 3,
    start: int = 0,
    rules: dict | None = None,
    markets=("M1", "M2", "M3"),
    mode: str = "digital",
    names=None,
) -> Match:
    """A match at its first lots: the start player fixed, the three first cards revealed."""
    setup = {
        "players": players,
        "start": start,
        "mode": mode,
        "rules": {"market_deck": DECK, **(rules or {})},
    }
    if names:
        setup["names"] = list(names)
    match = Match(GAME, setup, EnteredChance())
    for name in markets:
        match.enter_chance(name)
    return match


def seeded(players: int = 3, seed: int = 1, rules: dict | None = None) -> Match:
    """A digital match dealt by the seed, from the test deck."""
    match = Match(
        GAME, {"players": players, "rules": {"market_deck": DECK, **(rules or {})}}, SeededChance(seed)
    )
    match.fill_chance()
    return match


def draw(match: Match, *lots: str) -> None:
    """Fill the lots with the cubes written as colour letters, lot by lot."""
    for lot in lots:
        for letter in lot:
            match.enter_chance(LETTER[letter])


def bid(seat: int, amount) -> Event:
    return Event("bid", seat, {"amount": amount})


def pick(seat: int, lot) -> Event:
    return Event("pick", seat, {"lot": lot})


def sell(seat: int, *parts) -> Event:
    """``parts``: (space, set, times), numbered from 0."""
    return Event("sell", seat, {"sales": [{"market": m, "set": s, "times": t} for m, s, t in parts]})


def discard(seat: int, letters: str) -> Event:
    return Event("discard", seat, {"cubes": cu.to_dict(cu.parse(letters))})


def bids(match: Match, *amounts) -> None:
    for seat, amount in enumerate(amounts):
        if amount is not None:
            match.act(bid(seat, amount))


def held(match: Match, seat: int) -> str:
    return cu.letters(match.state.cubes[seat])


def assert_refused(match: Match, event: Event, words: str) -> None:
    """The event is refused with ``words`` in its message and changes nothing."""
    state, log = match.game.copy(match.state), list(match.log)
    with pytest.raises(RuleError, match=words):
        match.act(event)
    assert match.state == state and match.log == log


def cubes_total(state) -> int:
    untaken = sum(cu.total(lot) for lot, owner in zip(state.lots, state.lot_owner) if owner is None)
    return cu.total(state.bag) + untaken + sum(cu.total(c) for c in state.cubes)
