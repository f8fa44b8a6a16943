"""The state of a game of Samarkand Market as plain data.

Mutable containers, copied whole by ``copy`` so the engine's public ``apply`` stays pure
while an owner that never shares its state (the simulator) may advance it in place.
Cubes are tuples of five counts (cubes.py); cards are frozen (cards.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.games.market.cards import CARDS_USED, Card
from companion.games.market.cubes import Cubes
from companion.games.market.options import MarketOptions

START = "start"  # the start player is drawn (digital) or chosen by the host
MARKET = "market"  # a market card is revealed (drawn, or typed by the host)
LOTS = "lots"  # cubes are drawn from the bag into the lots
BIDDING = "bidding"  # every player bids at once, in secret
PICKING = "picking"  # in bid order, each picks a lot
SELLING = "selling"  # in seat order from the start player, each may sell
DISCARDING = "discarding"  # everyone over 10 cubes returns the excess
OVER = "over"


@dataclass(slots=True)
class Reveal:
    """The bids of one round, shown together: each seat's bid (None: could not bid), the
    order the seats pick in, and each tie (an amount several bid, those seats in the order
    they pick: clockwise from the start player)."""

    round: int
    bids: tuple[int | None, ...]
    order: tuple[int, ...]
    ties: tuple[tuple[int, tuple[int, ...]], ...] = ()


@dataclass(slots=True)
class MarketState:
    rules: MarketOptions
    names: tuple[str, ...]
    entered: bool  # physical table: market cards are typed by the host
    phase: str
    round: int  # 1 … 10
    start: int  # the start player's seat (-1 until chosen)
    bag: Cubes
    deck: dict[str, int]  # the digital deck's cards not yet drawn (name -> 1)
    revealed: int  # market cards revealed so far (12 in a whole game)
    markets: list[Card]  # the current cards: space 1 (leftmost) first
    lots: list[Cubes]
    lot_owner: list[int | None]
    filling: int  # the lot the bag's next cube goes into
    bids: list[int | None]  # this round's secret bids (None: not in yet)
    bidders: tuple[int, ...]  # the seats that can bid this round (5 piasters or more)
    reveal: Reveal | None
    picking: list[int]  # the seats still to pick, in order
    selling: list[int]  # the seats still to decide a sale, in order
    discarding: list[int]  # the seats still over the cube limit
    money: list[int]
    cubes: list[Cubes]
    paid_in: int = 0  # piasters paid to the bank (bids)
    paid_out: int = 0  # piasters the bank paid (sales)
    records: list[dict[str, Any]] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def final_round(self) -> bool:
        return self.revealed >= CARDS_USED

    def copy(self) -> MarketState:
        """A copy sharing nothing the rules change (records are never changed once made)."""
        return replace(
            self,
            deck=dict(self.deck),
            markets=list(self.markets),
            lots=list(self.lots),
            lot_owner=list(self.lot_owner),
            bids=list(self.bids),
            picking=list(self.picking),
            selling=list(self.selling),
            discarding=list(self.discarding),
            money=list(self.money),
            cubes=list(self.cubes),
            records=list(self.records),
        )
