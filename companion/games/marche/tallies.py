"""What a finished game of Le Marché counts for the history's charts: its stops by count,
its disputes and the stops the Dean's priority decided. Read from the records of
payments and purchases, where every stop leaves at least one (a purchase, a dispute, a
false stop, a claim the Dean outbid)."""

from __future__ import annotations

from companion.core.phrase import Phrase
from companion.core.tally import Tally
from companion.games.marche.state import MarcheState

STOPS = Phrase("Stops by count")
DISPUTES = Phrase("Disputes per game")
DEAN = Phrase("Stops the Dean's priority decided, per game")


def tallies(state: MarcheState) -> tuple[Tally, ...]:
    stops = {(r["turn"], r["count"]) for r in state.records}
    disputes = {(r["turn"], r["count"], r["target"]) for r in state.records if r["kind"] == "dispute"}
    dean = {(r["turn"], r["count"], r["target"]) for r in state.records if r["kind"] == "dean_priority"}
    return (
        *(Tally(STOPS, count) for _, count in sorted(stops)),
        Tally(DISPUTES, None, len(disputes)),
        Tally(DEAN, None, len(dean)),
    )
