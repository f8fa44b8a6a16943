"""The contract of a seat played by the program."""

from __future__ import annotations

import random
from typing import ClassVar, Generic, TypeVar

from companion.core.game import Event
from companion.core.phrase import Phrase

V = TypeVar("V")

MAX_STEPS = 10_000
"""A game between bots alone that has not ended after this many events is stopped: bots
can reach a position none of them can leave (Bazaar's 10 cubes of a colour the bank has
run out of, every roll handed back), and a table of bots must never loop for ever."""


class Bot(Generic[V]):
    """A seat played by the program: it decides from that seat's view alone (what a
    person in that seat would see, ``Game.seat_view``: the game's type ``V``), so it can
    never peek, and returns the event."""

    style: ClassVar[str] = "bot"
    title: ClassVar[Phrase] = Phrase("bot")
    """The style's name as the host reads it in the lobby."""
    summary: ClassVar[Phrase] = Phrase("a bot")
    """One line on how the style plays, beside its name where the host picks a bot."""
    by_default: ClassVar[bool] = True
    """Whether the table seats this style when nobody chose one (a beginner's bot or a
    searching one is the host's choice)."""

    def __init__(self, rng: random.Random, effort: float = 1.0) -> None:
        self.rng = rng
        self.effort = effort
        """How much of its budget a searching style spends per decision (the table's
        ``[bots] effort``: lower it on a slow Pi); a heuristic style has no budget."""

    def decide(self, view: V, seat: int) -> Event:
        raise NotImplementedError
