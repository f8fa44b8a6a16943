"""What one viewer may see of a game of Samarkand Market, and of its log.

Secret to its owner: a player's money (unless ``open_money``; everyone's once the game is
over) and a player's bid until all bids are revealed together; not even who has bid is
shown, only how many bids are in. Public: the lots, who took which, every player's cubes,
the current market cards, the revealed bids, sales and their payouts (not the seller's
balance), the bag's contents (what every public fact leaves in it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.game import Event, check_viewer
from companion.games.market import cubes as cu
from companion.games.market.cards import CARDS_USED, Card
from companion.games.market.rules import CUBE_LIMIT, LOTS, MIN_BID, ROUNDS
from companion.games.market.sale import best, fits, suggested_return
from companion.games.market.state import (
    BIDDING,
    DISCARDING,
    OVER,
    PICKING,
    SELLING,
    MarketState,
)
from companion.games.market.state import (
    LOTS as DRAWING,
)

SHOWN_RECORDS = 60
"""The log a page shows: the latest records (a round makes about fifteen)."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """What a bot decides from: the public facts and its own money, never more than
    ``build_view(state, seat)`` shows."""

    seat: int
    players: int
    phase: str
    round: int
    final_round: bool
    start: int
    money: int
    open_money: tuple[int, ...] | None  # everyone's money, with open_money
    cubes: tuple[cu.Cubes, ...]
    markets: tuple[Card, ...]
    lots: tuple[cu.Cubes, ...]
    lot_owner: tuple[int | None, ...]
    picking: tuple[int, ...]
    bag: cu.Cubes
    my_bid: int | None


def seat_view(state: MarketState, seat: int) -> SeatView:
    check_viewer(seat, state.players)
    return SeatView(
        seat=seat,
        players=state.players,
        phase=state.phase,
        round=state.round,
        final_round=state.final_round,
        start=state.start,
        money=state.money[seat],
        open_money=tuple(state.money) if state.rules.open_money else None,
        cubes=tuple(state.cubes),
        markets=tuple(state.markets),
        lots=tuple(state.lots),
        lot_owner=tuple(state.lot_owner),
        picking=tuple(state.picking),
        bag=state.bag,
        my_bid=state.bids[seat] if state.phase == BIDDING else None,
    )


def build_view(state: MarketState, viewer: int | None) -> dict[str, Any]:
    check_viewer(viewer, state.players)
    over = state.phase == OVER
    money_shown = over or state.rules.open_money
    players = []
    for seat, name in enumerate(state.names):
        entry: dict[str, Any] = {
            "seat": seat,
            "name": name,
            "cubes": cu.to_dict(state.cubes[seat]),
            "count": cu.total(state.cubes[seat]),
        }
        if money_shown:
            entry["money"] = state.money[seat]
        players.append(entry)
    bidding = state.phase == BIDDING
    reveal = state.reveal
    view: dict[str, Any] = {
        "game": "market",
        "phase": state.phase,
        "round": state.round,
        "rounds": ROUNDS,
        "final_round": state.final_round,
        "start": None if state.start < 0 else state.start,
        "rules": {"open_money": state.rules.open_money, "broke_player": state.rules.broke_player},
        "physical": state.entered,
        "markets": [market_view(card, space) for space, card in enumerate(state.markets)],
        "cards_revealed": state.revealed,
        "cards_used": CARDS_USED,
        "bag": {"total": cu.total(state.bag), "cubes": cu.to_dict(state.bag)},
        "lots": [
            {"lot": i, "size": size, "cubes": cu.to_dict(lot), "count": cu.total(lot), "owner": owner}
            for i, (size, lot, owner) in enumerate(zip(LOTS[state.players], state.lots, state.lot_owner))
        ],
        "lot_sizes": list(LOTS[state.players]),
        "min_bid": MIN_BID,
        "cube_limit": CUBE_LIMIT,
        "filling": state.filling if state.lots and state.phase == DRAWING else None,
        "bids_in": sum(state.bids[s] is not None for s in state.bidders) if bidding else None,
        "bidders": len(state.bidders) if bidding else None,
        "reveal": None
        if reveal is None
        else {
            "round": reveal.round,
            "bids": list(reveal.bids),
            "order": list(reveal.order),
            "ties": [{"bid": amount, "seats": list(seats)} for amount, seats in reveal.ties],
        },
        "picking": state.picking[0] if state.phase == PICKING else None,
        "pick_order": list(state.picking) if state.phase == PICKING else [],
        "selling": state.selling[0] if state.phase == SELLING else None,
        "discarding": list(state.discarding) if state.phase == DISCARDING else [],
        "players": players,
        "records": state.records[-SHOWN_RECORDS:],
    }
    if viewer is not None:
        view["you"] = _yours(state, viewer)
    return view


def market_view(card: Card, space: int) -> dict[str, Any]:
    return {
        "space": space,
        "name": card.name,
        "sets": [
            {"cubes": cu.to_dict(s.cubes), "letters": cu.letters(s.cubes), "pays": s.pays} for s in card.sets
        ],
    }


def _yours(state: MarketState, seat: int) -> dict[str, Any]:
    held = state.cubes[seat]
    money = state.money[seat]
    phase = state.phase
    you: dict[str, Any] = {
        "seat": seat,
        "money": money,
        "min_bid": MIN_BID,
        "max_bid": money,
        "can_bid": money >= MIN_BID,
        "bid": state.bids[seat] if phase == BIDDING else None,
        "each_set": [
            [{"could_sell": n, "pays": s.pays} for s, n in zip(card.sets, row)]
            for card, row in zip(state.markets, fits(held, state.markets))
        ],
        "to_do": None,
    }
    if phase == BIDDING and seat in state.bidders and state.bids[seat] is None:
        you["to_do"] = "bid"
    elif phase == PICKING and state.picking[0] == seat:
        you["to_do"] = "pick"
    elif phase == SELLING and state.selling[0] == seat:
        you["to_do"] = "sell"
        you["advice"] = best(held, state.markets).to_dict(state.markets)
    elif phase == DISCARDING and seat in state.discarding:
        you["to_do"] = "discard"
        kept_markets = [] if state.final_round else state.markets[:2]
        you["discard"] = {
            "excess": cu.total(held) - CUBE_LIMIT,
            "advice": cu.to_dict(suggested_return(held, kept_markets, CUBE_LIMIT)),
        }
    return you


def redact_event(event: Event, viewer: int | None) -> dict[str, Any]:
    """A bid shows neither its amount nor who made it to anyone but its bidder."""
    raw = event.to_dict()
    if event.kind == "bid" and viewer != event.actor:
        raw["actor"], raw["data"] = None, {}
    return raw
