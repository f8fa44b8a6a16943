"""What a seat may do now, listed where it can be (the contract's ``legal_actions``).

Trades are listed as single 1-for-1 swaps (any trade is a series of them); losses and cuts
as one choice per kind at a time would not be a list of whole decisions, so they list the
distinct ways to choose, as counts per kind (at most 6,188: a whole game's goods cut to 12).
"""

from __future__ import annotations

from collections.abc import Iterator
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
    """Every distinct way to pick ``n`` goods from ``hand``, as counts per kind, the most of
    the first kind first. Made kind by kind, so the work is the number of ways (at most
    6,188 for the cut of a whole game's goods to 12), not the number of n-good sequences:
    a cut of 40 from a 52-good supply tried 1.2 million of them."""
    kinds = [k for k in g.KINDS if hand.get(k, 0) > 0]

    def ways(i: int, left: int) -> Iterator[dict[str, int]]:
        if i == len(kinds):
            yield {}
            return
        later = sum(hand[k] for k in kinds[i + 1 :])
        for count in range(min(hand[kinds[i]], left), max(0, left - later) - 1, -1):
            for rest in ways(i + 1, left - count):
                yield {kinds[i]: count, **rest} if count else rest

    return list(ways(0, n)) if 0 <= n <= sum(hand[k] for k in kinds) else []
