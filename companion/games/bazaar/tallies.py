"""What a finished game of Bazaar counts for the history's charts: the points its
purchases scored, by the star level they were bought at (a starred ware, a stall
emptied)."""

from __future__ import annotations

from companion.core.phrase import Phrase
from companion.core.tally import Tally
from companion.games.bazaar.state import BazaarState

POINTS_BY_STAR = Phrase("Points by star level")


def tallies(state: BazaarState) -> tuple[Tally, ...]:
    return tuple(
        Tally(POINTS_BY_STAR, Phrase("{n}★", n=purchase["level"]), purchase["points"])
        for purchases in state.bought
        for purchase in purchases
    )
