"""What a seat may do now, listed where it can be (the contract's ``legal_actions``).

Trades are listed as single 1-for-1 swaps (any trade is a series of them); losses and cuts
as one choice per kind at a time would not be a list of whole decisions, so they list the
distinct ways to choose (few: at most a few hundred).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from companion.core.game import Event
from companion.games.samarkand import goods as g
from companion.games.samarkand.rules import (
    OASIS_LOSS,
    ROLL_COST,
    die_reach,
    over_limit,
    sales_here,
)
from companion.games.samarkand.state import (
    CUT,
    GIFT,
    LOSE,
    MOVE,
    OASIS,
    PLACE,
    SELL,
    STEER,
    TRADE,
    SamarkandState,
)


def legal_actions(state: SamarkandState, seat: int) -> list[Event] | None:
    if state.phase == CUT:
        if seat not in over_limit(state):
            return []
        excess = g.total(state.hands[seat]) - g.HAND_LIMIT
        return [Event("cut", seat, {"goods": c}) for c in choose(state.hands[seat], excess)]
    if state.phase not in (PLACE, MOVE, STEER, GIFT, TRADE, OASIS, LOSE, SELL) or seat != state.turn:
        return []
    phase = state.phase
    if state.board is None and phase in (MOVE, STEER, TRADE):
        return None  # free movement: any space the player names (and no placing)
    if phase == PLACE:
        return [Event("place", seat, {"space": s.id}) for s in state.the_board().spaces]
    if phase == MOVE:
        moves = [Event("move", seat, {"to": to}) for to in state.the_board().exits(state.position(seat))]
        return moves + ([Event("roll", seat, {})] if state.money[seat] >= ROLL_COST else [])
    if phase == STEER:
        return [Event("move", seat, {"to": to}) for to in die_reach(state, seat, state.face())]
    if phase == GIFT:
        return [Event("gift", seat, {"good": k}) for k in g.KINDS if state.hands[seat].get(k)]
    if phase == TRADE:
        field = state.camps[state.camp_index(state.space_here().id)]
        swaps = [
            Event("trade", seat, {"take": {t: 1}, "give": {k: 1}})
            for t in g.KINDS
            if field.get(t)
            for k in g.KINDS
            if state.hands[seat].get(k)
        ]
        extra = []
        if state.arrived != "roll" and not state.traded:
            extra = [Event("move", seat, {"to": to}) for to in state.the_board().exits(state.position(seat))]
        return [Event("done", seat, {}), *swaps, *extra]
    if phase == OASIS:
        return [
            Event("buy", seat, {"count": n})
            for n in (1, 4)
            if state.money[seat] >= state.space_here().cost(n)
        ]
    if phase == LOSE:
        return [Event("lose", seat, {"goods": c}) for c in choose(state.hands[seat], OASIS_LOSS)]
    found = sales_here(state, seat, state.space_here().id)
    chips = [c for c in state.chips if c is not None]
    events = []
    for sale in found:
        data: dict[str, Any] = {"market": sale.market}
        if sale.symbol == g.WILD:
            data["kinds"] = [k for k, _ in sale.goods]
        else:
            data["count"] = sale.count
        if len(chips) == 2 and sale.symbol not in chips:
            events += [Event("sell", seat, {**data, "chip": c}) for c in dict.fromkeys(chips)]
        else:
            events.append(Event("sell", seat, data))
    return events


def choose(hand: dict[str, int], n: int) -> list[dict[str, int]]:
    """Every distinct way to pick ``n`` goods from ``hand``."""
    kinds = [k for k in g.KINDS for _ in range(min(hand.get(k, 0), n))]
    found = []
    for combo in dict.fromkeys(combinations_with_replacement(sorted(set(kinds), key=g.KINDS.index), n)):
        counted: dict[str, int] = {}
        for k in combo:
            counted[k] = counted.get(k, 0) + 1
        if g.covers(hand, counted):
            found.append(counted)
    return found
