"""What a finished game counts for its own charts in the history: Le Marché's stops by
count, Market's winning bids, Bazaar's points by star, Samarkand's sales by city.

A game says it from its final state (``GameSpec.tallies``), as plain data with its words
as Phrases; the history adds the tallies of every game it counts and the page draws them,
so neither the store nor the web knows any game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.phrase import Phrase


@dataclass(frozen=True, slots=True)
class Tally:
    """``amount`` more on the bar ``bar`` of the chart titled ``chart``. A bar is a number
    (a count, a bid) or a Phrase (a city); None is the game's own bar, for a chart of one
    bar per game ("disputes per game")."""

    chart: Phrase
    bar: int | Phrase | None
    amount: int = 1

    def to_dict(self) -> dict[str, Any]:
        """As the store keeps a finished game's tallies (JSON)."""
        bar = self.bar.to_dict() if isinstance(self.bar, Phrase) else self.bar
        return {"chart": self.chart.to_dict(), "bar": bar, "amount": self.amount}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tally:
        """The Tally ``to_dict`` gave, as the history reads it back from the store."""
        bar = data["bar"]
        return cls(
            Phrase.from_dict(data["chart"]),
            Phrase.from_dict(bar) if isinstance(bar, dict) else bar,
            data["amount"],
        )
