"""Bazaar on the core's game contract: the rule functions of rules.py behind ``Game``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.game import CHANCE, ChanceRequest, Event, Game, InputRequest, Result
from companion.core.phrase import Phrase
from companion.games.bazaar import rules
from companion.games.bazaar.state import OVER, BazaarState
from companion.games.bazaar.view import SeatView, build_view, seat_view


class BazaarGame(Game[BazaarState]):
    decisions = frozenset({"roll", "take", "trade", "buy", "done", "discard"})

    def new_state(self, setup: Mapping[str, Any]) -> BazaarState:
        return rules.new_state(setup)

    def copy(self, state: BazaarState) -> BazaarState:
        return state.copy()

    def advance(self, state: BazaarState, event: Event) -> None:
        rules.advance(state, event)

    def names(self, state: BazaarState) -> tuple[str, ...]:
        return state.names

    def chance_request(self, state: BazaarState) -> ChanceRequest | None:
        return rules.chance_request(state)

    def input_request(self, state: BazaarState) -> InputRequest | None:
        return rules.input_request(state)

    def to_act(self, state: BazaarState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: BazaarState, seat: int) -> list[Event]:
        return rules.legal_actions(state, seat)

    def view(self, state: BazaarState, viewer: Any) -> dict[str, Any]:
        return build_view(state, viewer)

    def secret_twin(self, state: BazaarState, seat: int) -> BazaarState:
        """``state`` itself: Bazaar has no secret of one seat. The rulebook keeps each
        player's cubes on their aid card, their wares in front of them and their points on
        the score track, with no screen (Samarkand's, in the same box, has one); the cards
        not yet face up are hidden from every seat alike (docs/rules/bazaar.md, "What is
        secret")."""
        return state

    def seat_view(self, state: BazaarState, seat: int) -> SeatView:
        """Public facts only (Bazaar has no secrets), as an object quick to read."""
        return seat_view(state, seat)

    def is_over(self, state: BazaarState) -> bool:
        return state.phase == OVER

    def result(self, state: BazaarState) -> Result:
        return rules.result(state)

    def standing(self, state: BazaarState) -> tuple[int, ...]:
        return tuple(state.scores)

    def moment(self, before: BazaarState, event: Event, after: BazaarState) -> Phrase | None:
        """The purchases, the only way to points: who bought which ware, for how many."""
        if event.kind != "buy":
            return None
        bought = after.bought[event.actor][-1]
        return Phrase(
            "{name} buys {ware} (+{points})",
            name=after.names[event.actor],
            ware=bought["ware"].replace("*", "★"),
            points=str(bought["points"]),
        )

    def summary(self, state: BazaarState) -> dict[str, Any]:
        over = state.phase == OVER
        return {
            "over": over,
            "turn": state.turn_number,
            "phase": state.phase,
            "scores": list(state.scores),
            "bank": list(state.bank),
            "stalls_left": list(state.stalls_left),
            "result": rules.result(state).to_dict() if over else None,
        }

    def undoable(self, event: Event) -> bool:
        """A card the host typed may be undone on its own (a typo is fixed by typing it
        again); a die face or a drawn card only with the decision that made it due."""
        return event.kind != CHANCE
