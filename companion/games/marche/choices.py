"""Who Le Marché waits for, and what each of them may do."""

from __future__ import annotations

from typing import Any

from companion.core.game import Event
from companion.games.marche.rules import chance_request
from companion.games.marche.state import CAMEL, CLAIMING, PICKING, MarcheState


def to_act(state: MarcheState) -> tuple[int, ...]:
    """The seats still to pick an offer, or the stoppers still to name a card."""
    if chance_request(state) is not None:
        return ()
    if state.phase == PICKING:
        return tuple(seat for seat, card in enumerate(state.picks) if card is None)
    if state.phase == CLAIMING:
        stop = state.claiming()
        return tuple(seat for seat in stop.seats() if seat not in stop.claims)
    return ()


def legal_actions(state: MarcheState, seat: int) -> list[Event]:
    """Each card left in the hand while picking; after a stop, each card on offer but the
    seat's own, the face-up camel, and nothing."""
    if seat not in to_act(state):
        return []
    if state.phase == PICKING:
        return [Event("pick", seat, {"card": card}) for card in sorted(set(state.hands[seat]))]
    targets: list[Any] = [t for t in state.offers if t != seat]
    if state.camel_up is not None:
        targets.append(CAMEL)
    return [Event("claim", seat, {"target": t}) for t in [*targets, None]]
