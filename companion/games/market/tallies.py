"""What a finished game of Samarkand Market counts for the history's charts: each
round's winning bid, the top of its sealed bids (what the first pick cost), in bands of
ten piasters."""

from __future__ import annotations

from companion.core.phrase import Phrase
from companion.core.tally import Tally
from companion.games.market.state import MarketState

WINNING_BIDS = Phrase("Winning bids, in piasters")
BAND = 10


def tallies(state: MarketState) -> tuple[Tally, ...]:
    reveals = (r["bids"] for r in state.records if r["kind"] == "reveal")
    tops = (max((b for b in bids if b is not None), default=None) for bids in reveals)
    return tuple(Tally(WINNING_BIDS, band(top)) for top in tops if top is not None)


def band(bid: int) -> Phrase:
    low = bid // BAND * BAND
    return Phrase("{low}–{high}", low=low, high=low + BAND - 1)
