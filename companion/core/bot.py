"""The contract of a seat played by the program."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.core.game import Event


class Bot:
    """A seat played by the program: it decides from that seat's view alone (what a
    person in that seat would see), so it can never peek, and returns the event."""

    style = "bot"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def decide(self, view: Mapping[str, Any], seat: int) -> Event:
        raise NotImplementedError
