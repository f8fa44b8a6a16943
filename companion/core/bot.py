"""The contract of a seat played by the program."""

from __future__ import annotations

import random
from typing import Generic, TypeVar

from companion.core.game import Event

V = TypeVar("V")


class Bot(Generic[V]):
    """A seat played by the program: it decides from that seat's view alone (what a
    person in that seat would see, ``Game.seat_view``: the game's type ``V``), so it can
    never peek, and returns the event."""

    style = "bot"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: V, seat: int) -> Event:
        raise NotImplementedError
