"""Samarkand Market on the core's Game contract: each method delegates to the rules
(rules.py), the views (view.py) or the state; the engine keeps no state of its own."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.game import ChanceRequest, Event, Game, InputRequest, Result
from companion.core.phrase import Phrase
from companion.games.market import cubes as cu
from companion.games.market.cards import CARDS_USED
from companion.games.market.rules import (
    CARD_ENTRY,
    CARD_EXAMPLE,
    advance,
    card_checker,
    chance_request,
    new_state,
    result,
    to_act,
)
from companion.games.market.state import BIDDING, MARKET, OVER, PICKING, MarketState
from companion.games.market.view import SeatView, build_view, redact_event, seat_view


class MarketGame(Game[MarketState]):
    """The core's Game contract over the rule functions (rules.py)."""

    decisions = frozenset({"bid", "pick", "sell", "discard"})

    def new_state(self, setup: Mapping[str, Any]) -> MarketState:
        return new_state(setup)

    def copy(self, state: MarketState) -> MarketState:
        return state.copy()

    def advance(self, state: MarketState, event: Event) -> None:
        advance(state, event)

    def names(self, state: MarketState) -> tuple[str, ...]:
        return state.names

    def chance_request(self, state: MarketState) -> ChanceRequest | None:
        return chance_request(state)

    def input_request(self, state: MarketState) -> InputRequest | None:
        if state.phase != MARKET or not state.entered:
            return None
        number = state.revealed + 1
        # the numbers as text: the console's say() (web/static/shell.js) takes a parameter
        # that is not a string for a nested Phrase
        prompt = Phrase(
            "Type market card {number} of {cards} (space {space}) as it is revealed: "
            "its sets (Y yellow, B blue, R red, G green, K black) and payouts",
            number=str(number),
            cards=str(CARDS_USED),
            space=str(number if number <= 3 else 1),
        )
        return InputRequest(CARD_ENTRY, prompt, CARD_EXAMPLE, card_checker(number))

    def to_act(self, state: MarketState) -> tuple[int, ...]:
        return to_act(state)

    def to_act_shown(self, state: MarketState, viewer: int | None) -> tuple[int, ...]:
        """Who has bid is secret: a seat sees only itself while its bid is still due."""
        waiting = to_act(state)
        if state.phase != BIDDING:
            return waiting
        return (viewer,) if viewer in waiting else ()

    def legal_actions(self, state: MarketState, seat: int) -> list[Event] | None:
        """The picks (a lot left each: at most one per player); a bid (any amount from 5 to
        the seat's money, which sales can grow without bound), a sale or a discard is not
        listed."""
        if seat not in to_act(state):
            return []
        if state.phase == PICKING:
            return [
                Event("pick", seat, {"lot": i}) for i, owner in enumerate(state.lot_owner) if owner is None
            ]
        return None

    def view(self, state: MarketState, viewer: int | None) -> dict[str, Any]:
        return build_view(state, viewer)

    def secret_twin(self, state: MarketState, seat: int) -> MarketState:
        """What only ``seat`` knows: its money (unless ``open_money``; everyone's once the
        game is over) and its sealed bid while the bids are not yet revealed."""
        twin = state.copy()
        if not state.rules.open_money and state.phase != OVER:
            twin.money[seat] += 1000
        bid = twin.bids[seat]
        if state.phase == BIDDING and bid is not None:
            twin.bids[seat] = bid + 1
        return twin

    def seat_view(self, state: MarketState, seat: int) -> SeatView:
        return seat_view(state, seat)

    def redact(self, event: Event, viewer: Any) -> dict[str, Any]:
        return redact_event(event, viewer)

    def is_over(self, state: MarketState) -> bool:
        return state.phase == OVER

    def result(self, state: MarketState) -> Result:
        return result(state)

    def standing(self, state: MarketState) -> tuple[int, ...]:
        return tuple(state.money)

    def moment(self, before: MarketState, event: Event, after: MarketState) -> Phrase | None:
        """The reveals (the last sealed bid in shows them all, or the lots drawn when nobody
        can bid), with the top bid: what the first pick cost."""
        reveal = next((r for r in after.records[len(before.records) :] if r["kind"] == "reveal"), None)
        if reveal is None:
            return None
        top = max((b for b in reveal["bids"] if b is not None), default=None)
        if top is None:
            return Phrase("round {n}: nobody could bid", n=reveal["round"])
        return Phrase("round {n}: top bid {bid}", n=reveal["round"], bid=top)

    def summary(self, state: MarketState) -> dict[str, Any]:
        over = state.phase == OVER
        return {
            "round": state.round,
            "phase": state.phase,
            "money": list(state.money),
            "cubes": [cu.total(c) for c in state.cubes],
            "bag": cu.total(state.bag),
            "over": over,
            "result": result(state).to_dict() if over else None,
        }
