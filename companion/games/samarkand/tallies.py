"""What a finished game of Samarkand counts for the history's charts: its sales, by the
city they were made in (named as the log names it: the board's name, or its number)."""

from __future__ import annotations

from companion.core.phrase import Phrase
from companion.core.tally import Tally
from companion.games.samarkand.narration import space_name
from companion.games.samarkand.state import SamarkandState

SALES_BY_CITY = Phrase("Sales by city")


def tallies(state: SamarkandState) -> tuple[Tally, ...]:
    return tuple(
        Tally(SALES_BY_CITY, Phrase.of(space_name(state, r["city"])))
        for r in state.records
        if r["kind"] == "sold"
    )
