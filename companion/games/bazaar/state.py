"""The state of a game of Bazaar as plain data, copied whole by ``copy``."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.games.bazaar.cubes import Equation, Ware
from companion.games.bazaar.options import BazaarOptions

# What the game waits for, one phase at a time.
EXCHANGE = "exchange"  # setup: an exchange card to come face up (drawn or entered)
STALLS = "stalls"  # setup: a stall's first ware card to come face up
START = "start"  # setup: a player rolls the die for their first cube
START_WILD = "start_wild"  # ... and rolled the wild face: they choose a colour
ACT = "act"  # the player to play rolls or trades (exactly one)
ROLLING = "rolling"  # the die is rolling
WILD = "wild"  # the wild face: the player chooses a colour the bank has
BUY = "buy"  # end of turn: the player may buy a ware (or be done)
REVEAL = "reveal"  # a stall's next ware card to come face up after a purchase
DISCARD = "discard"  # over 10 cubes: the player to the left chooses the excess
OVER = "over"

DRAWING = (EXCHANGE, STALLS, REVEAL)
"""Phases that wait for a card: a draw from the sample deck, or an entry by the host."""


@dataclass(slots=True)
class BazaarState:
    rules: BazaarOptions
    names: tuple[str, ...]
    exchange_deck: dict[int, tuple[Equation, ...]] | None
    """The sample exchange cards not in play, by number (None: the host enters the cards)."""
    ware_deck: dict[str, int] | None
    """The sample ware cards not yet face up, by code (None: the host enters each card)."""
    wares_known: dict[str, Ware]
    """Every ware card code seen or in the sample deck -> the card."""
    exchange: list[tuple[int | None, tuple[Equation, ...]]]
    """The exchange cards in play: (sample card number or None if entered, its equations)."""
    stalls_left: list[int]  # cards in each stall, the face-up one included
    stalls_up: list[str | None]  # each stall's face-up card (its code), None if none (yet)
    emptied: list[int]  # the stalls emptied, in order
    bank: list[int]
    cubes: list[list[int]]
    bought: list[list[dict[str, Any]]]  # each seat's purchases: code, stall, points…
    scores: list[int]
    phase: str
    turn: int  # the seat playing (or rolling for its first cube)
    turn_number: int  # 0 during the setup, then 1, 2, …
    started: int  # first cubes rolled so far
    purchases: int  # wares bought this turn
    acted: str | None  # this turn's action: "roll" or "trade", once done
    revealing: int | None  # the stall whose next card is awaited
    discard: tuple[int, int, int] | None  # (the player over the limit, the chooser, excess)
    records: list[dict[str, Any]]  # what happened, in order (the pages' log, the narration)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def equations(self) -> tuple[Equation, ...]:
        """The equations in play, numbered 0-9: the first card's five, then the second's."""
        return tuple(equation for _, card in self.exchange for equation in card)

    @property
    def bonus(self) -> bool:
        """A stall is empty: every purchase now scores one star level higher."""
        return bool(self.emptied)

    @property
    def discarding(self) -> tuple[int, int, int]:
        """The discard phase's (the player over the limit, the chooser, the excess)."""
        if self.discard is None:
            raise ValueError(f"no cubes are to be returned in phase {self.phase!r}")
        return self.discard

    def ware(self, stall: int) -> Ware | None:
        code = self.stalls_up[stall]
        return None if code is None else self.wares_known[code]

    def copy(self) -> BazaarState:
        """A copy sharing nothing the rules change (records and purchases, once made, never change)."""
        return replace(
            self,
            exchange_deck=None if self.exchange_deck is None else dict(self.exchange_deck),
            ware_deck=None if self.ware_deck is None else dict(self.ware_deck),
            wares_known=dict(self.wares_known),
            exchange=list(self.exchange),
            stalls_left=list(self.stalls_left),
            stalls_up=list(self.stalls_up),
            emptied=list(self.emptied),
            bank=list(self.bank),
            cubes=[list(c) for c in self.cubes],
            bought=[list(b) for b in self.bought],
            scores=list(self.scores),
            records=list(self.records),
        )
